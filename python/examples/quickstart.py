"""Quick start: serve the built-in example library, play one environment's
reference plan as a scripted policy through legoenv.rollout, print the reward."""

import json
import subprocess

import legoenv

with legoenv.serve() as client:  # legoenv serve on a free loopback port, stopped at the end
    env_id = client.envs()[0]["id"]
    plan_text = subprocess.run([legoenv.find_binary(), "plan", env_id], capture_output=True, text=True, check=True).stdout
    plan = [json.loads(line) for line in plan_text.splitlines()]

    def policy(messages, tools):  # messages in, tool calls out; none ends the episode
        turn = sum(m["role"] == "assistant" for m in messages)
        return plan[turn:turn + 1]

    t = legoenv.rollout(client, policy, env_id)
    print(f"{env_id}: reward {t['reward']:.3f}, passed {t['passed']}, {t['steps']} turns, {len(t['messages'])} messages")

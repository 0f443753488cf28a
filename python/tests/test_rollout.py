"""legoenv.rollout with a scripted policy against `legoenv rollout` driven
by the same script behind an OpenAI-compatible chat endpoint."""

from __future__ import annotations

import http.server
import json
import os
import tempfile
import threading
import unittest
from typing import Any, Dict, List

import support

import legoenv


class Script:
    """A scripted policy: for each environment (known by its user message),
    one call of a plan per turn, then an answer. The first environment's
    script has a call with bad arguments and one to an unknown tool, so
    error observations are compared too."""

    def __init__(self, plans: Dict[str, List[Dict[str, Any]]]) -> None:
        self.plans = plans

    def turn(self, messages: List[Dict[str, Any]]) -> Dict[str, Any]:
        user = next(m["content"] for m in messages if m["role"] == "user")
        plan = self.plans[user]
        k = sum(1 for m in messages if m["role"] == "assistant")
        if k >= len(plan):
            return {"role": "assistant", "content": "Done."}
        c = plan[k]
        return {"role": "assistant", "content": None,
                "tool_calls": [{"id": f"call_{k + 1}_0", "type": "function",
                                "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments", {}), separators=(",", ":"))}}]}

    def policy(self, messages: List[Dict[str, Any]], tools: List[Dict[str, Any]]) -> Any:
        return self.turn(messages)


def chat_server(script: Script) -> http.server.ThreadingHTTPServer:
    """An OpenAI-compatible /v1/chat/completions answering from script."""

    class H(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802
            req = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            msgs = req["messages"]
            if not any(m["role"] == "user" and m["content"] in script.plans for m in msgs):
                msg: Dict[str, Any] = {"role": "assistant", "content": "ok"}  # the pre-flight request
            else:
                msg = script.turn(msgs)
            support.answer_json(self, 200, {"id": "x", "object": "chat.completion", "model": req.get("model"),
                                            "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}],
                                            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

        def log_message(self, *a: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


class RolloutParity(unittest.TestCase):
    def test_rollout_matches_legoenv_rollout(self) -> None:
        ids = support.env_ids(5)
        lines = {r["id"]: r for r in support.read_jsonl(support.envs_file())}
        plans: Dict[str, List[Dict[str, Any]]] = {}
        with legoenv.serve(envs=support.envs_file()) as client:
            for i, env_id in enumerate(ids):
                plan = support.plan(env_id)
                if i == 0:
                    plan = [{"name": plan[0]["name"], "arguments": {"no_such_argument": 1}},
                            {"name": "no_such_tool", "arguments": {}}] + plan
                if i == 1:
                    plan = plan[:-1]  # falls short: a reward under 1
                user = client.open(env_id).messages[-1]["content"]
                plans[user] = plan
            script = Script(plans)
            ours = {env_id: legoenv.rollout(client, script.policy, env_id, model="scripted") for env_id in ids}

        srv = chat_server(script)
        with tempfile.TemporaryDirectory() as tmp:
            sub = os.path.join(tmp, "envs.jsonl")
            with open(sub, "w", encoding="utf-8") as f:
                for env_id in ids:
                    f.write(json.dumps(lines[env_id]) + "\n")
            out = os.path.join(tmp, "traj.jsonl")
            try:
                support.cli("rollout", "--base-url", f"http://127.0.0.1:{srv.server_address[1]}/v1", "--model", "scripted",
                            "--envs", sub, "--lib", os.path.join(support.corpus(), "lib"), "--out", out, "--concurrency", "1")
            finally:
                srv.shutdown()
                srv.server_close()
            theirs = {t["env_id"]: t for t in support.read_jsonl(out)}
        self.assertEqual(sorted(theirs), sorted(ids))
        rewards = []
        for env_id in ids:
            a, b = ours[env_id], theirs[env_id]
            with self.subTest(env=env_id):
                for key in ("task_id", "env_id", "seed", "model", "tools", "reward", "passed", "components", "steps"):
                    self.assertEqual(a[key], b[key], key)
                self.assertEqual(len(a["messages"]), len(b["messages"]))
                for ma, mb in zip(a["messages"], b["messages"]):
                    self.assertEqual(ma, mb)
                self.assertEqual(set(a) - {"usage"}, set(b) - {"usage"})
            rewards.append(a["reward"])
        self.assertTrue(any(r < 1 for r in rewards) and any(r == 1 for r in rewards), rewards)
        errors = [m for m in ours[ids[0]]["messages"] if m["role"] == "tool" and "error" in m["content"].lower()]
        self.assertGreaterEqual(len(errors), 2)

    def test_policy_answers(self) -> None:
        env_id = support.env_ids(1)[0]
        with legoenv.serve(envs=support.envs_file()) as client:
            t = legoenv.rollout(client, lambda m, t: "nothing to do", env_id)
            self.assertEqual((t["steps"], t["reward"] < 1, t["messages"][-1]["content"]), (1, True, "nothing to do"))
            calls = iter([[{"name": "no_such_tool", "arguments": {"a": 1}}]] * 3)
            t = legoenv.rollout(client, lambda m, t: next(calls, None), env_id, max_steps=2)
            self.assertEqual(t["steps"], 2)
            self.assertEqual(t["messages"][-2]["tool_calls"][0]["function"]["arguments"], '{"a":1}')
            self.assertEqual(t["messages"][-2]["tool_calls"][0]["id"], "call_2_0")
            with self.assertRaises(ValueError):
                legoenv.rollout(client, lambda m, t: [{"arguments": {}}], env_id)
            self.assertEqual(client.health()["sessions_open"], 0)


if __name__ == "__main__":
    unittest.main()

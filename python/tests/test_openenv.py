"""OpenEnv's reset / step / state on `legoenv serve`, driven by a client
written to OpenEnv's HTTP shapes (openenv-core 0.2.3: ResetRequest,
StepRequest {action}, StepResponse {observation, reward, done}, State
{episode_id, step_count}; actions call_tool {tool_name, arguments} and
list_tools), and over the WebSocket protocol its EnvClient speaks (/ws)."""

from __future__ import annotations

import json
import time
import unittest
import urllib.error
import urllib.request
from typing import Any, Dict, Optional

import support

import legoenv
from wsclient import WebSocket


class OpenEnvHTTP:
    """A minimal OpenEnv HTTP client: base_url is an environment's root
    (http://host/openenv/envs/ENV), as an OpenEnv client takes it."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.episode_id: Optional[str] = None

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base_url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read())

    def reset(self, **kwargs: Any) -> Dict[str, Any]:
        res = self._call("POST", "/reset", kwargs)
        self.episode_id = res["observation"]["episode_id"]
        return res

    def step(self, action: Dict[str, Any]) -> Dict[str, Any]:
        return self._call("POST", "/step", {"action": action, "episode_id": self.episode_id})

    def state(self) -> Dict[str, Any]:
        return self._call("GET", f"/state?episode_id={self.episode_id}")


class OpenEnvEndpoints(support.Served):
    def test_reset_step_reward(self) -> None:
        for env_id in support.env_ids(5):
            with self.subTest(env=env_id):
                env = OpenEnvHTTP(f"{self.client.base_url}/openenv/envs/{env_id}")
                first = env.reset(seed=0)
                self.assertEqual((first["reward"], first["done"]), (None, False))
                obs = first["observation"]
                self.assertEqual(obs["env_id"], env_id)
                self.assertEqual(obs["messages"][-1]["role"], "user")
                names = {t["name"] for t in obs["tools"]}
                self.assertTrue(all(set(t) == {"name", "description", "input_schema"} for t in obs["tools"]))
                listed = env.step({"type": "list_tools"})
                self.assertEqual({t["name"] for t in listed["observation"]["tools"]}, names)
                plan = support.plan(env_id)
                rewards = []
                for c in plan:
                    self.assertIn(c["name"], names)
                    res = env.step({"type": "call_tool", "tool_name": c["name"], "arguments": c.get("arguments", {})})
                    self.assertEqual(set(res), {"observation", "reward", "done"})
                    self.assertEqual(res["observation"]["tool_name"], c["name"])
                    self.assertIsNone(res["observation"]["error"], res)
                    rewards.append(res["reward"])
                self.assertEqual(rewards[-1], 1.0)
                self.assertLess(rewards[0], 1.0) if len(plan) > 1 else None
                st = env.state()
                self.assertEqual((st["episode_id"], st["step_count"], st["passed"]), (env.episode_id, len(plan), True))
                # The same episode through the REST API: same reward.
                self.assertEqual(self.client.evaluate(env.episode_id)["reward"], 1.0)
                again = env.reset(episode_id=env.episode_id)
                self.assertEqual(again["observation"]["episode_id"], env.episode_id)
                self.assertEqual(env.state()["step_count"], 0)
                self.client.close_session(env.episode_id)

    def test_errors(self) -> None:
        env_id = support.env_ids(1)[0]
        env = OpenEnvHTTP(f"{self.client.base_url}/openenv")
        env.reset(env_id=env_id)
        bad = env.step({"type": "call_tool", "tool_name": "no_such_tool", "arguments": {}})
        self.assertEqual(bad["observation"]["error"]["error_type"], "execution_error")
        self.assertIsInstance(bad["reward"], (int, float))
        with self.assertRaises(urllib.error.HTTPError) as cm:
            env.step({"type": "teleport"})
        self.assertEqual(cm.exception.code, 422)
        self.assertIn("teleport", json.loads(cm.exception.read())["detail"])
        cm.exception.close()
        env.episode_id = "ses_unknown"
        with self.assertRaises(urllib.error.HTTPError) as cm:
            env.state()
        self.assertEqual(cm.exception.code, 404)
        cm.exception.close()
        health = OpenEnvHTTP(f"{self.client.base_url}/openenv")._call("GET", "/health")
        self.assertEqual(health["status"], "healthy")

    def test_websocket_episode(self) -> None:
        """The WebSocket protocol of OpenEnv's EnvClient: one connection is
        one episode; reset, step, state, close."""
        env_id = support.env_ids(2)[1]
        ws = WebSocket(f"ws{self.client.base_url[4:]}/openenv/envs/{env_id}/ws")
        try:
            early = ws.call({"type": "step", "data": {"type": "list_tools"}})
            self.assertEqual((early["type"], early["data"]["code"]), ("error", "SESSION_ERROR"))
            first = ws.call({"type": "reset", "data": {}})
            self.assertEqual(first["type"], "observation")
            self.assertEqual((first["data"]["reward"], first["data"]["done"]), (None, False))
            episode = first["data"]["observation"]["episode_id"]
            plan = support.plan(env_id)
            for c in plan:
                res = ws.call({"type": "step", "data": {"type": "call_tool", "tool_name": c["name"], "arguments": c.get("arguments", {})}})
                self.assertEqual(res["type"], "observation", res)
            self.assertEqual(res["data"]["reward"], 1.0)
            st = ws.call({"type": "state"})
            self.assertEqual((st["type"], st["data"]["episode_id"], st["data"]["step_count"]), ("state", episode, len(plan)))
            self.assertEqual(self.client.evaluate(episode)["passed"], True)
            unknown = ws.call({"type": "teleport"})
            self.assertEqual(unknown["data"]["code"], "UNKNOWN_TYPE")
            ws.send(json.dumps({"type": "close"}))
        finally:
            ws.close()
        with self.assertRaises(legoenv.SessionClosed):
            for _ in range(100):  # the server closes the episode as the connection ends
                self.client.evaluate(episode)
                time.sleep(0.02)


if __name__ == "__main__":
    unittest.main()

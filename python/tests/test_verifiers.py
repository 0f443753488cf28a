"""The verifiers mapping functions on real environments of a small build.
verifiers itself is not installable here; load_environment is only checked
to need it (ImportError without it)."""

from __future__ import annotations

import importlib.util
import json
import types
import unittest

import support

import legoenv_verifiers as lv


class VerifiersMapping(support.Served):
    def test_dataset_rows(self) -> None:
        ids = support.env_ids(8)
        rows = lv.dataset_rows(self.client, envs=ids)
        self.assertEqual([r["info"]["env_id"] for r in rows], ids)
        for env_id, row in zip(ids, rows):
            detail = self.client.env(env_id)
            self.assertEqual(set(row), {"prompt", "answer", "task", "info"})
            self.assertEqual(row["prompt"], [{"role": m["role"], "content": m["content"]} for m in detail["messages"]])
            self.assertEqual(row["task"], detail["intent"])
            self.assertEqual(row["info"]["apps"], detail["apps"])
            defs = row["info"]["tool_defs"]
            self.assertEqual([d["name"] for d in defs], [d["name"] for d in detail["tool_defs"]])
            for d, want in zip(defs, detail["tool_defs"]):
                self.assertEqual(set(d), {"name", "description", "parameters"})
                self.assertEqual(d["parameters"], want["inputSchema"])
            json.dumps(row)  # a row is plain JSON
        self.assertEqual(self.client.health()["sessions_open"], 0)
        some = lv.dataset_rows(self.client, limit=3)
        self.assertEqual(len(some), 3)
        app = rows[0]["info"]["apps"][0]
        self.assertTrue(all(app in r["info"]["apps"] for r in lv.dataset_rows(self.client, app=app)))

    def test_tool_calls_and_reward(self) -> None:
        """The reference plan, sent through run_calls as an assistant
        message would carry it (dict and object forms), earns reward 1; the
        plan without its last call less."""
        for env_id in support.env_ids(6)[3:]:
            plan = support.plan(env_id)
            for cut in (0, 1):
                with self.subTest(env=env_id, cut=cut):
                    s = self.client.open(env_id)
                    calls = plan[:len(plan) - cut]
                    for i, c in enumerate(calls):
                        msg = {"role": "assistant", "content": None, "tool_calls": support.openai_calls([c], i)}
                        if i % 2:
                            msg = _as_object(msg)
                        tools, done = lv.run_calls(self.client, s.id, msg)
                        self.assertEqual(len(tools), 1)
                        self.assertEqual(tools[0]["tool_call_id"], f"call_{i}_0")
                        self.assertFalse(done)
                    ev = s.evaluate()
                    r = lv.reward_of(ev)
                    comps = lv.components_of(ev)
                    s.close()
                    if cut == 0 or not calls:
                        self.assertEqual((r, comps["passed"]), (1.0, 1.0))
                        self.assertTrue(all(v == 1.0 for v in comps.values()), comps)
                    else:
                        self.assertLess(r, 1.0)
                        self.assertEqual(comps["passed"], 0.0)
                        self.assertIn(0.0, [v for k, v in comps.items() if k != "passed"])

    def test_mapping_edges(self) -> None:
        self.assertEqual(lv.tool_calls_of({"role": "assistant", "content": "done"}), [])
        self.assertEqual(lv.tool_calls_of({"tool_calls": [{"id": "a", "function": {"name": "t", "arguments": {"x": 1}}}]}),
                         [("a", "t", '{"x":1}')])
        with self.assertRaises(ValueError):
            lv.tool_calls_of({"tool_calls": [{"id": "a", "function": {"arguments": "{}"}}]})
        with self.assertRaises(ValueError):
            lv.reward_of({"reward": 1.5})
        with self.assertRaises(ValueError):
            lv.tool_results([("a", "t", "{}")], {"observations": []})
        self.assertEqual(lv.tool_defs([{"type": "function", "function": {"name": "t"}}]),
                         [{"name": "t", "description": "", "parameters": {"type": "object", "properties": {}}}])
        self.assertEqual(lv.run_calls(self.client, "ses_unused", {"content": "no calls"}), ([], False))

    def test_load_environment_needs_verifiers(self) -> None:
        if importlib.util.find_spec("verifiers") is not None:
            self.skipTest("verifiers is installed here")
        with self.assertRaises(ImportError):
            lv.load_environment(base_url=self.client.base_url)


def _as_object(msg: dict) -> types.SimpleNamespace:
    """An assistant message as verifiers' message objects carry it: tool
    calls with .id, .name and .arguments."""
    calls = [types.SimpleNamespace(id=c["id"], name=c["function"]["name"], arguments=c["function"]["arguments"])
             for c in msg["tool_calls"]]
    return types.SimpleNamespace(role="assistant", content=None, tool_calls=calls)


if __name__ == "__main__":
    unittest.main()

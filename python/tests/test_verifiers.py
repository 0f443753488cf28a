"""The verifiers mapping functions on real environments of a small build.
verifiers itself is not installable here; load_environment is only checked
to need it (ImportError without it)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import types
import unittest
from typing import Any

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


class LoadEnvironmentGlue(support.Served):
    """load_environment's own code (dataset encoding, setup_state,
    env_response, the stop conditions, the reward) run on stand-ins for
    verifiers and datasets that hold only the names it uses. This checks
    the glue, not compatibility with verifiers, which is not installable
    here."""

    def test_episode_through_the_glue(self) -> None:
        vf, ds = _stand_ins()
        saved = {k: sys.modules.get(k) for k in ("verifiers", "datasets")}
        sys.modules.update({"verifiers": vf, "datasets": ds})
        try:
            ids = support.env_ids(4)
            apps = self.client.env(ids[0])["apps"]
            env = lv.load_environment(base_url=self.client.base_url, envs=ids, eval_app=apps[0], max_turns=7)
        finally:
            for k, v in saved.items():
                if v is None:
                    sys.modules.pop(k, None)
                else:
                    sys.modules[k] = v
        self.assertEqual(env.kwargs["max_turns"], 7)
        held = [r for r in env.eval_dataset]
        self.assertTrue(held and all(apps[0] in json.loads(r["info"])["apps"] for r in held))
        self.assertTrue(all(apps[0] not in json.loads(r["info"])["apps"] for r in env.dataset))
        self.assertEqual(len(held) + len(env.dataset), 4)
        row = held[0]
        env_id = json.loads(row["info"])["env_id"]
        reward = asyncio.run(_play(env, row, support.plan(env_id)))
        self.assertEqual(reward, 1.0)
        self.assertEqual(self.client.health()["sessions_open"], 0)
        short = asyncio.run(_play(env, row, support.plan(env_id)[:-1]))
        self.assertLess(short, 1.0)
        env.legoenv_client.close()


async def _play(env: Any, row: dict, plan: list) -> float:
    """One rollout as verifiers drives it: setup_state, then per model turn
    env_response, the stop conditions, and the rubric at the end."""
    state: dict = {"info": row["info"], "prompt": row["prompt"], "trajectory": []}
    state = await env.setup_state(state)
    for i, c in enumerate(plan):
        msg = {"role": "assistant", "content": None, "tool_calls": support.openai_calls([c], i)}
        state["trajectory"].append({"completion": [msg]})
        assert not await env.no_tool_calls(state)
        tools = await env.env_response([msg], state)
        assert len(tools) == 1 and tools[0]["role"] == "tool", tools
        assert not await env.step_limit(state)
    state["trajectory"].append({"completion": [{"role": "assistant", "content": "Done."}]})
    assert await env.no_tool_calls(state)
    return await env.rubric.funcs[0](state)


def _stand_ins() -> "tuple[types.ModuleType, types.ModuleType]":
    vf = types.ModuleType("verifiers")

    class MultiTurnEnv:
        def __init__(self, dataset: Any = None, eval_dataset: Any = None, rubric: Any = None, **kwargs: Any) -> None:
            self.dataset, self.eval_dataset, self.rubric, self.kwargs = dataset, eval_dataset, rubric, kwargs

        async def setup_state(self, state: Any) -> Any:
            return state

    class Rubric:
        def __init__(self, funcs: list, weights: list) -> None:
            self.funcs, self.weights = funcs, weights

    vf.MultiTurnEnv, vf.Rubric, vf.stop = MultiTurnEnv, Rubric, (lambda f: f)  # type: ignore[attr-defined]
    ds = types.ModuleType("datasets")
    ds.Dataset = types.SimpleNamespace(from_list=list)  # type: ignore[attr-defined]
    return vf, ds


def _as_object(msg: dict) -> types.SimpleNamespace:
    """An assistant message as verifiers' message objects carry it: tool
    calls with .id, .name and .arguments."""
    calls = [types.SimpleNamespace(id=c["id"], name=c["function"]["name"], arguments=c["function"]["arguments"])
             for c in msg["tool_calls"]]
    return types.SimpleNamespace(role="assistant", content=None, tool_calls=calls)


if __name__ == "__main__":
    unittest.main()

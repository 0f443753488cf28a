"""legoenv as a verifiers environment module: `load_environment(**kwargs)`.

The mapping from legoenv to verifiers is plain functions over
`legoenv.Client`, which need neither verifiers nor datasets:

- dataset_rows: one row per environment: "prompt" (the opening messages),
  "answer" (empty: the reward is the environment's own evaluation), "task"
  (the environment's intent) and "info" (env_id, seed, toolset and "tool_defs",
  the per-row tools in verifiers' provider-agnostic form {name,
  description, parameters});
- tool_defs: OpenAI function tools to that form;
- tool_calls_of / tool_results: an assistant message's tool calls (dicts or
  verifiers' message objects) and the session's observations as tool
  messages;
- reward_of / components_of: the rubric's reward (evaluate's partial
  credit) and per-assertion metrics from an evaluation.

load_environment imports verifiers (and datasets) only when called and
builds a vf.MultiTurnEnv whose setup_state opens a legoenv session per
rollout, whose env_response runs the model's tool calls in it, and whose
rubric takes the reward from evaluate. It follows verifiers' v0 API
(vf.MultiTurnEnv, vf.Rubric, vf.stop; checked against the repository at
v0.3.0-62-ga60a606, where it lives under verifiers.legacy and answers at
the top level). It was not run against verifiers here: the machines this
was built on cannot install it (no package index).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from legoenv.client import Client, JSON, SessionClosed

__all__ = [
    "load_environment",
    "dataset_rows",
    "tool_defs",
    "tool_calls_of",
    "tool_results",
    "reward_of",
    "components_of",
    "SESSION_KEY",
]

# SESSION_KEY is where a rollout's legoenv session id lives in verifiers' state.
SESSION_KEY = "legoenv_session_id"


def tool_defs(openai_tools: Iterable[Mapping[str, Any]]) -> List[JSON]:
    """OpenAI function tools ({"type": "function", "function": {name,
    description, parameters}}) as verifiers' tool definitions ({name,
    description, parameters})."""
    out: List[JSON] = []
    for t in openai_tools:
        fn = t.get("function", t)
        if "name" not in fn:
            raise ValueError(f"tool without a name: {t!r}")
        out.append({"name": fn["name"], "description": fn.get("description", ""),
                    "parameters": fn.get("parameters") or {"type": "object", "properties": {}}})
    return out


def dataset_rows(client: Client, envs: Optional[Sequence[str]] = None, app: Optional[str] = None,
                 verified: Optional[bool] = True, seed: int = 0, toolset: Optional[str] = None,
                 limit: Optional[int] = None) -> List[JSON]:
    """One verifiers dataset row per environment: the named envs, or those
    the server lists under the filters. Each row's prompt and tools are what
    a session of it opens with (the session is closed at once)."""
    if envs is None:
        envs = [e["id"] for e in client.envs(app=app, verified=verified, limit=limit)]
    rows: List[JSON] = []
    for env_id in envs:
        detail = client.env(env_id)
        with client.open(env_id, seed=seed, toolset=toolset) as s:
            rows.append({
                "prompt": [{"role": m["role"], "content": m["content"]} for m in s.messages],
                "answer": "",
                "task": str(detail.get("intent") or "legoenv"),
                "info": {"env_id": s.env_id, "seed": s.seed, "toolset": s.toolset,
                         "apps": detail.get("apps", []), "tool_defs": tool_defs(s.tools)},
            })
    return rows


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


def tool_calls_of(message: Any) -> List[Tuple[str, str, str]]:
    """(id, name, arguments as JSON text) of each tool call of an assistant
    message: an OpenAI dict ({"tool_calls": [{"id", "function": {"name",
    "arguments"}}]}) or verifiers' message object (tool_calls with .id,
    .name, .arguments)."""
    out: List[Tuple[str, str, str]] = []
    for i, c in enumerate(_get(message, "tool_calls") or []):
        fn = _get(c, "function") or c
        name = _get(fn, "name")
        if not name:
            raise ValueError(f"tool call {i} has no name: {c!r}")
        args = _get(fn, "arguments", "{}")
        if not isinstance(args, str):
            args = json.dumps(args, separators=(",", ":"))
        out.append((str(_get(c, "id") or f"call_{i}"), str(name), args))
    return out


def tool_results(calls: Sequence[Tuple[str, str, str]], step: Mapping[str, Any]) -> List[JSON]:
    """The session's observations of calls as tool messages, in order."""
    obs = step["observations"]
    if len(obs) != len(calls):
        raise ValueError(f"{len(calls)} calls but {len(obs)} observations")
    return [{"role": "tool", "tool_call_id": cid, "content": o["content"]} for (cid, _, _), o in zip(calls, obs)]


def run_calls(client: Client, session_id: str, message: Any) -> Tuple[List[JSON], bool]:
    """Runs an assistant message's tool calls in a session; returns the tool
    messages and whether the session is done (its step limit)."""
    calls = tool_calls_of(message)
    if not calls:
        return [], False
    wire = [{"id": cid, "type": "function", "function": {"name": name, "arguments": args}} for cid, name, args in calls]
    step = client.step(session_id, wire)
    return tool_results(calls, step), bool(step["done"])


def reward_of(evaluation: Mapping[str, Any]) -> float:
    """The rubric's reward: evaluate's partial credit, in [0, 1]."""
    r = float(evaluation["reward"])
    if not 0.0 <= r <= 1.0:
        raise ValueError(f"reward {r} outside [0, 1]")
    return r


def components_of(evaluation: Mapping[str, Any]) -> Dict[str, float]:
    """Per-assertion metrics: 1.0 passed, 0.0 failed, for counted ones,
    keyed by source and assertion; "passed" is the whole episode's pass."""
    out: Dict[str, float] = {"passed": 1.0 if evaluation.get("passed") else 0.0}
    for i, c in enumerate(evaluation.get("components") or []):
        if c.get("counted", True):
            out[f"{c.get('source', 'goal')}[{i}]"] = 1.0 if c.get("passed") else 0.0
    return out


def load_environment(base_url: str = "http://127.0.0.1:8080", token: Optional[str] = None,
                     envs: Optional[Sequence[str]] = None, app: Optional[str] = None,
                     eval_app: Optional[str] = None, limit: Optional[int] = None,
                     max_turns: int = 30, **kwargs: Any) -> Any:
    """A verifiers environment over the environments a running `legoenv
    serve` offers (base_url). eval_app, when given, takes the environments
    using that app as the evaluation set. Other kwargs go to vf.MultiTurnEnv."""
    import verifiers as vf  # only here: the mapping above needs neither
    from datasets import Dataset

    client = Client(base_url, token=token)
    rows = dataset_rows(client, envs=envs, app=app, limit=limit)

    def encode(rs: List[JSON]) -> Any:
        # info as JSON text: its tool schemas differ from row to row, which
        # Arrow columns cannot hold; verifiers decodes a string info.
        return Dataset.from_list([dict(r, info=json.dumps(r["info"])) for r in rs])

    train = [r for r in rows if not eval_app or eval_app not in r["info"]["apps"]]
    held = [r for r in rows if eval_app and eval_app in r["info"]["apps"]]

    async def legoenv_reward(state: Any, **_: Any) -> float:
        sid = state.get(SESSION_KEY)
        if not sid:
            return 0.0
        try:
            ev = client.evaluate(sid)
        finally:
            try:
                client.close_session(sid)
            except SessionClosed:
                pass
        state["legoenv_components"] = components_of(ev)
        return reward_of(ev)

    class LegoenvEnv(vf.MultiTurnEnv):  # type: ignore[misc, valid-type]
        async def setup_state(self, state: Any) -> Any:
            info = state.get("info") or {}
            if isinstance(info, str):
                info = json.loads(info)
            sess = client.open(info["env_id"], seed=info.get("seed", 0), toolset=info.get("toolset"))
            state[SESSION_KEY] = sess.id
            return await super().setup_state(state)

        async def env_response(self, messages: Any, state: Any, **kw: Any) -> Any:
            msgs, done = run_calls(client, state[SESSION_KEY], messages[-1])
            state["legoenv_done"] = done
            return msgs

        @vf.stop
        async def no_tool_calls(self, state: Any) -> bool:
            traj = state.get("trajectory") or []
            if not traj:
                return False
            last = traj[-1].get("completion") or []
            return bool(last) and not tool_calls_of(last[-1])

        @vf.stop
        async def step_limit(self, state: Any) -> bool:
            return bool(state.get("legoenv_done"))

    env = LegoenvEnv(dataset=encode(train), eval_dataset=encode(held) if held else None,
                     rubric=vf.Rubric(funcs=[legoenv_reward], weights=[1.0]), max_turns=max_turns, **kwargs)
    env.legoenv_client = client  # the sessions' client, for callers that want to close it
    return env

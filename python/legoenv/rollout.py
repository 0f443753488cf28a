"""One episode with a callable policy, as `legoenv rollout` runs one with a model."""

from __future__ import annotations

import datetime
import json
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from .client import Client, JSON

__all__ = ["rollout", "Policy"]

# A policy reads the conversation so far and the tools, and answers with
# tool calls (OpenAI's shape, or flat {"name", "arguments"}), with an
# assistant message ({"content", "tool_calls"}), or with text. No tool
# calls ends the episode.
PolicyAnswer = Union[Sequence[Mapping[str, Any]], Mapping[str, Any], str, None]
Policy = Callable[[List[JSON], List[JSON]], PolicyAnswer]


def rollout(client: Client, policy: Policy, env_id: str, seed: int = 0, toolset: Optional[str] = None,
            max_steps: int = 30, model: str = "policy", k: int = 0) -> JSON:
    """Runs episode k of env_id with policy and returns its trajectory in
    the shape of a line of `legoenv rollout --out` (schema/trajectory.schema.json):
    task_id, env_id, seed, model, tools, messages (OpenAI chat format, tool
    arguments as JSON text), reward, passed, components, steps (policy
    turns), usage, started_at, duration_ms.

    The loop is `legoenv rollout`'s: the opening messages and tools go to
    the policy; its tool calls run in the session, each answered by a tool
    message; it ends when the policy calls no tool, after max_steps turns,
    or at the session's step limit; then the session is evaluated and
    closed.
    """
    started = datetime.datetime.now(datetime.timezone.utc)
    t0 = time.monotonic()
    with client.open(env_id, seed=seed, toolset=toolset) as sess:
        messages: List[JSON] = [dict(m) for m in sess.messages]
        steps, done = 0, False
        while steps < max_steps and not done:
            msg = _assistant(policy(messages, sess.tools), steps)
            steps += 1
            messages.append(msg)
            calls = msg.get("tool_calls") or []
            if not calls:
                break
            res = sess.step(calls)
            done = bool(res["done"])
            for c, o in zip(calls, res["observations"]):
                messages.append({"role": "tool", "content": o["content"], "tool_call_id": c["id"]})
        ev = sess.evaluate()
    return {
        "task_id": f"{sess.env_id}:{sess.seed}:{k}",
        "env_id": sess.env_id,
        "seed": sess.seed,
        "model": model,
        "tools": sess.tools,
        "messages": messages,
        "reward": ev["reward"],
        "passed": ev["passed"],
        "components": ev["components"],
        "steps": steps,
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "requests": steps, "retries": 0},
        "started_at": started.isoformat().replace("+00:00", "Z"),
        "duration_ms": int((time.monotonic() - t0) * 1000),
    }


def _assistant(answer: PolicyAnswer, turn: int) -> JSON:
    """The policy's answer as an assistant message: tool calls in OpenAI's
    shape with arguments as JSON text and an id each (call_<turn>_<i> when
    the policy gives none), content null when it only calls tools."""
    if answer is None:
        answer = []
    if isinstance(answer, str):
        return {"role": "assistant", "content": answer}
    if isinstance(answer, Mapping):
        content = answer.get("content") or ""
        raw = list(answer.get("tool_calls") or [])
    else:
        content, raw = "", list(answer)
    calls: List[JSON] = []
    for i, c in enumerate(raw):
        fn: Mapping[str, Any] = c.get("function") or c
        name = fn.get("name")
        if not name:
            raise ValueError(f"policy turn {turn + 1}: tool call {i} has no name: {c!r}")
        args = fn.get("arguments", {})
        if not isinstance(args, str):
            args = json.dumps(args, separators=(",", ":"))
        calls.append({"id": c.get("id") or f"call_{turn + 1}_{i}", "type": "function",
                      "function": {"name": name, "arguments": args}})
    msg: Dict[str, Any] = {"role": "assistant", "content": content or None}
    if not calls:
        msg["content"] = content
        return msg
    msg["tool_calls"] = calls
    return msg

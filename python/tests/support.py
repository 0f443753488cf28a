"""What the Python tests share: the legoenv binary, a small built corpus
(made once per run), and `legoenv` command lines."""

from __future__ import annotations

import atexit
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from typing import Any, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # the legoenv package, uninstalled

import legoenv  # noqa: E402

_corpus: Optional[str] = None


def binary() -> str:
    """The legoenv binary under test: $LEGOENV_BIN or legoenv on PATH."""
    return legoenv.find_binary()


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs one legoenv command line; text output."""
    p = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=300)
    if check and p.returncode != 0:
        raise AssertionError(f"legoenv {' '.join(args)}: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def corpus() -> str:
    """The directory of a small build (a few percent of the apps, one data
    variant, no evolution, a third of the apps held out), built once:
    envs.jsonl, envs.train.jsonl, envs.holdout.jsonl, lib/, report.json."""
    global _corpus
    if _corpus is None:
        tmp = tempfile.mkdtemp(prefix="legoenv-py-")
        atexit.register(shutil.rmtree, tmp, True)
        out = os.path.join(tmp, "out")
        cli("build", "--size", "0.03", "--variants", "1", "--rounds", "0", "--db", "",
            "--holdout-apps", "0.3", "--out", out)
        _corpus = out
    return _corpus


def envs_file() -> str:
    return os.path.join(corpus(), "envs.jsonl")


def read_jsonl(path: str) -> List[Dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def env_ids(n: Optional[int] = None) -> List[str]:
    """Ids of the corpus's environments, in file order."""
    ids = [r["id"] for r in read_jsonl(envs_file())]
    return ids[:n] if n is not None else ids


def plan(env_id: str) -> List[Dict[str, Any]]:
    """The environment's reference plan (or the planner's) as `legoenv plan` writes it."""
    out = cli("plan", env_id, "--envs", envs_file()).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip() and not line.startswith("#")]


def play(env_id: str, calls: List[Dict[str, Any]], tmpdir: str) -> Dict[str, Any]:
    """`legoenv play --json` of calls in a fresh session."""
    path = os.path.join(tmpdir, env_id + ".jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for c in calls:
            f.write(json.dumps(c) + "\n")
    p = cli("play", env_id, "--envs", envs_file(), "--calls", path, "--json", check=False)
    if p.returncode not in (0, 1):
        raise AssertionError(f"legoenv play {env_id}: exit {p.returncode}\n{p.stderr}")
    return json.loads(p.stdout)


def openai_calls(calls: List[Dict[str, Any]], turn: int = 0) -> List[Dict[str, Any]]:
    """Calls of a calls file in OpenAI's tool-call shape, arguments as JSON text."""
    return [{"id": f"call_{turn}_{i}", "type": "function",
             "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments", {}))}}
            for i, c in enumerate(calls)]


class Served(unittest.TestCase):
    """A test case with `legoenv serve` of the small corpus running for the
    whole class: self.client is a Client of it."""

    client: "legoenv.Client"

    @classmethod
    def setUpClass(cls) -> None:
        cls._served = legoenv.serve(envs=envs_file())
        cls.client = cls._served.__enter__()

    @classmethod
    def tearDownClass(cls) -> None:
        cls._served.__exit__(None, None, None)


def answer_json(handler: http.server.BaseHTTPRequestHandler, status: int, doc: Any,
                headers: Optional[Dict[str, str]] = None) -> None:
    """Answers a request of a scripted test server with a JSON document."""
    body = json.dumps(doc).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    for k, v in (headers or {}).items():
        handler.send_header(k, v)
    handler.end_headers()
    handler.wfile.write(body)

"""What legoenv.Client adds to a step: the same step request, sent through
Client.step and as a raw HTTP request (http.client on a kept-alive
connection, the body encoded once, the answer read but not decoded), in
alternating rounds against one `legoenv serve`, in one run.

    go build -o legoenv ./cmd/legoenv
    LEGOENV_BIN=./legoenv PYTHONPATH=python python3 python/bench/step_overhead.py [--rounds 20] [--steps 50]

Prints the median time per step of each and their ratio (Client / raw).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import legoenv  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--steps", type=int, default=50, help="steps per round and side (under the step limit)")
    ap.add_argument("--envs", help="envs.jsonl to serve (default: the built-in example library)")
    a = ap.parse_args()
    with legoenv.serve(envs=a.envs) as client:
        env = client.envs(limit=1)[0]
        detail = client.env(env["id"])
        tool = min(detail["tool_defs"], key=lambda d: len(d["inputSchema"].get("required", [])))
        # A read with no required argument: the same work on every step.
        calls = [{"id": "call_1", "type": "function", "function": {"name": tool["name"], "arguments": "{}"}}]
        sess = client.open(env["id"])
        url = urllib.parse.urlsplit(client.base_url)
        raw = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        body = json.dumps({"tool_calls": calls}).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        path = f"/v1/sessions/{sess.id}/step"

        def raw_step() -> None:
            raw.request("POST", path, body=body, headers=headers)
            r = raw.getresponse()
            r.read()
            if r.status != 200:
                raise SystemExit(f"raw step: {r.status}")

        def client_step() -> None:
            res = sess.step(calls)
            if res["observations"][0]["is_error"]:
                raise SystemExit(f"step: {res}")

        per_raw, per_client = [], []
        for _ in range(a.rounds):
            for fn, out in ((raw_step, per_raw), (client_step, per_client)):
                sess.reset()
                t0 = time.perf_counter()
                for _ in range(a.steps):
                    fn()
                out.append((time.perf_counter() - t0) / a.steps)
        raw.close()
        sess.close()
    r, c = statistics.median(per_raw), statistics.median(per_client)
    print(f"tool {tool['name']} of {env['id']}; {a.rounds} rounds x {a.steps} steps each side")
    print(f"raw HTTP step    median {r * 1e6:8.1f} us  (min {min(per_raw) * 1e6:.1f})")
    print(f"Client.step      median {c * 1e6:8.1f} us  (min {min(per_client) * 1e6:.1f})")
    print(f"ratio Client/raw {c / r:.2f}x")


if __name__ == "__main__":
    main()

"""legoenv.Client against `legoenv serve` on a small built corpus, compared
with `legoenv play` on the same calls."""

from __future__ import annotations

import http.server
import tempfile
import threading
import unittest
from typing import List

import support

import legoenv


class ClientPlayParity(support.Served):
    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.tmp.cleanup()

    def test_reference_plans_match_play(self) -> None:
        """20 environments: the reference plan through the Client gets
        play's reward, pass and final state hash; so does the plan without
        its last call (which must lose reward)."""
        ids = support.env_ids(20)
        self.assertEqual(len(ids), 20)
        for n, env_id in enumerate(ids):
            calls = support.plan(env_id)
            self.assertTrue(calls, env_id)
            variants = [calls] if n >= 5 else [calls, calls[:-1]]
            for vi, cs in enumerate(variants):
                with self.subTest(env=env_id, variant=vi):
                    want = support.play(env_id, cs, self.tmp.name)
                    with self.client.open(env_id) as s:
                        if cs:
                            res = s.step(support.openai_calls(cs))
                            self.assertEqual([o["content"] for o in res["observations"]],
                                             [o["content"] for o in want["observations"]])
                        ev = s.evaluate()
                        st = s.state()
                    self.assertEqual(ev["reward"], want["reward"])
                    self.assertEqual(ev["passed"], want["passed"])
                    self.assertEqual(st["state_hash"], want["state_hash"])
                    if vi == 0:
                        self.assertEqual(ev["reward"], 1.0)
                    else:
                        self.assertLess(ev["reward"], 1.0)

    def test_envs_filters_and_pages(self) -> None:
        all_envs = self.client.envs()
        self.assertEqual(len(all_envs), len(support.env_ids()))
        paged = list(self.client.iter_envs(page=7))
        self.assertEqual([e["id"] for e in paged], [e["id"] for e in all_envs])
        app = all_envs[0]["apps"][0]
        some = self.client.envs(app=app)
        self.assertTrue(some)
        self.assertTrue(all(app in e["apps"] for e in some))
        self.assertLess(len(some), len(all_envs))
        self.assertEqual(len(self.client.envs(limit=3)), 3)
        detail = self.client.env(all_envs[0]["id"])
        self.assertEqual(len(detail["tool_defs"]), all_envs[0]["tools"])

    def test_session_calls(self) -> None:
        env_id = support.env_ids(1)[0]
        s = self.client.open(env_id, seed=5)
        self.assertEqual(s.seed, 5)
        self.assertEqual(s.messages[-1]["role"], "user")
        bad = s.step([{"name": "no_such_tool", "arguments": {}}])
        self.assertTrue(bad["observations"][0]["is_error"])
        self.assertEqual(s.state()["steps"], 1)
        self.assertEqual(len(s.state(trajectory=True)["trajectory"]), 1)
        s.reset()
        self.assertEqual(s.state()["steps"], 0)
        s.close()
        with self.assertRaises(legoenv.SessionClosed) as cm:
            s.step([{"name": "x", "arguments": {}}])
        self.assertEqual(cm.exception.code, "session_closed")
        s.close()  # closing twice is quiet

    def test_errors(self) -> None:
        with self.assertRaises(legoenv.NotFound) as cm:
            self.client.open("env-000000000000")
        self.assertIn("unknown environment", cm.exception.message)
        s = self.client.open(support.env_ids(1)[0])
        with self.assertRaises(legoenv.BadRequest) as bc:
            self.client.step(s.id, [])
        self.assertIn("tool_calls", bc.exception.message)
        with self.assertRaises(legoenv.NotFound):
            self.client.evaluate("ses_nope")
        s.close()
        with self.assertRaises(ValueError):
            legoenv.Client("localhost:8080")


class ServerOptions(unittest.TestCase):
    def test_token_and_session_limit(self) -> None:
        env_id = support.env_ids(1)[0]
        with legoenv.serve(envs=support.envs_file(), token="t0ken", args=["--max-sessions", "1"]) as c:
            self.assertEqual(c.health()["status"], "ok")
            anon = legoenv.Client(c.base_url)
            with self.assertRaises(legoenv.Unauthorized):
                anon.envs()
            s = c.open(env_id)
            quick = legoenv.Client(c.base_url, token="t0ken", retries=2, backoff=0.01)
            with self.assertRaises(legoenv.TooManyRequests) as cm:
                quick.open(env_id)
            self.assertEqual(cm.exception.code, "too_many_sessions")
            s.close()
            quick.open(env_id).close()
            anon.close()
            quick.close()

    def test_bad_binary_and_flags(self) -> None:
        with self.assertRaises(legoenv.ServeError):
            with legoenv.serve(binary="/nonexistent/legoenv"):
                pass
        with self.assertRaises(legoenv.ServeError) as cm:
            with legoenv.serve(args=["--no-such-flag"]):
                pass
        self.assertIn("no-such-flag", str(cm.exception))


class Retries(unittest.TestCase):
    """429 and 503 are retried (Retry-After honoured); other errors are not."""

    def test_retry_then_success(self) -> None:
        answers: List[int] = [429, 503, 200, 500]
        seen: List[str] = []

        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802
                seen.append(self.path)
                code = answers.pop(0)
                doc = {"status": "ok"} if code == 200 else {"error": {"code": "busy", "message": "try later"}}
                support.answer_json(self, code, doc, {"Retry-After": "0"} if code == 429 else None)

            def log_message(self, *a: object) -> None:
                pass

        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        try:
            c = legoenv.Client(f"http://127.0.0.1:{srv.server_address[1]}", backoff=0.01)
            self.assertEqual(c.health(), {"status": "ok"})
            self.assertEqual(len(seen), 3)
            with self.assertRaises(legoenv.ServerError) as cm:
                c.health()
            self.assertEqual((cm.exception.status, cm.exception.code), (500, "busy"))
            self.assertEqual(len(seen), 4)
            c.close()
        finally:
            srv.shutdown()
            srv.server_close()


if __name__ == "__main__":
    unittest.main()

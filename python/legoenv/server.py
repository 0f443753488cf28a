"""Start `legoenv serve` on a free loopback port for tests and notebooks."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from typing import Iterator, List, Optional, Sequence

from .client import Client

__all__ = ["serve", "find_binary", "ServeError"]

_BANNER = re.compile(r"serving .* on (http://\S+) ")


class ServeError(RuntimeError):
    """The server did not start; the message holds what it said."""


def find_binary(binary: Optional[str] = None) -> str:
    """The legoenv binary: binary, else $LEGOENV_BIN, else legoenv on PATH."""
    path = binary or os.environ.get("LEGOENV_BIN") or shutil.which("legoenv")
    if not path:
        raise ServeError("no legoenv binary: pass binary=, set LEGOENV_BIN, or put legoenv on PATH "
                         "(go build -o legoenv ./cmd/legoenv)")
    if not os.access(path, os.X_OK):
        raise ServeError(f"{path}: not an executable legoenv binary")
    return path


@contextlib.contextmanager
def serve(envs: Optional[str] = None, lib: Optional[str] = None, binary: Optional[str] = None,
          args: Sequence[str] = (), token: Optional[str] = None, ui: bool = False,
          startup_timeout: float = 120.0) -> Iterator[Client]:
    """Runs `legoenv serve` on 127.0.0.1 at a port the system picks, yields
    a Client of it, and stops it (SIGTERM, then SIGKILL after 10 s).

    envs is an envs.jsonl (as `legoenv build` writes it), lib a library
    directory; neither serves the built-in example library. args are more
    flags of `legoenv serve`; the web UI is off unless ui is true.
    """
    cmd: List[str] = [find_binary(binary), "serve", "--addr", "127.0.0.1:0"]
    if envs:
        cmd += ["--envs", str(envs)]
    if lib:
        cmd += ["--lib", str(lib)]
    if not ui:
        cmd.append("--no-ui")
    cmd += list(args)
    env = dict(os.environ)
    if token:
        env["LEGOENV_AUTH_TOKEN"] = token
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    lines: List[str] = []
    try:
        url = _wait_banner(proc, lines, startup_timeout)
        client = Client(url, token=token)
        client.process = proc  # type: ignore[attr-defined]
        with client:
            yield client
    finally:
        _stop(proc)


def _wait_banner(proc: "subprocess.Popen[str]", lines: List[str], timeout: float) -> str:
    """Reads stderr until the server says where it listens; a reader thread
    keeps draining it afterwards so the server never blocks on its log."""
    found: List[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            if len(lines) < 200:
                lines.append(line)
            m = _BANNER.search(line)
            if m and not found:
                found.append(m.group(1))
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + timeout
    while not ready.wait(0.05):
        if time.monotonic() > deadline:
            raise ServeError(f"legoenv serve did not start within {timeout:.0f}s:\n" + "".join(lines))
    if not found:
        proc.wait(timeout=10)
        raise ServeError(f"legoenv serve exited with {proc.returncode}:\n" + "".join(lines))
    return found[0]


def _stop(proc: "subprocess.Popen[str]") -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stderr is not None:
        proc.stderr.close()

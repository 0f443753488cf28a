"""A client of `legoenv serve`'s REST API (/v1), on the standard library alone.

One persistent HTTP connection per thread (keep-alive), JSON in and out,
the server's JSON errors raised as exceptions of the class their status
names, and retries with backoff on 429 and 503 (Retry-After honoured).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.parse
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence

JSON = Dict[str, Any]
ToolCall = Mapping[str, Any]

__all__ = [
    "Client",
    "Session",
    "LegoenvError",
    "BadRequest",
    "Unauthorized",
    "NotFound",
    "SessionClosed",
    "TooManyRequests",
    "Unavailable",
    "ServerError",
    "tool_messages",
]


class LegoenvError(Exception):
    """An error answer of the server: its HTTP status, code and message."""

    def __init__(self, status: int, code: str, message: str, method: str = "", path: str = "") -> None:
        self.status = status
        self.code = code
        self.message = message
        self.method = method
        self.path = path
        where = f"{method} {path}: " if method else ""
        super().__init__(f"{where}{status} {code}: {message}")


class BadRequest(LegoenvError):
    """400, 413, 415 or 422: the request was wrong; retrying will not help."""


class Unauthorized(LegoenvError):
    """401: a missing or wrong bearer token (Client(token=...))."""


class NotFound(LegoenvError):
    """404: an unknown environment, session or route."""


class SessionClosed(LegoenvError):
    """409: the session was closed or expired after being idle."""


class TooManyRequests(LegoenvError):
    """429: a session limit; raised once the retries are spent."""


class Unavailable(LegoenvError):
    """503: the server is shutting down; raised once the retries are spent."""


class ServerError(LegoenvError):
    """Any other 5xx."""


_BY_STATUS = {400: BadRequest, 401: Unauthorized, 404: NotFound, 409: SessionClosed, 413: BadRequest,
              415: BadRequest, 422: BadRequest, 429: TooManyRequests, 503: Unavailable}

_RETRY = (429, 503)


def _error(status: int, body: bytes, method: str, path: str) -> LegoenvError:
    code, message = "http_%d" % status, body.decode("utf-8", "replace").strip()
    try:
        doc = json.loads(body)
        err = doc.get("error") if isinstance(doc, dict) else None
        if isinstance(err, dict):
            code, message = str(err.get("code", code)), str(err.get("message", message))
        elif isinstance(doc, dict) and "detail" in doc:
            message = str(doc["detail"])
    except ValueError:
        pass
    cls = _BY_STATUS.get(status, ServerError if status >= 500 else LegoenvError)
    return cls(status, code, message, method, path)


class Client:
    """A client of one `legoenv serve` server.

    base_url is the server's root (http://127.0.0.1:8080; a trailing /v1 is
    accepted); token is the server's --auth-token. retries bounds the
    attempts after a 429 or 503, with exponential backoff from backoff
    seconds (or the server's Retry-After). Safe to share between threads:
    each thread keeps its own connection.
    """

    def __init__(self, base_url: str = "http://127.0.0.1:8080", token: Optional[str] = None,
                 timeout: float = 60.0, retries: int = 4, backoff: float = 0.25) -> None:
        url = urllib.parse.urlsplit(base_url.rstrip("/"))
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"base_url {base_url!r}: want http://host:port")
        self.base_url = base_url.rstrip("/")
        self._https = url.scheme == "https"
        self._host = url.hostname
        self._port = url.port or (443 if self._https else 80)
        self._prefix = url.path[:-3] if url.path.endswith("/v1") else url.path
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._headers = {"Accept": "application/json"}
        if token:
            self._headers["Authorization"] = "Bearer " + token
        self._local = threading.local()

    # -- transport -------------------------------------------------------

    def _conn(self) -> http.client.HTTPConnection:
        c = getattr(self._local, "conn", None)
        if c is None:
            cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            c = cls(self._host, self._port, timeout=self.timeout)
            self._local.conn = c
        return c

    def _drop(self) -> None:
        c = getattr(self._local, "conn", None)
        if c is not None:
            c.close()
            self._local.conn = None

    def close(self) -> None:
        """Closes this thread's connection (sessions stay open on the server)."""
        self._drop()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _send(self, method: str, path: str, body: Optional[bytes]) -> "tuple[int, bytes, Optional[str]]":
        headers = dict(self._headers)
        if body is not None:
            headers["Content-Type"] = "application/json"
        for fresh in (False, True):
            conn = self._conn()
            try:
                conn.request(method, self._prefix + path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.getheader("Connection", "").lower() == "close":
                    self._drop()
                return resp.status, data, resp.getheader("Retry-After")
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError,
                    http.client.CannotSendRequest, http.client.ResponseNotReady):
                # A kept-alive connection the server closed meanwhile: one
                # more try on a new connection.
                self._drop()
                if fresh:
                    raise
            except (OSError, http.client.HTTPException):
                self._drop()
                raise
        raise AssertionError("unreachable")

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """Sends one request to path (under the base URL) and returns the
        decoded JSON answer; error answers raise LegoenvError subclasses."""
        raw = None if body is None else json.dumps(body, separators=(",", ":")).encode()
        attempt = 0
        while True:
            status, data, retry_after = self._send(method, path, raw)
            if 200 <= status < 300:
                return json.loads(data) if data else None
            if status in _RETRY and attempt < self.retries:
                time.sleep(_delay(retry_after, self.backoff * (2 ** attempt)))
                attempt += 1
                continue
            raise _error(status, data, method, path)

    # -- environments ----------------------------------------------------

    def health(self) -> JSON:
        """GET /healthz: status, environments, sessions_open."""
        return self.request("GET", "/healthz")

    def iter_envs(self, app: Optional[str] = None, intent: Optional[str] = None,
                  verified: Optional[bool] = None, page: int = 500) -> Iterator[JSON]:
        """Every environment matching the filters, page by page."""
        q: Dict[str, Any] = {"limit": page, "offset": 0}
        if app:
            q["app"] = app
        if intent:
            q["intent"] = intent
        if verified is not None:
            q["verified"] = "true" if verified else "false"
        while True:
            doc = self.request("GET", "/v1/envs?" + urllib.parse.urlencode(q))
            yield from doc["envs"]
            if doc.get("next_offset") is None:
                return
            q["offset"] = doc["next_offset"]

    def envs(self, app: Optional[str] = None, intent: Optional[str] = None,
             verified: Optional[bool] = None, limit: Optional[int] = None) -> List[JSON]:
        """The environments (id, intent, data, apps, rules, tools, verified)
        matching the filters; at most limit of them."""
        out: List[JSON] = []
        for e in self.iter_envs(app, intent, verified):
            if limit is not None and len(out) >= limit:
                break
            out.append(e)
        return out

    def env(self, env_id: str) -> JSON:
        """One environment in full: recipe, messages, tool_defs, limits."""
        return self.request("GET", "/v1/envs/" + urllib.parse.quote(env_id, safe=""))

    # -- sessions --------------------------------------------------------

    def open(self, env_id: str, seed: int = 0, toolset: Optional[str] = None) -> "Session":
        """Opens a session of an environment (seed 0: the recipe's)."""
        body: JSON = {"env_id": env_id}
        if seed:
            body["seed"] = seed
        if toolset:
            body["toolset"] = toolset
        return Session(self, self.request("POST", "/v1/sessions", body))

    def step(self, session_id: str, tool_calls: Sequence[ToolCall]) -> JSON:
        """Runs tool calls, OpenAI's shape ({"id", "type": "function",
        "function": {"name", "arguments"}}) or flat ({"name", "arguments"});
        returns {"observations": [{"tool_call_id", "content", "is_error"}],
        "steps", "done"}."""
        return self.request("POST", f"/v1/sessions/{session_id}/step", {"tool_calls": list(tool_calls)})

    def evaluate(self, session_id: str) -> JSON:
        """The session's score: reward, passed, components."""
        return self.request("POST", f"/v1/sessions/{session_id}/evaluate")

    def state(self, session_id: str, trajectory: bool = False) -> JSON:
        """The session's state: steps, done, state_hash, state (and trajectory)."""
        q = "?trajectory=true" if trajectory else ""
        return self.request("GET", f"/v1/sessions/{session_id}/state{q}")

    def reset(self, session_id: str) -> JSON:
        """Returns the session to its initial state; answers as open does."""
        return self.request("POST", f"/v1/sessions/{session_id}/reset")

    def close_session(self, session_id: str) -> JSON:
        """Closes a session on the server."""
        return self.request("DELETE", f"/v1/sessions/{session_id}")


def _delay(retry_after: Optional[str], default: float) -> float:
    if retry_after:
        try:
            return min(float(retry_after), 30.0)
        except ValueError:
            pass
    return default


class Session:
    """An open session: what an agent needs to begin (messages, tools) and
    the calls on it. A context manager that closes the session."""

    def __init__(self, client: Client, start: JSON) -> None:
        self.client = client
        self.start = start
        self.id: str = start["session_id"]
        self.env_id: str = start["env_id"]
        self.seed: int = start["seed"]
        self.toolset: str = start["toolset"]
        self.max_steps: int = start["max_steps"]
        self.messages: List[JSON] = start["messages"]
        self.tools: List[JSON] = start["tools"]

    def step(self, tool_calls: Sequence[ToolCall]) -> JSON:
        return self.client.step(self.id, tool_calls)

    def evaluate(self) -> JSON:
        return self.client.evaluate(self.id)

    def state(self, trajectory: bool = False) -> JSON:
        return self.client.state(self.id, trajectory)

    def reset(self) -> JSON:
        self.start = self.client.reset(self.id)
        return self.start

    def close(self) -> None:
        try:
            self.client.close_session(self.id)
        except (SessionClosed, NotFound):
            pass

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def tool_messages(step: JSON) -> List[JSON]:
    """A step's observations as OpenAI tool messages for the next turn."""
    return [{"role": "tool", "tool_call_id": o.get("tool_call_id", ""), "content": o["content"]}
            for o in step["observations"]]


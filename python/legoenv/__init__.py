"""legoenv for Python trainers: a client of `legoenv serve`, a way to start
one, and a rollout loop for a callable policy. Standard library only."""

from .client import (BadRequest, Client, LegoenvError, NotFound, ServerError, Session, SessionClosed,
                     TooManyRequests, Unauthorized, Unavailable, tool_messages)
from .rollout import Policy, rollout
from .server import ServeError, find_binary, serve

__all__ = [
    "Client", "Session", "serve", "rollout", "Policy", "tool_messages", "find_binary",
    "LegoenvError", "BadRequest", "Unauthorized", "NotFound", "SessionClosed", "TooManyRequests",
    "Unavailable", "ServerError", "ServeError",
]
__version__ = "0.1.0"

"""A minimal WebSocket client (RFC 6455: handshake, masked text frames,
close) on the standard library, for driving OpenEnv's /ws in tests."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import struct
import urllib.parse
from typing import Any, Dict

_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class WebSocket:
    def __init__(self, url: str, timeout: float = 30.0) -> None:
        u = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((u.hostname, u.port or 80), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        path = u.path + ("?" + u.query if u.query else "")
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            head += chunk
        lines = head.decode().split("\r\n")
        if " 101 " not in lines[0]:
            raise ConnectionError("handshake refused: " + lines[0])
        accept = base64.b64encode(hashlib.sha1((key + _GUID).encode()).digest()).decode()
        if f"sec-websocket-accept: {accept}".lower() not in (line.lower() for line in lines):
            raise ConnectionError("bad Sec-WebSocket-Accept")

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _recv_exact(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("connection closed")
            buf += chunk
        return buf

    def recv(self) -> str:
        """The next text message (fragments joined; pings answered)."""
        data = b""
        while True:
            b0, b1 = self._recv_exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._recv_exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._recv_exact(8))[0]
            payload = self._recv_exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise ConnectionError("closed by the server")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            data += payload
            if b0 & 0x80:
                return data.decode()

    def send(self, text: str) -> None:
        self._send_frame(0x1, text.encode())

    def call(self, msg: Dict[str, Any]) -> Dict[str, Any]:
        """Sends a JSON message and returns the JSON answer."""
        self.send(json.dumps(msg))
        return json.loads(self.recv())

    def close(self) -> None:
        try:
            self._send_frame(0x8, struct.pack("!H", 1000))
        finally:
            self.sock.close()

"""Who may talk to `vaultkit mcp --http`: the bearer token, the browser origins, the Host; and
in what form a request may come, as a strict server behind a proxy must take it.

- The token is `VAULTKIT_MCP_TOKEN`'s value, read from the environment at start, never from
  the config or a command line (both end up in files and process lists). With a token, every
  request must carry `Authorization: Bearer TOKEN` (compared in constant time); without one the
  server binds loopback addresses only: anything that can reach it is this machine.
- A browser sends `Origin`; one that is not a loopback page's or one the user allowed
  (`--allow-origin`) is refused with 403: a web page that rebinds its own name to 127.0.0.1
  (DNS rebinding) cannot drive the memory. Clients that are no browser send no Origin.
- The Host header must be `host[:port]` (a name, an IPv4 address or a bracketed IPv6 one, a
  port of digits), 421 otherwise, token or not: `127.0.0.1:80@evil.example` names no host.
  Without a token it must name a loopback address too (421 otherwise): the same attack seen
  from the other side. With one, a proxy may forward any name.
- A request whose headers or body could be read in two ways is refused with 400, and its
  connection closed (`framing_problem`, `read_chunked`): a malformed or folded header line; a
  `Host`, `Origin`, `Authorization`, `Content-Length`, `Transfer-Encoding`, `Content-Type` or
  `Mcp-Session-Id` given twice; a `Content-Length` that is not digits; a `Transfer-Encoding`
  that is not exactly `chunked`, or one beside a `Content-Length`; an HTTP/1.1 request without
  a `Host`; a chunk size that is not hex digits, or a chunk not ended by CRLF.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import re
import urllib.parse
from dataclasses import dataclass
from email.message import Message
from io import BufferedIOBase

from vaultkit.errors import UsageError
from vaultkit.redact import watch

TOKEN_ENV = "VAULTKIT_MCP_TOKEN"
MIN_TOKEN_CHARS = 16
_LOOPBACK_NAMES = ("localhost", "localhost.")
# Headers that decide where a request goes, who sends it or where its body ends: two of one
# could be read one way here and another way by a proxy in front.
_SINGLE_HEADERS = (
    "Host",
    "Origin",
    "Authorization",
    "Content-Length",
    "Transfer-Encoding",
    "Content-Type",
    "Mcp-Session-Id",
)
_DIGITS = re.compile(r"[0-9]{1,18}")
_CHUNK_LINE = re.compile(rb"([0-9A-Fa-f]{1,16})(?:[ \t]*;[^\r\n]*)?\r\n")
_CHUNK_LINE_BYTES = 1024
_TRAILER_BYTES = 8192
_HOST = re.compile(
    r"(?P<name>[A-Za-z0-9._~-]+|\[(?P<ipv6>[0-9A-Fa-f:.]+)\])(?::(?P<port>[0-9]{1,5}))?"
)


def is_loopback(host: str) -> bool:
    """Whether a host name or address is this machine's loopback (`localhost`, 127.0.0.0/8,
    ::1); any other name could resolve anywhere."""
    name = host.strip().strip("[]").lower()
    if name in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_name(value: str) -> str | None:
    """The host a Host header names (an IPv6 address without its brackets), or None when the
    header is no `host[:port]`."""
    found = _HOST.fullmatch(value.strip(" \t"))
    if found is None or int(found["port"] or 0) > 65535:
        return None
    if found["ipv6"] is None:
        return found["name"]
    try:
        return str(ipaddress.IPv6Address(found["ipv6"]))
    except ValueError:
        return None


def framing_problem(headers: Message, version: str) -> tuple[int, str] | None:
    """(status, message) when a request's headers could be read in two ways, else None."""
    if headers.defects or headers.get_payload() or any("\n" in v for v in headers.values()):
        return 400, "a malformed or folded header line"
    for name in _SINGLE_HEADERS:
        if len(headers.get_all(name) or ()) > 1:
            return 400, f"the {name} header appears more than once"
    length, coding = headers.get("Content-Length"), headers.get("Transfer-Encoding")
    if length is not None and not _DIGITS.fullmatch(length.strip(" \t")):
        return 400, "a Content-Length that is not a number"
    if coding is not None and coding.strip(" \t").lower() != "chunked":
        return 400, "the only Transfer-Encoding taken is chunked"
    if coding is not None and length is not None:
        return 400, "both a Content-Length and a Transfer-Encoding"
    host = headers.get("Host")
    if host is None and version == "HTTP/1.1":
        return 400, "an HTTP/1.1 request names its Host"
    if host is not None and host_name(host) is None:
        return 421, f"host {host!r} is not a host[:port]"
    return None


def read_chunked(rfile: BufferedIOBase, limit: int) -> bytes | int:
    """A chunked body (each chunk's size in hex digits, an extension after `;` ignored, its
    bytes and CRLF; then trailers, skipped), or the status of its refusal: 413 when it holds
    more than `limit` bytes (read no further), 400 when it is malformed."""
    body = bytearray()
    while True:
        line = _CHUNK_LINE.fullmatch(rfile.readline(_CHUNK_LINE_BYTES + 1))
        if line is None:
            return 400
        size = int(line[1], 16)
        if size == 0:
            return bytes(body) if _trailers_skipped(rfile) else 400
        if len(body) + size > limit:
            return 413
        chunk = rfile.read(size)
        if len(chunk) < size or rfile.read(2) != b"\r\n":
            return 400
        body += chunk


def _trailers_skipped(rfile: BufferedIOBase) -> bool:
    """Read the trailer lines up to the empty one; False when they are malformed or long."""
    left = _TRAILER_BYTES
    while True:
        line = rfile.readline(left + 1)
        if line == b"\r\n":
            return True
        left -= len(line)
        if left < 0 or not line.endswith(b"\r\n"):
            return False


def token_from_environment(dsn_env: str) -> str | None:
    """The bearer token, or None when `VAULTKIT_MCP_TOKEN` is unset or empty; from now on no
    message shows it (`redact`). A short one is a usage error: it could be guessed."""
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        return None
    watch(dsn_env=dsn_env, key_envs=(TOKEN_ENV,))
    if len(token) < MIN_TOKEN_CHARS:
        raise UsageError(
            f"{TOKEN_ENV} holds fewer than {MIN_TOKEN_CHARS} characters; use a random one, "
            "for instance: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    return token


def origin_of(value: str) -> str:
    """An `--allow-origin` value as browsers send it (`scheme://host[:port]`, lower case)."""
    parts = urllib.parse.urlsplit(value.strip().lower())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise UsageError(
            f"--allow-origin: expected an origin such as https://app.example.com, got {value!r}"
        )
    return f"{parts.scheme}://{parts.netloc}"


@dataclass(frozen=True)
class Gate:
    """The checks every request passes, in the order `refusal` applies them."""

    token: str | None
    origins: tuple[str, ...] = ()  # allowed besides loopback pages, as `origin_of` gives them

    def origin_allowed(self, origin: str | None) -> bool:
        if origin is None:
            return True  # not a browser, or a same-origin GET
        value = origin.strip().lower()
        if value in self.origins:
            return True
        parts = urllib.parse.urlsplit(value)
        return parts.scheme in ("http", "https") and is_loopback(parts.hostname or "")

    def host_allowed(self, host: str | None) -> bool:
        """Whether a Host header may pass; None (HTTP/1.0 sends none) only with a token."""
        if host is None:
            return self.token is not None
        name = host_name(host)
        return name is not None and (self.token is not None or is_loopback(name))

    def authorized(self, header: str | None) -> bool | None:
        """True: the right token (or none is needed); None: no token sent; False: a wrong one."""
        if self.token is None:
            return True
        scheme, _, given = (header or "").strip().partition(" ")
        if not header or scheme.lower() != "bearer":
            return None
        return hmac.compare_digest(given.strip().encode(), self.token.encode())

    def refusal(
        self, origin: str | None, host: str | None, authorization: str | None
    ) -> tuple[int, str, dict[str, str]] | None:
        """(status, message, headers) of the answer to a request that may not pass, or None."""
        if not self.origin_allowed(origin):
            return 403, f"origin {origin!r} is not allowed (see --allow-origin)", {}
        if not self.host_allowed(host):
            if host is not None and host_name(host) is None:
                return 421, f"host {host!r} is not a host[:port]", {}
            return 421, f"host {host!r} is not this server's loopback name", {}
        allowed = self.authorized(authorization)
        if allowed is None:
            return 401, "a bearer token is required", {"WWW-Authenticate": 'Bearer realm="mcp"'}
        if not allowed:
            challenge = 'Bearer realm="mcp", error="invalid_token"'
            return 401, "the bearer token is not valid", {"WWW-Authenticate": challenge}
        return None

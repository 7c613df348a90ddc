"""Who may talk to `vaultkit mcp --http`: the bearer token, the browser origins, the Host.

- The token is `VAULTKIT_MCP_TOKEN`'s value, read from the environment at start, never from
  the config or a command line (both end up in files and process lists). With a token, every
  request must carry `Authorization: Bearer TOKEN` (compared in constant time); without one the
  server binds loopback addresses only: anything that can reach it is this machine.
- A browser sends `Origin`; one that is not a loopback page's or one the user allowed
  (`--allow-origin`) is refused with 403: a web page that rebinds its own name to 127.0.0.1
  (DNS rebinding) cannot drive the memory. Clients that are no browser send no Origin.
- Without a token, the Host header must name a loopback address too (421 otherwise): the same
  attack seen from the other side. With one, a proxy may forward any name.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import urllib.parse
from dataclasses import dataclass

from vaultkit.errors import UsageError
from vaultkit.redact import watch

TOKEN_ENV = "VAULTKIT_MCP_TOKEN"
MIN_TOKEN_CHARS = 16
_LOOPBACK_NAMES = ("localhost", "localhost.")


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
        if self.token is not None:
            return True
        if not host:
            return False
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return is_loopback(name)

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
            return 421, f"host {host!r} is not this server's loopback name", {}
        allowed = self.authorized(authorization)
        if allowed is None:
            return 401, "a bearer token is required", {"WWW-Authenticate": 'Bearer realm="mcp"'}
        if not allowed:
            challenge = 'Bearer realm="mcp", error="invalid_token"'
            return 401, "the bearer token is not valid", {"WWW-Authenticate": challenge}
        return None

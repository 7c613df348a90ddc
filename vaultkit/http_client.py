"""A small JSON-over-HTTP client for OpenAI-compatible endpoints (chat completions, embeddings).

Stdlib only. Retries what may pass (timeouts, refused or dropped connections, 429, 5xx) with
exponential backoff and no jitter, so a run is reproducible; honours `Retry-After` (seconds) on
429 and 503, capped. Other 4xx answers are the caller's mistake and fail at once. Every failure
is an `EndpointError` with one line naming the status and the URL, never the API key; the
caller (the summarizer, the embedder) turns it into its own error.

What a server can do to the client is bounded:

- time: `timeout` is each attempt's whole deadline (connect, send, headers, the whole body),
  not a wait per socket read, so a server sending a byte now and then cannot hold a run (and
  its vault lock) forever. A request takes at most (retries + 1) x timeout plus the pauses.
- size: at most `max_bytes` of an answer are read (one declaring more in its Content-Length
  is refused unread). A larger answer is `AnswerTooLargeError`, an `EndpointUnavailableError`
  not retried: no summary or batch of vectors is megabytes long, so the URL serves something
  else and every further call would get the same.
- shape: the body is parsed by `strict_json.loads_guarded`; nesting too deep or an integer too
  long fails the call with one line, like any answer that is not JSON.
"""

from __future__ import annotations

import http.client
import io
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from vaultkit import __version__
from vaultkit.errors import (
    AnswerTooLargeError,
    EndpointError,
    EndpointUnavailableError,
    HTTPStatusError,
    UnusableStatusError,
)
from vaultkit.strict_json import JSONLimitError, loads_guarded

BACKOFF = 0.5  # seconds before the first retry; doubles each time
MAX_BACKOFF = 8.0
MAX_RETRY_AFTER = 60.0  # a server asking for longer gets this much, then we try again
RETRY_AFTER_STATUSES = (429, 503)
_PIECE = 1 << 16  # bytes read at a time, the deadline checked between reads
_DETAIL_CHARS = 160


# Statuses that every further call would get too: the server is failing, the key or the URL
# is wrong, or the quota is spent. A run stops early on them (EndpointUnavailableError).
UNUSABLE_STATUSES = frozenset({401, 403, 404, 407, 429})


def status_error(message: str, *, status: int, detail: str = "") -> HTTPStatusError:
    """The error for an HTTP status, of the class that says whether retrying later may help."""
    unusable = status >= 500 or status in UNUSABLE_STATUSES
    cls = UnusableStatusError if unusable else HTTPStatusError
    return cls(message, status=status, detail=detail)


def join_url(base_url: str, path: str) -> str:
    """`base_url` (e.g. `http://host:8080/v1`) with `path` (e.g. `chat/completions`) appended."""
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def redact_url(url: str) -> str:
    """A URL safe to print: no user info, query or fragment (keys sometimes travel there)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = f"{host}:{port}" if port else host
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def post_json(url: str, payload: Mapping[str, Any], **options: Any) -> dict[str, Any]:
    """POST `payload` as JSON and return the JSON object answered (see `request_json`)."""
    return request_json("POST", url, payload, **options)


def request_json(
    method: str,
    url: str,
    payload: Mapping[str, Any] | None = None,
    *,
    api_key: str | None = None,
    timeout: float = 60.0,
    retries: int = 3,
    sleep: Callable[[float], None] = time.sleep,
    backoff: float = BACKOFF,
    max_backoff: float = MAX_BACKOFF,
    max_retry_after: float = MAX_RETRY_AFTER,
    headers: Mapping[str, str] | None = None,
    max_bytes: int | None = None,
) -> dict[str, Any]:
    """Send `payload` (if any) as JSON with `method` and return the JSON object answered; retry
    what may pass: timeouts, dropped connections, 429 and 5xx, with doubling pauses or the
    server's Retry-After; any other status fails at once.

    `timeout` bounds each attempt as a whole; `max_bytes` (None: no cap) the answer's body.
    `retries` is the number of further attempts after the first. `sleep` is called with the
    pause before each retry (tests pass a recorder). Without `api_key` no Authorization header
    is sent, which is what local servers expect.
    """
    body = None if payload is None else json.dumps(payload, ensure_ascii=False).encode("utf-8")
    request_headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "User-Agent": f"vaultkit/{__version__}",
        **(headers or {}),
    }
    shown = f"{method} {redact_url(url)}"
    if api_key:
        if api_key != api_key.strip() or any(c in api_key for c in "\r\n"):
            # http.client refuses such a header with a ValueError quoting it, key and all.
            raise EndpointUnavailableError(
                f"{shown}: the API key holds spaces or a line break (a key file saved on "
                "Windows?); strip it"
            )
        request_headers["Authorization"] = f"Bearer {api_key}"
    if not url.startswith(("http://", "https://")):
        raise EndpointError(f"{shown}: not an http(s) URL")
    attempts = max(0, retries) + 1
    for attempt in range(1, attempts + 1):
        request = urllib.request.Request(url, data=body, headers=request_headers, method=method)
        pause = min(max_backoff, backoff * 2 ** (attempt - 1))
        deadline = Deadline(timeout)
        try:
            with _opener(deadline).open(request, timeout=timeout) as response:
                raw = read_capped(response, max_bytes, deadline, shown)
        except urllib.error.HTTPError as exc:
            status = exc.code
            detail = _detail(_read_error_body(exc), api_key)
            retryable = status == 429 or status >= 500
            if not retryable or attempt == attempts:
                tried = f" after {attempt} attempts" if attempt > 1 else ""
                reason = f": {detail}" if detail else ""
                raise status_error(
                    f"{shown} failed with HTTP {status}{tried}{reason}",
                    status=status,
                    detail=detail,
                ) from None
            if status in RETRY_AFTER_STATUSES:
                asked = _retry_after(exc.headers.get("Retry-After") if exc.headers else None)
                if asked is not None:
                    pause = min(asked, max_retry_after)
        except TimeoutError as exc:
            if attempt == attempts:
                raise _gave_up(shown, f"timed out after {timeout:g} s", attempt) from exc
        except urllib.error.URLError as exc:
            what = _reason(exc.reason)
            if attempt == attempts:
                raise _gave_up(shown, what, attempt) from None
        except (http.client.HTTPException, ConnectionError, OSError) as exc:
            if attempt == attempts:
                raise _gave_up(shown, _reason(exc), attempt) from None
        else:
            return _parse(raw, shown)
        sleep(pause)
    raise AssertionError("unreachable")  # pragma: no cover: the loop returns or raises


class Deadline:
    """The moment by which an attempt must be done; `left()` raises TimeoutError after it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left, more than 0."""
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"timed out after {self.seconds:g} s")
        return left


def read_capped(response: Any, limit: int | None, deadline: Deadline, shown: str) -> bytes:
    """A response's body, read a piece at a time until the deadline; AnswerTooLargeError as
    soon as it is over `limit` bytes, or says it is (Content-Length), without reading on."""
    declared = (response.headers.get("Content-Length") or "").strip()
    if limit is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(shown, limit)
    body = bytearray()
    wanted = _PIECE if limit is None else min(_PIECE, limit + 1)
    while piece := response.read(wanted):
        body += piece
        if limit is not None and len(body) > limit:
            raise _too_large(shown, limit)
        deadline.left()
    return bytes(body)


def _too_large(shown: str, limit: int) -> AnswerTooLargeError:
    return AnswerTooLargeError(
        f"{shown} failed: answer larger than {byte_size(limit)}", limit=limit
    )


def byte_size(count: int) -> str:
    """A byte count as people say it: `8 MiB`, `512 KiB`, `1,000 bytes`."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if count >= 1 << shift and count % (1 << shift) == 0:
            return f"{count >> shift} {unit}"
    return f"{count:,} bytes"


def _opener(deadline: Deadline) -> urllib.request.OpenerDirector:
    """urllib's opener (proxies, redirects, HTTPError for a status) whose connections keep to
    `deadline`."""
    return urllib.request.build_opener(_HTTPHandler(deadline), _HTTPSHandler(deadline))


class _DeadlineConnection(http.client.HTTPConnection):
    """An HTTP connection whose socket waits at most until the deadline, at every step."""

    def __init__(self, *args: Any, deadline: Deadline, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def connect(self) -> None:
        self.timeout = self.deadline.left()
        super().connect()
        self.sock = _DeadlineSocket(self.sock, self.deadline)


class _DeadlineHTTPSConnection(_DeadlineConnection, http.client.HTTPSConnection):
    """The same over TLS (the handshake within the connect's time)."""


class _KeepsDeadline(urllib.request.AbstractHTTPHandler):
    """A handler (before urllib's own in the class's bases) whose connections are `connection`,
    held to the deadline."""

    connection: type[_DeadlineConnection]

    def __init__(self, deadline: Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def do_open(
        self, http_class: Any, req: urllib.request.Request, **kwargs: Any
    ) -> http.client.HTTPResponse:
        connection = partial(self.connection, deadline=self.deadline)
        return super().do_open(connection, req, **kwargs)


class _HTTPHandler(_KeepsDeadline, urllib.request.HTTPHandler):
    connection = _DeadlineConnection


class _HTTPSHandler(_KeepsDeadline, urllib.request.HTTPSHandler):
    connection = _DeadlineHTTPSConnection


class _DeadlineSocket:
    """A connected socket whose every send and receive waits only as long as the deadline
    leaves: a fixed socket timeout bounds each wait alone, which a server sending a byte a
    second never lets run out."""

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
        self._sock = sock
        self._deadline = deadline

    def sendall(self, data: bytes) -> None:
        self._sock.settimeout(self._deadline.left())
        self._sock.sendall(data)

    def makefile(self, mode: str = "rb", *args: Any, **kwargs: Any) -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self._sock, self._deadline))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class _DeadlineReader(io.RawIOBase):
    """The socket's bytes, each wait for them as long as the deadline leaves. It holds the
    socket's own reader, so the socket stays open until the response is read (as http.client
    expects of `makefile`)."""

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
        super().__init__()
        self._sock = sock
        self._raw = sock.makefile("rb", buffering=0)
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        self._sock.settimeout(self._deadline.left())
        return self._raw.readinto(buffer)

    def close(self) -> None:
        self._raw.close()
        super().close()


def _parse(raw: bytes, shown: str) -> dict[str, Any]:
    try:
        data = loads_guarded(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise EndpointError(f"{shown} answered with something that is not JSON") from None
    except JSONLimitError as exc:
        raise EndpointError(f"{shown} answered with JSON it cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise EndpointError(f"{shown} answered with JSON that is not an object")
    return data


def _gave_up(shown: str, what: str, attempts: int) -> EndpointUnavailableError:
    tried = f" after {attempts} attempts" if attempts > 1 else ""
    return EndpointUnavailableError(f"{shown} failed{tried}: {what}")


def _reason(reason: object) -> str:
    """A connection problem in a few words: `connection refused`, `timed out`, ..."""
    if isinstance(reason, TimeoutError):
        return "timed out"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, socket.gaierror):
        return "unknown host"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror.lower()
    text = " ".join(str(reason).split())
    return text[:_DETAIL_CHARS] or type(reason).__name__


def _read_error_body(exc: urllib.error.HTTPError) -> bytes:
    try:
        return exc.read(4096) or b""
    except (OSError, http.client.HTTPException):
        return b""


def _detail(raw: bytes, api_key: str | None) -> str:
    """The server's own error message, on one short line, with the key blanked if echoed."""
    text = raw.decode("utf-8", "replace")
    try:
        data = loads_guarded(text)
    except ValueError:  # not JSON, or JSON too deep or too long to read: the text as it is
        data = None
    if isinstance(data, dict):
        error = data.get("error", data.get("message", data.get("detail")))
        if isinstance(error, dict):
            error = error.get("message", error)
        text = error if isinstance(error, str) else _compact(error)
    text = " ".join(text.split())
    if api_key:
        text = text.replace(api_key, "***")
    return text[:_DETAIL_CHARS] + ("…" if len(text) > _DETAIL_CHARS else "")


def _compact(value: Any) -> str:
    try:
        return json.dumps(value)
    except RecursionError:  # parsed, but too deep to write out again from here
        return type(value).__name__


def _retry_after(value: str | None) -> float | None:
    """Seconds from a `Retry-After: N` header; None for the date form or anything else."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if seconds >= 0 and seconds == seconds else None

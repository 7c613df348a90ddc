"""The secrets no message may show: a connection string's password, an API key.

A driver's or a server's text may quote what it was given (libpq quotes a connection string it
cannot parse; a server may echo a header), so messages are scrubbed twice, whatever the text:

- where a driver's text becomes one of vaultkit's errors, with the secrets of the connection
  string at hand (`scrub(text, dsn_secrets(dsn))`);
- where a message leaves the process (the CLI's stderr and JSON, the MCP server's errors), with
  `redact`: the current values of every environment variable a loaded config names for a
  secret (`index.dsn_env`, the `api_key_env`s: `load_config` calls `watch`) and of libpq's
  `PGPASSWORD`.

The secrets of a connection string (`dsn_secrets`): the whole string; in the URL form the user
info and the password, raw and percent-decoded, read up to the first `@` (as libpq reads it) and
up to the last (a password holding `@` or `/`), whether the URL parses or not, and `password`
values of its query; in the key=value form every `password` value, quoted or not, and every
word that is no key=value pair (a password pasted where the string belongs). A password's
pieces between the characters libpq splits a URL at count too: libpq may quote one alone.

Each is replaced by `***`; one shorter than `SHORT` characters only where it stands alone (not
inside a word), so a two-letter piece of a password does not eat every word holding it.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterable, Iterator
from typing import Any

MASK = "***"
SHORT = 6
_DSN_ENVS: set[str] = set()
_KEY_ENVS: set[str] = {"PGPASSWORD"}  # libpq reads a password there

_URL = re.compile(r"\s*postgres(?:ql)?://(.*)", re.IGNORECASE | re.DOTALL)
_PAIR = re.compile(r"(\w+)\s*=\s*('(?:[^'\\]|\\.)*'?|\S*)")
_QUERY_PASSWORD = re.compile(r"[?&]password=([^&#]*)", re.IGNORECASE)
_PIECES = re.compile(r"[@/:?#&,'\s]+")
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)


def watch(*, dsn_env: str, key_envs: Iterable[str]) -> None:
    """Keep the values of these environment variables (a connection string's, API keys') out of
    every message `redact` sees from now on."""
    _DSN_ENVS.add(dsn_env)
    _KEY_ENVS.update(key_envs)


def redact(text: str) -> str:
    """`text` without the current value of any watched environment variable."""
    return scrub(text, known_secrets())


def redact_data(data: Any) -> Any:
    """JSON-like data (dicts, lists, strings) with every string redacted."""
    secrets = known_secrets()
    return _scrub_data(data, secrets) if secrets else data


def known_secrets() -> set[str]:
    """The secrets in the watched environment variables, as they are now."""
    found: set[str] = set()
    for name in _DSN_ENVS:
        found |= dsn_secrets(os.environ.get(name, ""))
    for name in _KEY_ENVS:
        found |= key_secrets(os.environ.get(name, ""))
    return found


def key_secrets(key: str) -> set[str]:
    """An API key as a message may show it: whole, stripped (a trailing `\\r` is shown escaped)
    and each of its lines or words."""
    return {form for form in (key, key.strip(), *key.split()) if form.strip()}


def dsn_secrets(dsn: str) -> set[str]:
    """Every string of a connection string that a message must not show (see the module)."""
    if not dsn.strip():
        return set()
    url = _URL.match(dsn)
    found = {dsn, dsn.strip()}
    if url:
        found |= set(_userinfo(url[1]))
    for password in _url_passwords(url[1]) if url else _keyword_passwords(dsn):
        found |= _forms(password)
    return {secret for secret in found if secret.strip()}


def scrub(text: str, secrets: Iterable[str]) -> str:
    """`text` with each secret replaced by `***`, the longest first."""
    for secret in sorted(set(secrets), key=len, reverse=True):
        if not secret.strip():
            continue
        if len(secret) >= SHORT:
            text = text.replace(secret, MASK)
        else:
            text = re.sub(rf"(?<!\w){re.escape(secret)}(?!\w)", MASK, text)
    return text


def _userinfo(rest: str) -> Iterator[str]:
    """`user:password` of a URL (after its scheme), up to its first and its last `@`."""
    for at in {rest.find("@"), rest.rfind("@")}:
        if at > 0 and ":" in rest[:at]:
            yield rest[:at]
            yield urllib.parse.unquote(rest[:at])


def _url_passwords(rest: str) -> Iterator[str]:
    for userinfo in _userinfo(rest):
        yield userinfo.split(":", 1)[1]
    yield from _QUERY_PASSWORD.findall(rest)


def _keyword_passwords(dsn: str) -> Iterator[str]:
    for key, value in _PAIR.findall(dsn):
        if key.casefold() == "password":
            yield value
            yield _ESCAPED.sub(r"\1", value.strip("'"))
    yield from _PAIR.sub(" ", dsn).split()  # words that are no key=value pair


def _forms(password: str) -> set[str]:
    """A password raw, percent-decoded, and its pieces between URL delimiters."""
    forms = {password, urllib.parse.unquote(password)}
    for form in list(forms):
        forms.update(_PIECES.split(form))
    return forms


def _scrub_data(data: Any, secrets: set[str]) -> Any:
    if isinstance(data, str):
        return scrub(data, secrets)
    if isinstance(data, dict):
        return {key: _scrub_data(value, secrets) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_scrub_data(item, secrets) for item in data]
    return data

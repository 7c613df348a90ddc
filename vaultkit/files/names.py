"""File names every system a vault is synced to can hold (a Windows laptop, a phone, a NAS).

`safe_file_name` takes a name already free of the characters no file name may hold (`/`, `\\`,
`:` ...) and makes it one Windows can create and Obsidian can link:

- a name Windows keeps for a device, in any case, alone or before an extension (`CON`, `nul.md`,
  `Aux .tar.gz`: CON, PRN, AUX, NUL, CONIN$, CONOUT$, COM0-9, LPT0-9 and their superscript
  digits) gets `_` after that part: `CON_`, `nul_.md`, `Aux_.tar.gz`;
- trailing dots and spaces, which Windows drops (so `Bob.` and `Bob` would be one file), go; a
  name of nothing else is `_`.

`fit_bytes` cuts a name longer than `MAX_NAME_BYTES` in UTF-8, with a digest of the whole name
so two long names that begin alike stay apart. The same name always gives the same result.
"""

from __future__ import annotations

import hashlib

_DIGITS = "0123456789¹²³"
WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{port}{digit}" for port in ("COM", "LPT") for digit in _DIGITS}
)
# Most file systems hold 255 bytes a name: room for `.md`, a numbered copy and a sync tool's
# suffix beside it.
MAX_NAME_BYTES = 200
_DIGEST_CHARS = 8


def is_reserved(name: str) -> bool:
    """Whether Windows keeps `name` (its part before the first dot, trailing spaces aside) for
    a device: a file of that name, with any extension, cannot be made there."""
    return name.partition(".")[0].rstrip(" ").upper() in WINDOWS_RESERVED


def safe_file_name(name: str) -> str:
    """`name` as a file name Windows and Obsidian take (see the module's doc)."""
    name = name.rstrip(". ")
    head, dot, tail = name.partition(".")
    if is_reserved(head):
        head = head.rstrip(" ") + "_"
    return head + dot + tail or "_"


def fit_bytes(name: str) -> str:
    """`name`, or when it is longer than `MAX_NAME_BYTES` in UTF-8, its start and a digest of
    all of it."""
    data = name.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_NAME_BYTES:
        return name
    mark = hashlib.sha256(data).hexdigest()[:_DIGEST_CHARS]
    kept = data[: MAX_NAME_BYTES - _DIGEST_CHARS - 1].decode("utf-8", "ignore").rstrip(". ")
    return f"{kept} {mark}"

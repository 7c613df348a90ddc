"""An export's `conversations.json`, given as the file, its folder or its zip.

ChatGPT and Claude both send a data export as a zip that holds `conversations.json` (ChatGPT's
at the top, another service's perhaps in a folder), and people unpack it or not. So PATH may be:

- the file itself (any name: whatever it is called, it is read as the conversations);
- a folder holding `conversations.json`, directly or in a folder inside it (what unpacking
  `export.zip` next to it gives): directly wins, and two one level down are ambiguous;
- a zip holding `conversations.json` at any folder depth, exactly once. The member is read
  straight out of the zip as a stream, never unpacked: an export can pass a gigabyte.

Anything else (nothing there, none found, several found, an unreadable zip) is a `UsageError`
in one line that says what was looked for. The stream is binary; `json_stream` decodes it.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, cast

from vaultkit.errors import UsageError

NAME = "conversations.json"


@contextmanager
def open_export(path: Path) -> Iterator[tuple[BinaryIO, str, int]]:
    """The conversations of the export at `path` as a binary stream, with the name to give it
    in messages (`where`: the file's path, or the zip's path and the member's) and its size in
    bytes (what a progress bar counts to)."""
    if path.is_dir():
        path = _in_folder(path)
    elif not path.exists():
        raise UsageError(
            f"no such file or folder (expected {NAME}, its folder or its zip)", path=path
        )
    elif not path.is_file():
        # a named pipe or a device: opening it could wait forever
        raise UsageError(
            f"not a file or a folder (expected {NAME}, its folder or its zip)", path=path
        )
    if zipfile.is_zipfile(path):
        with _open_zip(path) as opened:
            yield opened
        return
    if path.suffix.lower() == ".zip":
        raise UsageError(f"not a readable zip (expected one holding {NAME})", path=path)
    try:
        stream = path.open("rb")
    except OSError as error:
        raise UsageError(f"cannot read it: {error.strerror}", path=path) from None
    with stream:
        yield stream, str(path), path.stat().st_size


def _in_folder(folder: Path) -> Path:
    """The folder's `conversations.json`: directly in it, or in exactly one folder inside."""
    direct = folder / NAME
    if direct.is_file():
        return direct
    found = sorted(p for p in folder.glob(f"*/{NAME}") if p.is_file())
    if not found:
        raise UsageError(f"no {NAME} in it or in a folder inside it", path=folder)
    if len(found) > 1:
        names = ", ".join(p.relative_to(folder).as_posix() for p in found[:3])
        raise UsageError(f"{len(found)} files named {NAME} in it ({names}): name one", path=folder)
    return found[0]


@contextmanager
def _open_zip(path: Path) -> Iterator[tuple[BinaryIO, str, int]]:
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        raise UsageError(f"not a readable zip: {error}", path=path) from None
    with archive:
        member = _member(archive, path)
        try:
            stream = archive.open(member)
        except (RuntimeError, NotImplementedError, zipfile.BadZipFile) as error:
            # RuntimeError: encrypted; NotImplementedError: a compression zipfile lacks
            raise UsageError(f"cannot read {member} in it: {error}", path=path) from None
        with stream:
            # A ZipExtFile does all a BinaryIO does that a reader uses; typeshed says IO[bytes].
            size = archive.getinfo(member).file_size
            yield cast(BinaryIO, stream), f"{path}/{member}", size


def _member(archive: zipfile.ZipFile, path: Path) -> str:
    """The zip's one `conversations.json`, at any folder depth."""
    found = [
        info.filename
        for info in archive.infolist()
        if not info.is_dir() and info.filename.rsplit("/", 1)[-1] == NAME
    ]
    if not found:
        raise UsageError(f"no {NAME} in the zip", path=path)
    if len(found) > 1:
        names = ", ".join(sorted(found)[:3])
        raise UsageError(f"{len(found)} files named {NAME} in the zip ({names})", path=path)
    return found[0]

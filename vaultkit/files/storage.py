"""The only place that writes into the vault: atomic replace, and refusal when a file changed.

A write into the vault opens the folders from the vault's root down, one at a time and never
through a symbolic link (a link on the way is refused, UnsafeWriteError), then makes its temp
file, renames it and flushes the folder relative to that open folder. Nothing of a path is
remembered from one write to the next: a folder replaced by a link later (by a sync peer, a
pull) cannot lead a long-running server's next write outside the vault.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from vaultkit.errors import (
    DirtyFileError,
    NotAFileError,
    UnsafeWriteError,
    VaultkitError,
    WriteError,
)


def digest(data: bytes | str, length: int = 64) -> str:
    """Hex SHA-256 of bytes or UTF-8 text, cut to `length` characters."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    import hashlib  # here: loading OpenSSL is 4 ms of a start that may never hash

    return hashlib.sha256(data).hexdigest()[:length]


def read_bytes(path: Path) -> bytes:
    """A vault file's bytes. A path that is not a regular file is refused at once with
    NotAFileError: opening a named pipe to read waits for a writer, forever if none comes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except IsADirectoryError:
        raise not_a_file(path, stat.S_IFDIR) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise not_a_file(path, mode)
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def not_a_file(path: Path | str, mode: int, consequence: str = "skipped") -> NotAFileError:
    """The error for a vault path whose file type (`st_mode`) is not a regular file's."""
    return NotAFileError(
        f"is {file_kind(mode)}, not a regular file; {consequence}", path=path, rule="not-a-file"
    )


def file_kind(mode: int) -> str:
    """What a file type is, in words: 'a folder', 'a named pipe (FIFO)', ..."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    )
    return next((name for test, name in kinds if test(mode)), "a special file")


def file_digest(path: Path) -> str | None:
    """SHA-256 of a file's bytes, or None when it does not exist."""
    try:
        return digest(read_bytes(path))
    except FileNotFoundError:
        return None


_deferred_dirs: set[Path] | None = None


@contextlib.contextmanager
def batched_dir_sync() -> Iterator[None]:
    """Flush each directory touched in the block once, at its end, instead of after every rename.

    A rename is atomic whether or not its directory is flushed, so every file stays old or new;
    flushing once per directory only makes a run of many writes durable at the end, not per file.
    """
    global _deferred_dirs
    outer, _deferred_dirs = _deferred_dirs, set()
    try:
        yield
    finally:
        pending, _deferred_dirs = _deferred_dirs, outer
        for directory in sorted(pending):
            fsync_dir(directory)


def write_atomic(
    path: Path, text: str, *, expected: str | bool | None = False, within: Path | None = None
) -> bool:
    """Write `text` to `path` via temp file, fsync and rename; returns False when nothing changed.

    `expected` guards against losing a concurrent edit: pass the digest the file had when it was
    read (None if it did not exist); if the file now differs, DirtyFileError and nothing is written.
    `False` (the default) skips the guard. `within` is the vault: the write is refused
    (UnsafeWriteError) when `path` is a symbolic link (a rename would replace the link with a
    copy), when a folder between the vault and it is one (it could lead outside the vault), or
    when `path` lies outside it.
    """
    data = text.encode("utf-8")
    folder = _open_parent(path, within, make=False)
    try:
        found = None if folder is None else _existing(folder, path, within)
        current = found[1] if found is not None else None
        if expected is not False and current != expected:
            raise DirtyFileError(
                "changed on disk since it was read; not overwritten (run again)",
                path=path,
                rule="dirty-file",
            )
        if current == digest(data):
            return False
        if folder is None:
            folder = _made_parent(path, within)
        _replace_in(folder, path, data, found[0] if found is not None else None)
    finally:
        if folder is not None:
            os.close(folder)
    return True


def remove_file(path: Path, *, expected: str, within: Path) -> None:
    """Remove a file vaultkit wrote, when it still holds what was read (digest `expected`):
    a file changed since is DirtyFileError and stays; a link or a path outside is refused."""
    folder = _open_parent(path, within, make=False)
    try:
        found = None if folder is None else _existing(folder, path, within)
        if folder is None or found is None or found[1] != expected:
            raise DirtyFileError(
                "changed on disk since it was read; not removed", path=path, rule="dirty-file"
            )
        try:
            os.unlink(_name_of(path), dir_fd=folder)
        except OSError as exc:
            raise _os_error(exc, path) from None
        _sync_folder(folder)
    finally:
        if folder is not None:
            os.close(folder)


def check_safe_target(path: Path, within: Path | None) -> None:
    """Refuse a write that would replace a symbolic link or anything but a regular file (a
    folder, a named pipe), go through a linked folder below `within`, or land outside it."""
    folder = _open_parent(path, within, make=False)
    if folder is None:
        return  # a folder on the way is still to be made: the file is new
    try:
        _mode_in(folder, path, within)
    finally:
        os.close(folder)


def is_inside(path: Path, root: Path) -> bool:
    """Whether `path` is a regular entry (or none yet) below `root`, reached through no
    symbolic link."""
    try:
        check_safe_target(path, root)
    except UnsafeWriteError:
        return False
    return True


def write_bytes_atomic(path: Path, data: bytes, *, within: Path | None = None) -> None:
    """Replace `path` with `data` so that a crash leaves either the old or the new file; the
    folders on the way are made, and `within` is checked as `write_atomic` does."""
    folder = _made_parent(path, within)
    try:
        _replace_in(folder, path, data, _mode_in(folder, path, within))
    finally:
        os.close(folder)


_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
_TEMP_TRIES = 100


def _open_parent(path: Path, within: Path | None, *, make: bool) -> int | None:
    """The folder `path` goes in, open: reached from `within` one folder at a time, none of
    them followed if it is a symbolic link (UnsafeWriteError), and made if missing and `make`;
    None when one is missing and not `make`. Opened afresh for every write: a path resolved
    once goes on naming whatever a link put in its place later."""
    if within is None:
        return _open_folder(os.path.dirname(os.path.abspath(path)), make)
    root = os.path.abspath(within)
    inner = os.path.relpath(os.path.dirname(os.path.abspath(path)), root)
    if inner == os.pardir or inner.startswith(os.pardir + os.sep):
        raise UnsafeWriteError("lies outside the vault; not written", path=path, rule="symlink")
    folder = _open_folder(root, make)
    walked = ""
    for name in () if inner == os.curdir else inner.split(os.sep):
        if folder is None:
            return None
        walked = os.path.join(walked, name)
        folder = _step_into(folder, name, make, path, walked)
    return folder


def _made_parent(path: Path, within: Path | None) -> int:
    folder = _open_parent(path, within, make=True)
    assert folder is not None  # made when missing
    return folder


def _open_folder(folder: str, make: bool) -> int | None:
    """A folder opened by its path, links followed: the vault's own path may hold some."""
    try:
        if make:
            os.makedirs(folder, exist_ok=True)
        return os.open(folder, _FOLDER_FLAGS)
    except FileNotFoundError:
        if make:
            raise WriteError(
                "cannot write: its folder vanished", path=folder, rule="write-failed"
            ) from None
        return None
    except OSError as exc:
        raise _os_error(exc, Path(folder)) from None


def _step_into(parent: int, name: str, make: bool, path: Path, shown: str) -> int | None:
    """The folder `name` in the open folder `parent` (closed here), never through a link;
    `shown` is the folder as the vault names it."""
    try:
        try:
            return os.open(name, _FOLDER_FLAGS | os.O_NOFOLLOW, dir_fd=parent)
        except FileNotFoundError:
            if not make:
                return None
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, dir_fd=parent)  # never follows a link put there meanwhile
        return os.open(name, _FOLDER_FLAGS | os.O_NOFOLLOW, dir_fd=parent)
    except OSError as exc:
        raise _refusal(exc, parent, name, path, shown) from None
    finally:
        os.close(parent)


def _refusal(exc: OSError, parent: int, name: str, path: Path, shown: str) -> VaultkitError:
    """Why the folder `name` on the way to `path` could not be opened: a link, or an OS error."""
    try:
        linked = stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode)
    except OSError:
        linked = False
    if not linked:
        return _os_error(exc, path)
    return UnsafeWriteError(
        f"its folder {shown} is a symbolic link, which could lead outside the vault; not written",
        path=path,
        rule="symlink",
    )


def _mode_in(folder: int, path: Path, within: Path | None) -> int | None:
    """The permission bits of the file `path` in the open `folder`, None when it is new; a
    symbolic link or anything but a regular file is refused."""
    try:
        mode = os.stat(_name_of(path), dir_fd=folder, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _os_error(exc, path) from None
    if stat.S_ISLNK(mode):
        raise UnsafeWriteError(
            "is a symbolic link; vaultkit reads through it but never replaces it",
            path=path,
            rule="symlink",
        )
    if not stat.S_ISREG(mode):
        shown = os.path.relpath(path, within) if within is not None else path
        raise not_a_file(shown, mode, "not replaced (move it away)")
    return stat.S_IMODE(mode)


def _existing(folder: int, path: Path, within: Path | None) -> tuple[int, str] | None:
    """The permission bits and digest of the file `path` in the open `folder`, read without
    following a link; None when there is none. A link or anything but a regular file is
    refused."""
    mode = _mode_in(folder, path, within)
    if mode is None:
        return None
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(_name_of(path), flags, dir_fd=folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _os_error(exc, path) from None
    kind = os.fstat(fd).st_mode
    if not stat.S_ISREG(kind):  # replaced since it was looked at
        os.close(fd)
        raise not_a_file(path, kind, "not replaced (move it away)")
    with os.fdopen(fd, "rb") as handle:
        return mode, digest(handle.read())


def _replace_in(folder: int, path: Path, data: bytes, mode: int | None) -> None:
    """Write `data` to a temp file in the open `folder` and rename it over `path`'s name; the
    new file keeps `mode` (the old file's), else the umask's."""
    name = _name_of(path)
    temp, fd = _temp_file(folder, name, path, 0o666 if mode is None else 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)
        raise _os_error(exc, path) from None
    if _deferred_dirs is not None:
        _deferred_dirs.add(path.parent)
    else:
        _sync_folder(folder)


def _temp_file(folder: int, name: str, path: Path, mode: int) -> tuple[str, int]:
    """A new temp file `.name.RANDOM.tmp` in the open `folder` (`mode` less the umask): its
    name and an fd to write."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(_TEMP_TRIES):
        temp = f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            return temp, os.open(temp, flags, mode, dir_fd=folder)
        except FileExistsError:
            continue
        except OSError as exc:
            raise _os_error(exc, path) from None
    raise WriteError("cannot write: no free temp file name", path=path, rule="write-failed")


def _name_of(path: Path) -> str:
    return os.path.basename(os.path.abspath(path))


def _sync_folder(folder: int) -> None:
    with contextlib.suppress(OSError):
        os.fsync(folder)


def save_copy(folder: Path, name: str, data: bytes) -> Path:
    """Keep `data` as `folder/name` (atomically; an identical copy is left as it is)."""
    path = folder / name
    if file_digest(path) != digest(data):
        write_bytes_atomic(path, data)
    return path


def fsync_dir(directory: Path) -> None:
    """Flush a directory entry (a rename) to disk where the platform allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temp_files(paths: Iterable[str]) -> int:
    """Delete temp files a killed run left behind (`.name.xxxx.tmp`, found by the scan in the
    folders whose mtime moved: `files.listing`); returns how many."""
    removed = 0
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)
            removed += 1
    return removed


def _os_error(exc: OSError, path: Path) -> WriteError:
    reasons = {
        errno.ENOSPC: "disk full",
        errno.EROFS: "read-only file system",
        errno.EACCES: "permission denied",
    }
    reason = reasons.get(exc.errno or 0, exc.strerror or str(exc))
    return WriteError(f"cannot write: {reason}", path=path, rule="write-failed")

"""The only place that writes into the vault: atomic replace, and refusal when a file changed."""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from vaultkit.errors import DirtyFileError, NotAFileError, UnsafeWriteError, WriteError


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
    `False` (the default) skips the guard. `within` is the vault: a path that is a symbolic link,
    or whose real folder lies outside it, is refused (UnsafeWriteError): a rename would replace
    the link with a copy, and a linked folder would be written outside the vault.
    """
    check_safe_target(path, within)
    data = text.encode("utf-8")
    current = file_digest(path)
    if expected is not False and current != expected:
        raise DirtyFileError(
            "changed on disk since it was read; not overwritten (run again)",
            path=path,
            rule="dirty-file",
        )
    if current == digest(data):
        return False
    write_bytes_atomic(path, data)
    return True


def remove_file(path: Path, *, expected: str, within: Path) -> None:
    """Remove a file vaultkit wrote, when it still holds what was read (digest `expected`):
    a file changed since is DirtyFileError and stays; a link or a path outside is refused."""
    check_safe_target(path, within)
    if file_digest(path) != expected:
        raise DirtyFileError(
            "changed on disk since it was read; not removed", path=path, rule="dirty-file"
        )
    try:
        path.unlink()
    except OSError as exc:
        raise _os_error(exc, path) from None
    fsync_dir(path.parent)


def check_safe_target(path: Path, within: Path | None) -> None:
    """Refuse a write that would replace a symbolic link or anything but a regular file (a
    folder, a named pipe), or land outside `within` (if given)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG  # a new file
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
    if within is None:
        return
    # realpath resolves the folders that exist and keeps the rest (still to be made) as named
    root, real = _real(os.fspath(within)), _real(os.fspath(path.parent))
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        raise UnsafeWriteError(
            f"lies outside the vault (its folder is {real}); not written",
            path=path,
            rule="symlink",
        )


@functools.lru_cache(maxsize=256)
def _real(folder: str) -> str:
    # Cached for the process (one command): a sync writes thousands of files into a few folders.
    return os.path.realpath(folder)


def is_inside(path: Path, root: Path) -> bool:
    """Whether `path` is a regular entry whose real location lies below `root`'s."""
    try:
        check_safe_target(path, root)
    except UnsafeWriteError:
        return False
    return True


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves either the old or the new file."""
    import tempfile  # here: a run that only reads never loads it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _os_error(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, _mode_of(path))
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _os_error(exc, path) from None
    if _deferred_dirs is not None:
        _deferred_dirs.add(path.parent)
    else:
        fsync_dir(path.parent)


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


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _os_error(exc: OSError, path: Path) -> WriteError:
    reasons = {
        errno.ENOSPC: "disk full",
        errno.EROFS: "read-only file system",
        errno.EACCES: "permission denied",
    }
    reason = reasons.get(exc.errno or 0, exc.strerror or str(exc))
    return WriteError(f"cannot write: {reason}", path=path, rule="write-failed")

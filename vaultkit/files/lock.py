"""One run at a time per vault: an advisory lock in `.vaultkit/`."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from vaultkit.errors import LockedError


@contextlib.contextmanager
def vault_lock(state_dir: Path) -> Iterator[None]:
    """Hold the vault's lock for the block; a second run gets LockedError at once, not a wait."""
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / "lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "another process"
            raise LockedError(
                f"another vaultkit run (pid {holder}) is working on this vault; try again later",
                path=path,
                rule="locked",
            ) from None
        with contextlib.suppress(OSError):  # who holds it, for the message: a full disk may refuse
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        os.close(fd)  # closing releases the lock, also when the process is killed

"""One run at a time per vault: an advisory lock in `.vaultkit/`.

A run that finds the lock held waits a little (`SHORT_HOLD`) before it gives up: the MCP
server's writes (`remember`, `save_transcript`) hold it for a fraction of a second, and a cron
job's sync that met one of them should not fail for it. A long holder (another sync) is still
reported in one line, after that wait.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from vaultkit.errors import LockedError

SHORT_HOLD = 5.0  # seconds a run waits for the lock before it says another run holds it
_FIRST_PAUSE, _LONGEST_PAUSE = 0.02, 0.25
_in_process = threading.Lock()  # the vault's lock is per open file: one writer thread at a time


@contextlib.contextmanager
def vault_lock(state_dir: Path, *, wait: float = SHORT_HOLD) -> Iterator[None]:
    """Hold the vault's lock for the block. Held by another process, it is tried again for up to
    `wait` seconds (0: not at all), then LockedError names the holder's pid."""
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / "lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _take(fd, wait):
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "another process"
            waited = f"; waited {wait:g} s" if wait > 0 else ""
            raise LockedError(
                f"another vaultkit run (pid {holder}) is working on this vault{waited}; "
                "try again later",
                path=path,
                rule="locked",
            )
        with contextlib.suppress(OSError):  # who holds it, for the message: a full disk may refuse
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        os.close(fd)  # closing releases the lock, also when the process is killed


def _take(fd: int, wait: float) -> bool:
    """Lock `fd`, trying again with growing pauses until `wait` seconds have passed."""
    deadline = time.monotonic() + wait
    pause = _FIRST_PAUSE
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(pause, left))
            pause = min(pause * 2, _LONGEST_PAUSE)


@contextlib.contextmanager
def writer_lock(state_dir: Path, *, timeout: float) -> Iterator[None]:
    """Hold the vault's lock for a writer that runs in threads (the MCP server's tools): one
    thread of this process at a time, then the lock other processes (a sync) take, all within
    `timeout` seconds."""
    deadline = time.monotonic() + timeout
    if not _in_process.acquire(timeout=timeout):
        raise LockedError("another write is still running; try again", rule="locked")
    try:
        with vault_lock(state_dir, wait=max(0.0, deadline - time.monotonic())):
            yield
    finally:
        _in_process.release()

"""One run at a time per vault; a short holder is waited for, a long one named."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from vaultkit.errors import LockedError
from vaultkit.files.lock import vault_lock


def test_a_second_holder_is_refused_and_the_lock_frees_after(tmp_path: Path) -> None:
    with (
        vault_lock(tmp_path),
        pytest.raises(LockedError, match=r"another vaultkit run \(pid \d+\)"),
        vault_lock(tmp_path, wait=0),
    ):
        pass
    with vault_lock(tmp_path, wait=0):
        assert (tmp_path / "lock").read_text().isdigit()


def test_a_holder_that_lets_go_within_the_wait_is_waited_for(tmp_path: Path) -> None:
    holder = _hold_in_another_process(tmp_path, seconds=0.6)
    started = time.monotonic()
    with vault_lock(tmp_path, wait=5.0):
        waited = time.monotonic() - started
    holder.wait(timeout=10)
    assert 0.2 < waited < 5.0


def test_a_holder_that_stays_is_reported_after_the_wait(tmp_path: Path) -> None:
    holder = _hold_in_another_process(tmp_path, seconds=5.0)
    try:
        started = time.monotonic()
        with pytest.raises(LockedError, match=r"waited 0\.5 s"), vault_lock(tmp_path, wait=0.5):
            pass
        assert 0.5 <= time.monotonic() - started < 3.0
    finally:
        holder.kill()
        holder.wait()


def _hold_in_another_process(state_dir: Path, seconds: float) -> subprocess.Popen[str]:
    """A process that takes the lock, says so on stdout, and holds it for `seconds`."""
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from vaultkit.files.lock import vault_lock\n"
        "with vault_lock(Path(sys.argv[1]), wait=0):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(float(sys.argv[2]))\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", script, str(state_dir), str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_sync_waits_for_a_short_write_instead_of_failing(workspace: Path) -> None:
    """As a cron job's sync meeting the MCP server's `remember`: a second later it runs."""
    holder = _hold_in_another_process(workspace / "vault" / ".vaultkit", seconds=1.0)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "vaultkit",
            "sync",
            "--config",
            str(workspace / "memory_config.json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    holder.wait(timeout=10)
    assert done.returncode == 0, done.stderr
    assert "locked" not in done.stderr

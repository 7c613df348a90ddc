"""How a `vaultkit` process ends: at once after its command (no interpreter teardown), with its
output, its exit handlers and its status as a normal exit gives them."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import atexit, sys; atexit.register(lambda: print('handler ran')); "
        f"sys.argv = ['vaultkit', *{list(args)!r}]; "
        "from vaultkit.cli import main; main()"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_a_command_s_output_and_the_exit_handlers_come_out() -> None:
    done = _run("--version")
    assert done.returncode == 0
    assert done.stdout == "vaultkit 0.1.0\nhandler ran\n"


@pytest.mark.parametrize(("args", "status"), [(["search", "--bogus"], 2), ([], 2)])
def test_the_exit_status_is_the_command_s(args: list[str], status: int) -> None:
    done = _run(*args)
    assert done.returncode == status
    assert done.stdout.endswith("handler ran\n")


def test_a_thread_still_running_is_waited_for() -> None:
    code = (
        "import sys, threading, time; "
        "threading.Thread(target=lambda: (time.sleep(0.3), print('thread done'))).start(); "
        "sys.argv = ['vaultkit', '--version']; from vaultkit.cli import main; main()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["vaultkit 0.1.0", "thread done"]


def test_an_interrupted_run_ends_though_a_thread_would_never_end() -> None:
    """After Ctrl-C (130) the process ends at once: a worker thread stuck on a lock that the
    interrupt left taken (as `concurrent.futures.wait` can leave a future's) is not joined."""
    code = (
        "import threading; from vaultkit.cli import _end; stuck = threading.Lock(); "
        "stuck.acquire(); threading.Thread(target=stuck.acquire).start(); _end(130)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert done.returncode == 130

"""ordered_map: the same results in the same order as map, from other processes, and a failing
item raises in the caller as itself.

The forked path runs in a fresh interpreter (`python -m tests.core.forked CHECK`): a test
process may hold other threads (a browser's, a server's), and a process with threads never
forks (`vaultkit.parallel`), which `test_a_process_with_threads_works_alone` shows.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.conftest import REPO
from tests.core import forked
from vaultkit import parallel


@pytest.mark.parametrize("check", sorted(forked.CHECKS))
def test_forked(check: str) -> None:
    env = {**os.environ, "VAULTKIT_WORKERS": "2"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.core.forked", check],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{check}: ok"


def test_few_items_or_one_worker_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    pids = {pid for _, pid in parallel.ordered_map(forked.square_and_pid, range(5))}
    assert pids == {os.getpid()}
    monkeypatch.setenv("VAULTKIT_WORKERS", "1")
    pids = {pid for _, pid in parallel.ordered_map(forked.square_and_pid, range(500))}
    assert pids == {os.getpid()}


def test_a_process_with_threads_works_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTKIT_WORKERS", "2")
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    waiting.start()
    try:
        results = list(parallel.ordered_map(forked.square_and_pid, range(500)))
    finally:
        stop.set()
        waiting.join()
    assert [r for r, _ in results] == [n * n for n in range(500)]
    assert {pid for _, pid in results} == {os.getpid()}

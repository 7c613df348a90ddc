"""A sync killed with SIGKILL at any point leaves every file old or new; the next run repairs."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.pages.schema import read_marker
from vaultkit.sync.daily import sync

KILL_AFTER = (0.4, 0.7, 1.0, 1.4)


def slow_workspace(workspace: Path) -> Path:
    """The example workspace without summaries, paced so a run lasts long enough to be killed."""
    shutil.rmtree(workspace / "vault" / "memory" / "summaries", ignore_errors=True)
    config_path = workspace / "memory_config.json"
    data = json.loads(config_path.read_text())
    data["summarizer"]["pause"] = 0.08
    config_path.write_text(json.dumps(data))
    return config_path


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".vaultkit" not in p.parts
    }


@pytest.mark.parametrize("delay", KILL_AFTER)
def test_killed_sync_leaves_old_or_new_files(workspace: Path, delay: float) -> None:
    config_path = slow_workspace(workspace)
    vault = workspace / "vault"
    before = snapshot(vault)
    proc = subprocess.Popen(
        [sys.executable, "-m", "vaultkit", "sync", "--config", str(config_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    config = load_config(config_path)
    for name, data in snapshot(vault).items():
        if name.endswith(".summary.md"):
            marker = read_marker(data.decode())
            assert marker is not None and marker.pristine, f"{name} is half-written"
        elif name in before and not name.endswith("MEMORY_INDEX.md"):
            old = before[name].decode()
            new = data.decode()
            assert new == old or new.endswith(old), f"{name} lost content"
    report = sync(config)
    assert report.ok
    assert not list(vault.rglob(".*.tmp"))
    assert sync(config).changes == []
    days = {p.stem for p in config.memory_dir.glob("????-??-??.md")}
    made = {p.name[:10] for p in config.summaries_dir.glob("*.summary.md")}
    assert made == days

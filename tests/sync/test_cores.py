"""A first sync on every core writes what it writes on one: the same summaries, links and notes,
byte for byte, and the same search index. Reading files, summarizing days and analysing a day's
text run in forked workers (`vaultkit.parallel`); relating and every write stay in order.

Each sync is the real command in a fresh interpreter (a test process may hold threads, and a
process with threads never forks), with the pools it started counted.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from tests.conftest import REPO, tree_hashes

# Run `vaultkit sync --json`, counting the worker pools made; prints the count last.
SYNC = """
import atexit
import concurrent.futures
import sys
made = []
real = concurrent.futures.ProcessPoolExecutor
def pool(*args, **kwargs):
    made.append(args)
    return real(*args, **kwargs)
concurrent.futures.ProcessPoolExecutor = pool
atexit.register(lambda: print(len(made)))
sys.argv = ["vaultkit", "sync", "--json", "--config", sys.argv[1]]
from vaultkit.cli import main
main()
"""
EARLIER = timedelta(days=60)  # the example's notes again, two months before: 36 days in all


def workspace(root: Path) -> Path:
    """The example vault's notes and chats twice over, no summary yet."""
    root.mkdir()
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "vault", root / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
    memory = root / "vault" / "memory"
    shutil.rmtree(memory / "summaries")
    for note in sorted(memory.glob("????-??-??.md")):
        earlier = (date.fromisoformat(note.stem) - EARLIER).isoformat()
        shutil.copy(note, memory / f"{earlier}.md")
        chats = memory / "chats" / note.stem
        if chats.is_dir():
            shutil.copytree(chats, memory / "chats" / earlier)
    return root / "memory_config.json"


def first_sync(root: Path, workers: int) -> dict[str, object]:
    config = workspace(root)
    env = {**os.environ, "VAULTKIT_WORKERS": str(workers), "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-c", SYNC, str(config)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report, pools = done.stdout.rsplit("\n", 2)[:2]
    found = json.loads(report)
    assert found["ok"] and not found["failed"]
    return {
        "pools": int(pools),
        "changes": found["changes"],
        "files": tree_hashes(root),
        "index": index_rows(root / "vault" / ".vaultkit" / "index.sqlite"),
    }


def index_rows(path: Path) -> dict[str, list[str]]:
    """The index's BM25 and day rows (the file rows hold each copy's own mtimes and inodes)."""
    db = sqlite3.connect(path)
    tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    rows = {}
    for table in sorted(t for t in tables if t.startswith("rk_") or t == "days"):
        found = db.execute(f"SELECT * FROM {table}").fetchall()
        if table == "rk_turns":  # its `terms` column is a set, written in hash order
            found = [(*r[:3], sorted(r[3].split()), *r[4:]) for r in found]
        rows[table] = sorted(map(repr, found))
    db.close()
    return rows


def test_every_core_writes_what_one_core_writes(tmp_path: Path) -> None:
    one = first_sync(tmp_path / "one", 1)
    two = first_sync(tmp_path / "two", 2)
    # The notes' facts, the days' drafts and the index's days (the chats and summaries are
    # fewer than a pool is worth); none on one worker.
    assert (one.pop("pools"), two.pop("pools")) == (0, 3)
    summarized = [c for c in one["changes"] if c["action"] == "created"]  # type: ignore[attr-defined]
    assert len([c for c in summarized if c["path"].startswith("memory/summaries/")]) == 36
    assert one == two

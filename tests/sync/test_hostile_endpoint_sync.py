"""`vaultkit sync` with the openai summarizer against a server that trickles, floods, nests and
lies, on 127.0.0.1: a day fails in one line, the run ends in bounded time and memory, and the
next run completes the vault."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.fixtures.llm_server import Reply, chat, deep, flood, trickled
from tests.fixtures.workspaces import GOOD, llm_workspace


def summaries(workspace: Path) -> list[str]:
    folder = workspace / "vault" / "memory" / "summaries"
    return sorted(p.name for p in folder.glob("*.summary.md")) if folder.exists() else []


def test_a_trickling_llm_fails_its_days_by_the_deadline_and_frees_the_lock(
    workspace: Path, cli, llm_server
) -> None:
    config = llm_workspace(workspace, llm_server.url, days=2)  # timeout 0.5 s, 1 retry
    # ~420 bytes a byte each 50 ms: 21 s an answer, no read ever waiting 0.5 s
    llm_server.reply(*[trickled(chat(GOOD), every=0.05) for _ in range(4)])
    run = [sys.executable, "-m", "vaultkit", "sync", "--config", str(config), "--json"]
    started = time.monotonic()
    process = subprocess.Popen(run, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    took = time.monotonic() - started
    assert process.returncode == 1, stderr
    assert "Traceback" not in stderr
    failed = json.loads(stdout)["failed"]
    assert [f["what"] for f in failed] == ["2026-07-01", "2026-07-02"]
    assert all(
        f["error"].endswith("failed after 2 attempts: timed out after 0.5 s") for f in failed
    )
    # per day: 2 attempts of 0.5 s and a 0.5 s pause; the rest is starting Python
    assert took < 2 * 1.5 + 10, took
    assert len(llm_server.requests) == 4

    llm_server.reply(chat(GOOD), chat(GOOD))  # the lock was let go: the next run completes
    again = cli("sync", "--config", config)
    assert again.exit_code == 0, again.stderr
    assert len(summaries(workspace)) == 2


def test_a_flooding_llm_is_read_to_the_cap_and_stops_the_run(
    workspace: Path, cli, llm_server
) -> None:
    config = llm_workspace(workspace, llm_server.url, days=5)
    llm_server.reply(
        flood(300 << 20),  # says 300 MiB: refused unread
        flood(300 << 20, declared=False),  # no length: read to 8 MiB, no further
        flood(64 << 20, declared=False),
    )
    result = cli("sync", "--config", config, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [f["what"] for f in report["failed"]] == ["2026-07-01", "2026-07-02", "2026-07-03"]
    assert all(
        f["error"].endswith("failed: answer larger than 8 MiB (summarizer.max_answer_bytes)")
        for f in report["failed"]
    )
    assert report["untried"] == ["2026-07-04", "2026-07-05"]  # not downloaded again and again
    assert len(llm_server.requests) == 3  # no retry of an answer too large
    assert "stopped: the summarizer endpoint failed on 3 days in a row" in result.stderr
    assert summaries(workspace) == []


def test_hostile_json_fails_only_its_day(workspace: Path, cli, llm_server) -> None:
    config = llm_workspace(workspace, llm_server.url, days=5)
    llm_server.reply(
        chat(deep(100_000)),  # 07-01: the message's JSON nested 100,000 deep
        chat({**GOOD, "importance": int("7" * 4000)}),  # 07-02: 4,000 digits: read, refused
        chat('{"importance": ' + "7" * 5000 + "}"),  # 07-03: 5,000 digits
        Reply(body='{"choices": ' + deep(100_000) + "}"),  # 07-04: the response itself
        chat(GOOD),  # 07-05
    )
    result = cli("sync", "--config", config, "--json")
    assert result.exit_code == 1
    assert "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    failed = {f["what"]: f["error"] for f in report["failed"]}
    assert sorted(failed) == ["2026-07-01", "2026-07-03", "2026-07-04"]
    assert "JSON that cannot be read: nested too deeply" in failed["2026-07-01"]
    # 07-02's importance is read, refused as out of range, and the offline reading's is written
    warned = [w["warning"] for w in report["warnings"] if w["what"] == "2026-07-02"]
    assert any(w.startswith("importance: 77777") and "the offline reading's" in w for w in warned)
    assert "JSON that cannot be read: a number too long" in failed["2026-07-03"]
    assert "answered with JSON it cannot read: nested too deeply" in failed["2026-07-04"]
    assert all("\n" not in error for error in failed.values())
    assert summaries(workspace) == ["2026-07-02.summary.md", "2026-07-05.summary.md"]

    llm_server.reply(*[chat(GOOD) for _ in range(4)])
    assert cli("sync", "--config", config).exit_code == 0
    assert len(summaries(workspace)) == 5

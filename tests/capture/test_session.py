"""`vaultkit hook claude-code`, the real command as Claude Code calls it: JSON on stdin, nothing
on stdout, exit 0 whatever happens, one transcript per session however often it is seen."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from tests.fixtures.terminal import environment
from vaultkit.config import load_config
from vaultkit.files.lock import vault_lock
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

SESSION = "5f0c2a9e-1b7d-4c51-9a0e-3d6f8b2e4a17"
KEY = "sk-proj-" + "Q7mZ2xV9pL4kT8rW1nB6" + "cY3hJ5dF0gS"  # pieces: no scanner flags this file


def line(kind: str, words: str, at: str) -> str:
    message = {
        "role": kind,
        "content": words if kind == "user" else [{"type": "text", "text": words}],
    }
    return json.dumps({"type": kind, "message": message, "timestamp": at, "sessionId": SESSION})


def hook(workspace: Path, payload: object, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "vaultkit",
            "hook",
            "claude-code",
            "--config",
            str(workspace),
            *extra,
        ],
        input=payload if isinstance(payload, str) else json.dumps(payload),
        capture_output=True,
        text=True,
        env=environment(),
        cwd=workspace.parent,
        timeout=120,
    )


def event(transcript: Path, name: str) -> dict[str, str]:
    return {
        "session_id": SESSION,
        "transcript_path": str(transcript),
        "cwd": "/project",
        "hook_event_name": name,
    }


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    path = tmp_path / f"{SESSION}.jsonl"
    path.write_text(
        line(
            "user", "Gw mau migrasi Postgres 16 minggu ini, key-nya " + KEY, "2026-07-11T16:50:00Z"
        )
        + "\n"
        + line("assistant", "Siap. Dump dulu, lalu pg_upgrade.", "2026-07-11T16:51:00Z")
        + "\n"
    )
    return path


def chats(workspace: Path) -> dict[str, str]:
    """The transcripts captured (named with their key's tag)."""
    hashes = tree_hashes(workspace / "vault")
    return {k: v for k, v in hashes.items() if re.search(r"/chats/.*-[0-9a-f]{10}\.md$", k)}


def test_a_session_seen_twice_is_one_transcript_holding_all_its_lines(
    workspace: Path, transcript: Path
) -> None:
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    data["capture"] = {"time_zone": "Asia/Jakarta"}  # 16:50 UTC is 23:50 in Jakarta
    config.write_text(json.dumps(data))
    first = hook(workspace, event(transcript, "PreCompact"))
    assert (first.returncode, first.stdout, first.stderr) == (0, "", "")
    with transcript.open("a") as file:  # the session goes on past midnight
        file.write(line("user", "Replica-nya gimana?", "2026-07-11T17:10:00Z") + "\n")
    second = hook(workspace, event(transcript, "SessionEnd"))
    assert (second.returncode, second.stdout, second.stderr) == (0, "", "")
    [(path, _)] = chats(workspace).items()
    assert path.startswith("memory/chats/2026-07-11/gw-mau-migrasi-postgres-16-minggu-ini")
    text = (workspace / "vault" / path).read_text()
    assert text.count("Me: ") == 2 and "Claude: Siap. Dump dulu, lalu pg_upgrade." in text
    assert "Me: Replica-nya gimana?" in text and "[REDACTED:openai]" in text
    again = hook(workspace, event(transcript, "SessionEnd"))
    assert again.returncode == 0 and chats(workspace) == {path: chats(workspace)[path]}


def test_no_secret_reaches_any_file_under_the_vault(workspace: Path, transcript: Path) -> None:
    assert hook(workspace, event(transcript, "SessionEnd")).returncode == 0
    loaded = load_config(workspace / "memory_config.json")
    assert sync(loaded).ok
    hits = search(loaded, "migrasi Postgres 16 pg_upgrade", top_k=3)
    assert [h.date.isoformat() for h in hits.hits][:1] == ["2026-07-11"]
    leaked = [
        str(p)
        for p in (workspace / "vault").rglob("*")
        if p.is_file() and KEY[8:20].encode() in p.read_bytes()
    ]
    assert leaked == []  # the index, the catalog and the summaries in .vaultkit/ included


@pytest.mark.parametrize(
    ("payload", "said"),
    [
        ("not json", "vaultkit hook: "),
        (
            {"session_id": "../../x", "transcript_path": "t", "hook_event_name": "SessionEnd"},
            "session",
        ),
        (
            {"session_id": SESSION, "transcript_path": "/nowhere.jsonl", "hook_event_name": "Stop"},
            "nowhere",
        ),
    ],
)
def test_a_bad_call_never_fails_the_assistant(workspace: Path, payload: object, said: str) -> None:
    before = tree_hashes(workspace / "vault")
    done = hook(workspace, payload)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.startswith("vaultkit hook: ") and said in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    log = load_config(workspace).state_dir / "logs" / "hook.log"
    assert said in log.read_text()
    assert {k: v for k, v in tree_hashes(workspace / "vault").items() if "logs/" not in k} == {
        k: v for k, v in before.items() if "logs/" not in k
    }


def test_a_vault_with_no_config_still_exits_0(tmp_path: Path, transcript: Path) -> None:
    done = hook(tmp_path / "nothing", event(transcript, "SessionEnd"))
    assert (done.returncode, done.stdout) == (0, "")
    assert "no workspace config found" in done.stderr


def test_a_busy_vault_keeps_the_session_for_the_next_call(
    workspace: Path, transcript: Path, tmp_path: Path
) -> None:
    state = load_config(workspace / "memory_config.json").state_dir
    with vault_lock(state, wait=0):
        busy = hook(workspace, event(transcript, "PreCompact"))
    assert (busy.returncode, busy.stdout) == (0, "")
    assert "pending" in busy.stderr and chats(workspace) == {}
    other = tmp_path / "other.jsonl"
    other.write_text(line("user", "Standup notes: rollout ok", "2026-07-12T02:00:00Z") + "\n")
    payload = event(other, "SessionEnd") | {"session_id": "other-session"}
    assert hook(workspace, payload).returncode == 0
    assert len(chats(workspace)) == 2  # this session, and the one left pending
    assert not list((state / "hooks" / "pending").iterdir())

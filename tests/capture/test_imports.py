"""`vaultkit import chatgpt|claude PATH`, the real command in a pipe and on a terminal: what
it writes, that again it writes nothing, and that search then finds a conversation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import tree_hashes
from tests.fixtures.exports import (
    chatgpt_conversation,
    claude_conversation,
    write_export,
)
from tests.fixtures.terminal import on_terminal, piped
from vaultkit.config import load_config
from vaultkit.lint import lint_vault
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

DEPLOY = [
    ("user", "Gw mau deploy payment gateway hari Jumat, aman ga?"),
    ("assistant", "Aman kalau ada rollback plan dan feature flag."),
    ("user", "Oke, gw siapin feature flag-nya sama Sari."),
]
AWS_KEY = "AKIA" + "IOSFODNN" + "EXAMPLE7Q"[:8]  # pieces: no scanner flags this file
MIDNIGHT = [
    ("user", "Can you help me plan the Zanzibar snorkeling trip?"),
    ("assistant", "Sure: book the Mnemba atoll boat early."),
]


@pytest.fixture
def jakarta(workspace: Path) -> Path:
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    data["capture"] = {"time_zone": "Asia/Jakarta"}
    config.write_text(json.dumps(data))
    return workspace


def chatgpt_export(folder: Path, *, broken: bool = False, grown: bool = False) -> Path:
    deploy = DEPLOY + ([("assistant", "Jangan lupa kabari tim CS.")] if grown else [])
    conversations: list[Any] = [
        chatgpt_conversation(
            "c-deploy", "Deploy Jumat", "2026-07-11T09:00:00+07:00", deploy, dead_branch=True
        ),
        chatgpt_conversation(
            "c-trip", None, "2026-07-11T23:30:00+07:00", MIDNIGHT, dead_branch=False
        ),
    ]
    if broken:
        conversations.insert(1, {"id": "c-broken", "title": "Rusak", "mapping": "nope"})
    return write_export(folder, conversations, as_zip=True)


def captured(workspace: Path) -> dict[str, str]:
    hashes = tree_hashes(workspace / "vault")
    return {k: v for k, v in hashes.items() if re.search(r"/chats/.*-[0-9a-f]{10}\.md$", k)}


def test_an_export_becomes_a_transcript_a_conversation(jakarta: Path, tmp_path: Path) -> None:
    export = chatgpt_export(tmp_path / "dl", broken=True)
    done = piped(["import", "chatgpt", str(export), "--config", str(jakarta)], jakarta)
    assert done.returncode == 1  # one conversation was skipped
    [skipped] = [line for line in done.stderr.splitlines() if "skipped" in line]
    assert "conversation 2" in skipped and "Traceback" not in done.stderr
    assert "wrote 2 transcripts; 0 already there" in done.stderr + done.stdout
    files = sorted(captured(jakarta))
    assert [f.split("/")[2] for f in files] == ["2026-07-11", "2026-07-11"]  # 23:30 stays
    deploy = next(f for f in files if "deploy-jumat" in f)
    text = (jakarta / "vault" / deploy).read_text()
    assert text.startswith("↑ [[2026-07-11]] | Daily Note\n\n# Chat: Deploy Jumat\n\n")
    assert "Me: Gw mau deploy payment gateway" in text and "ChatGPT: Aman kalau" in text
    assert "versi lama" not in text and "jawaban lama" not in text  # the dead branch
    assert "You are ChatGPT" not in text and "search results" not in text
    assert (jakarta / "vault" / "memory" / "2026-07-11.md").is_file()


def test_importing_again_changes_no_byte(jakarta: Path, tmp_path: Path) -> None:
    export = chatgpt_export(tmp_path / "dl")
    assert piped(["import", "chatgpt", str(export), "-c", str(jakarta)], jakarta).returncode == 0
    before = tree_hashes(jakarta / "vault")
    again = piped(["import", "chatgpt", str(export), "-c", str(jakarta)], jakarta)
    assert again.returncode == 0 and "wrote 0 transcripts; 2 already there" in again.stderr
    assert tree_hashes(jakarta / "vault") == before


def test_a_grown_conversation_is_updated_and_an_edited_one_left(
    jakarta: Path, tmp_path: Path
) -> None:
    piped(["import", "chatgpt", str(chatgpt_export(tmp_path / "a")), "-c", str(jakarta)], jakarta)
    trip = next(jakarta / "vault" / f for f in captured(jakarta) if "zanzibar" in f)
    trip.write_text(trip.read_text() + "\nMy note: bring the reef-safe sunscreen.\n")
    edited = trip.read_text()
    later = chatgpt_export(tmp_path / "b", grown=True)
    done = piped(["import", "chatgpt", str(later), "-c", str(jakarta), "--json"], jakarta)
    assert done.returncode == 0
    states = {
        Path(c["path"]).name.split("-")[0]: c["state"]
        for c in json.loads(done.stdout)["conversations"]
    }
    assert states == {"deploy": "grown", "can": "edited"}
    assert trip.read_text() == edited
    assert "edited since it was imported (--replace rewrites it)" in done.stderr
    deploy = next(jakarta / "vault" / f for f in captured(jakarta) if "deploy" in f)
    assert deploy.read_text().endswith("ChatGPT: Jangan lupa kabari tim CS.\n")


def test_a_dry_run_lists_and_writes_nothing(jakarta: Path, tmp_path: Path) -> None:
    before = tree_hashes(jakarta / "vault")
    export = chatgpt_export(tmp_path / "dl")
    done = piped(["import", "chatgpt", str(export), "-c", str(jakarta), "--dry-run"], jakarta)
    assert done.returncode == 0 and "would write 2 transcripts" in done.stderr
    assert done.stdout.count("new") == 2
    assert tree_hashes(jakarta / "vault") == before


def test_claudes_export_in_its_folder_then_sync_and_search_find_it(
    jakarta: Path, tmp_path: Path
) -> None:
    export = write_export(
        tmp_path / "claude-export",
        [
            claude_conversation(
                "u-1",
                "Migrasi database",
                "2026-07-12T10:00:00+07:00",
                [
                    ("user", f"Kapan migrasi Postgres 16 selesai? AWS key gw {AWS_KEY}"),
                    ("assistant", "Rabu malam."),
                ],
            )
        ],
    ).parent
    done = piped(["import", "claude", str(export), "-c", str(jakarta)], jakarta)
    assert done.returncode == 0, done.stderr
    [path] = captured(jakarta)
    text = (jakarta / "vault" / path).read_text()
    assert "Claude: Rabu malam." in text and "hmm" not in text  # thinking is not said
    config = load_config(jakarta / "memory_config.json")
    assert sync(config).ok
    hits = search(config, "migrasi Postgres 16 selesai", top_k=3)
    # found beside the example vault's migration day, which tells the migration itself
    assert "2026-07-12" in [h.date.isoformat() for h in hits.hits]
    assert lint_vault(config).problems == ()
    assert "Claude" not in json.dumps([h.summary.people for h in hits.hits if h.summary])
    assert "AWS key gw [REDACTED:aws]" in text
    leaked = [
        p
        for p in (jakarta / "vault").rglob("*")
        if p.is_file() and AWS_KEY[4:].encode() in p.read_bytes()
    ]
    assert leaked == []  # .vaultkit/ (the index, the catalog) included


def test_on_a_terminal_it_shows_a_table_and_no_traceback(jakarta: Path, tmp_path: Path) -> None:
    export = chatgpt_export(tmp_path / "dl")
    code, shown, _ = on_terminal(["import", "chatgpt", str(export), "-c", str(jakarta)], jakarta)
    assert code == 0 and "Traceback" not in shown
    assert "2026-07-11" in shown and "wrote 2 transcripts" in shown


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{}", "not a JSON array"),
        ('[{"id": 1', "conversations.json"),
    ],
)
def test_a_broken_export_is_one_line(
    jakarta: Path, tmp_path: Path, content: str, said: str
) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(content)
    done = piped(["import", "chatgpt", str(path), "-c", str(jakarta)], jakarta)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_missing_export_is_a_usage_error(jakarta: Path, tmp_path: Path) -> None:
    done = piped(["import", "claude", str(tmp_path / "nowhere"), "-c", str(jakarta)], jakarta)
    assert done.returncode == 2 and "conversations.json" in done.stderr


def test_a_conversation_with_no_words_is_counted_not_written(jakarta: Path, tmp_path: Path) -> None:
    silent = chatgpt_conversation(
        "c-0", "Gambar", "2026-07-11T08:00:00+07:00", [], dead_branch=False
    )
    export = write_export(tmp_path / "dl", [silent])
    done = piped(["import", "chatgpt", str(export), "-c", str(jakarta), "--json"], jakarta)
    assert done.returncode == 0
    said = json.loads(done.stdout)
    assert (said["conversations"], said["empty"], captured(jakarta)) == ([], 1, {})


def test_a_conversation_dated_after_tomorrow_is_skipped(jakarta: Path, tmp_path: Path) -> None:
    future = chatgpt_conversation(
        "c-9", "Nanti", "2099-01-01T08:00:00+07:00", DEPLOY, dead_branch=False
    )
    export = write_export(tmp_path / "dl", [future])
    done = piped(["import", "chatgpt", str(export), "-c", str(jakarta)], jakarta)
    assert done.returncode == 1 and "starts in the future" in done.stderr
    assert captured(jakarta) == {} and not (jakarta / "vault/memory/2099-01-01.md").exists()

"""A new user's mistakes and odd files: one clear line, no traceback, nothing lost or hidden."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.search.search import search
from vaultkit.sync.daily import sync


def config_path(workspace: Path) -> Path:
    return workspace / "memory_config.json"


def test_init_on_a_file_is_one_line_and_exit_2(tmp_path: Path, cli) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("not a folder\n")
    result = cli("init", target)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "is not a folder" in result.stderr
    assert target.read_text() == "not a folder\n"


def test_init_with_a_broken_config_names_its_line(tmp_path: Path, cli) -> None:
    (tmp_path / "memory_config.json").write_text('{"vault": "v",\n  oops}\n')
    result = cli("init", tmp_path)
    assert result.exit_code == 2
    assert "memory_config.json:2: [config-json]" in result.stderr


def test_init_json_lists_what_it_created(tmp_path: Path, cli) -> None:
    result = cli("init", tmp_path / "ws", "--json")
    created = json.loads(result.stdout)["created"]
    assert any(p.endswith("memory_config.json") for p in created)
    assert any(p.endswith(".obsidian/graph.json") for p in created)
    again = cli("init", tmp_path / "ws", "--json")
    assert json.loads(again.stdout) == {"created": []}


def test_a_symlinked_note_is_read_through_and_never_replaced(
    workspace: Path, tmp_path: Path, cli
) -> None:
    outside = tmp_path / "elsewhere" / "2026-07-21.md"
    outside.parent.mkdir()
    text = "# 2026-07-21\n\n- Decided to move the Homelab backups to restic.\n"
    outside.write_text(text)
    link = workspace / "vault" / "memory" / "2026-07-21.md"
    link.symlink_to(outside)
    result = cli("sync", "--config", config_path(workspace))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and outside.read_text() == text  # no spine line written through it
    assert "skipped memory/2026-07-21.md: a symbolic link" in result.stderr
    summary = workspace / "vault" / "memory" / "summaries" / "2026-07-21.summary.md"
    assert "restic" in summary.read_text()  # read through the link
    outside.write_text(text + "- Rina checked the restore.\n")  # later edits at the target count
    again = cli("sync", "--config", config_path(workspace))
    assert "refreshed" in again.stdout and link.is_symlink()


def test_a_linked_chat_folder_is_not_walked_and_says_so(
    workspace: Path, tmp_path: Path, cli
) -> None:
    outside = tmp_path / "shared-chats"
    outside.mkdir()
    (outside / "call.md").write_text("Gading: the k8s upgrade is done\nRina: nice\n")
    (workspace / "vault" / "memory" / "chats" / "2026-07-20").symlink_to(outside)
    before = tree_hashes(outside)
    result = cli("sync", "--config", config_path(workspace))
    assert result.exit_code == 0, result.stderr
    assert tree_hashes(outside) == before
    assert "skipped memory/chats/2026-07-20: a symbolic link to a folder: not read" in result.stderr


def test_a_linked_transcript_is_read_but_never_written_outside_the_vault(
    workspace: Path, tmp_path: Path, cli
) -> None:
    outside = tmp_path / "call.md"
    outside.write_text("Gading: the capybara upgrade is done\nRina: nice\n")
    folder = workspace / "vault" / "memory" / "chats" / "2026-07-20"
    folder.mkdir()
    (folder / "call.md").symlink_to(outside)
    result = cli("sync", "--config", config_path(workspace))
    assert result.exit_code == 0, result.stderr
    assert outside.read_text().startswith("Gading:")  # no parent link written into it
    assert "skipped memory/chats/2026-07-20/call.md: a symbolic link" in result.stderr
    found = cli("search", "capybara", "--config", config_path(workspace), "--json")
    assert [r["date"] for r in json.loads(found.stdout)["results"]][:1] == ["2026-07-20"]


def test_a_symlinked_summary_fails_its_day_with_one_line(
    workspace: Path, tmp_path: Path, cli
) -> None:
    summaries = workspace / "vault" / "memory" / "summaries"
    target = tmp_path / "kept.summary.md"
    (summaries / "2026-07-06.summary.md").rename(target)
    (summaries / "2026-07-06.summary.md").symlink_to(target)
    target.write_text(target.read_text().replace("importance: 10", "importance: 99"))
    before = target.read_text()
    result = cli("sync", "--config", config_path(workspace), "--force")
    assert result.exit_code == 1
    assert "failed 2026-07-06:" in result.stderr and "symbolic link" in result.stderr
    assert target.read_text() == before


def test_an_invalid_byte_does_not_hide_the_day_from_search(workspace: Path, cli) -> None:
    note = workspace / "vault" / "memory" / "2026-07-09.md"
    note.write_bytes(note.read_bytes() + b"\nThe capybara runbook caf\xe9 is ready.\n")
    config = load_config(config_path(workspace))
    result = search(config, "capybara runbook", as_of=None)
    assert [h.date.isoformat() for h in result.hits][:1] == ["2026-07-09"]
    assert any("2026-07-09.md" in w and "replacement characters" in w for w in result.warnings)
    shown = cli("search", "capybara", "--config", config_path(workspace), "--rescan")
    assert shown.exit_code == 0
    synced = cli("sync", "--config", config_path(workspace))
    assert synced.exit_code == 1 and "failed 2026-07-09" in synced.stderr
    assert "not valid UTF-8" in synced.stderr


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("Rapat di 東京オフィス tentang migrasi.", "東京"),
        ("会議のメモ: 東京オフィス", "オフィス"),
        ("Встреча с командой в Москве.", "москве"),
        ("اجتماع الفريق في دبي", "دبي"),
        ("हिन्दी में नोट्स", "हिन्दी"),
        ("Rencana ke kafé Ubud", "kafe"),
    ],
)
def test_text_in_any_script_is_searchable(workspace: Path, text: str, query: str) -> None:
    note = workspace / "vault" / "memory" / "2026-07-09.md"
    note.write_text(note.read_text() + f"\n{text}\n")
    hits = search(load_config(config_path(workspace)), query, as_of=None, rescan=True).hits
    assert [h.date.isoformat() for h in hits][:1] == ["2026-07-09"]


def test_a_filter_no_day_has_says_the_closest_name(workspace: Path, cli) -> None:
    args = ["search", "redis", "--config", config_path(workspace)]
    result = cli(*args, "--person", "Gadin")
    assert result.exit_code == 0
    assert "warning: no day has the person 'Gadin' (did you mean 'Gading'?)" in result.stderr
    project = cli(*args, "--project", "Paymnts API", "--json")
    assert json.loads(project.stdout)["warnings"] == [
        "no day has the project 'Paymnts API' (did you mean 'Payments API'?)"
    ]
    known = cli(*args, "--person", "Fred")  # a nickname of a known person: no warning
    assert "warning" not in known.stderr


def test_an_alias_to_a_term_not_in_the_vocabulary_is_a_warning(workspace: Path, cli) -> None:
    path = config_path(workspace)
    data = json.loads(path.read_text())
    data["vocabulary"]["aliases"]["kube"] = "Kubernets"
    path.write_text(json.dumps(data))
    result = cli("lint", "--config", path)
    assert (
        "warning: memory_config.json: vocabulary.aliases.kube: 'Kubernets' is not in the "
        "vocabulary's lists (did you mean 'Kubernetes'?); the alias is ignored"
    ) in result.stderr


def test_as_of_is_the_vault_as_it_stood_that_day(workspace: Path, cli) -> None:
    config = load_config(config_path(workspace))
    sync(config)
    days = [h.date.isoformat() for h in search(config, "redis", top_k=20).hits]
    assert max(days) > "2026-07-10"
    earlier = search(config, "redis", top_k=20, as_of=load_day("2026-07-10"))
    assert earlier.hits and all(h.date.isoformat() <= "2026-07-10" for h in earlier.hits)
    assert all(0 < h.recency <= 1 for h in earlier.hits)
    recall = cli("recall", "redis", "--config", config_path(workspace), "--as-of", "2026-07-07")
    assert "2026-07-08" not in recall.stdout and "2026-07-06" in recall.stdout
    before = cli("search", "redis", "--config", config_path(workspace), "--as-of", "2026-06-01")
    assert before.exit_code == 0 and "no day matches" in before.stderr


def load_day(text: str) -> date:
    return date.fromisoformat(text)


def test_lint_says_a_linked_folder_is_not_walked(workspace: Path, tmp_path: Path, cli) -> None:
    (tmp_path / "elsewhere").mkdir()
    (workspace / "vault" / "memory" / "chats" / "2026-07-20").symlink_to(tmp_path / "elsewhere")
    result = cli("lint", "--config", config_path(workspace), "--json")
    problems = json.loads(result.stdout)["problems"]
    assert [(p["path"], p["rule"], p["severity"]) for p in problems] == [
        ("memory/chats/2026-07-20", "VK007", "warning")
    ]

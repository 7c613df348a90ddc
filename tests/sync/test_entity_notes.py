"""People's and projects' notes follow the summaries: a note no summary names and no note links
is removed when all of it is vaultkit's, and kept (said so, and linted) when part of it is yours."""

from __future__ import annotations

from pathlib import Path

from vaultkit.config import load_config
from vaultkit.lint import lint_vault
from vaultkit.pages.entities import Entity, render
from vaultkit.sync.daily import sync

PEOPLE = Path("vault/memory/people")


def _orphan(workspace: Path, name: str, own: str = "") -> Path:
    note = workspace / PEOPLE / f"{name}.md"
    note.write_text(render(Entity("person", name), None) + own)
    return note


def test_a_note_all_vaultkits_is_removed_once_no_summary_names_it(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    note = _orphan(workspace, "Redis")  # a name the summarizer once took for a person
    report = sync(config)
    assert not note.exists()
    assert ("memory/people/Redis.md", "removed") in {(c.path, c.action) for c in report.changes}
    assert not sync(config).changes


def test_a_note_with_something_of_yours_is_kept_said_and_linted(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    note = _orphan(workspace, "Joko", own="\nJoko moved to Surabaya; ask him about Ceph.\n")
    sync(config)
    text = note.read_text()
    assert text.endswith("Joko moved to Surabaya; ask him about Ceph.\n")
    assert "named in no summary now" in text
    found = [p for p in lint_vault(config).problems if p.path == "memory/people/Joko.md"]
    assert [p.rule for p in found] == ["VK508"]


def test_a_note_a_daily_note_links_stays(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    note = _orphan(workspace, "Mochi")
    day = workspace / "vault" / "memory" / "2026-07-20.md"
    day.write_text(day.read_text() + "\nFed [[Mochi]] before leaving.\n")
    sync(config)
    assert note.exists()
    assert not [p for p in lint_vault(config).problems if p.path == "memory/people/Mochi.md"]


def test_the_notes_the_summaries_name_are_untouched(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    sync(config)
    names = {p.stem for p in (workspace / PEOPLE).iterdir()}
    assert {"Gading", "Rina", "Freedy"} <= names

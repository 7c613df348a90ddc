"""Which file is which: the kind and day of each name, how a path is shown, and what a scan lists."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.files.layout import Layout, date_in_parts, scan, scan_archive


@pytest.fixture
def layout(workspace: Path) -> Layout:
    return Layout(load_config(workspace / "memory_config.json"))


@pytest.mark.parametrize(
    ("folder", "name", "expected"),
    [
        ("memory", "2026-07-01.md", ("2026-07-01", "note")),
        ("memory", "2026-02-30.md", None),  # no such day
        ("memory", "notes.md", None),
        ("memory/summaries", "2026-07-01.summary.md", ("2026-07-01", "summary")),
        ("memory/summaries", "2026-07-01.md", None),
        ("memory/chats/2026-07-02", "telegram.md", ("2026-07-02", "transcript")),
        ("memory/chats", "call-2026-07-03-standup.md", ("2026-07-03", "transcript")),
        ("memory/chats/misc", "telegram.md", None),  # no date in its name or folder
    ],
)
def test_kind_and_day_come_from_where_a_file_is_and_its_name(
    layout: Layout, folder: str, name: str, expected: tuple[str, str] | None
) -> None:
    assert layout.kind_of(os.path.join(layout.vault, folder), name) == expected


def test_archived_notes_and_transcripts_count_as_their_day(layout: Layout) -> None:
    assert layout.kind_of(os.path.join(layout.archive, "2025", "07"), "2025-07-01.md") == (
        "2025-07-01",
        "note",
    )
    chats = os.path.join(layout.archive_chats, "2025-07-01")
    assert layout.kind_of(chats, "t.md") == ("2025-07-01", "transcript")


def test_paths_are_shown_relative_to_the_vault_else_the_workspace(layout: Layout) -> None:
    note = layout.memory_dir / "2026-07-01.md"
    assert layout.rel(note) == "memory/2026-07-01.md"
    archived = layout.archive_dir / "2025" / "07" / "2025-07-01.md"
    assert layout.rel(archived) == "../archive/2025/07/2025-07-01.md"
    assert layout.shown(archived) == "archive/2025/07/2025-07-01.md"
    assert layout.summary_path(date(2026, 7, 1)).name == "2026-07-01.summary.md"


def test_a_scan_lists_days_and_says_what_it_did_not_read(layout: Layout, tmp_path: Path) -> None:
    os.mkfifo(layout.memory_dir / "2026-07-30.md")
    (layout.summaries_dir / "2026-07-31.summary.md").mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (layout.chats_dir / "linked").symlink_to(elsewhere, target_is_directory=True)
    (layout.memory_dir / "scratch.md").write_text("not a day\n")
    found = scan(layout)
    assert date(2026, 7, 1) in found.daily and date(2026, 7, 30) not in found.daily
    assert date(2026, 7, 3) in found.transcripts
    assert [(p.name, what) for p, what in found.irregular] == [
        ("2026-07-30.md", "a named pipe (FIFO)"),
        ("2026-07-31.summary.md", "a folder"),
    ]
    assert found.linked_folders == [layout.chats_dir / "linked"]
    assert layout.memory_dir / "scratch.md" in found.strays


def test_the_archive_scan_takes_the_first_path_of_a_day(tmp_path: Path) -> None:
    for folder in ("2025/07", "old"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "2025-07-01.md").write_text(folder)
    assert scan_archive(tmp_path) == {date(2025, 7, 1): tmp_path / "2025/07/2025-07-01.md"}


def test_a_transcripts_day_is_in_its_name_else_its_nearest_folder() -> None:
    assert date_in_parts(["2026-07-01", "call-2026-07-02.md"]) == date(2026, 7, 2)
    assert date_in_parts(["2026-07-01", "sub", "call.md"]) == date(2026, 7, 1)
    assert date_in_parts(["2026-13-01", "x.md"]) is None

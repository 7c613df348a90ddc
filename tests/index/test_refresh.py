"""The quick refresh searches make: folder mtimes and inodes instead of a stat of every file."""

from __future__ import annotations

import os
import time
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import Config, load_config
from vaultkit.index.refresh import RECENT_DAYS, ChangeFinder
from vaultkit.index.store import SearchIndex, refresh_index
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

D = date.fromisoformat
AS_OF = D("2026-07-31")
HOUR_AGO = time.time() - 3600


def _age(root: Path) -> None:
    """Every file and folder below `root` last changed an hour ago (no "racy" mtimes)."""
    for folder, _, names in os.walk(root):
        for name in names:
            os.utime(os.path.join(folder, name), (HOUR_AGO, HOUR_AGO))
        os.utime(folder, (HOUR_AGO, HOUR_AGO))


@pytest.fixture
def config(workspace: Path) -> Config:
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    _age(workspace)
    refresh_index(config)  # a full refresh records the aged folder times
    return config


def _quick(config: Config) -> list[date]:
    with SearchIndex(config) as index:
        return index.refresh(full=False).indexed


def _hits(config: Config, query: str, *, rescan: bool = False) -> list[date]:
    return [h.date for h in search(config, query, as_of=AS_OF, rescan=rescan).hits]


def _replace(path: Path, text: str) -> None:
    """Write as an atomic save does: a temporary file renamed over the old one."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text)
    os.replace(temp, path)


def test_nothing_changed_nothing_indexed(config: Config) -> None:
    assert _quick(config) == []
    assert _quick(config) == []


def test_a_new_note_is_found(config: Config) -> None:
    (config.memory_dir / "2026-07-25.md").write_text("# 2026-07-25\n\nThe zebrafish telemetry.\n")
    assert _hits(config, "zebrafish") == [D("2026-07-25")]
    assert _quick(config) == []


def test_a_file_replaced_by_a_rename_is_found(config: Config) -> None:
    old = config.memory_dir / "2026-07-02.md"
    _replace(old, old.read_text() + "\nA note about the okapi enclosure.\n")
    assert _hits(config, "okapi") == [D("2026-07-02")]


def test_an_old_file_edited_in_place_waits_for_a_rescan(config: Config) -> None:
    old = config.memory_dir / "2026-07-02.md"
    with old.open("a") as note:
        note.write("\nA note about the okapi enclosure.\n")
    assert _hits(config, "okapi") == []  # the folder did not move: the quick check cannot see it
    assert _hits(config, "okapi", rescan=True) == [D("2026-07-02")]


def test_a_recent_file_edited_in_place_is_found(config: Config) -> None:
    newest = max(config.memory_dir.glob("2026-*.md"))
    with newest.open("a") as note:
        note.write("\nA note about the okapi enclosure.\n")
    assert _hits(config, "okapi") == [D(newest.stem)]


def test_the_recent_window_counts_from_the_newest_day(config: Config) -> None:
    newest = D(max(config.memory_dir.glob("2026-*.md")).stem)
    inside = newest.toordinal() - (RECENT_DAYS - 1)
    with SearchIndex(config) as index:
        finder = ChangeFinder(index.layout, True, index.db)
        assert finder._recent_cutoff() == date.fromordinal(inside).isoformat()


def test_a_removed_note_is_found(config: Config) -> None:
    (config.memory_dir / "2026-07-02.md").unlink()
    (config.summaries_dir / "2026-07-02.summary.md").unlink()
    assert D("2026-07-02") not in _hits(config, "kubernetes cluster") + _hits(config, "k3s")
    with SearchIndex(config) as index:
        assert D("2026-07-02") not in index.records()


def test_a_new_chat_folder_is_found(config: Config) -> None:
    folder = config.chats_dir / "2026-07-05"
    assert not folder.exists()
    folder.mkdir()
    (folder / "late-call.md").write_text("User: the narwhal dashboard is red\nBot: on it\n")
    assert _hits(config, "narwhal") == [D("2026-07-05")]


def test_a_transcript_added_to_an_old_chat_folder_waits_for_a_rescan(config: Config) -> None:
    folder = config.chats_dir / "2026-07-03"  # an older day's folder: not looked at each time
    (folder / "late-call.md").write_text("User: the narwhal dashboard is red\nBot: on it\n")
    assert _hits(config, "narwhal") == []
    assert _hits(config, "narwhal", rescan=True) == [D("2026-07-03")]


def test_a_changed_archive_means_a_full_refresh(config: Config) -> None:
    archive = config.archive_dir / "2025"
    archive.mkdir(parents=True)
    (archive / "2025-12-01.md").write_text("# 2025-12-01\n\nThe capybara migration.\n")
    assert _hits(config, "capybara") == [D("2025-12-01")]


def test_a_file_added_in_the_same_tick_as_the_last_look_is_not_missed(config: Config) -> None:
    # The folder changed just now: its time is not trusted, so it is listed again next time.
    (config.memory_dir / "2026-07-26.md").write_text("# 2026-07-26\n\nThe first tapir.\n")
    assert _hits(config, "tapir") == [D("2026-07-26")]
    (config.memory_dir / "2026-07-27.md").write_text("# 2026-07-27\n\nThe second tapir.\n")
    assert sorted(_hits(config, "tapir")) == [D("2026-07-26"), D("2026-07-27")]


def test_subfolders_of_the_note_and_summary_folders_are_not_sources(config: Config) -> None:
    stray = config.memory_dir / "drafts"
    stray.mkdir()
    (stray / "2026-07-22.md").write_text("# 2026-07-22\n\nThe giraffe plan.\n")
    old = config.summaries_dir / "old"
    old.mkdir()
    (old / "2026-07-05.summary.md").write_text("giraffe stray backup\n")
    assert _hits(config, "giraffe") == []
    assert _hits(config, "giraffe", rescan=True) == []
    (config.memory_dir / "2026-07-26.md").write_text("# 2026-07-26\n\nThe tapir.\n")
    assert _hits(config, "giraffe") == []  # the memory folder moved again: still not read


def test_a_new_nested_chat_tree_is_found(config: Config) -> None:
    folder = config.chats_dir / "2026-07-05" / "discord" / "homelab" / "threads"
    folder.mkdir(parents=True)
    (folder / "late-call.md").write_text("User: the narwhal dashboard is red\nBot: on it\n")
    assert _hits(config, "narwhal") == [D("2026-07-05")]
    assert _quick(config) == []


def test_a_removed_recent_transcript_is_not_found(config: Config) -> None:
    transcript = sorted((config.chats_dir / "2026-07-18").glob("*.md"))[0]
    word = "zebrafishcall"
    transcript.write_text(transcript.read_text() + f"\nUser: the {word} is due\n")
    assert _hits(config, word) == [D("2026-07-18")]
    transcript.unlink()
    assert _hits(config, word) == []


def test_searches_that_build_a_new_index_at_once_all_answer(config: Config) -> None:
    import shutil
    import subprocess
    import sys

    shutil.rmtree(config.state_dir)
    args = [sys.executable, "-m", "vaultkit", "search", "k3s", "--json", "--as-of", "2026-07-31"]
    runs = [
        subprocess.Popen(args, cwd=config.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0, 0], [err for _, err in outputs]
    assert len({out for out, _ in outputs}) == 1

"""The daily job looks at what changed, not at the whole vault: counted, on a vault of 400 days.

A full look at this vault stats its 800-odd notes and summaries and decodes the catalog's row
of each; after a day is added, edited in place, replaced by an atomic save or removed, sync
stats a bounded number of paths (the folders, the newest month's files, what it wrote), lists
only the folders that moved, decodes the rows of the days that changed and of the candidates
its related-days pass compares (`sync.daily_look`), and that pass adds the days it relates, not
every day (`sync.related`: resumed from the kept postings). Counted with wrappers around the
`os` calls, `Catalog._decode` and `RelatedDays.add` (the files, the syscalls, the catalog and
the pass are real).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from vaultkit.catalog.store import Catalog, Row
from vaultkit.config import load_config
from vaultkit.sync.daily import sync
from vaultkit.sync.related import RelatedDays

DAYS = 400
FIRST = date(2025, 1, 1)


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Count the stat and listing calls made in the block (each still does its real work)."""
    counts: Counter[str] = Counter()
    real_stat, real_scandir, real_listdir = os.stat, os.scandir, os.listdir
    real_add, real_decode = RelatedDays.add, Catalog._decode

    def add(self: RelatedDays, day: date, feats: Iterable[str]) -> None:
        counts["related"] += 1
        real_add(self, day, feats)

    def decode(self: Catalog, row: Row, decode: Callable[[dict[str, Any]], Any]) -> Any:
        counts["decoded"] += 1
        return real_decode(self, row, decode)

    def stat(*args, **kwargs):  # type: ignore[no-untyped-def]
        counts["stat"] += 1
        return real_stat(*args, **kwargs)

    def scandir(*args, **kwargs):  # type: ignore[no-untyped-def]
        counts["list"] += 1
        return real_scandir(*args, **kwargs)

    def listdir(*args, **kwargs):  # type: ignore[no-untyped-def]
        counts["list"] += 1
        return real_listdir(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "stat", stat)
        patch.setattr(os, "scandir", scandir)
        patch.setattr(os, "listdir", listdir)
        patch.setattr(RelatedDays, "add", add)
        patch.setattr(Catalog, "_decode", decode)
        yield counts


def note(day: date, words: str) -> str:
    return (
        f"# {day.isoformat()}\n\n- Worked on the Payments API with Budi: {words}.\n"
        f"- Decided to move the Blog to Kubernetes, day {day.toordinal() % 97}.\n"
    )


@pytest.fixture
def big(workspace: Path) -> Path:
    """The example workspace with 400 days of short notes (a few with a transcript), synced."""
    memory = workspace / "vault" / "memory"
    for old in (*memory.glob("*.md"), *(memory / "summaries").glob("*.md")):
        if old.name != "MEMORY_INDEX.md":
            old.unlink()
    for folder in (memory / "chats").glob("*"):
        for f in folder.glob("*"):
            f.unlink()
        folder.rmdir()
    for i in range(DAYS):
        day = FIRST + timedelta(days=i)
        (memory / f"{day.isoformat()}.md").write_text(note(day, f"step {i}"))
        if i % 50 == 0:
            chats = memory / "chats" / day.isoformat()
            chats.mkdir(parents=True)
            (chats / "call.md").write_text("Budi: the Redis pool is fixed.\n")
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    assert sync(config).ok  # reads again the notes the first run gave a spine (once)
    # A folder that moved in the last two seconds is listed again by the next run (a name added
    # in the same clock tick would not move it again): as a day later, the folders moved long ago.
    an_hour_ago = time.time() - 3600
    for folder in [
        workspace / "vault",
        *(p for p in (workspace / "vault").rglob("*") if p.is_dir()),
    ]:
        os.utime(folder, (an_hour_ago, an_hour_ago))
    assert sync(config).ok  # lists them once more, and keeps the listings
    return workspace


def _sync(ws: Path, monkeypatch: pytest.MonkeyPatch, **options: bool):  # type: ignore[no-untyped-def]
    config = load_config(ws / "memory_config.json")
    with counted(monkeypatch) as counts:
        report = sync(config, **options)
    assert report.ok, report.failed
    return report, counts


def changed(report) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return sorted((c.path, c.action) for c in report.changes if c.action != "indexed")


def test_a_full_rescan_stats_every_file(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a look at every file costs here: the count the quick runs below must stay far under."""
    report, counts = _sync(big, monkeypatch, rescan=True)
    assert changed(report) == []
    assert counts["stat"] > 2 * DAYS and counts["decoded"] > 2 * DAYS
    report, counts = _sync(big, monkeypatch)  # nothing new: nothing written, few stats
    assert report.changes == []
    assert counts["stat"] < 150 and counts["decoded"] < 10, counts


def test_a_new_day(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = big / "vault" / "memory"
    day = FIRST + timedelta(days=DAYS)
    (memory / f"{day}.md").write_text(note(day, "a new day"))
    report, counts = _sync(big, monkeypatch)
    assert (f"memory/summaries/{day}.summary.md", "created") in changed(report)
    assert (f"memory/{day}.md", "linked") in changed(report)  # its spine
    assert counts["stat"] < 150, counts
    assert counts["list"] < 20, counts  # the folders that moved, not one per folder
    assert counts["related"] == 1, counts  # the new day, after the kept state of the others
    # Its day, the candidates it is compared with, the recent months MEMORY_INDEX.md lists.
    assert counts["decoded"] < 150, counts
    index = (big / "vault" / "memory" / "MEMORY_INDEX.md").read_text()
    assert day.isoformat() in index
    summaries = {p: p.read_bytes() for p in (memory / "summaries").glob("*.md")}
    (big / "vault" / ".vaultkit" / "catalog.sqlite").unlink()  # every day related from nothing
    report, counts = _sync(big, monkeypatch)
    assert counts["related"] == DAYS + 1
    assert {p: p.read_bytes() for p in (memory / "summaries").glob("*.md")} == summaries


def test_the_newest_day_edited_in_place(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    newest = big / "vault" / "memory" / f"{FIRST + timedelta(days=DAYS - 1)}.md"
    folder_mtime = newest.parent.stat().st_mtime_ns
    with newest.open("a") as f:  # in place: the folder's mtime does not move
        f.write("- Decided to adopt ClickHouse for the analytics events.\n")
    assert newest.parent.stat().st_mtime_ns == folder_mtime
    report, counts = _sync(big, monkeypatch)
    summary = f"memory/summaries/{newest.stem}.summary.md"
    assert (summary, "refreshed") in changed(report)
    assert "ClickHouse" in (big / "vault" / summary).read_text()
    assert counts["stat"] < 150, counts
    assert counts["related"] == 1, counts
    assert counts["decoded"] < 150, counts


def test_an_old_day_replaced_by_an_atomic_save(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = big / "vault" / "memory" / f"{FIRST + timedelta(days=100)}.md"
    temp = old.with_name(".save.tmp")
    temp.write_text(old.read_text() + "- Decided to adopt ClickHouse for the analytics.\n")
    os.replace(temp, old)  # as an editor that saves atomically: a new inode, the folder moved
    report, counts = _sync(big, monkeypatch)
    summary = f"memory/summaries/{old.stem}.summary.md"
    assert (summary, "refreshed") in changed(report)
    assert "ClickHouse" in (big / "vault" / summary).read_text()
    assert counts["stat"] < 150, counts
    # Every later day is related again: three quarters of the vault, so the state is built
    # from every day rather than read a posting at a time.
    assert counts["related"] == DAYS, counts


def test_an_old_day_edited_in_place_waits_for_a_rescan(
    big: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit, written down in docs/architecture.md: an older note edited in place moves no
    folder and is not among the newest days, so the daily run does not see it; --rescan does."""
    old = big / "vault" / "memory" / f"{FIRST + timedelta(days=100)}.md"
    with old.open("a") as f:
        f.write("- Decided to adopt ClickHouse for the analytics.\n")
    report, _ = _sync(big, monkeypatch)
    assert report.changes == []
    report, _ = _sync(big, monkeypatch, rescan=True)
    assert (f"memory/summaries/{old.stem}.summary.md", "refreshed") in changed(report)


def test_a_day_removed(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = big / "vault" / "memory"
    gone = FIRST + timedelta(days=DAYS - 1)
    (memory / f"{gone}.md").unlink()
    (memory / "summaries" / f"{gone}.summary.md").unlink()
    _, counts = _sync(big, monkeypatch)
    assert counts["stat"] < 150, counts
    assert counts["related"] == 0, counts  # the newest day dropped from the kept state
    assert counts["decoded"] < 150, counts
    index = (memory / "MEMORY_INDEX.md").read_text()
    assert gone.isoformat() not in index
    from vaultkit.search.search import search

    config = load_config(big / "memory_config.json")
    hits = search(config, "Kubernetes", top_k=100, as_of=gone)
    assert gone not in [h.date for h in hits.hits]


def test_an_old_summary_edited_in_place_is_never_overwritten(big: Path) -> None:
    """The daily run does not see an older summary edited in place, so the catalog still holds it
    as vaultkit's; the writer reads the file's own marker before replacing it and keeps it."""
    day = FIRST + timedelta(days=100)
    memory = big / "vault" / "memory"
    summary = memory / "summaries" / f"{day}.summary.md"
    with summary.open("a") as f:
        f.write("\nMy own line about this day.\n")
    edited = summary.read_bytes()
    note = memory / f"{day}.md"
    temp = note.with_name(".save.tmp")
    temp.write_text(note.read_text() + "- Decided to adopt ClickHouse for the analytics.\n")
    os.replace(temp, note)  # its note changes: the summary is due for a refresh
    config = load_config(big / "memory_config.json")
    report = sync(config)
    assert summary.read_bytes() == edited
    assert [w for w, why in report.failed if "kept" in why] == [day.isoformat()]
    report = sync(config, rescan=True)  # now seen as a hand edit: kept, and said so
    assert summary.read_bytes() == edited
    assert [p.day for p in report.kept] == [day]

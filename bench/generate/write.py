"""The synthetic workspace written (bench/generate/): its folders and config, each day's note,
transcripts and summary with the planted defects, and one more day added to a generated workspace.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from datetime import date, timedelta
from pathlib import Path

from bench.generate.day import END_DATE, Day, calendar, config_dict, make_day
from bench.generate.defects import Planter, plant, relative
from bench.generate.summaries import SummaryWriter
from vaultkit.files.wikilinks import (
    PARENT_LINE,
    SPINE_LINE,
    parent_line,
    set_managed_line,
    spine_line,
)

__all__ = ["END_DATE", "add_day", "digest_tree", "generate"]


def with_spine(text: str, previous: date | None) -> str:
    return set_managed_line(text, SPINE_LINE, spine_line(previous) if previous else None)


def with_parent(text: str, day: date) -> str:
    return set_managed_line(text, PARENT_LINE, parent_line(day))


class _Workspace:
    """The files being written: where each goes, the defect it may get, and the bytes written."""

    def __init__(self, out: Path, dates: list[date], planter: Planter, *, archive: bool) -> None:
        self.out = out
        self.vault = out / "vault"
        self.memory = self.vault / "memory"
        self.dates = dates
        date_set = set(dates)
        self.gaps = [
            dates[0] + timedelta(days=i)
            for i in range((dates[-1] - dates[0]).days)
            if dates[0] + timedelta(days=i) not in date_set
        ]
        self.planter = planter
        self.archive = archive
        self.stats = {"notes": 0, "transcripts": 0, "summaries": 0, "bytes": 0}
        self.made_dirs: set[Path] = set()

    def write(self, path: Path, data: str | bytes) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        path.write_bytes(raw)
        self.stats["bytes"] += len(raw)

    def write_planted(self, path: Path, text: str, kind: str | None, d: Day, index: int) -> None:
        """The file, with the defect `kind` planted (None: as it is)."""
        if kind is None:
            self.write(path, text)
            return
        self.write(path, plant(kind, text, d, self.dates, index, self.gaps))
        self.record(path, kind)

    def record(self, path: Path, kind: str) -> None:
        self.planter.record(relative(path, self.vault, self.out), kind)

    def note(self, d: Day, index: int, text: str, *, links: bool) -> None:
        day = d.day
        if self.archive:
            folder = self.out / "archive" / f"{day.year:04d}" / f"{day.month:02d}"
        else:
            folder = self.memory
        if folder not in self.made_dirs:
            folder.mkdir(parents=True, exist_ok=True)
            self.made_dirs.add(folder)
        path = folder / f"{day.isoformat()}.md"
        last = index == len(self.dates) - 1
        kind = self.planter.pick("note", index) if not last and links else None
        if kind == "file-name":  # a draft beside the note: not a valid name
            stray = path.with_name(f"{day.isoformat()}-draft.md")
            self.write(stray, d.note)
            self.record(stray, kind)
            kind = None
        self.write_planted(path, text, kind, d, index)
        self.stats["notes"] += 1

    def transcripts(self, d: Day, index: int, *, links: bool) -> list[tuple[str, str]]:
        """Write the day's transcripts; their texts as written (before any defect)."""
        written = []
        for name, text in d.transcripts:
            text = with_parent(text, d.day) if links else text
            written.append((name, text))
            # archived days keep their transcripts in the archive too, as `vaultkit archive` does
            chats = self.out / "archive" / "chats" if self.archive else self.memory / "chats"
            folder = chats / d.day.isoformat()
            folder.mkdir(parents=True, exist_ok=True)
            kind = self.planter.pick("transcript", index) if links else None
            if kind == "name-collision":  # a second file whose name differs only in case
                twin = folder / (name[0].upper() + name[1:])
                self.write(twin, text)
                self.record(twin, kind)
                kind = None
            self.write_planted(folder / name, text, kind, d, index)
            self.stats["transcripts"] += 1
        return written

    def summary(self, d: Day, index: int, text: str) -> None:
        path = self.memory / "summaries" / f"{d.day.isoformat()}.summary.md"
        last = index == len(self.dates) - 1
        kind = self.planter.pick("summary", index) if not last else None
        self.write_planted(path, text, kind, d, index)
        self.stats["summaries"] += 1


def generate(
    out: Path,
    days: int,
    *,
    seed: int = 7,
    with_summaries: bool = False,
    archive: bool = False,
    defects: float = 0.0,
    links: bool = True,
    force: bool = False,
    end: date = END_DATE,
) -> dict:
    """Write the workspace; returns stats (files, bytes, seconds, defects planted)."""
    started = time.perf_counter()
    _make_folders(out, force=force)
    (out / "memory_config.json").write_text(json.dumps(config_dict(), indent=2) + "\n")
    writer = SummaryWriter(out) if with_summaries else None
    dates = calendar(days, seed, end)
    planter = Planter(defects, seed, with_summaries=with_summaries, archive=archive)
    ws = _Workspace(out, dates, planter, archive=archive)
    previous: date | None = None
    for index, day in enumerate(dates):
        d = make_day(seed, day)
        note_text = with_spine(d.note, previous) if links else d.note
        ws.note(d, index, note_text, links=links)
        transcripts = ws.transcripts(d, index, links=links)
        if writer is not None:
            ws.summary(d, index, writer.render(d, writer.related(d), note_text, transcripts))
        previous = day
    if writer is not None:
        for path, text in writer.side_notes().items():
            path.parent.mkdir(parents=True, exist_ok=True)
            ws.write(path, text)
    if defects:
        (out / "defects.json").write_text(json.dumps(planter.planted, indent=1) + "\n")
    stats = {
        **ws.stats,
        "days": len(dates),
        "first": dates[0].isoformat(),
        "last": dates[-1].isoformat(),
        "defects": len(planter.planted),
        "seconds": round(time.perf_counter() - started, 3),
    }
    args = {"days": days, "seed": seed, "with_summaries": with_summaries, "archive": archive,
            "defects": defects, "links": links}  # fmt: skip
    meta = {"args": args, **{k: v for k, v in stats.items() if k != "seconds"}}
    # no timing inside: the output is byte-for-byte deterministic
    (out / "generated.json").write_text(json.dumps(meta, indent=1) + "\n")
    return stats


def _make_folders(out: Path, *, force: bool) -> None:
    if out.exists():
        if not force and any(out.iterdir()):
            raise SystemExit(f"{out} exists and is not empty (use --force)")
        shutil.rmtree(out)
    memory = out / "vault" / "memory"
    chats, summaries = memory / "chats", memory / "summaries"
    for folder in (memory, chats, summaries, out / "archive"):  # archive/: the NAS mount point
        folder.mkdir(parents=True, exist_ok=True)


def add_day(out: Path, *, seed: int = 7, with_summary: bool = False, archive: bool = False) -> date:
    """Add the next day (a daily note as a person writes it: no spine yet) to a generated workspace.

    With `with_summary`, also write its summary and the spine (as a finished `sync` would leave it),
    for benchmarks that only measure the search index update.
    """
    memory = out / "vault" / "memory"
    existing = sorted(p.stem for p in memory.glob("????-??-??.md"))
    if archive or not existing:
        existing += sorted(p.stem for p in (out / "archive").rglob("????-??-??.md"))
    last = max(date.fromisoformat(s) for s in existing)
    day = last + timedelta(days=1)
    d = make_day(seed, day)
    note = with_spine(d.note, last) if with_summary else d.note
    (memory / f"{day.isoformat()}.md").write_text(note)
    transcripts = [(name, with_parent(text, day)) for name, text in d.transcripts]
    for name, text in transcripts:
        (memory / "chats" / day.isoformat()).mkdir(parents=True, exist_ok=True)
        (memory / "chats" / day.isoformat() / name).write_text(text)
    if with_summary:
        writer = SummaryWriter(out)
        text = writer.render(d, [last], note, transcripts)
        (memory / "summaries" / f"{day.isoformat()}.summary.md").write_text(text)
    return day


def digest_tree(root: Path) -> str:
    """One hash of every file's path and bytes below root (to check determinism)."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".vaultkit" not in path.parts:
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()

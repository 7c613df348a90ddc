"""`recall`: the agent's call. A bounded markdown context pack of the best days for a query.

Search picks the days; for each (best first) the pack shows a heading with date, score and `via`,
the summary's fields and bullets, then excerpts of the day's raw notes (daily note, local or
archived, and its transcripts): the lines that best match the query's terms, never the managed
spine or parent lines. The pack is built in two passes so breadth comes first: every day's summary
block that fits, then excerpts for the best days while characters remain. `max_chars` is a hard
bound on the whole markdown, and a raw file is opened only while the budget can still use it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from vaultkit.config import Config
from vaultkit.errors import UsageError, VaultkitError
from vaultkit.files.document import parse_document, split_frontmatter
from vaultkit.files.layout import Layout
from vaultkit.files.sources import decode_lenient
from vaultkit.files.storage import read_bytes
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE
from vaultkit.model import Progress, Summary
from vaultkit.pages.schema import parse_summary, summary_json
from vaultkit.search.fence import OVERHEAD, fence
from vaultkit.search.filters import NO_FILTERS, Filters
from vaultkit.search.scoring import Hit
from vaultkit.text.language import Analyzer

FilesOf = Callable[[date], list[tuple[Path, str]]]  # a day's files, (path, kind), note first
Read = Callable[[Path], bytes]  # a file's bytes
DEFAULT_MAX_DAYS = 3
DEFAULT_MAX_CHARS = 6000
MAX_EXCERPTS = 6  # matching lines kept per day (each may bring one line of context)
MAX_LINE_CHARS = 400  # a longer line is cut: one excerpt must not eat a day's share
SHORT_LINE = 100  # a matching line shorter than this brings the next line (a chat answer)
ELLIPSIS = "…"
_SUMMARY_FIELDS = ("people", "projects", "tags", "importance", "mood", "bullets")  # in its JSON


@dataclass(frozen=True)
class Excerpt:
    """Consecutive lines of one raw file; `line` is the 1-based number of the first."""

    path: str
    line: int
    text: str
    archived: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "text": self.text, "archived": self.archived}


@dataclass(frozen=True)
class RecallDay:
    """One day of the pack: the hit, its summary, and the excerpts that fitted."""

    hit: Hit
    summary: Summary | None
    excerpts: tuple[Excerpt, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        s = self.summary
        return {
            "date": self.hit.date.isoformat(),
            "score": round(self.hit.score, 4),
            "semantic": round(self.hit.semantic, 4),
            "importance_score": round(self.hit.importance, 4),
            "recency": round(self.hit.recency, 4),
            "via": self.hit.via.isoformat() if self.hit.via else None,
            "newer": self.hit.newer.isoformat() if self.hit.newer else None,
            "led_by": self.hit.ordered,
            "path": self.hit.path,
            "summary": None if s is None else summary_json(s, _SUMMARY_FIELDS),
            "excerpts": [e.as_dict() for e in self.excerpts],
        }


@dataclass(frozen=True)
class RecallPack:
    """The context pack: its days, the markdown an agent pastes, and what the bounds cut."""

    query: str
    as_of: date
    max_days: int
    max_chars: int
    days: tuple[RecallDay, ...]
    markdown: str
    truncated: bool = False  # a day, an excerpt or text was left out for the character bound
    skipped: tuple[tuple[str, str], ...] = field(default=())  # (path, error) of unreadable files
    warnings: tuple[str, ...] = ()  # what search said (a filter no day has, a bad byte)

    def as_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "as_of": self.as_of.isoformat(),
            "max_days": self.max_days,
            "max_chars": self.max_chars,
            "chars": len(self.markdown),
            "truncated": self.truncated,
            "days": [d.as_dict() for d in self.days],
            "skipped": [{"path": p, "error": e} for p, e in self.skipped],
            "warnings": list(self.warnings),
            "markdown": self.markdown,
        }


def recall(
    config: Config,
    query: str,
    *,
    max_days: int = DEFAULT_MAX_DAYS,
    max_chars: int = DEFAULT_MAX_CHARS,
    as_of: date | None = None,
    filters: Filters = NO_FILTERS,
    rescan: bool = False,
    progress: Progress | None = None,
) -> RecallPack:
    """Search for the query, then pack the best days' summaries and raw excerpts in the bounds.

    `as_of` and the filters mean what they mean for `search`.
    """
    _check_bounds(max_days, max_chars)
    from vaultkit.search.search import searching

    with searching(config, rescan=rescan, progress=progress) as searcher:
        result = searcher.ask(query, top_k=max_days, as_of=as_of, filters=filters)
        pack = build_pack(
            config,
            query,
            result.hits,
            max_days=max_days,
            max_chars=max_chars,
            as_of=result.as_of,
            files_of=searcher.index.files_of,
            read=searcher.index.read_source,
            span=result.focus.span_text(),
        )
    return replace(pack, warnings=result.warnings)


def build_pack(
    config: Config,
    query: str,
    hits: Sequence[Hit],
    *,
    max_days: int = DEFAULT_MAX_DAYS,
    max_chars: int = DEFAULT_MAX_CHARS,
    as_of: date | None = None,
    files_of: FilesOf | None = None,
    read: Read = read_bytes,
    span: str = "",
) -> RecallPack:
    """The pack for hits already ranked best first (what `recall` does after searching).
    `span` names the time span of a question about one alone: the pack is its digest.

    `files_of` gives a day's files (the open index's map of days to paths); without it the index
    is opened, as the search that ranked the hits left it, to read that map. `read` gives a
    file's bytes (a shared index's reader has no files: its index holds them)."""
    _check_bounds(max_days, max_chars)
    if files_of is None:
        from vaultkit.index.store import SearchIndex

        with SearchIndex(config) as index:
            return build_pack(
                config, query, hits, max_days=max_days, max_chars=max_chars, as_of=as_of,
                files_of=index.files_of, read=index.read_source, span=span,
            )  # fmt: skip
    when = as_of or date.today()
    hits = list(hits)[:max_days]
    packer = _Packer(Layout(config), Analyzer(config.languages), query, files_of, read)
    header = _header(query, when, len(hits), span)
    if len(header) > max_chars:
        markdown = _clip(header, max_chars)
        return RecallPack(query, when, max_days, max_chars, (), markdown, truncated=True)
    # the days' text goes to the assistant fenced as data (`fence`): its markers count too
    remaining = max_chars - len(header) - OVERHEAD
    blocks: list[tuple[Hit, Summary | None, str]] = []
    truncated = remaining < MIN_ROOM and bool(hits)
    for hit in hits if not truncated else ():  # pass 1: every summary block that fits, best first
        summary = packer.summary(hit)
        block = _day_block(hit, summary)
        if len(block) > remaining:
            truncated = True
            if not blocks:  # the best day is shown even when only part of it fits
                blocks.append((hit, summary, _clip(block, remaining)))
                remaining = 0
            break
        blocks.append((hit, summary, block))
        remaining -= len(block)
    # The header counts the days that fit; a smaller count is never a longer line.
    header = _header(query, when, len(blocks), span)
    days, sections = [], []
    for hit, summary, block in blocks:  # pass 2: excerpts for the best days while room is left
        excerpts, section, remaining = packer.excerpts(hit.date, remaining)
        days.append(RecallDay(hit, summary, excerpts))
        sections.append(block + section)
    if blocks:
        markdown = header + "\n" + fence("".join(sections).lstrip("\n"))
    elif hits:
        markdown = header + f"No day fits in {max_chars} characters.\n"
    else:
        markdown = header + (
            f"No notes in {span}.\n" if span else "No day in the vault matches this query.\n"
        )
    if len(markdown) > max_chars:  # only the "no day" line can get here
        markdown, truncated = _clip(markdown, max_chars), True
    return RecallPack(
        query,
        when,
        max_days,
        max_chars,
        tuple(days),
        markdown,
        truncated=truncated or packer.cut,
        skipped=tuple(packer.skipped),
    )


MIN_ROOM = 40  # characters a day needs to show anything within its fence


class _Packer:
    """Finds a day's files and excerpts, opening a file only when the budget can use it."""

    def __init__(
        self, layout: Layout, analyzer: Analyzer, query: str, files_of: FilesOf, read: Read
    ) -> None:
        self.layout = layout
        self.analyzer = analyzer
        self.terms = set(self.analyzer.terms(query))
        self.skipped: list[tuple[str, str]] = []
        self.cut = False  # an excerpt was (or may have been) left out for lack of room
        self._files_of = files_of
        self._read = read
        self._archive = layout.archive + os.sep

    def summary(self, hit: Hit) -> Summary | None:
        """The hit's summary: as search returned it, else read from its file, else None."""
        if hit.summary is not None:
            return hit.summary
        path = next((p for p, kind in self._files_of(hit.date) if kind == "summary"), None)
        if path is None:
            return None
        try:
            return parse_summary(parse_document(self._read(path), path))
        except (VaultkitError, OSError) as exc:
            self.skipped.append((self._show(path), _reason(exc)))
            return None

    def sources(self, day: date) -> list[tuple[Path, bool]]:
        """A day's raw files, daily note first: (path, archived)."""
        return [
            (path, os.fspath(path).startswith(self._archive))
            for path, kind in self._files_of(day)
            if kind != "summary"
        ]

    def excerpts(self, day: date, budget: int) -> tuple[tuple[Excerpt, ...], str, int]:
        """The best matching lines of a day's raw files within `budget` characters.

        Returns the excerpts, their rendered markdown and the budget left. Files are opened in
        order and no further once the candidates found already fill the budget.
        """
        if not self.terms:
            return (), "", budget
        if budget < len(_file_heading("x", False)) + 4:
            self.cut = self.cut or bool(self.sources(day))
            return (), "", budget
        candidates: list[_Candidate] = []
        texts: dict[int, tuple[str, bool, dict[int, str]]] = {}
        chosen: dict[int, set[int]] = {}
        section, full = "", False
        for index, (path, archived) in enumerate(self.sources(day)):
            if full:  # what was found already fills the budget: no need to open more
                break
            try:
                # A bad byte is shown as U+FFFD, not a lost day.
                text, _ = decode_lenient(self._read(path), path)
            except (VaultkitError, OSError) as exc:
                self.skipped.append((self._show(path), _reason(exc)))
                continue
            lines = _content_lines(text)
            texts[index] = (self._show(path), archived, lines)
            candidates.extend(_candidates(index, lines, self.terms, self.analyzer))
            chosen, section, full = _select(candidates, texts, budget)
        self.cut = self.cut or full
        excerpts = tuple(
            Excerpt(texts[f][0], start, "\n".join(run), texts[f][1])
            for f in sorted(chosen)
            for start, run in _runs(chosen[f], texts[f][2])
        )
        return excerpts, section, budget - len(section)

    def _show(self, path: Path) -> str:
        """A path as the pack shows it: relative to the vault, else to the workspace."""
        return self.layout.shown(path)


@dataclass(frozen=True)
class _Candidate:
    file: int
    line: int
    lines: tuple[int, ...]
    distinct: int
    total: int


def _content_lines(text: str) -> dict[int, str]:
    """Line number -> text of the lines an excerpt may show: no frontmatter, no managed links."""
    _, body, first = split_frontmatter(text)
    lines = {}
    for offset, line in enumerate(body.split("\n")):
        stripped = line.strip()
        if not stripped or SPINE_LINE.fullmatch(line) or PARENT_LINE.fullmatch(line):
            continue
        if len(stripped) > MAX_LINE_CHARS:
            stripped = stripped[: MAX_LINE_CHARS - 1].rstrip() + ELLIPSIS
        lines[first + offset] = stripped
    return lines


def _candidates(
    file: int, lines: dict[int, str], terms: set[str], analyzer: Analyzer
) -> list[_Candidate]:
    numbers = sorted(lines)
    found = []
    for i, number in enumerate(numbers):
        counts = Counter(t for t in analyzer.terms(lines[number]) if t in terms)
        if not counts:
            continue
        span = [number]
        if len(lines[number]) < SHORT_LINE and i + 1 < len(numbers):
            span.append(numbers[i + 1])
        found.append(_Candidate(file, number, tuple(span), len(counts), sum(counts.values())))
    return found


def _select(
    candidates: list[_Candidate],
    texts: dict[int, tuple[str, bool, dict[int, str]]],
    budget: int,
) -> tuple[dict[int, set[int]], str, bool]:
    """The best candidates that fit: (lines chosen per file, their markdown, budget is full)."""
    ranked = sorted(candidates, key=lambda c: (-c.distinct, -c.total, c.file, c.line))
    chosen: dict[int, set[int]] = {}
    section, count, full = "", 0, False
    for cand in ranked:
        if count == MAX_EXCERPTS:
            break
        trial = {k: set(v) for k, v in chosen.items()}
        trial.setdefault(cand.file, set()).update(cand.lines)
        rendered = _render_excerpts(trial, texts)
        if len(rendered) <= budget:
            chosen, section, count = trial, rendered, count + 1
        else:
            full = True
    return chosen, section, full


def _runs(numbers: set[int], lines: dict[int, str]) -> list[tuple[int, list[str]]]:
    """Chosen line numbers as runs of consecutive content lines: (first line, texts)."""
    order = sorted(lines)
    position = {n: i for i, n in enumerate(order)}
    runs: list[tuple[int, list[str]]] = []
    previous = None
    for n in sorted(numbers):
        if previous is not None and position[n] == position[previous] + 1:
            runs[-1][1].append(lines[n])
        else:
            runs.append((n, [lines[n]]))
        previous = n
    return runs


def _render_excerpts(
    chosen: dict[int, set[int]], texts: dict[int, tuple[str, bool, dict[int, str]]]
) -> str:
    parts = []
    for f in sorted(chosen):
        path, archived, lines = texts[f]
        runs = _runs(chosen[f], lines)
        quoted = f"\n> {ELLIPSIS}\n".join("\n".join(f"> {t}" for t in run) for _, run in runs)
        parts.append(_file_heading(path, archived) + quoted + "\n")
    return "".join(parts)


def _file_heading(path: str, archived: bool) -> str:
    return f"\n`{path}`{' (archived)' if archived else ''}\n"


def _header(query: str, as_of: date, days: int, span: str = "") -> str:
    title = " ".join(query.split())
    count = f"{days} day{'s' if days != 1 else ''}"
    order = f" of {span}, the biggest first" if span else ", best first"
    return f"# Recall: {title}\n\n_{count}{order}; as of {as_of.isoformat()}_\n"


_LED = {
    "latest": "the latest on this topic",
    "first": "the first on this topic",
    "important": "an event of this topic",
}


def _day_block(hit: Hit, summary: Summary | None) -> str:
    if hit.ordered == "span":  # a digest of the span: its days, no match to speak of
        lines = ["", f"## {hit.date.isoformat()}", ""]
    else:
        via = f"via {hit.via.isoformat()}" if hit.via else "direct match"
        led = f" · {_LED[hit.ordered]}" if hit.ordered else ""
        lines = ["", f"## {hit.date.isoformat()} · score {hit.score:.3f} · {via}{led}", ""]
    if hit.newer is not None:
        # An agent must not present a stale plan as the current one.
        lines += [f"> newer on this: {hit.newer.isoformat()}", ""]
    if summary is None:
        lines.append("_no summary for this day_")
    else:
        facts = [f"importance {summary.importance}", f"mood {summary.mood or '-'}"]
        if summary.people:
            facts.append("people: " + ", ".join(summary.people))
        if summary.projects:
            facts.append("projects: " + ", ".join(summary.projects))
        lines.append(" · ".join(facts))
        if summary.bullets:
            lines.append("")
            lines.extend(f"- {b}" for b in summary.bullets)
    return "\n".join(lines) + "\n"


def _clip(text: str, limit: int) -> str:
    """Text cut to at most `limit` characters, marked with an ellipsis, still ending in a newline."""
    if len(text) <= limit:
        return text
    if limit < 3:
        return text[:limit]
    return text[: limit - 2].rstrip("\n") + ELLIPSIS + "\n"


def _check_bounds(max_days: int, max_chars: int) -> None:
    if max_days < 1:
        raise UsageError(f"max_days: expected an integer >= 1, got {max_days}")
    if max_chars < 1:
        raise UsageError(f"max_chars: expected an integer >= 1, got {max_chars}")


def _reason(exc: Exception) -> str:
    if isinstance(exc, VaultkitError):
        return exc.message
    return getattr(exc, "strerror", None) or str(exc)

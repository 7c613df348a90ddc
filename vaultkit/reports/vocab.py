"""The vocabulary drift report (`vaultkit vocab`): the terms the vault names that the controlled
vocabulary does not know, so the person who keeps it knows what to add.

The vocabulary is static and hand-edited; summaries put every other term under
`uncategorized.<kind>`. The report gathers those across every summary: each term's spelling (the
most used), its kind (the most given), on how many days and between which, the closest known term
(a likely alias), and the config to adopt it: an alias when a known term is close, else an entry
in the kind's list. Read from the catalog of summaries' fields, so it costs no file reads when
nothing changed.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from vaultkit.catalog.opener import open_catalog
from vaultkit.config import Config, VocabularyConfig
from vaultkit.files.layout import not_read, outside_days
from vaultkit.model import KINDS
from vaultkit.sync.full_look import full_look
from vaultkit.text.vocabulary import term_key

ALIAS_LIKENESS = 0.8  # a known term this close is the same thing spelled otherwise
CLOSE_LIKENESS = 0.6  # shown as the closest, not proposed as an alias


@dataclass(frozen=True)
class Drift:
    """One term outside the vocabulary, where it occurs, and how to adopt it."""

    term: str
    kind: str  # technologies, libraries or projects
    days: int
    first: date
    last: date
    closest: str | None
    likeness: float
    spellings: tuple[str, ...] = ()

    @property
    def alias(self) -> bool:
        return self.closest is not None and self.likeness >= ALIAS_LIKENESS

    def snippet(self) -> dict[str, Any]:
        """The `vocabulary` config that adopts the term."""
        if self.alias:
            return {"aliases": {self.term: self.closest}}
        return {self.kind: [self.term]}

    def as_dict(self) -> dict[str, Any]:
        return {
            "term": self.term,
            "kind": self.kind,
            "days": self.days,
            "first": self.first.isoformat(),
            "last": self.last.isoformat(),
            "closest": self.closest,
            "likeness": round(self.likeness, 2),
            "spellings": list(self.spellings),
            "config": {"vocabulary": self.snippet()},
        }


@dataclass
class DriftReport:
    """Every uncategorized term, the most frequent first, and the config adopting them all."""

    terms: list[Drift] = field(default_factory=list)
    summaries: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): not read

    def snippet(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for drift in self.terms:
            for key, value in drift.snippet().items():
                if key == "aliases":
                    merged.setdefault("aliases", {}).update(value)
                else:
                    merged.setdefault(key, []).extend(value)
        return {"vocabulary": merged}

    def as_dict(self) -> dict[str, Any]:
        return {
            "summaries": self.summaries,
            "terms": [d.as_dict() for d in self.terms],
            "config": self.snippet(),
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
        }


def vocabulary_drift(config: Config, *, min_days: int = 1) -> DriftReport:
    """The drift report of the workspace's summaries; terms on fewer than `min_days` days left
    out."""
    catalog = open_catalog(config, read_only=True)
    try:
        found = full_look(config, catalog)
    finally:
        catalog.close()
    summarized = found.summarized()
    seen: dict[str, _Seen] = {}
    for day, facts in sorted(summarized.items()):
        assert facts.fields is not None
        for kind in KINDS:
            for term in facts.fields["uncategorized"].get(kind, []):
                seen.setdefault(term_key(term), _Seen()).add(day, kind, term)
    known = _known_terms(config.vocabulary)
    files = found.files
    skipped = not_read(found.layout, files.irregular) + outside_days(found.layout, files.strays)
    report = DriftReport(summaries=len(summarized), skipped=skipped)
    for _key, s in seen.items():
        if len(s.days) < min_days:
            continue
        spelling = s.spellings.most_common(1)[0][0]
        closest, likeness = _closest(spelling, known)
        report.terms.append(
            Drift(
                term=spelling,
                kind=_most(s.kinds),
                days=len(s.days),
                first=min(s.days),
                last=max(s.days),
                closest=closest,
                likeness=likeness,
                spellings=tuple(sorted(s.spellings)),
            )
        )
    report.terms.sort(key=lambda d: (-d.days, term_key(d.term)))
    return report


@dataclass
class _Seen:
    days: set[date] = field(default_factory=set)
    kinds: Counter[str] = field(default_factory=Counter)
    spellings: Counter[str] = field(default_factory=Counter)

    def add(self, day: date, kind: str, term: str) -> None:
        self.days.add(day)
        self.kinds[kind] += 1
        self.spellings[term] += 1


def _most(counts: Counter[str]) -> str:
    """The most given; a tie goes to the kind listed first (technologies before libraries)."""
    return max(counts, key=lambda kind: (counts[kind], -KINDS.index(kind)))


def _known_terms(vocabulary: VocabularyConfig) -> dict[str, str]:
    """Every spelling the vocabulary knows (terms and aliases), by key -> its canonical term."""
    known = {term_key(t): t for kind in KINDS for t in getattr(vocabulary, kind)}
    known.update({term_key(alias): target for alias, target in vocabulary.aliases.items()})
    return known


def _closest(term: str, known: dict[str, str]) -> tuple[str | None, float]:
    """The known term most like this one, and how alike (0-1): a known term as one of its words
    ("Postgres 16") is the same thing with a qualifier; else the spellings' likeness."""
    key = term_key(term)
    words = set(key.split())
    best: tuple[str | None, float] = (None, 0.0)
    for spelling, canonical in sorted(known.items()):
        if spelling in words:
            likeness = 0.9
        else:
            likeness = difflib.SequenceMatcher(None, key, spelling).ratio()
        if likeness > best[1]:
            best = (canonical, likeness)
    return best if best[1] >= CLOSE_LIKENESS else (None, best[1])

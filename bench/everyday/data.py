"""The everyday dev set's vault (bench/everyday/): the hand-written days of
`bench/data/everyday_days.yaml`, the generated small talk around them
(`everyday_filler.yaml`), the topics (`everyday_topics.yaml`), and the check that every line
naming a topic is on a day labelled with it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent.parent / "data"

START = date(2026, 6, 29)  # a Monday
END = date(2026, 11, 27)  # a Friday: the vault's last note
HOLIDAY = (date(2026, 8, 15), date(2026, 8, 23))  # no notes at all
TEAM = ("Gading", "Rina", "Raka", "Dewi", "Sari", "Budi")
PEOPLE = (*TEAM, "Tiara", "Nouva")
OTHERS = TEAM[1:]  # the notes are Gading's ("gw"): the {p} of a generated line is someone else
ASSISTANT = "Nouva"
ID_SHARE = 0.45  # share of generated lines in Indonesian
KINDS = (
    "raised", "plan", "discuss", "progress", "blocked", "status", "decision", "announce",
    "start", "done", "incident", "postmortem",
)  # fmt: skip
ID_WORDS = frozenset(
    "gw gue lu yang ga gak nggak udah belum sama aja juga kita dia ini itu di ke dari buat pake "
    "pakai banget kemarin gimana dulu lagi abis tapi kalau mau bisa harus ada ngga jadi tiap "
    "hari minggu bulan masih cuma semua dan atau nya kok deh sih dong wkwk".split()
)


def rng_for(seed: int, *what: object) -> random.Random:
    """An RNG for one choice: the same (seed, what) always draws the same numbers."""
    return random.Random("everyday:" + ":".join(str(w) for w in (seed, *what)))


def load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Topic:
    key: str
    pattern: re.Pattern[str]
    names: dict[str, list[str]]
    plain: dict[str, str] | None
    decision: list[dict[str, str]]
    done: list[dict[str, str]]


@dataclass
class Day:
    date: date
    imp: int  # the planted importance, 1-10
    text: str  # the note's body, without its heading
    subjects: dict[str, str] = field(default_factory=dict)  # topic -> kind of day
    mentions: list[str] = field(default_factory=list)  # topics named in passing
    generated: bool = False

    @property
    def lang(self) -> str:
        """`id` when the note reads as Indonesian or mixed, else `en` (a word count)."""
        words = re.findall(r"[a-z]+", self.text.lower())
        share = sum(w in ID_WORDS for w in words) / max(1, len(words))
        return "id" if share >= 0.12 else "en"

    def note(self) -> str:
        return f"# {self.date.isoformat()}\n\n{self.text.rstrip()}\n"

    def as_dict(self) -> dict[str, object]:
        return {
            "date": self.date.isoformat(),
            "planted_importance": self.imp,
            "subjects": self.subjects,
            "mentions": self.mentions,
            "lang": self.lang,
            "generated": self.generated,
        }


def topics() -> list[Topic]:
    out = []
    for raw in load("everyday_topics.yaml"):
        out.append(
            Topic(
                key=raw["key"],
                pattern=re.compile(raw["pattern"], re.IGNORECASE),
                names=raw["names"],
                plain=raw.get("plain"),
                decision=raw.get("decision", []),
                done=raw.get("done", []),
            )
        )
    return out


def _hand_days() -> list[Day]:
    out = []
    for raw in load("everyday_days.yaml"):
        out.append(
            Day(
                date=raw["date"],
                imp=int(raw["imp"]),
                text=raw["text"],
                subjects=dict(raw.get("subject") or {}),
                mentions=list(raw.get("mention") or []),
            )
        )
    return out


@dataclass
class Vault:
    days: dict[date, Day]  # note days, in date order
    topics: list[Topic]

    def subject_days(self, key: str, kind: str | None = None) -> list[date]:
        return [
            d
            for d, day in self.days.items()
            if key in day.subjects and (kind is None or day.subjects[key] == kind)
        ]

    def mention_days(self, key: str) -> list[date]:
        return [d for d, day in self.days.items() if key in day.mentions]

    def topic(self, key: str) -> Topic:
        return next(t for t in self.topics if t.key == key)


def _after_day(vault_days: dict[date, Day], key: str) -> date | None:
    """From when a topic's passing lines may look back at it: its done day, else its decision."""
    for kind in ("done", "decision"):
        found = [d for d, day in vault_days.items() if day.subjects.get(key) == kind]
        if found:
            return found[0]
    return None


def _generated(seed: int, day: date, hand: dict[date, Day], filler: dict[str, Any]) -> Day:
    """A quiet day: small talk, on weekdays the team's other work, and now and then a passing
    mention of a topic that has been raised."""
    rng = rng_for(seed, "day", day.isoformat())
    weekend = day.weekday() >= 5
    picks: list[tuple[str, str]] = []  # (bank, language)
    picks += [("smalltalk", "")] * rng.randint(2 if weekend else 1, 3 if weekend else 2)
    if not weekend:
        picks += [("work", "")] * rng.randint(1, 2)
    lines = []
    for bank, _ in picks:
        lang = "id" if rng.random() < ID_SHARE else "en"
        choices = [x for x in filler[bank][lang] if x not in lines]
        lines.append(rng.choice(choices).format(p=rng.choice(OTHERS)))
    mentions = []
    if rng.random() < 0.45:
        raised = {
            key: min(d for d, h in hand.items() if key in h.subjects)
            for key in filler["passing"]
            if any(key in h.subjects for h in hand.values())
        }
        active = [k for k, first in raised.items() if first < day]
        if active:
            key = rng.choice(active)
            bank = filler["passing"][key]
            lang = "id" if rng.random() < ID_SHARE else "en"
            after = _after_day(hand, key)
            phase = "after" if after is not None and after < day else "before"
            options = [*bank.get("any", {}).get(lang, []), *bank.get(phase, {}).get(lang, [])]
            if options:
                line = rng.choice(options).format(p=rng.choice(OTHERS))
                lines.insert(rng.randint(0, len(lines)), line)
                mentions.append(key)
    return Day(day, 1 if weekend else 2, "\n".join(lines) + "\n", {}, mentions, generated=True)


def note_chance(day: date) -> float:
    return (0.8, 0.8, 0.8, 0.8, 0.8, 0.3, 0.12)[day.weekday()]


def build_vault(seed: int) -> Vault:
    filler = load("everyday_filler.yaml")
    hand = {d.date: d for d in _hand_days()}
    days: dict[date, Day] = {}
    day = START
    while day <= END:
        if day in hand:
            days[day] = hand[day]
        elif not HOLIDAY[0] <= day <= HOLIDAY[1] and (
            rng_for(seed, "calendar", day.isoformat()).random() < note_chance(day)
        ):
            days[day] = _generated(seed, day, hand, filler)
        day += timedelta(days=1)
    vault = Vault(days, topics())
    check_vault(vault, set(hand))
    return vault


def check_vault(vault: Vault, hand: set[date]) -> None:
    """Every line that names a topic is on a day labelled with it; labels use known topics and
    kinds; hand days lie in the vault's range and outside the holiday."""
    keys = {t.key for t in vault.topics}
    problems = []
    for d in sorted(hand):
        if not START <= d <= END or HOLIDAY[0] <= d <= HOLIDAY[1]:
            problems.append(f"{d}: outside the vault's days")
    for d, day in vault.days.items():
        for key, kind in day.subjects.items():
            if key not in keys or kind not in KINDS:
                problems.append(f"{d}: unknown subject {key}: {kind}")
        for key in day.mentions:
            if key not in keys or key in day.subjects:
                problems.append(f"{d}: bad mention {key}")
        for topic in vault.topics:
            labelled = topic.key in day.subjects or topic.key in day.mentions
            for line in day.text.splitlines():
                if topic.pattern.search(line) and not labelled:
                    problems.append(f"{d} names {topic.key} without a label: {line[:70]!r}")
    if problems:
        raise SystemExit("inconsistent everyday vault:\n" + "\n".join(problems[:40]))


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def month_span(year: int, month: int) -> tuple[date, date]:
    first = date(year, month, 1)
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    return first, nxt - timedelta(days=1)


def span_of(kind: str, as_of: date, month: int | None = None) -> tuple[date, date]:
    """The days a time phrase means, as people mean it: yesterday is as_of - 1; last week the
    Monday-Sunday week before as_of's week; two weeks ago the week before that; last month the
    calendar month before as_of's; a month by name its latest occurrence that has started (the
    current month, up to as_of, when as_of is in it; last year's when it has not come yet)."""
    if kind == "yesterday":
        return as_of - timedelta(days=1), as_of - timedelta(days=1)
    if kind in ("last_week", "two_weeks_ago"):
        monday = week_start(as_of) - timedelta(days=7 if kind == "last_week" else 14)
        return monday, monday + timedelta(days=6)
    if kind == "last_month":
        last = as_of.replace(day=1) - timedelta(days=1)
        return month_span(last.year, last.month)
    if kind == "month" and month is not None:
        year = as_of.year if month <= as_of.month else as_of.year - 1
        return month_span(year, month)
    raise ValueError(f"unknown span {kind}")

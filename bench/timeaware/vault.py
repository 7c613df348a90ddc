"""The time-aware dev set's vault (bench/timeaware/): the calendar of note days, each topic's
life laid out over it, the lines each topic's day adds to a note, the filler around them, and the
check that keywords and facts are where the questions expect them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import pairwise

from bench.timeaware.data import (
    ASSISTANT,
    DEBATE,
    DECIDED_BACK,
    DONE_AGAIN,
    FILLER,
    LABEL,
    MOMENT_AFTER,
    MOMENT_LEAD,
    MOMENT_RECAP,
    MONTHS,
    NEARMISS,
    OPENERS,
    PASSING,
    PEOPLE,
    POSTMORTEM,
    QUOTE,
    RECAPS,
    SLOTS,
    STATUS,
    TEAM,
    TERSE,
    TOPICS,
    WEEKDAYS,
    WHEN,
    WORK,
    Topic,
)

ID_SHARE = 0.6  # share of a note's blocks written in Indonesian


def rng_for(seed: int, *what: object) -> random.Random:
    """An RNG for one choice: the same (seed, what) always draws the same numbers."""
    return random.Random("timeaware:" + ":".join(str(w) for w in (seed, *what)))


# --- the calendar and the topics' lives ---------------------------------------------------------


def holiday(day: date) -> bool:
    """Year-end and the Lebaran week (cuti bersama): few notes."""
    md = (day.month, day.day)
    return md >= (12, 24) or md <= (1, 1) or (3, 18) <= md <= (3, 24)


def calendar(seed: int, days: int, end: date) -> list[date]:
    """The days that have a note, among the `days` calendar days ending at `end`."""
    rng = rng_for(seed, "calendar")
    out = []
    for i in range(days):
        day = end - timedelta(days=days - 1 - i)
        weekday = day.weekday()
        chance = 0.35 if weekday == 5 else 0.2 if weekday == 6 else 0.93
        if holiday(day):
            chance = min(chance, 0.3)
        if rng.random() < chance or day == end:
            out.append(day)
    return out


@dataclass
class Event:
    """One day of a topic: what kind of day it is and where the topic stands after it."""

    kind: str  # status, discuss, quote, nearmiss, moment, postmortem, passing
    status: str
    index: int  # into the note days
    moment: int | None = None  # which of the topic's moments
    facts: list[int] = field(default_factory=list)


Slot = list[tuple[str, str, int | None]]  # (kind, status, moment): events on one day or close


def script(topic: Topic, rng: random.Random) -> list[Slot]:
    """A topic's life as slots of (kind, status, moment); a moment and its postmortem share one."""
    first = topic.moments[0]
    slots: list[Slot] = [[("status", "raised", None)], [("status", "planned", None)]]
    if first.kind == "decision":
        slots += [[("discuss", "planned", None)]] * rng.choice((2, 2, 3))
        slots += [[("moment", "planned", 0)]]
    elif first.kind == "approval":
        slots += [[("quote", "planned", None)]] * rng.choice((2, 3))
        slots += [[("moment", "planned", 0)]]
    else:
        slots += [[("status", "in_progress", None)], [("nearmiss", "in_progress", None)]]
        if rng.random() < 0.5:
            slots += [[("status", "blocked", None)]]
        slots += [[("status", "in_progress", None)]]
        slots += [[("moment", "in_progress", 0), ("postmortem", "in_progress", 0)]]
    slots += [[("status", "in_progress", None)]]
    if rng.random() < 0.7:
        slots += [[("status", rng.choice(("blocked", "on_hold")), None)]]
        slots += [[("status", "in_progress", None)]]
    slots += [[("status", "done", None)]]
    if len(topic.moments) > 1:
        slots += [[("nearmiss", "done", None)]]
        slots += [[("moment", "in_progress", 1), ("postmortem", "in_progress", 1)]]
        slots += [[("status", "done", None)]]
    elif rng.random() < 0.55:
        slots += [[("status", "reopened", None)], [("status", "fixing", None)]]
        if rng.random() < 0.5:
            slots += [[("status", "done", None)]]
    return slots


def lay_out(topic: Topic, seed: int, days: list[date], late: bool) -> list[Event]:
    """A topic's events placed on note days (weekdays preferred), then its passing mentions."""
    rng = rng_for(seed, "life", topic.key)
    slots = script(topic, rng)
    n = len(days)
    events: list[Event] = []
    for slot, i in zip(slots, _slot_days(slots, days, late, rng), strict=True):
        if i >= n or (events and i <= events[-1].index):
            continue  # no room left at the end of the vault
        for offset, (kind, status, moment) in enumerate(slot):
            j = i + (rng.randint(1, 3) if offset else 0)
            if j >= n:
                break
            events.append(Event(kind, status, j, moment))
    _place_facts(topic, events, rng)
    return sorted(events + _passing(events, n, rng), key=lambda e: e.index)


def _slot_days(slots: list[Slot], days: list[date], late: bool, rng: random.Random) -> list[int]:
    """Each slot's note day: spread at random over the topic's span, at least four apart."""
    n = len(days)
    start = rng.randint(0, int(0.5 * n))
    end = n - 1 - rng.randint(0, 12) if late else start + rng.randint(int(0.35 * n), int(0.6 * n))
    end = min(end, n - 1)
    need = 6 * len(slots)
    if end - start < need:
        start = max(0, end - need)
    weights = [rng.uniform(0.6, 1.4) for _ in slots[1:]]
    total = sum(weights)
    positions = [start]
    for w in weights:
        positions.append(positions[-1] + w / total * (end - start))
    indices: list[int] = []
    for pos in positions:
        i = max(round(pos), indices[-1] + 4 if indices else 0)
        # prefer a weekday: the team works on weekdays
        for j in (i, i + 1, i + 2):
            if j < n and days[j].weekday() < 5:
                i = j
                break
        indices.append(min(i, n - 1))
    return indices


def _place_facts(topic: Topic, events: list[Event], rng: random.Random) -> None:
    """Each fact on its own day of the work (never before a decision), or where it belongs."""
    plain = [e for e in events if e.kind == "status" and e.status in ("in_progress", "done")]
    for f, fact in enumerate(topic.facts):
        if fact.on_moment:
            target = next((e for e in events if e.kind == "moment" and e.moment == 0), None)
        elif fact.on_done:
            target = next((e for e in events if e.status == "done"), None)
        else:
            free = [e for e in plain if not e.facts] or plain
            target = rng.choice(free) if free else None
        if target is None:
            raise SystemExit(f"{topic.key}: no day for fact {f}; use more --days")
        target.facts.append(f)


def _passing(events: list[Event], n: int, rng: random.Random) -> list[Event]:
    """Passing mentions between status days and after the last one."""
    taken = {e.index for e in events}
    passing: list[Event] = []
    bounds = [e.index for e in events] + [n]
    for a, b in pairwise(bounds):
        if b - a < 3:
            continue
        for _ in range(2):
            if rng.random() < 0.6:
                j = rng.randint(a + 1, b - 1)
                if j not in taken:
                    taken.add(j)
                    passing.append(Event("passing", "", j))
    return passing


# --- writing the notes --------------------------------------------------------------------------


@dataclass
class Block:
    """The lines one topic (or the filler) adds to a day."""

    topic: str | None
    event: Event | None
    lang: int  # 0 English, 1 Indonesian
    lines: list[str]

    @property
    def speakers(self) -> list[str]:
        names = [line.split(":", 1)[0] for line in self.lines if ":" in line]
        return sorted({n for n in names if n in PEOPLE and n != ASSISTANT})


@dataclass
class _Scene:
    """One topic's event on its day, as it is being written."""

    topic: Topic
    event: Event
    day: date
    days: list[date]
    events: list[Event]
    rng: random.Random
    lang: int
    slots: dict[str, str]
    earlier: list[Event]


def others(owner: str, rng: random.Random, k: int) -> list[str]:
    return rng.sample([p for p in TEAM if p != owner], k)


def render(
    topic: Topic, event: Event, day: date, days: list[date], events: list[Event], seed: int
) -> Block:
    """The lines of one topic's event on its day."""
    rng = rng_for(seed, "render", topic.key, day.isoformat())
    lang = 1 if rng.random() < ID_SHARE else 0
    owner = topic.crew[0] if rng.random() < 0.7 else rng.choice(topic.crew)
    asker, p1, p2 = others(owner, rng, 3)
    name = rng.choice(topic.names[lang])
    slots = {
        "o": owner, "a": asker, "p1": p1, "p2": p2, "T": name, "Tc": name[0].upper() + name[1:],
        "t": topic.terse,
        "r": rng.choice(topic.blockers)[lang],
        "d": topic.done[lang], "ro": topic.reopen[lang], "why": topic.why[lang],
        "when": rng.choice(WHEN[lang]),
    }  # fmt: skip
    earlier = [e for e in events if e.index < event.index]
    slots["label"] = LABEL[event.status][lang] if event.status else ""
    slots["s1"], slots["s2"] = _steps(topic, event, earlier, lang)
    scene = _Scene(topic, event, day, days, events, rng, lang, slots, earlier)
    lines = _LINES[event.kind](scene)
    for f in event.facts:
        fact = topic.facts[f].lines[lang]
        if any(v in line for line in lines for v in topic.facts[f].values):
            continue  # the moment's own lines state it
        lines.append(f"{owner}: {fact}" if rng.random() < 0.5 else f"- {fact}")
    return Block(topic.key, event, lang, lines)


def _steps(topic: Topic, event: Event, earlier: list[Event], lang: int) -> tuple[str, str]:
    """The step just done and the next: the work moves through the steps in order."""
    done_steps = sum(1 for e in earlier if e.kind == "status" and e.status == "in_progress")
    if event.status == "planned":
        done_steps = 0
    # "mulai dari ingress setup": Indonesian has no article
    named = [s.removeprefix("the ") for s in topic.steps] if lang else list(topic.steps)
    named.append(("the final checks", "final check")[lang])
    return named[min(done_steps, len(named) - 2)], named[min(done_steps + 1, len(named) - 1)]


def _round(s: _Scene) -> int:
    """How many days of this kind came before, of three ways to say it."""
    return sum(1 for e in s.earlier if e.kind == s.event.kind) % 3


def _passing_lines(s: _Scene) -> list[str]:
    return [s.rng.choice(PASSING[s.lang]).format(**s.slots)]


def _status_lines(s: _Scene) -> list[str]:
    rng, lang, status = s.rng, s.lang, s.event.status
    if status == "done" and any(e.status == "done" for e in s.earlier):
        lines = [DONE_AGAIN[("verbose", "terse")[rng.random() < 0.5]][lang].format(**s.slots)]
    elif status == "raised":
        lines = [rng.choice(STATUS["raised"][lang]).format(**s.slots)]
    elif rng.random() < 0.5:  # verbose: asked, answered, recapped; the name said three times
        lines = [
            rng.choice(OPENERS[lang]).format(**s.slots),
            rng.choice(STATUS[status][lang]).format(**s.slots),
            rng.choice(RECAPS[lang]).format(**s.slots),
        ]
    else:
        lines = [TERSE[status][lang].format(**s.slots)]
    decided = [
        s.days[e.index]
        for e in s.events
        if e.kind == "moment" and s.topic.moments[e.moment or 0].kind == "decision"
    ]
    if decided and decided[0] < s.day and rng.random() < 0.3:
        lines.append(DECIDED_BACK[lang].format(back=_decided_when(decided[0], s), **s.slots))
    return lines


def _decided_when(when: date, s: _Scene) -> str:
    if (when.year, when.month) == (s.day.year, s.day.month):
        return ("earlier this month", "awal bulan ini")[s.lang]
    month = MONTHS[s.lang][when.month - 1]
    return f"dari bulan {month}" if s.lang else f"back in {month}"


def _discuss_lines(s: _Scene) -> list[str]:
    m = s.topic.moments[s.event.moment or 0]
    lang = s.lang
    return [
        line.format(dq=m.debate[lang], pro=m.pro[lang], con=m.con[lang], **s.slots)
        for line in DEBATE[lang][_round(s)]
    ]


def _quote_lines(s: _Scene) -> list[str]:
    m = s.topic.moments[0]
    round_ = _round(s)
    x = m.quotes[round_ % len(m.quotes)]
    return [line.format(x=x, **s.slots) for line in QUOTE[s.lang][round_]]


def _nearmiss_lines(s: _Scene) -> list[str]:
    m = next(m for m in s.topic.moments if m.kind == "incident")
    return [line.format(sym=m.symptom[s.lang], **s.slots) for line in NEARMISS[s.lang]]


def _moment_lines(s: _Scene) -> list[str]:
    m = s.topic.moments[s.event.moment or 0]
    lines = [line.format(**s.slots) for line in MOMENT_LEAD[m.kind][s.lang]]
    lines += list(m.lines[s.lang])
    lines.append(MOMENT_AFTER[m.kind][s.lang].format(**s.slots))
    lines.append(MOMENT_RECAP[m.kind][s.lang].format(**s.slots))
    return lines


def _postmortem_lines(s: _Scene) -> list[str]:
    m = s.topic.moments[s.event.moment or 0]
    incident = next(e for e in s.events if e.kind == "moment" and e.moment == s.event.moment)
    weekday = WEEKDAYS[s.lang][s.days[incident.index].weekday()]
    return [
        line.format(weekday=weekday, cause=m.cause[s.lang], **s.slots)
        for line in POSTMORTEM[s.lang]
    ]


_LINES: dict[str, Callable[[_Scene], list[str]]] = {
    "passing": _passing_lines,
    "status": _status_lines,
    "discuss": _discuss_lines,
    "quote": _quote_lines,
    "nearmiss": _nearmiss_lines,
    "moment": _moment_lines,
    "postmortem": _postmortem_lines,
}


def filler(seed: int, day: date, weekend: bool) -> list[Block]:
    """Small talk and reminders (more on weekends), and on weekdays the team's other work, in
    blocks of one to three lines."""
    rng = rng_for(seed, "filler", day.isoformat())
    blocks = []
    counts = ((FILLER, rng.randint(2, 4)), (WORK, 0 if weekend else rng.randint(2, 4)))
    for bank, count in counts:
        for _ in range(count):
            lang = 1 if rng.random() < ID_SHARE else 0
            lines = []
            for line in rng.sample(bank[lang], rng.choice((1, 1, 2, 3))):
                slots = {k: rng.choice(v) for k, v in SLOTS.items()}
                numbers = {"n": rng.randint(15, 50), "pr": rng.randint(100, 900)}
                numbers["pts"] = rng.randint(20, 45)
                lines.append(line.format(p=rng.choice(TEAM), **numbers, **slots))
            blocks.append(Block(None, None, lang, lines))
    return blocks


# --- the vault ----------------------------------------------------------------------------------


@dataclass
class Vault:
    days: list[date]
    notes: dict[date, str]
    events: dict[str, list[Event]]  # topic -> its events, in order
    blocks: dict[date, list[Block]]

    def mention_days(self, key: str, *, passing: bool = True) -> list[date]:
        return [self.days[e.index] for e in self.events[key] if passing or e.kind != "passing"]


def build_vault(seed: int, days: int, end: date) -> Vault:
    note_days = calendar(seed, days, end)
    late_rng = rng_for(seed, "late")
    late = set(late_rng.sample([t.key for t in TOPICS], len(TOPICS) * 3 // 5))
    events = {t.key: lay_out(t, seed, note_days, t.key in late) for t in TOPICS}
    blocks: dict[date, list[Block]] = {d: [] for d in note_days}
    for topic in TOPICS:
        for event in events[topic.key]:
            day = note_days[event.index]
            blocks[day].append(render(topic, event, day, note_days, events[topic.key], seed))
    notes = {}
    for day in note_days:
        rng = rng_for(seed, "note", day.isoformat())
        day_blocks = blocks[day] + filler(seed, day, day.weekday() >= 5)
        rng.shuffle(day_blocks)
        blocks[day] = day_blocks
        body = "\n\n".join("\n".join(b.lines) for b in day_blocks)
        notes[day] = f"# {day.isoformat()}\n\n{body}\n"
    vault = Vault(note_days, notes, events, blocks)
    check_vault(vault)
    return vault


def check_vault(vault: Vault) -> None:
    """A topic's keyword is in a note exactly when the note has that topic's lines; every fact's
    value is in one note only."""
    problems = []
    for topic in TOPICS:
        pattern = re.compile(topic.pattern, re.IGNORECASE)
        tagged = set(vault.mention_days(topic.key))
        for day, text in vault.notes.items():
            if bool(pattern.search(text)) != (day in tagged):
                problems.append(
                    f"{day} {topic.key}: keyword {'found' if day not in tagged else 'missing'}"
                )
        for f, fact in enumerate(topic.facts):
            found = [d for d, text in vault.notes.items() if any(v in text for v in fact.values)]
            if len(found) != 1:
                problems.append(f"{topic.key} fact {f} ({fact.value!r}) in {len(found)} notes")
    if problems:
        raise SystemExit("inconsistent vault:\n" + "\n".join(problems[:40]))

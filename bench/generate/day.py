"""What one synthetic day says (bench/generate/): its daily note, its transcripts and the fields
its summary is made from, drawn from an RNG seeded by (seed, date) over the words of
`bench/data/generate_words.yaml`; the calendar of days, and the workspace's config.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import yaml

END_DATE = date(2026, 7, 31)  # the last generated day; days go back from here
GAP_RATE = 0.02  # share of calendar days without a daily note
TRANSCRIPT_RATE = 0.30
WORDS_FILE = Path(__file__).resolve().parent.parent / "data" / "generate_words.yaml"

_WORDS: dict[str, Any] = yaml.safe_load(WORDS_FILE.read_text(encoding="utf-8"))
PROJECTS: list[str] = _WORDS["projects"]
TECHNOLOGIES: list[str] = _WORDS["technologies"]
LIBRARIES: list[str] = _WORDS["libraries"]
ALIASES: dict[str, str] = _WORDS["aliases"]
PEOPLE: list[str] = _WORDS["people"]
PEOPLE_ALIASES: dict[str, str] = _WORDS["people_aliases"]
STRAY_TECH: list[str] = _WORDS["stray_technologies"]
STRAY_LIBS: list[str] = _WORDS["stray_libraries"]
MOODS: list[str] = _WORDS["moods"]
SLUGS: list[str] = _WORDS["slugs"]
ACTIVITIES: list[str] = _WORDS["activities"]
PURPOSES: list[str] = _WORDS["purposes"]
REASONS: list[str] = _WORDS["reasons"]
SYMPTOMS: list[str] = _WORDS["symptoms"]
CAUSES: list[str] = _WORDS["causes"]
SMALL_TALK: list[str] = _WORDS["small_talk"]
TOPICS: list[str] = _WORDS["topics"]
FILLER: list[str] = _WORDS["filler"].split()

_ALIASES_OF: dict[str, list[str]] = {}
for _alias, _term in ALIASES.items():
    _ALIASES_OF.setdefault(_term, []).append(_alias)
_PEOPLE_ALIASES_OF: dict[str, list[str]] = {}
for _alias, _name in PEOPLE_ALIASES.items():
    _PEOPLE_ALIASES_OF.setdefault(_name, []).append(_alias)


@dataclass
class Day:
    """One generated day: its note, transcripts, and the fields its summary is made from."""

    day: date
    note: str
    transcripts: list[tuple[str, str]] = field(default_factory=list)  # (file name, text)
    people: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    technologies: list[str] = field(default_factory=list)
    libraries: list[str] = field(default_factory=list)
    importance: int = 3
    mood: str = "neutral"
    bullets: list[str] = field(default_factory=list)


def config_dict() -> dict:
    """vaultkit's starter config with the synthetic vocabulary and people."""
    from vaultkit.workspace.init import default_config

    config = default_config()
    # kept as the first version wrote it, so a generated workspace stays the same bytes
    config["_about"] = "Synthetic benchmark workspace written by bench/generate.py."
    config["vocabulary"] = {
        "projects": PROJECTS,
        "technologies": TECHNOLOGIES,
        "libraries": LIBRARIES,
        "aliases": ALIASES,
    }
    config["people"] = {"known": PEOPLE, "aliases": PEOPLE_ALIASES}
    return config


def day_rng(seed: int, day: date) -> random.Random:
    return random.Random(seed * 1_000_003 + day.toordinal())


def calendar(days: int, seed: int, end: date = END_DATE) -> list[date]:
    """`days` dates ending at `end`, skipping a seeded ~2% of calendar days."""
    out: list[date] = []
    current = end
    while len(out) < days:
        if day_rng(seed ^ 0x5EED, current).random() >= GAP_RATE or current == end:
            out.append(current)
        current -= timedelta(days=1)
    out.reverse()
    return out


def spell(rng: random.Random, term: str) -> str:
    """A term as a person writes it: usually canonical, sometimes an alias, in varied case."""
    roll = rng.random()
    aliases = _ALIASES_OF.get(term)
    if aliases and roll < 0.2:
        alias = rng.choice(aliases)
        return alias.lower() if rng.random() < 0.3 and len(alias) > 3 else alias
    if roll < 0.27 and len(term) > 3:
        return term.lower()
    if roll < 0.30 and len(term) > 3:
        return term.upper()
    return term


def person(rng: random.Random, name: str) -> str:
    aliases = _PEOPLE_ALIASES_OF.get(name)
    return rng.choice(aliases) if aliases and rng.random() < 0.25 else name


@dataclass
class _Writer:
    """A day's RNG and what the day is about; each call draws the next word of a line."""

    rng: random.Random
    projects: list[str]
    techs: list[str]
    libs: list[str]
    people: list[str]

    def p(self) -> str:
        return person(self.rng, self.rng.choice(self.people))

    def proj(self) -> str:
        return (
            spell(self.rng, self.rng.choice(self.projects)) if self.projects else "the side project"
        )

    def tech(self) -> str:
        return spell(self.rng, self.rng.choice(self.techs)) if self.techs else "the laptop"

    def lib(self) -> str:
        return spell(self.rng, self.rng.choice(self.libs)) if self.libs else "a script"

    def work(self) -> str:
        return self.rng.choice(_WORK)(self)


_WORK: tuple[Callable[[_Writer], str], ...] = (
    lambda w: f"Worked on {w.proj()}: {w.rng.choice(ACTIVITIES)} using {w.tech()}.",
    lambda w: f"Paired with {w.p()} on the {w.lib()} integration in {w.proj()}.",
    lambda w: f"Reviewed {w.p()}'s PR that moves {w.proj()} from {w.tech()} to {w.tech()}.",
    lambda w: (
        f"Benchmarked {w.lib()} on the {w.proj()} workload; {w.rng.randint(5, 80)}% faster than last week."
    ),
    lambda w: (
        f"Fixed a flaky test in {w.proj()} (a {w.lib()} fixture leaking {w.tech()} connections)."
    ),
    lambda w: (
        f"Upgraded {w.tech()} to {w.rng.randint(1, 9)}.{w.rng.randint(0, 30)} on the homelab cluster."
    ),
    lambda w: (
        f"{w.p()} asked about the `{w.lib()}` config for {w.proj()}; sent the link to the ADR."
    ),
    lambda w: f"Spent the morning reading {w.tech()} docs for {w.proj()}.",
    lambda w: f"Call with {w.p()} about {w.proj()} timelines; {w.rng.choice(ACTIVITIES)} is next.",
)


def make_day(seed: int, day: date) -> Day:
    """The deterministic content of one day."""
    rng = day_rng(seed, day)
    kind_roll = rng.random()
    casual = kind_roll < 0.15  # a small-talk day
    incident = not casual and kind_roll < 0.22
    decision = not casual and rng.random() < 0.35
    projects = rng.sample(PROJECTS, 0 if casual else rng.choice((1, 1, 2, 2, 3)))
    techs = rng.sample(TECHNOLOGIES, rng.randint(0, 1) if casual else rng.randint(2, 5))
    libs = rng.sample(LIBRARIES, 0 if casual else rng.randint(1, 3))
    people = rng.sample(PEOPLE, rng.randint(1, 4))
    stray_tech = rng.choice(STRAY_TECH) if rng.random() < 0.05 else None
    stray_lib = rng.choice(STRAY_LIBS) if rng.random() < 0.04 else None
    target = int(min(6000, max(1000, rng.lognormvariate(7.9, 0.45))))  # median ~2.7 KB
    w = _Writer(rng, projects, techs, libs, people)
    bullets: list[str] = []
    lines = [f"# {day.isoformat()}", ""]
    if not casual:
        _work_section(w, bullets, lines)
    if stray_tech or stray_lib:
        line = f"Tried {stray_tech or stray_lib} for a small experiment in {w.proj()}; promising."
        bullets.append(line)
        lines += [line, ""]
    if decision:
        _decision_section(w, bullets, lines)
    if incident:
        _incident_section(w, bullets, lines)
    lines += ["## Notes", ""]
    for _ in range(rng.randint(1, 3)):
        line = rng.choice(SMALL_TALK).format(p=w.p(), t=rng.choice(TOPICS))
        bullets.append(line)
        lines.append(line)
    text = _padded("\n".join(lines) + "\n", w, target, casual)
    result = Day(day=day, note=text)
    if rng.random() < TRANSCRIPT_RATE:
        for slug in sorted(rng.sample(SLUGS, rng.choice((1, 1, 1, 2, 3)))):
            result.transcripts.append((f"{slug}.md", _transcript(w, slug)))
    result.people = people
    result.projects = projects
    result.technologies = techs + ([stray_tech] if stray_tech else [])
    result.libraries = libs + ([stray_lib] if stray_lib else [])
    score = (
        (2 if casual else 4 + len(projects) // 2) + (2 if decision else 0) + (3 if incident else 0)
    )
    result.importance = max(1, min(10, score + rng.choice((-1, 0, 0, 1))))
    result.mood = rng.choice(MOODS)
    result.bullets = [b.replace("`", "") for b in bullets[: rng.randint(3, 6)]]
    while len(result.bullets) < 3:
        result.bullets.append(f"Quiet day; {len(text)} characters of notes.")
    return result


def _work_section(w: _Writer, bullets: list[str], lines: list[str]) -> None:
    lines += ["## Work", ""]
    for _ in range(w.rng.randint(3, 6)):
        line = w.work()
        bullets.append(line)
        lines.append(f"- {line}")
    lines.append("")


def _decision_section(w: _Writer, bullets: list[str], lines: list[str]) -> None:
    rng = w.rng
    line = (
        f"Decision: {w.proj()} will use {w.tech()} for {rng.choice(PURPOSES)} instead of "
        f"{spell(rng, rng.choice(TECHNOLOGIES))}, because {rng.choice(REASONS)}."
    )
    bullets.insert(0, line)
    lines += [
        "## Decisions",
        "",
        f"- {line}",
        f"- ADR-{rng.randint(1, 400):03d} written and reviewed by {w.p()}.",
        "",
    ]


def _incident_section(w: _Writer, bullets: list[str], lines: list[str]) -> None:
    rng = w.rng
    start = rng.randint(8, 20)
    line = (
        f"Incident: {w.proj()} {rng.choice(SYMPTOMS)} from {start:02d}:{rng.randint(0, 59):02d} "
        f"for {rng.randint(5, 90)} minutes; root cause was {rng.choice(CAUSES)} in {w.tech()}."
    )
    bullets.insert(0, line)
    lines += [
        f"## Incident: {w.proj()} outage", "", line,
        f"- {w.p()} was on call and rolled back; postmortem due Friday.",
        f"- Error in logs: `{rng.choice(['ConnectionError', 'TimeoutError', 'OOMKilled'])}: too many retries`",
        "",
    ]  # fmt: skip


def _padded(text: str, w: _Writer, target: int, casual: bool) -> str:
    """The note padded to the target size with more work bullets and filler paragraphs."""
    extra: list[str] = []
    size = len(text)
    while size < target:
        if w.rng.random() < 0.6 and not casual:
            chunk = f"- {w.work()}"
        else:
            words = w.rng.choices(FILLER, k=w.rng.randint(25, 60))
            chunk = " ".join(words).capitalize() + "."
        extra.append(chunk)
        size += len(chunk) + 1
    return text + "\n## Log\n\n" + "\n".join(extra) + "\n" if extra else text


def _transcript(w: _Writer, slug: str) -> str:
    rng = w.rng
    speaker = person(rng, w.people[0])
    lines = [f"# Chat: {slug.split('-', 1)[1].replace('-', ' ')} with {speaker}", ""]
    target = rng.randint(500, 3000)
    size = 0
    while size < target:
        pair = [
            f"{speaker}: what was the plan for {w.proj()} again",
            f"Nouva: The plan is to move it to {w.tech()} this sprint; {rng.choice(ACTIVITIES)} first.",
            f"{speaker}: ok, and {w.tech()}?",
            f"Nouva: Still on the old version. {rng.choice(REASONS).capitalize()}.",
        ]
        chunk = "\n".join(rng.sample(pair, rng.randint(1, 4)))
        lines.append(chunk)
        size += len(chunk)
    return "\n".join(lines) + "\n"

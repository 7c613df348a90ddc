"""The time-aware dev set's material (bench/timeaware/): its topics, from
`bench/data/timeaware_topics.yaml`, and the team, the phrase tables of the notes and the
questions' wordings, from `bench/data/timeaware_phrases.yaml`; read once, on import.

In the files a bilingual text is a mapping `{en: ..., id: ...}`; here it is a pair `(English,
Indonesian)`, indexed by a note's or a question's language (0 English, 1 Indonesian), and lists
are tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent.parent / "data"

Pair = tuple[str, str]  # (English, Indonesian)


@dataclass(frozen=True)
class Moment:
    """A topic's big moment and the material for the days around it that decide nothing."""

    kind: str  # "decision", "incident" or "approval"
    lines: tuple[tuple[str, ...], tuple[str, ...]]  # the moment's lines, English and Indonesian
    questions: tuple[Pair, ...]  # (lang, question)
    debate: Pair = ("", "")  # decision: the open question ("whether to ...")
    pro: Pair = ("", "")  # decision: a line for it
    con: Pair = ("", "")  # decision: a line against it
    symptom: Pair = ("", "")  # incident: what a near-miss looked like
    cause: Pair = ("", "")  # incident: the postmortem's finding
    quotes: tuple[
        str, ...
    ] = ()  # approval: amounts quoted before (Rp juta), never the approved one


@dataclass(frozen=True)
class Fact:
    """A detail stated on one day only, and the questions that ask for it."""

    lines: Pair
    value: str | Pair  # the detail as written (per language when it differs): in one note only
    questions: Pair
    on_moment: bool = False  # stated on the day of the topic's first moment
    on_done: bool = False  # stated on the day the topic is first done

    @property
    def values(self) -> tuple[str, ...]:
        return (self.value,) if isinstance(self.value, str) else self.value


@dataclass(frozen=True)
class Topic:
    key: str
    pattern: str  # finds the topic in a note (case-insensitive); only this topic's lines match
    names: tuple[tuple[str, ...], tuple[str, ...]]  # how notes name it, English and Indonesian
    ask: Pair  # how latest and decision questions name it
    short: Pair  # how time questions name it
    terse: str  # a terse note line's name for it
    crew: tuple[str, ...]  # the owner first
    steps: tuple[str, ...]
    blockers: tuple[Pair, ...]
    done: Pair
    reopen: Pair
    why: Pair
    moments: tuple[Moment, ...]
    facts: tuple[Fact, ...]
    project: str | None = None
    techs: tuple[str, ...] = ()


def _frozen(value: Any) -> Any:
    """`{en, id}` mappings as pairs, lists as tuples, all the way down."""
    if isinstance(value, dict) and set(value) == {"en", "id"}:
        return (_frozen(value["en"]), _frozen(value["id"]))
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _moment(raw: dict[str, Any]) -> Moment:
    asked = raw.pop("questions")
    questions = tuple((lang, q) for lang in ("en", "id") for q in asked[lang])
    return Moment(questions=questions, **{k: _frozen(v) for k, v in raw.items()})


def _topic(raw: dict[str, Any]) -> Topic:
    moments = tuple(_moment(m) for m in raw.pop("moments"))
    facts = tuple(Fact(**{k: _frozen(v) for k, v in f.items()}) for f in raw.pop("facts"))
    return Topic(moments=moments, facts=facts, **{k: _frozen(v) for k, v in raw.items()})


def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


TOPICS: list[Topic] = [_topic(raw) for raw in _load("timeaware_topics.yaml")]

_PHRASES: dict[str, Any] = _frozen(_load("timeaware_phrases.yaml"))
# the team
PEOPLE: tuple[str, ...] = _PHRASES["people"]
PEOPLE_ALIASES: dict[str, str] = _PHRASES["aliases"]
TEAM: tuple[str, ...] = _PHRASES["team"]
ASSISTANT: str = _PHRASES["assistant"]
WEEKDAYS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["weekdays"]
MONTHS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["months"]
# what the notes say
STATUS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = _PHRASES["status"]
DONE_AGAIN: dict[str, Pair] = _PHRASES["done_again"]
TERSE: dict[str, Pair] = _PHRASES["terse"]
LABEL: dict[str, Pair] = _PHRASES["label"]
OPENERS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["openers"]
RECAPS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["recaps"]
WHEN: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["when"]
PASSING: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["passing"]
DEBATE: tuple[tuple[tuple[str, ...], ...], ...] = _PHRASES["debate"]
QUOTE: tuple[tuple[tuple[str, ...], ...], ...] = _PHRASES["quote"]
NEARMISS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["nearmiss"]
POSTMORTEM: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["postmortem"]
MOMENT_LEAD: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = _PHRASES["moment_lead"]
MOMENT_AFTER: dict[str, Pair] = _PHRASES["moment_after"]
MOMENT_RECAP: dict[str, Pair] = _PHRASES["moment_recap"]
DECIDED_BACK: Pair = _PHRASES["decided_back"]
FILLER: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["filler"]
WORK: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["work"]
SLOTS: dict[str, tuple[str, ...]] = _PHRASES["slots"]
# how the questions ask
LATEST: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["latest"]
LATEST_PLAN: Pair = _PHRASES["latest_plan"]
TIME: tuple[dict[str, str], dict[str, str]] = _PHRASES["time"]
NUMBERS: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["numbers"]
ABOUT: tuple[tuple[str, ...], tuple[str, ...]] = _PHRASES["about"]
ABOUT_PERSON: Pair = _PHRASES["about_person"]
SINCE: Pair = _PHRASES["since"]
BEFORE: Pair = _PHRASES["before"]
STOPWORDS: frozenset[str] = frozenset(_PHRASES["stopwords"].split())

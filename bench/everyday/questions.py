"""The everyday dev set's questions (bench/everyday/): spans with no topic, the latest status,
decisions, the day something happened, the `newer` marker's checks, plain topic questions and a
new user's ten everyday questions; wordings in `bench/data/everyday_questions.yaml`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from bench.everyday.data import END, START, Vault, load, rng_for, span_of

SPAN_COUNTS = {"yesterday": 12, "last_week": 14, "two_weeks_ago": 10, "last_month": 10, "month": 12}
SPAN_FIRST = date(2026, 7, 14)  # the earliest as_of of a span question
SPAN_LAST = date(2026, 12, 8)
LATE = END + timedelta(days=4)  # the latest as_of of a topic question
LATEST_PER_TOPIC = 5


@dataclass
class Question:
    category: str
    lang: str
    query: str
    as_of: date
    gold: list[date]
    kind: str  # the span's kind, or the topic day's kind the question asks for
    topic: str | None = None
    span: tuple[date, date] | None = None
    biggest: list[date] = field(default_factory=list)
    distractors: list[date] = field(default_factory=list)
    older: list[date] = field(default_factory=list)  # newer: older topic days

    def as_dict(self, qid: str) -> dict[str, object]:
        out: dict[str, object] = {
            "id": qid,
            "query": self.query,
            "gold_dates": [d.isoformat() for d in self.gold],
            "as_of": self.as_of.isoformat(),
            "category": self.category,
            "lang": self.lang,
            "kind": self.kind,
            "topic": self.topic,
        }
        if self.span is not None:
            out["span"] = [self.span[0].isoformat(), self.span[1].isoformat()]
            out["biggest"] = [d.isoformat() for d in self.biggest]
        out["distractors"] = [d.isoformat() for d in self.distractors]
        if self.category == "newer":
            out["older"] = [d.isoformat() for d in self.older]
        return out


def _days_between(first: date, last: date) -> list[date]:
    return [first + timedelta(days=i) for i in range((last - first).days + 1)]


class Wordings:
    """Picks the least used wording of a list (ties broken by the RNG)."""

    def __init__(self) -> None:
        self.used: Counter[str] = Counter()

    def pick(self, options: list[str], rng: Any) -> str:
        options = list(options)
        rng.shuffle(options)
        options.sort(key=lambda o: self.used[o])
        self.used[options[0]] += 1
        return options[0]


# --- spans --------------------------------------------------------------------------------------


def span_question(
    vault: Vault, category: str, lang: str, query: str, kind: str, as_of: date, month: int | None
) -> Question:
    span = span_of(kind, as_of, month)
    gold = [d for d in vault.days if span[0] <= d <= span[1] and d <= as_of]
    top = max((vault.days[d].imp for d in gold), default=0)
    biggest = [d for d in gold if vault.days[d].imp == top]
    return Question(category, lang, query, as_of, gold, kind, None, span, biggest)


def span_questions(vault: Vault, seed: int) -> list[Question]:
    data = load("everyday_questions.yaml")
    fixed: list[date] = list(data["span_as_of"])
    months = data["months"]
    words = Wordings()
    out = []
    for kind, count in SPAN_COUNTS.items():
        rng = rng_for(seed, "span", kind)
        chosen: list[date] = []
        if kind in ("yesterday", "last_week"):
            chosen += [d for d in fixed if d.weekday() == 0 or d > END or kind == "last_week"]
        elif kind == "two_weeks_ago":
            chosen += [d for d in fixed if d.month == 9 and d.day == 1]
        elif kind == "last_month":
            chosen += [d for d in fixed if d > END]
        pool = _days_between(SPAN_FIRST if kind != "last_month" else date(2026, 8, 1), SPAN_LAST)
        while len(chosen) < count:
            weekday = len(chosen) % 7  # every weekday in turn
            day = rng.choice([d for d in pool if d.weekday() == weekday and d not in chosen])
            chosen.append(day)
        offset = rng.randint(0, 1)
        for i, as_of in enumerate(sorted(chosen)):
            lang = ("en", "id")[(i + offset) % 2]
            template = words.pick(data["span"][kind][lang], rng)
            month = None
            if kind == "month":
                # mostly a month that has started this year, now and then the current one or one
                # not come yet (last year's: no notes)
                pick = rng.random()
                if pick < 0.15:
                    month = 12 if as_of.month < 12 else 1
                elif pick < 0.35:
                    month = as_of.month
                else:
                    month = rng.randint(6, max(6, as_of.month - 1))
                template = template.format(M=months[lang][month - 1])
            out.append(span_question(vault, "span", lang, template, kind, as_of, month))
    return out


# --- topic questions ----------------------------------------------------------------------------


def _latest_before(vault: Vault, key: str, as_of: date) -> date | None:
    days = [d for d in vault.subject_days(key) if d <= as_of]
    return days[-1] if days else None


def _passing_between(vault: Vault, key: str, after: date, until: date) -> list[date]:
    return [d for d in vault.mention_days(key) if after < d <= until]


def latest_spots(vault: Vault, key: str) -> list[tuple[date, list[date]]]:
    """(subject day, the passing mentions after it before the next subject day), for every
    subject day but the first (the topic raised) that some passing mention follows."""
    subjects = vault.subject_days(key)
    spots = []
    for k, gold in enumerate(subjects[1:], 1):
        nxt = subjects[k + 1] if k + 1 < len(subjects) else LATE + timedelta(days=1)
        passing = _passing_between(vault, key, gold, nxt - timedelta(days=1))
        if passing:
            spots.append((gold, passing))
    return spots


def latest_questions(vault: Vault, seed: int) -> list[Question]:
    """Per topic up to five: the final status asked twice (soon after and late), and earlier
    statuses, each asked after a passing mention and before the next status day."""
    templates = load("everyday_questions.yaml")["latest"]
    words = Wordings()
    out = []
    for topic in vault.topics:
        rng = rng_for(seed, "latest", topic.key)
        spots = latest_spots(vault, topic.key)
        if not spots or not topic.names:
            continue
        subjects = vault.subject_days(topic.key)
        final = spots[-1] if spots[-1][0] == subjects[-1] else None
        earlier = [s for s in spots if s is not final]
        rng.shuffle(earlier)
        plan: list[tuple[date, date]] = []  # (gold, as_of)
        if final is not None:
            gold, passing = final
            plan.append((gold, rng.choice(_days_between(passing[0], passing[0] + timedelta(6)))))
            plan.append(
                (gold, rng.choice(_days_between(max(passing[-1], END - timedelta(5)), LATE)))
            )
        for gold, passing in earlier[: LATEST_PER_TOPIC - len(plan)]:
            nxt = next((d for d in subjects if d > gold), LATE + timedelta(days=1))
            plan.append((gold, rng.choice(_days_between(passing[0], nxt - timedelta(days=1)))))
        lang_i = rng.randint(0, 1)
        for gold, as_of in sorted(plan):
            lang = ("en", "id")[lang_i % 2]
            lang_i += 1
            name = rng.choice(topic.names[lang])
            query = words.pick(templates[lang], rng).format(T=name)
            distractors = _passing_between(vault, topic.key, gold, as_of)
            out.append(
                Question(
                    "latest", lang, query, as_of, [gold], "latest", topic.key, None, [], distractors
                )
            )
    return out


def _one_day(vault: Vault, key: str, kind: str) -> date:
    days = vault.subject_days(key, kind)
    if len(days) != 1:
        raise SystemExit(f"{key}: {len(days)} days of kind {kind!r}, the questions need one")
    return days[0]


def point_questions(vault: Vault, seed: int, category: str) -> list[Question]:
    """`decision` or `done`: each wording of each topic asked once, soon after the day (up to
    three weeks) or long after, by a coin."""
    out = []
    for topic in vault.topics:
        specs = topic.decision if category == "decision" else topic.done
        for n, spec in enumerate(specs):
            rng = rng_for(seed, category, topic.key, n)
            gold = _one_day(vault, topic.key, spec["kind"])
            late = min(LATE, gold + timedelta(days=21)) if rng.random() < 0.5 else LATE
            first = gold + timedelta(days=1)
            as_of = rng.choice(_days_between(first, max(first, late)))
            others = [d for d in vault.subject_days(topic.key) if d != gold and d <= as_of]
            later = _passing_between(vault, topic.key, gold, as_of)
            distractors = sorted(set(others + later[-6:]))
            q = Question(category, spec["lang"], spec["q"], as_of, [gold], spec["kind"])
            q.topic, q.distractors = topic.key, distractors
            out.append(q)
    return out


def newer_questions(vault: Vault, seed: int) -> list[Question]:
    """A bare topic query per topic and language, asked in the vault's last days (after every
    passing mention and the other topics' days that use the same words), and once more, in one
    language, after an earlier status: the results' `newer` markers are checked."""
    out = []
    for topic in vault.topics:
        if not topic.plain:
            continue
        rng = rng_for(seed, "newer", topic.key)
        asks = [("en", rng.choice(_days_between(END - timedelta(days=2), LATE)))]
        asks.append(("id", rng.choice(_days_between(END - timedelta(days=2), LATE))))
        spots = latest_spots(vault, topic.key)[:-1]
        if spots:
            gold, passing = rng.choice(spots)
            nxt = next(d for d in vault.subject_days(topic.key) if d > gold)
            asks.append(
                (
                    rng.choice(("en", "id")),
                    rng.choice(_days_between(passing[0], nxt - timedelta(1))),
                )
            )
        for lang, as_of in asks:
            gold_day = _latest_before(vault, topic.key, as_of)
            assert gold_day is not None
            older = [d for d in vault.subject_days(topic.key) if d < gold_day]
            distractors = _passing_between(vault, topic.key, gold_day, as_of)
            q = Question("newer", lang, topic.plain[lang], as_of, [gold_day], "latest", topic.key)
            q.distractors, q.older = distractors, older
            out.append(q)
    return out


def plain_questions(vault: Vault) -> list[Question]:
    out = []
    for spec in load("everyday_questions.yaml")["plain"]:
        needle = re.compile(spec["needle"])
        found = [d for d, day in vault.days.items() if needle.search(day.text)]
        if found != sorted(spec["gold"]):
            raise SystemExit(f"plain {spec['q']!r}: needle in {found}, gold {spec['gold']}")
        out.append(Question("plain", spec["lang"], spec["q"], END, found, "plain"))
    return out


def everyday_questions(vault: Vault) -> list[Question]:
    out = []
    for spec in load("everyday_questions.yaml")["everyday"]:
        as_of, lang, query = spec["as_of"], spec["lang"], spec["q"]
        if spec["kind"] == "span":
            q = span_question(
                vault, "everyday", lang, query, spec["span_kind"], as_of, spec.get("month")
            )
        else:
            key = spec["topic"]
            if spec["kind"] == "latest":
                gold = _latest_before(vault, key, as_of)
                assert gold is not None
            else:
                gold = _one_day(vault, key, spec["topic_kind"])
            later = _passing_between(vault, key, gold, as_of)
            q = Question("everyday", lang, query, as_of, [gold], spec["kind"], key, None, [], later)
        out.append(q)
    return out


def questions(vault: Vault, seed: int) -> list[Question]:
    out = span_questions(vault, seed)
    out += latest_questions(vault, seed)
    out += point_questions(vault, seed, "decision")
    out += point_questions(vault, seed, "done")
    out += newer_questions(vault, seed)
    out += plain_questions(vault)
    out += everyday_questions(vault)
    for q in out:
        for d in q.gold:
            if d not in vault.days or d > q.as_of or d < START:
                raise SystemExit(f"bad gold {d} for {q.query!r} as of {q.as_of}")
        if q.span is None and not q.gold:
            raise SystemExit(f"no gold for {q.query!r} as of {q.as_of}")
    return out

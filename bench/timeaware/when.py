"""The time-aware dev set's `time` questions (bench/timeaware/): a topic and a time phrase
relative to `as_of` ("two weeks ago", "bulan Maret", "since Monday"); each kind of phrase names a
window of days, chosen so that every reading a careful person might take gives the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

from bench.timeaware.data import (
    ABOUT,
    ABOUT_PERSON,
    BEFORE,
    MONTHS,
    NUMBERS,
    SINCE,
    TIME,
    TOPICS,
    WEEKDAYS,
)
from bench.timeaware.questions import Question, pick_lang
from bench.timeaware.vault import Vault, rng_for

TIME_WINDOW_DAYS = 150  # time questions are asked in the vault's last five months


def monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def last_weekday(as_of: date, weekday: int) -> date:
    """The latest such weekday strictly before as_of."""
    back = (as_of.weekday() - weekday) % 7 or 7
    return as_of - timedelta(days=back)


def month_back(as_of: date, month: int) -> tuple[date, date]:
    """The latest `month` on or before as_of: its first and last day."""
    year = as_of.year if month <= as_of.month else as_of.year - 1
    first = date(year, month, 1)
    following = date(year + (month == 12), month % 12 + 1, 1)
    return first, following - timedelta(days=1)


@dataclass(frozen=True)
class Window:
    """The days a time phrase names, and the days around them that must hold no topic day (so
    that every reading a careful person might take gives the same answer)."""

    kind: str
    first: date
    last: date
    arg: int = 0  # N days, k weeks, a weekday (0 Monday) or a month (1 January)
    guard: tuple[tuple[date, date], ...] = ()


MAX_GOLD = {"yesterday": 1, "days_ago": 1, "weeks_ago": 1, "weekday": 1}  # the others: 3


def windows(as_of: date, rng: random.Random) -> list[Window]:
    """The time phrases that can be asked on as_of, with their windows and guards."""
    d = timedelta
    m = monday(as_of)
    out = [Window("yesterday", as_of - d(1), as_of - d(1), guard=((as_of - d(6), as_of - d(2)),))]
    n = rng.randint(2, 10)
    t = as_of - d(n)
    out.append(
        Window("days_ago", t, t, n, ((t - d(2), t - d(1)), (t + d(1), min(t + d(2), as_of))))
    )
    for k in (2, 3):
        # about as_of - 7k, and in the calendar week k weeks back; nothing else nearby
        t = as_of - d(7 * k)
        week = m - d(7 * k)
        first, last = max(t - d(3), week), min(t + d(3), week + d(6))
        guard = ((t - d(6), first - d(1)), (last + d(1), t + d(6)))
        out.append(Window("weeks_ago", first, last, k, guard))
    # the calendar week before, which must hold what "the past seven days" holds
    guard = ((m - d(7), as_of - d(8)), (m, as_of - d(1)))
    out.append(Window("last_week", m - d(7), m - d(1), guard=guard))
    if as_of >= m + d(2):
        out.append(Window("this_week", m, as_of))
    if as_of.day <= 12:
        first = as_of.replace(day=1)
        previous = first - d(1)
        out.append(
            Window("last_month", previous.replace(day=1), previous, guard=((first, as_of - d(1)),))
        )
    month = rng.choice([mo for mo in range(1, 13) if mo != as_of.month])
    out.append(Window("month", *month_back(as_of, month), month))
    weekday = (as_of.weekday() - rng.randint(2, 6)) % 7
    target = last_weekday(as_of, weekday)
    out.append(Window("weekday", target, target, weekday))
    weekday = (as_of.weekday() - rng.randint(2, 5)) % 7
    out.append(Window("since", last_weekday(as_of, weekday), as_of, weekday))
    return out


TIME_TARGET = {
    "yesterday": 8, "days_ago": 8, "weeks_ago": 9, "last_week": 10, "this_week": 8,
    "last_month": 8, "month": 10, "weekday": 9, "since": 6, "before": 6,
}  # fmt: skip


def say_when(window: Window, lang: int, rng: random.Random) -> str:
    """The time phrase in words: "two weeks ago", "3 hari yang lalu", "bulan Maret"."""
    spelled = NUMBERS[lang][window.arg] if window.arg <= 10 and rng.random() < 0.5 else window.arg
    if window.kind == "weeks_ago" and lang == 0:
        spelled = NUMBERS[0][window.arg]  # "2 weeks ago" reads oddly in English
    return TIME[lang][window.kind].format(
        n=spelled,
        k=spelled,
        ago=rng.choice(("lalu", "yang lalu")),
        month=MONTHS[lang][window.arg - 1] if window.kind == "month" else "",
        weekday=WEEKDAYS[lang][window.arg] if window.kind == "weekday" else "",
    )


@dataclass(frozen=True)
class TimeCandidate:
    window: Window
    as_of: date
    topic: str
    gold: tuple[date, ...]


def time_candidates(vault: Vault, seed: int) -> dict[str, list[TimeCandidate]]:
    """Every (time phrase, as_of, topic) whose window holds 1-3 status days of the topic, no
    passing mention, nothing in its guards, and at least two more topic days outside it."""
    days = vault.days
    end = days[-1]
    mentions = {t.key: vault.mention_days(t.key) for t in TOPICS}
    status_days = {t.key: set(vault.mention_days(t.key, passing=False)) for t in TOPICS}
    out: dict[str, list[TimeCandidate]] = {kind: [] for kind in TIME_TARGET}
    for as_of in (d for d in days if (end - d).days < TIME_WINDOW_DAYS):
        for window in windows(as_of, rng_for(seed, "windows", as_of.isoformat())):
            for topic in TOPICS:
                seen = [d for d in mentions[topic.key] if d <= as_of]
                if seen and seen[-1] == as_of:
                    continue  # asked on a day that talks about it: "this week" might mean today
                gold = [d for d in seen if window.first <= d <= window.last]
                if not gold or len(gold) > MAX_GOLD.get(window.kind, 3):
                    continue
                if any(d not in status_days[topic.key] for d in gold):
                    continue
                if any(a <= d <= b for d in seen for a, b in window.guard):
                    continue
                if len(seen) - len(gold) >= 2:
                    out[window.kind].append(TimeCandidate(window, as_of, topic.key, tuple(gold)))
        # "before this week": the latest topic day before Monday, while the topic came up this week
        m = monday(as_of)
        for topic in TOPICS:
            seen = [d for d in mentions[topic.key] if d <= as_of]
            before = [d for d in seen if d < m]
            if seen and seen[-1] == as_of:
                continue
            if len(before) >= 3 and before[-1] in status_days[topic.key] and seen[-1] >= m:
                window = Window("before", before[-1], before[-1])
                out["before"].append(TimeCandidate(window, as_of, topic.key, (before[-1],)))
    return out


def time_questions(vault: Vault, seed: int) -> list[Question]:
    rng = rng_for(seed, "time")
    mentions = {t.key: vault.mention_days(t.key) for t in TOPICS}
    speakers = {
        (b.topic, day): b.speakers for day, bs in vault.blocks.items() for b in bs if b.topic
    }
    topics = {t.key: t for t in TOPICS}
    out = []
    for kind, pool in time_candidates(vault, seed).items():
        rng.shuffle(pool)
        chosen: list[TimeCandidate] = []
        for c in pool:  # one question per topic and as_of for each kind of phrase
            if all(c.topic != o.topic and c.as_of != o.as_of for o in chosen):
                chosen.append(c)
            if len(chosen) == TIME_TARGET[kind]:
                break
        for c in chosen:
            topic, window = topics[c.topic], c.window
            lang = pick_lang(rng)
            ref = topic.short[lang]
            if kind == "before":
                query = BEFORE[lang].format(T=ref)
            elif kind == "since":
                query = SINCE[lang].format(T=ref, weekday=WEEKDAYS[lang][window.arg])
            else:
                when = say_when(window, lang, rng)
                common = sorted(set.intersection(*(set(speakers[(c.topic, d)]) for d in c.gold)))
                if common and rng.random() < 0.35:
                    query = ABOUT_PERSON[lang].format(P=rng.choice(common), T=ref, when=when)
                else:
                    template = rng.choice(ABOUT[lang])
                    query = template.format(T=ref, when=when, When=when[0].upper() + when[1:])
            outside = [d for d in mentions[c.topic] if d <= c.as_of and d not in c.gold]
            lang_code = ("en", "id")[lang]
            question = Question("time", query, list(c.gold), c.as_of, lang_code, c.topic)
            question.distractors = outside[-4:]
            out.append(question)
    return out

"""The time-aware dev set's questions (bench/timeaware/) of the categories `latest`, `decision`
and `fact`, each with its gold days and the days a word matcher is meant to prefer; the `time`
questions are in when.py.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from bench.timeaware.data import LATEST, LATEST_PLAN, STOPWORDS, TOPICS
from bench.timeaware.vault import Vault, rng_for

QUESTION_ID_SHARE = 0.45  # share of questions asked in Indonesian (or mixed)


def words(text: str) -> list[str]:
    """Lowercase words, without function words: the question's words a note might repeat."""
    return [w for w in re.findall(r"[\w+.-]+", text.lower().replace("?", "")) if w not in STOPWORDS]


def overlap(query: str, text: str) -> int:
    """How often the note uses the question's words (exact words, no stemming)."""
    wanted = set(words(query))
    counts = Counter(re.findall(r"[\w+.-]+", text.lower()))
    return sum(counts[w] for w in sorted(wanted))


@dataclass
class Question:
    category: str
    query: str
    gold: list[date]
    as_of: date
    lang: str
    topic: str
    distractors: list[date] = field(default_factory=list)

    def as_dict(self, qid: str) -> dict[str, object]:
        return {
            "id": qid,
            "query": self.query,
            "gold_dates": [d.isoformat() for d in self.gold],
            "as_of": self.as_of.isoformat(),
            "category": self.category,
            "lang": self.lang,
            "topic": self.topic,
            "distractors": [d.isoformat() for d in self.distractors],
        }


PLANNING = ("planned", "in_progress", "blocked", "on_hold", "reopened", "fixing")
DECOYS = ("discuss", "quote", "nearmiss", "postmortem")  # days that talk like a moment


def pick_lang(rng: random.Random) -> int:
    return 1 if rng.random() < QUESTION_ID_SHARE else 0


def latest_questions(vault: Vault, seed: int) -> list[Question]:
    """Up to three per topic: a status day, an as_of after a later passing mention and before the
    next status day, and a wording that an older status day matches better than the gold day."""
    out = []
    days = vault.days
    for topic in TOPICS:
        rng = rng_for(seed, "latest", topic.key)
        events = vault.events[topic.key]
        status = [e for e in events if e.kind != "passing"]
        spots = []
        for k, gold in enumerate(status[1:], 1):
            nxt = status[k + 1].index if k + 1 < len(status) else len(days)
            later = [e.index for e in events if e.kind == "passing" and gold.index < e.index < nxt]
            if later:
                spots.append((gold, status[:k], later, rng.randint(later[0], nxt - 1)))
        rng.shuffle(spots)
        used: Counter[str] = Counter()
        chosen = []
        for gold, older, later, as_of_i in spots:
            lang = pick_lang(rng)
            templates = list(LATEST[lang])
            if gold.status in PLANNING and gold.kind == "status":
                templates.append(LATEST_PLAN[lang])
            rng.shuffle(templates)
            templates.sort(key=lambda t: used[t])  # the least used wording first
            for template in templates:
                query = template.format(T=topic.ask[lang])
                mine = overlap(query, vault.notes[days[gold.index]])
                beaten = [
                    days[e.index]
                    for e in older
                    if overlap(query, vault.notes[days[e.index]]) > mine
                ]
                if not beaten:
                    continue
                used[template] += 1
                if rng.random() < 0.3:
                    query = query[0].upper() + query[1:]
                passing = [days[i] for i in later if i <= as_of_i]
                where = [days[gold.index]], days[as_of_i]
                lang_code = ("en", "id")[lang]
                chosen.append(
                    Question("latest", query, *where, lang_code, topic.key, beaten[-3:] + passing)
                )
                break
            if len(chosen) == 3:
                break
        out += sorted(chosen, key=lambda q: q.as_of)
    return out


def decision_questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    days = vault.days
    n = len(days)
    for topic in TOPICS:
        events = vault.events[topic.key]
        for m, moment in enumerate(topic.moments):
            rng = rng_for(seed, "decision", topic.key, m)
            event = next((e for e in events if e.kind == "moment" and e.moment == m), None)
            if event is None or event.index >= n - 1:
                continue  # the vault ended before this moment
            gold = days[event.index]
            questions = list(moment.questions)
            rng.shuffle(questions)
            # asked soon after, and long after, when the vault leaves room for both; a third
            # asking in between in case one of them finds no wording with a decoy
            soon = min(n - 1, event.index + 45)
            spots = [
                rng.randint(event.index + 1, soon),
                rng.randint(soon, n - 1),
                rng.randint(event.index + 1, n - 1),
            ]
            used: list[str] = []
            for as_of_i in spots:
                if len(used) == 2:
                    break
                as_of = days[as_of_i]
                for lang, query in questions:
                    if query in used:
                        continue
                    mine = overlap(query, vault.notes[gold])
                    beaten = [
                        e
                        for e in events
                        if e is not event
                        and e.index <= as_of_i
                        and e.kind != "passing"
                        and overlap(query, vault.notes[days[e.index]]) > mine
                    ]
                    # the days written to be mistaken for the moment first, then the rest
                    beaten.sort(key=lambda e: (e.kind not in DECOYS, -e.index))
                    beaten = sorted(days[e.index] for e in beaten[:4])
                    if beaten:
                        used.append(query)
                        out.append(
                            Question("decision", query, [gold], as_of, lang, topic.key, beaten)
                        )
                        break
    return out


def fact_questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    days = vault.days
    n = len(days)
    for topic in TOPICS:
        for f, fact in enumerate(topic.facts):
            rng = rng_for(seed, "fact", topic.key, f)
            event = next(e for e in vault.events[topic.key] if f in e.facts)
            langs = [pick_lang(rng)]
            if rng.random() < 0.5:
                langs.append(1 - langs[0])
            for lang in langs:
                as_of = days[rng.randint(event.index, n - 1)]
                gold = [days[event.index]]
                lang_code = ("en", "id")[lang]
                out.append(
                    Question("fact", fact.questions[lang], gold, as_of, lang_code, topic.key)
                )
    return out

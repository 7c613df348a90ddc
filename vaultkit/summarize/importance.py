"""A day's importance on vaultkit's 1-10 scale, and its mood, from features a person would name.

The scale: architecture migrations and big decisions 8-10, incidents 7-9, big
purchases, commitments and deadlines 6-8, ordinary work 4-6, small talk, errands and reminders
1-3. So the day's level is that of its weightiest event, moved by what makes an event weigh
more, never an average that a long chat would dilute (`weighing` then moves the level by weights
fitted to labelled days, one step down or two up):

    no work at all          1 (small talk), 2 (reminders), 3 (a little work, or a day that
                            calls itself quiet: "Quiet Sunday", "hari santai", "cuti")
    ordinary work           4, 5 when it fills the day, +0.5 with three people or more
    a deadline              work + 1
    money                   5 (of work, or a big purchase; not what family life pays or gets,
                            nor paperwork approved, an invoice or reimbursements, whatever
                            their amount); +1 for a large amount (a million rupiah, a thousand
                            dollars, more), +1 when approved or decided: a business's notes
                            name amounts daily, the scale keeps 6-8 for the big ones
    an incident             7; +1 when it lasted half an hour or hit a counted number of users,
                            requests or orders; +1 when it lasted two hours or lost data; a
                            heading's trouble is one when its section shows the harm
    a migration             8 carried out; 5 planned, as the plan of an event weighs less
    a decision              6, a commitment (5 an agreement); +1 when it is about architecture
                            or a migration, +1 when final or approved from above: 8 for the
                            big ones
    "important", "penting"  +1 on top, once
    authority               +0.5 (a director, the CEO, management)

A decision recalled ("sesuai keputusan 23 Juni", "the budget that Marcus approved") was made
another day, and preparing an event ("persiapan cutover Sabtu") plans it (`text.frames`).

Each rule that applies is a `Feature` with the sentence that shows it and the kind the fitted
weights know it by, so `vaultkit explain DAY` prints why. Features count a sentence once per kind, negated words not at all ("belum ada
keputusan"). The mood is `mood`'s.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from vaultkit.summarize.mood import mood_of_hits
from vaultkit.summarize.statement import Statement, chatting_along
from vaultkit.summarize.text import Line, sentences
from vaultkit.summarize.weighing import (
    FLAGS,
    SIZES,
    START,
    SWING,
    Weights,
    importance_of,
    model,
    score,
    shift,
)
from vaultkit.text.events import (
    EARLIER,
    IMPACT,
    LOSS,
    TODAY,
)
from vaultkit.text.frames import jokes
from vaultkit.text.lexicon import signals

QUIET = "a quiet day, as the day says"
WORK = ("decision", "incident", "migration", "money", "deadline", "delivery", "trouble")
_FINAL = re.compile(r"\b(?:final|approved|disetujui|di-acc|acc|sign(?:ed)? off|greenlit)\b", re.I)


@dataclass(frozen=True)
class Feature:
    """One reason for a day's importance: its name, its level or bonus, and the evidence."""

    name: str
    value: float
    evidence: str = ""
    bonus: bool = False  # added on top of an event (else it is an event's level)
    kind: str = ""  # what the fitted weights know it by (`weighing`)

    def as_dict(self, weights: Weights | None = None) -> dict[str, object]:
        points = (weights or model()).points(self.kind, self.value)
        return {"feature": self.name, "value": self.value, "bonus": self.bonus,
                "evidence": self.evidence, "kind": self.kind,
                "points": round(points, 3)}  # fmt: skip


@dataclass(frozen=True)
class Reading:
    """What the features say of a day: its importance, its mood, and why."""

    importance: int
    mood: str
    features: tuple[Feature, ...]
    mood_hits: dict[str, int]
    sizes: dict[str, int]  # how much the day says (`weighing.SIZES`)
    level: int  # the scale's level: the weightiest event's, with its bonuses

    @property
    def inputs(self) -> dict[str, float]:
        """What the fitted weights read: each kind's level, each size's count."""
        levels: dict[str, float] = {}
        for f in self.features:
            levels[f.kind] = max(levels.get(f.kind, 0.0), f.value)
        return {**levels, **self.sizes}

    def why(self, weights: Weights | None = None) -> list[dict[str, object]]:
        """The parts of the day's importance, for `vaultkit explain`: each feature (its level
        on the scale, and the points the fit gives it), each size, and the fit's start. The
        points add up to how far the fit moves the day from its level (`reason`)."""
        weights = weights or model()
        rows = [f.as_dict(weights) for f in self.features]
        rows += [
            {"feature": f"{n} {SIZES[k]}" if k in SIZES else FLAGS[k], "value": n,
             "bonus": True, "evidence": "", "kind": k,
             "points": round(weights.points(k, n), 3)}
            for k, n in self.sizes.items() if n or k in SIZES  # a size counts at 0 too
        ]  # fmt: skip
        rows.append({"feature": START, "value": 1, "bonus": True, "evidence": "",
                     "kind": "start", "points": round(weights.start, 3)})  # fmt: skip
        return rows

    def reason(self, weights: Weights | None = None) -> str:
        """How the importance follows from the level and the fit, in one line."""
        raw = score(self.inputs, weights or model())
        moved = shift(self.inputs, weights)
        return (
            f"level {self.level} (the weightiest event, with its bonuses) + {moved:.2f} from the"
            f" fit (its points, {raw:+.2f}, held to 0..{SWING:g}) -> {self.importance}"
        )

    @property
    def weightiest(self) -> str:
        """The sentence that shows the day's weightiest event ("" when the day holds none)."""
        base, *rest = self.features
        events = [f for f in rest if not f.bonus and f.value > base.value]
        return max(events, key=lambda f: f.value).evidence if events else ""


def weigh_day(
    lines: list[Line], n_people: int, terms: list[str], assistant: frozenset[str] = frozenset()
) -> Reading:
    """Importance and mood of a day's lines; `n_people` and `terms` (vocabulary terms and new
    ones) are who and what the day names, `assistant` the speakers whose words are not the
    person's mood."""
    per, headings, mine = _sentences(lines, terms, assistant)
    verdict = _verdict(lines)
    features: list[Feature] = [_base(per, bool(terms))]
    quiet = features[0].name == QUIET
    features += _events(per + _titling_work(headings, per), quiet)
    # A day of small talk (3 or less, with no event) is not lifted by a boss named in passing
    work = max(f.value for f in features) >= 4
    if n_people >= 3 and features[0].value >= 4:
        features.append(
            Feature(f"{n_people} people involved", 0.5, bonus=True, kind="people_involved")
        )
    for category, name, value in (
        ("emphasis", '"important" said', 1.0),
        ("authority", "authority involved", 0.5),
    ):
        said = next((s.text for s in per if s.hits[category]), None)
        if said and work:
            features.append(Feature(name, value, said, bonus=True, kind=category))
    deadline = next((s.text for s in per if s.hits["deadline"] and s.about_work), None)
    if deadline:
        top = max(f.value for f in features if not f.bonus)
        features.append(Feature("a deadline", min(6, top + 1), deadline, kind="deadline"))
    top = max(f.value for f in features if not f.bonus)
    level = max(1, min(10, int(top + sum(f.value for f in features if f.bonus) + 0.5)))
    mood, hits = mood_of_hits(mine, sum(1 for s in per if s.incident), verdict)
    reading = Reading(0, mood, tuple(features), hits, _sizes(per, n_people), level)
    return replace(reading, importance=importance_of(level, reading.inputs))


def _sizes(per: list[Statement], n_people: int) -> dict[str, int]:
    """How much the day says, as the fitted weights count it (`weighing.SIZES`)."""
    incidents = [s for s in per if s.incident]
    return {
        "sentences": len(per),
        "work_sentences": sum(1 for s in per if s.about_work),
        "small_talk_sentences": sum(1 for s in per if s.small and not s.about_work),
        "people": n_people,
        "amounts": sum(1 for s in per if s.amount),
        "incident_sentences": len(incidents),
        "harm_sentences": sum(1 for s in per if s.signs and not s.small),
        "counted_impact": int(any(IMPACT.search(s.text) for s in incidents)),
    }


def _sentences(
    lines: list[Line], terms: list[str], assistant: frozenset[str]
) -> tuple[list[Statement], list[Statement], list[Counter[str]]]:
    """The sentences of the day's lines, of its headings, and the lexicon hits of the person's
    sentences (not the assistant's), for the mood: each sentence read once."""
    per: list[Statement] = []
    headings: list[Statement] = []
    mine: list[Counter[str]] = []
    for line in lines:
        said = sentences(line.said)
        joking = jokes(line.said)
        if line.heading:
            headings.append(Statement(line.text, terms))
            hits = [signals(t) for t in said]
        else:
            context = signals(line.context) if line.context else None
            read = [Statement(t, terms, context, joking, line.section) for t in said]
            chatting_along(read)
            per += read
            hits = [_laughing(s.said) if joking else s.said for s in read]
        if line.speaker not in assistant:
            mine += hits
    return per, headings, mine


VERDICT_WORDS = 6  # a closing line this short is a word on the day ("Capek, tapi lega.")


def _verdict(lines: list[Line]) -> Counter[str] | None:
    """The lexicon hits of the note's closing line when it is a short one of its own (no list
    item, no speaker): how the person sums the day up."""
    note = [line for line in lines if line.source == "note" and not line.heading]
    if not note or note[-1].item or note[-1].speaker:
        return None
    last = note[-1].text
    return signals(last) if len(last.split()) <= VERDICT_WORDS else None


def _titling_work(headings: list[Statement], per: list[Statement]) -> list[Statement]:
    """The headings whose sections speak of work: a heading titles what stands under it, so
    "## Incident: checkout" over an outage's lines weighs, "## Infra chat" over lunch does not.
    Trouble in a heading is an incident when its section shows the harm ("## Checkout broken"
    over "9 hours 30 minutes", "23 orders failed")."""
    working = {s.section for s in per if s.about_work}
    titling = [h for h in headings if h.text in working]
    for heading in titling:
        section = [s for s in per if s.section == heading.text]
        told = any(s.incident for s in section)  # its lines tell the incident themselves
        if (heading.hits["trouble"] or heading.hits["incident"]) and not told:
            signs = [s for s in section if s.signs and not s.small]
            if signs:
                heading.titled_incident = True
                heading.minutes = max(s.minutes for s in signs)
    return titling


def _laughing(hits: Counter[str]) -> Counter[str]:
    """The mood words of a line that laughs: its events hint at no stress; it is a happy one."""
    out = Counter({k: n for k, n in hits.items() if not k.startswith("hint:")})
    out["hint:happy"] += 1
    return out


def _base(per: list[Statement], named: bool) -> Feature:
    """The level of a day without a weighty event: how much of it is work."""
    work = [s for s in per if s.about_work]
    small = [s for s in per if s.small and not s.about_work]
    if not work and not named:
        reminders = [s for s in small if s.hits["reminder"]]
        if reminders and len(reminders) * 2 >= len(small):
            return Feature("reminders only", 2, reminders[0].text, kind="reminders")
        return Feature("small talk only", 1, small[0].text if small else "", kind="small_talk")
    share = len(work) / max(1, len(work) + len(small))
    evidence = work[0].text if work else ""
    quiet = next((s.text for s in per if s.hits["quiet"]), None)
    if quiet is not None:
        return Feature(QUIET, 3, quiet, kind="quiet")
    if share < 0.3:
        return Feature("a little work among small talk", 3, evidence, kind="little_work")
    level = 5 if share >= 0.6 and len(work) >= 4 else 4
    return Feature(
        "ordinary work" + (", most of the day" if level == 5 else ""),
        level,
        evidence,
        kind="ordinary_most" if level == 5 else "ordinary",
    )


def _events(per: list[Statement], quiet: bool = False) -> list[Feature]:
    """The weighty events of a day, each a level with its bonuses folded in; on a day that
    calls itself quiet an incident counts only with its signs (a duration, an impact, users)."""
    out: list[Feature] = []
    decided = [s for s in per if s.decided]
    migrated = [s for s in per if s.migration]
    if decided:
        said = any(s.hits["decision"] for s in decided)
        level = 6.0 if said else 5.0
        about = bool(migrated) or any(s.on_migration for s in decided)
        level += 1 if about else 0
        level += 1 if any(_FINAL.search(s.text) or s.hits["authority"] for s in decided) else 0
        name = "a decision" + (" on a migration" if about else "")
        kind = "decision_migration" if about else "decision"
        out.append(Feature(name, level, decided[0].text, kind=kind))
    elif migrated:
        out.append(Feature("a migration carried out", 8.0, migrated[0].text, kind="migration_done"))
    else:
        discussed = [
            s for s in per if s.hits["migration"] and (s.named or s.hits["work"]) and not s.small
        ]
        planned = [s for s in per if s.plan and not s.small]
        if discussed:
            out.append(
                Feature(
                    "a migration or the architecture discussed",
                    5.0,
                    discussed[0].text,
                    kind="migration_discussed",
                )
            )
        if planned:
            about = any(s.plan == "migration" for s in planned)
            name = "a migration planned" if about else "work planned (a maintenance window)"
            kind = "migration_planned" if about else "work_planned"
            out.append(Feature(name, 5.0, planned[0].text, kind=kind))
    incidents = [s for s in per if s.incident and (not quiet or s.signs)]
    reviews = [s for s in per if s.hits["postmortem"] and not s.small]
    if reviews and _retold(reviews + incidents):
        # The day after an outage: its postmortem retells the duration and the harm.
        incidents = []
        out.append(Feature("a postmortem", 6.0, reviews[0].text, kind="postmortem"))
    if incidents:
        minutes = max(s.minutes for s in incidents)
        level = 7.0
        if minutes >= 30 or any(IMPACT.search(s.text) for s in incidents):
            level += 1
        if minutes >= 120 or any(LOSS.search(s.text) for s in incidents):
            level += 1
        shown = f" ({minutes:g} minutes)" if minutes else ""
        out.append(Feature("an incident" + shown, level, incidents[0].text, kind="incident"))
    out += _people_events(per)
    money = [s for s in per if s.money and not s.paperwork]  # an invoice paid is ordinary work
    if money:
        level = 5.0 + (1 if any(s.amount for s in money) else 0)
        if any(_FINAL.search(s.text) or s.decided for s in money):
            level += 1
        out.append(Feature("money", level, money[0].text, kind="money"))
    return out


def _retold(said: list[Statement]) -> bool:
    """Whether a postmortem's day tells its outage as an earlier day's ("Postmortem buat
    Checkout API kemarin") and none of it as today's."""
    earlier = any(EARLIER.search(s.text) for s in said)
    return earlier and not any(TODAY.search(s.text) for s in said)


def _people_events(per: list[Statement]) -> list[Feature]:
    """A person leaving (6, as a commitment weighs), joining or moving teams, or a last day (5,
    a full working day's weight): said plainly, not in a joke."""
    out = []
    for category, name, level in (
        ("leaving", "someone leaving", 6.0),
        ("hiring", "someone joining", 5.0),
        ("transfer", "someone moving teams", 5.0),
        ("farewell", "a last day", 5.0),
    ):  # each category is its feature's kind
        said = next(
            (
                s.text
                for s in per
                if s.hits[category]
                and not s.joking
                and not (category == "hiring" and _NOT_A_HIRE.search(s.text))
            ),
            None,
        )
        if said is not None:
            out.append(Feature(name, level, said, kind=category))
    return out


# The first day of something other than a job ("First day of fasting", "hari pertama puasa").
_NOT_A_HIRE = re.compile(
    r"\b(?:first day|hari pertama)\s+(?:of\s+)?(?:the\s+)?(?:fasting|puasa|ramadan|ramadhan|"
    r"school|sekolah|lebaran|year|tahun|spring|summer|holiday|holidays|libur|liburan|cuti|"
    r"trip|vacation|diet|gym)\b|"
    r"\bhired\s+(?:a|an|the|two|three)?\s*(?:truck|trucks|car|cars|van|vans|bus|minibus|boat|"
    r"room|hall|venue|bike|bikes|crane|forklift)\b",  # a thing hired is rented, not a person
    re.IGNORECASE,
)

"""One sentence of a day as the importance reads it: the events it says happened (a decision, an
incident, a migration, money, a deadline), read in what it says plainly (`text.frames`: not a
joke, a question or a supposition), less what it only plans ("migrasi minggu depan"), approves
as routine ("handover doc udah gw approve") or recalls ("sesuai keputusan 23 Juni"); and
whether it is small talk, alone or in a line of small talk.
"""

from __future__ import annotations

import re
from collections import Counter

from vaultkit.text.events import BIG_MONEY, harmed, has_digits, incident, minutes_in
from vaultkit.text.frames import plans, routine, said_plainly
from vaultkit.text.lexicon import signals

# What moves in a migration: a system ("the ledger DB moved to Patroni"), not a person or a
# parking lot; a named term says so too (the caller checks).
_SYSTEM = re.compile(
    r"\b(?:database|databases|db|dbs|cluster|clusters|server|servers|service|services|infra|"
    r"infrastructure|cloud|stack|platform|backend|storage|queue|broker|kubernetes|k8s|vms?|"
    r"nodes?|region|gateway|ledger|datacenter|data center|monolith|microservices?|"
    r"postgres|mysql|redis|kafka|aws|gcp|azure)\b",
    re.IGNORECASE,
)
# What goes down in an outage: a system, or what users reach of it.
_SERVICE = re.compile(
    rf"{_SYSTEM.pattern}|\b(?:api|apis|app|website|site|checkout|login|payment|payments)\b",
    re.IGNORECASE,
)
_DOWN = re.compile(
    r"\b(?:down|offline|unreachable|unavailable|mati|tumbang|ga bisa diakses|gak bisa diakses|"
    r"nggak bisa diakses|tidak bisa diakses|ndak bisa dibuka|ga bisa dibuka|tidak bisa dibuka)\b",
    re.IGNORECASE,
)
# A decision said outright, not only approved: these words decide whatever they are about.
_DECIDED = re.compile(
    r"\b(?:decided|decide|decides|decision|settled on|final call|greenlit|adr|memutuskan|"
    r"mutusin|diputuskan|diputusin|keputusan|putuskan|disepakati|kesepakatan|final)\b",
    re.IGNORECASE,
)
# What an approval decides when it approves it: a plan, a proposal, a budget, a hire.
_WEIGHTY = re.compile(
    r"\b(?:proposal|proposals|plan|plans|design|rfc|architecture|budget|offer|contract|hire|"
    r"hiring|headcount|pilot|rollout|launch|rencana|usulan|desain|anggaran|kontrak|rekrut)\b",
    re.IGNORECASE,
)
# A thing acquired for its price, not a bill or a gift: what makes an amount of daily life weigh.
_PURCHASE = re.compile(
    r"\b(?:bought|buy|buying|purchased?|purchasing|invested|invest|beli|membeli|dibeli|"
    r"kebeli|borong|ngeborong|nyicil|cicil)\b",
    re.IGNORECASE,
)


def _bought(text: str) -> bool:
    """Whether a big amount is the price of a thing bought: a word of buying before it."""
    amount = BIG_MONEY.search(text)
    return amount is not None and _PURCHASE.search(text, 0, amount.start()) is not None


# A decision of another day, recalled: "sesuai keputusan 23 Juni", "as agreed on Monday", "the
# budget that Marcus approved", "anggaran yang sudah disetujui".
_RECALLED = re.compile(
    r"\b(?:sesuai|seperti|berdasarkan|menurut|as per|per|as|following|based on)\s+"
    r"(?:dengan\s+|the\s+|our\s+|we\s+)?(?:keputusan|kesepakatan|decision|decided|agreed|"
    r"disepakati|diputuskan|approved)\b|"
    r"\b(?:yang|that|which)\s+(?:sudah\s+|udah\s+|dah\s+|was\s+|were\s+|had\s+been\s+)?"
    r"(?:\w+\s+)?(?:disetujui|diputuskan|disepakati|di-?approve|di-?acc|approved|decided|"
    r"agreed)\b",
    re.IGNORECASE,
)


class Statement:
    """A sentence with its lexicon hits and what kinds of work it speaks of; `context` is the
    lexicon hits of the heading or label it stands under (`Jangan lupa:` makes it a reminder).
    The events are read in what it says plainly (`frames`): not in a joke, a question, a
    supposition or scare quotes, which mention an event and leave the sentence small talk."""

    def __init__(
        self,
        text: str,
        terms: list[str],
        context: Counter[str] | None = None,
        joking: bool = False,
        heading: str = "",
    ) -> None:
        self.text = text
        self.joking = joking
        self.section = heading  # the heading of the section it stands in
        plain = "" if joking else said_plainly(text)
        self.said = signals(text)  # every word of it, for the mood
        self.hits = signals(plain) if plain != text else self.said
        folded = text.casefold()
        self.named = any(t.casefold() in folded for t in terms) and not joking
        moves = self.hits["moving"] and (self.named or _SYSTEM.search(plain))
        # What a decision is about, whenever the thing decided happens ("pindah ke Kubernetes
        # minggu depan" is decided today)
        self.on_migration = bool(self.hits["migration"] or moves)
        done, coming = plans(plain)
        self.plan = ""  # what it plans: an incident's window, a migration
        if coming:
            self.hits, self.plan = _planned_apart(self.hits, done, coming)
        counted = has_digits(text)  # durations, amounts and impacts have digits
        self.amount = counted and BIG_MONEY.search(text) is not None
        if self.hits["moving"] and (self.named or _SYSTEM.search(plain)):
            self.hits = Counter(self.hits)
            self.hits["migration"] += self.hits["moving"]
        self.paperwork = bool(self.hits["decision"]) and routine(plain)
        if self.hits["decision"] and (self._routine(plain) or _RECALLED.search(plain)):
            self.hits = Counter(self.hits)
            self.hits["work"] += self.hits.pop("decision")
        around = context or Counter()
        mentioned = plain != text and any(
            self.said[k] > self.hits[k] for k in ("incident", "migration", "decision")
        )
        self.small = bool(
            self.hits["small_talk"]
            or self.hits["reminder"]
            or around["reminder"]
            or around["small_talk"]
            or joking
            or mentioned
        )
        self.minutes = minutes_in(text) if counted else 0.0
        self.counted = counted
        self.titled_incident = False  # a heading's trouble its section shows the harm of

    def _routine(self, plain: str) -> bool:
        """An approval of the day's paperwork ("handover doc udah gw approve"), or of nothing
        the sentence names ("isinya review sama approve"): work, not a decision. A decision
        said outright, or an approval of money, a migration, a term or a plan, is one. Paperwork
        with its amount ("approved 37 reimbursements, Rp 14.860.000") is still paperwork."""
        if self.hits["migration"]:
            return False
        if self.paperwork:
            return True
        if self.amount or self.hits["money"]:
            return False
        return not (self.named or _DECIDED.search(plain) or _WEIGHTY.search(plain))

    @property
    def about_work(self) -> bool:
        """Work is what it speaks of: a work word, a term, an event (and no small talk, unless
        a term or an event says otherwise)."""
        strong = self.named or self.incident or self.decided
        strong = strong or bool(self.hits["migration"] and not self.small)
        return bool(strong) or (bool(self.hits["work"] or self.hits["delivery"]) and not self.small)

    @property
    def decided(self) -> bool:
        """A decision said outright, or an agreement, about work (not about a birthday gift
        or where to eat)."""
        said = bool(self.hits["decision"]) and (not self.small or self.named)
        return said or self.agreed

    @property
    def agreed(self) -> bool:
        """An agreement about work: a smaller decision than one said outright."""
        return bool(
            self.hits["agreement"] and not self.small and (self.named or self.hits["migration"])
        )

    @property
    def migration(self) -> bool:
        """A migration decided or carried out, not one only talked about or alluded to."""
        return (
            bool(self.hits["migration"])
            and not self.small
            and bool(self.decided or self.hits["completion"])
        )

    @property
    def money(self) -> bool:
        """Money of work (an amount, or money words), or a big purchase ("bought the ring, Rp 15
        juta"); not what a day of family life pays or gets (a vet's bill, an arisan, a school
        fee, THR), however large."""
        work = bool((self.amount or self.hits["money"]) and not self.small and self.about_work)
        return work or (self.amount and _bought(self.text))

    @property
    def signs(self) -> bool:
        """What shows an incident happened: how long, how many it hit, that it was live."""
        return harmed(self.text, self.hits)

    @property
    def incident(self) -> bool:
        """An incident said outright, or trouble in production, or with a counted impact
        (`text.events`), or a system down for a time ("Checkout API down 10:12-10:59 (47
        menit)"); a drill is none, nor one in small talk with no sign of harm."""
        if self.titled_incident or incident(self.text, self.hits):
            return True
        system = self.named or _SERVICE.search(self.text) is not None
        down = _DOWN.search(self.text) is not None  # not slow, drifting or buggy: unreachable
        return down and system and self.minutes > 0 and not self.small


# The events a plan word puts off: a migration "next week" or a downtime "window" has not
# happened. A decision, money, a deadline or a hire are made today whatever their date is.
_PUT_OFF = ("incident", "trouble", "migration", "completion", "production")


# A decision made, whatever its date ("Keputusan: pilot mulai Senin depan", "decided to move
# next week"), as against one named for later ("Decision next month", "keputusan minggu depan").
_MADE = re.compile(
    r"\b(?:decision|keputusan)(?:\s+\w+){0,2}\s*:|"
    r"\b(?:final decision|decision|keputusan)\s+(?:made|taken|diambil|dibuat|final)\b|"
    r"\b(?:decided|diputuskan|diputusin|memutuskan|mutusin|disepakati|sepakat|agreed|approved|"
    r"disetujui|di-?approve|di-?acc)\b",
    re.IGNORECASE,
)


def _planned_apart(hits: Counter[str], done: str, coming: str) -> tuple[Counter[str], str]:
    """A sentence's hits less the events of its planned clauses, and what those plan."""
    happened = signals(done)
    later = signals(coming)
    kept = Counter(hits)
    for category in _PUT_OFF:
        kept[category] = happened[category]
    if later["decision"] and not _MADE.search(coming):  # "Decision next month": still to make
        kept["decision"] = happened["decision"]
    plan = "migration" if later["migration"] else "incident" if later["incident"] else ""
    return kept, plan


def chatting_along(line: list[Statement]) -> None:
    """A line of small talk (half its sentences or more) is small talk in each of them ("Heavy
    rain again tonight. Hope the warehouse is fine."), but for one that names a term or an
    event."""
    if 2 * sum(1 for s in line if s.hits["small_talk"]) >= len(line):
        for s in line:
            weighty = s.named or s.amount or any(s.hits[k] for k in _EVENTS)
            s.small = s.small or not weighty


_EVENTS = ("decision", "incident", "migration", "trouble", "leaving", "hiring", "deadline")

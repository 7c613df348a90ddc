"""A day's importance: the documented scale's level, moved by weights fitted to labelled days.

The rules of `importance` say what a day holds: each kind of event with its level on the
documented scale (an incident 7-9, a decision 6-8, small talk 1) and the sentence that shows it;
the day's level is its weightiest event's, with its bonuses. Whether a day sits above or below
others of its level, by the kinds it holds and how much it says (its sentences, its work, its
small talk, the people and amounts it names), is fitted by ridge regression on days whose
importance a person wrote down: the read day-reading sets, each in another voice
(`tools/fit_importance.py`, which also measures each set left out of the fit). The weights ship
in `data/importance.json`:

    importance = level + clamp(start + sum(weight * input), -DOWN, +SWING)

with each size read as log(1 + count), held inside the range the labelled days span, and against
the average labelled day's; `start` is where the labelled days sit against their levels on
average (about half a step under). The result is rounded into 1-10, and a day with no work stays
at `LEISURE` or under.

Why: the levels alone ranked days well in the voices they were written on and worse in new
ones (docs/summarizer.md); the weights alone, without the level, ranked new voices best but read
a one-line note of a 48-minute outage as routine, since the labelled days that matter are long
ones. So the level anchors what the day shows happened, and the fit orders days around it, one
step down at most: the outage's one-line note is 7, not 8, and never 4. Held to raising only,
the fit ranks the left-out sets as well and errs more (mean error 1.53 against 1.19).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

# The kinds of feature `importance` reads, each weighted by its level (`Feature.kind`).
KINDS = (
    "small_talk", "reminders", "quiet", "little_work", "ordinary", "ordinary_most",
    "decision", "decision_migration", "migration_done", "migration_discussed",
    "migration_planned", "work_planned", "postmortem", "incident",
    "leaving", "hiring", "transfer", "farewell", "money", "deadline",
    "people_involved", "authority", "emphasis",
)  # fmt: skip
IDLE = ("small_talk", "reminders")  # the levels of a day with no work in it
EVENTS = KINDS[6:20]  # decision .. deadline: what happened, planned or is due
SWING = 2.0  # the most the fit raises a day above its level (left-out sets: 1.5-2 rank best)
DOWN = 1.0  # the most it lowers one: what the day shows happened keeps its weight
LEISURE = 3.0  # the most a day with no work weighs (the scale's small talk, errands, reminders)
# What a day's size counts, each as log(1 + count): a long day is fuller, ten more lines of the
# same less so than the first ten.
SIZES = {
    "sentences": "sentences",
    "work_sentences": "sentences about work",
    "small_talk_sentences": "sentences of small talk",
    "people": "people named",
    "amounts": "large amounts",
    "incident_sentences": "sentences telling an incident",
    "harm_sentences": "sentences showing harm (how long, how many)",
}
FLAGS = {"counted_impact": "an incident with a counted impact (orders, users, requests)"}
START = "the fit's start"
INPUTS = (*KINDS, *SIZES, *FLAGS)


@dataclass(frozen=True)
class Weights:
    """The fitted model: where the scale starts and what each input adds per unit."""

    start: float
    weights: Mapping[str, float]
    ranges: Mapping[str, tuple[float, float]]  # each size's range among the labelled days
    means: Mapping[str, float]  # each size's mean there (as read: log(1 + count))

    def points(self, name: str, value: float) -> float:
        """What one input adds to the day's shift; a size, against the average labelled day's
        (a day shorter than most gets points under zero)."""
        return self.weights.get(name, 0.0) * (self.scaled(name, value) - self.means.get(name, 0.0))

    def scaled(self, name: str, value: float) -> float:
        """An input as the fit reads it: a size held inside the range the labelled days span
        (a one-line note reads as the shortest of them, not far below them all), as log(1 +
        count); levels and flags as they are."""
        if name not in SIZES:
            return value
        low, high = self.ranges.get(name, (value, value))
        return math.log1p(min(max(value, low), high))


def score(inputs: Mapping[str, float], weights: Weights) -> float:
    """The fit's unclamped shift of a day (inputs missing from the model add nothing)."""
    return weights.start + sum(weights.points(name, v) for name, v in sorted(inputs.items()))


def shift(inputs: Mapping[str, float], weights: Weights | None = None) -> float:
    """How far the fitted weights move a day from its level: down `DOWN` step at most (a
    one-line note of an outage is still an outage), up `SWING` steps (a full day of work)."""
    return max(-DOWN, min(SWING, score(inputs, weights or model())))


def weighed(level: int, inputs: Mapping[str, float], weights: Weights | None = None) -> float:
    """The day's unrounded importance: its level moved by the fit, at most `LEISURE` when it
    holds no work and no event (a long chat about food and pets is still small talk)."""
    raw = level + shift(inputs, weights)
    idle = any(inputs.get(k) for k in IDLE) and not any(inputs.get(k) for k in EVENTS)
    return min(raw, LEISURE) if idle else raw


def importance_of(level: int, inputs: Mapping[str, float], weights: Weights | None = None) -> int:
    """The 1-10 importance of a day of `level` with `inputs`. The score is rounded to six places
    first, so the last bit of a platform's logarithm never moves a day across a step."""
    raw = round(weighed(level, inputs, weights), 6)
    return max(1, min(10, math.floor(raw + 0.5)))


@cache
def model() -> Weights:
    """The shipped weights (`data/importance.json`)."""
    text = resources.files("vaultkit.summarize").joinpath("data/importance.json").read_text("utf-8")
    return weights_from(json.loads(text))


def weights_from(data: Mapping[str, object]) -> Weights:
    """Weights from the JSON object `tools/fit_importance.py` writes."""
    raw = data["weights"]
    if not isinstance(raw, dict):
        raise ValueError("importance weights: 'weights' must be an object")
    start = data["start"]
    if not isinstance(start, int | float):
        raise ValueError("importance weights: 'start' must be a number")
    ranges = data.get("ranges", {})
    means = data.get("means", {})
    if not isinstance(ranges, dict) or not isinstance(means, dict):
        raise ValueError("importance weights: 'ranges' and 'means' must be objects")
    return Weights(
        float(start),
        {str(k): float(v) for k, v in raw.items()},
        {str(k): (float(lo), float(hi)) for k, (lo, hi) in ranges.items()},
        {str(k): float(v) for k, v in means.items()},
    )

"""Fit the weights of a day's importance (`vaultkit/summarize/data/importance.json`) to the days
whose importance a person wrote down, and measure them on each set left out of the fit.

    python -m tools.fit_importance             # fit, print the table, write the weights
    python -m tools.fit_importance --check     # exit 1 when the shipped weights are not the fit

Each set of `TRAINING_SETS` (`tests/fixtures/data/dayreading-*`, the read ones: a lockbox not yet
measured stays out) is copied into a workspace and synced as `bench.dayreading` does, so the
names the vault shows to be people count as they do for a user; each labelled day is then read
by the offline summarizer. Its inputs (`weighing.INPUTS`: each kind's level, each size's
log-count) and its level are the rows of a ridge regression of the label's distance from the
level, the inputs standardized and the start unpenalized; the level's own weight is then left
out (`fit`).

Leave one set out: each set is scored by the weights fitted on the others (Spearman's rank
correlation of the importance a summary would hold with the labels, and its mean absolute
error); the weights written are fitted on all of them. Chosen that way: the clamp of one step
down and two up (it ranks as well as raising only, with a mean error of 1.19 against 1.53; the
levels alone 1.37) and `RIDGE` (3, 10, 30 and 100 rank alike, 0.806-0.810, and err less as it
grows, 1.26 to 1.01; 10 is the strength a blind lockbox measured).

Standard library only: the solve is Gauss-Jordan elimination on a 32 x 32 system, and the file
is the same byte for byte for the same days and the same reader.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

from bench.dayreading import build_workspace, load_labels, spearman, sync
from vaultkit.catalog.opener import open_catalog
from vaultkit.config.load import load_config
from vaultkit.files.sources import day_input
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.summarize.weighing import (
    INPUTS,
    SIZES,
    Weights,
    importance_of,
    weights_from,
)
from vaultkit.sync.full_look import full_look
from vaultkit.text.vocabulary import Vocabulary

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "fixtures" / "data"
OUT = REPO / "vaultkit" / "summarize" / "data" / "importance.json"
TRAINING_SETS = (
    "dayreading-dev",
    "dayreading-lockbox",
    "dayreading-lockbox2",
    "dayreading-lockbox3",
    "dayreading-lockbox4",
    "dayreading-lockbox5",
    "dayreading-lockbox6",
    "dayreading-lockbox7",
)
RIDGE = 10.0

Row = tuple[dict[str, float], int, int]  # a day's inputs, its level, its labelled importance


# Reading the sets


def synced(name: str, workdir: Path) -> Path:
    """One set copied into a workspace and synced, as a user's would be."""
    root = workdir / name
    build_workspace(DATA / name, root)
    sync(root)
    return root


def rows_of(name: str, root: Path) -> list[Row]:
    """Each labelled day of one synced set, read as the user's workspace reads it."""
    data = DATA / name
    config = load_config(root / "memory_config.json")
    catalog = open_catalog(config, read_only=True)
    try:
        found = full_look(config, catalog)
        vocabulary = Vocabulary(config.vocabulary, config.people)
        summarizer = OfflineSummarizer(vocabulary, vault=found.vault_names(vocabulary))
        rows = []
        for label in load_labels(data):
            day = date.fromisoformat(label["date"])
            note = found.note_path(day)
            if note is None:
                raise SystemExit(f"{name}: no note for {day}")
            source = day_input(day, note, found.transcripts_of(day))
            explained = summarizer.explain(source, why=False)
            reading = explained.reading
            rows.append((reading.inputs, reading.level, int(label["importance"])))
        return rows
    finally:
        catalog.close()


def read_sets(names: Sequence[str]) -> dict[str, list[Row]]:
    """The rows of each set; the syncs run side by side (each is its own process), the
    reading in this one, whose stemmers are not shared across threads."""
    with tempfile.TemporaryDirectory(prefix="vaultkit-fit-") as tmp:
        with ThreadPoolExecutor(max_workers=4) as pool:
            roots = list(pool.map(lambda n: synced(n, Path(tmp)), names))
        return {name: rows_of(name, root) for name, root in zip(names, roots, strict=True)}


# The fit


RANGE = (0.1, 0.9)  # a size is held between these quantiles of the labelled days


def ranges_of(rows: Sequence[Row]) -> dict[str, tuple[float, float]]:
    """Each size's range among the days: its 10th and 90th percentiles (nearest rank)."""
    out = {}
    for name in SIZES:
        values = sorted(inputs.get(name, 0.0) for inputs, _, _ in rows)
        low, high = (values[min(len(values) - 1, int(q * len(values)))] for q in RANGE)
        out[name] = (low, high)
    return out


def vector(inputs: dict[str, float], shape: Weights) -> list[float]:
    return [shape.scaled(name, inputs.get(name, 0.0)) for name in INPUTS]


def fit(rows: Sequence[Row], ridge: float = RIDGE) -> Weights:
    """Ridge regression of each label's distance from its day's level on the standardized
    inputs and the level itself; weights per unit of input. The level's own weight is how the
    labels compress the scale (a level-9 day labelled 8, a level-1 day 2): it moves every day of
    a level alike, so it is left out, and the scale keeps its spread. The start is the labels'
    mean distance from the levels, less what the kinds account for (sizes are centred)."""
    columns = (*INPUTS, "level")
    shape = Weights(0.0, {}, ranges_of(rows), {})
    xs = [[*vector(inputs, shape), float(level)] for inputs, level, _ in rows]
    ys = [float(label - level) for _, level, label in rows]
    n, k = len(xs), len(columns)
    mean = [sum(x[j] for x in xs) / n for j in range(k)]
    sd = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / n) for j in range(k)]
    used = [j for j in range(k) if sd[j] > 0]  # an input no day shows gets no weight
    z = [[(x[j] - mean[j]) / sd[j] for j in used] + [1.0] for x in xs]
    m = len(used) + 1
    gram = [[sum(r[a] * r[b] for r in z) for b in range(m)] for a in range(m)]
    for a in range(m - 1):
        gram[a][a] += ridge
    rhs = [sum(r[a] * y for r, y in zip(z, ys, strict=True)) for a in range(m)]
    beta = solve(gram, rhs)
    fitted = {columns[j]: beta[i] / sd[j] for i, j in enumerate(used)}
    weights = {name: fitted[name] for name in INPUTS if name in fitted}
    means = {name: mean[j] for j, name in enumerate(INPUTS) if name in SIZES}
    # Where the labelled days sit against their levels on average, once the fit has spoken.
    start = sum(ys) / n
    start -= sum(
        weights.get(name, 0.0) * mean[j] for j, name in enumerate(INPUTS) if name not in SIZES
    )
    return Weights(start, weights, shape.ranges, means)


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gauss-Jordan elimination with partial pivoting (the system is positive definite)."""
    n = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


# Measuring


def measure(weights: Weights, rows: Sequence[Row]) -> dict[str, float | None]:
    given = [importance_of(level, inputs, weights) for inputs, level, _ in rows]
    labels = [float(label) for _, _, label in rows]
    errors = [abs(g - label) for g, label in zip(given, labels, strict=True)]
    rho = spearman([float(g) for g in given], labels)  # the importance a summary holds
    return {
        "days": len(rows),
        "spearman": None if rho is None else round(rho, 3),
        "mae": round(sum(errors) / len(errors), 2),
    }


def left_out(sets: dict[str, list[Row]]) -> dict[str, dict[str, float | None]]:
    """Each set scored by the weights fitted on the others."""
    out = {}
    for name in sets:
        rest = [row for other, rows in sets.items() if other != name for row in rows]
        out[name] = measure(fit(rest), sets[name])
    return out


def document(sets: dict[str, list[Row]]) -> dict[str, Any]:
    weights = fit([row for rows in sets.values() for row in rows])
    return {
        "about": "Importance weights fitted by tools/fit_importance.py; do not edit by hand.",
        "ridge": RIDGE,
        "trained_on": {name: len(rows) for name, rows in sets.items()},
        "left_out": left_out(sets),
        "start": round(weights.start, 6),
        "ranges": {k: list(v) for k, v in weights.ranges.items()},
        "means": {k: round(v, 6) for k, v in weights.means.items()},
        "weights": {k: round(weights.weights.get(k, 0.0), 6) for k in INPUTS},
    }


def render(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped weights")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    doc = document(read_sets(TRAINING_SETS))
    for name, m in doc["left_out"].items():
        print(f"{name:24} days {m['days']:3}  left out: rho {m['spearman']}  MAE {m['mae']}")
    if args.check:
        shipped = weights_from(json.loads(args.out.read_text("utf-8")))
        fitted = weights_from(doc)
        same = (
            shipped.ranges == fitted.ranges
            and all(abs(shipped.means[k] - fitted.means[k]) < 1e-4 for k in fitted.means)
            and abs(shipped.start - fitted.start) < 1e-4
            and all(
                abs(shipped.weights.get(k, 0.0) - fitted.weights.get(k, 0.0)) < 1e-4 for k in INPUTS
            )
        )
        print("shipped weights are the fit" if same else "shipped weights differ from the fit")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(doc), "utf-8")
    print(f"wrote {args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

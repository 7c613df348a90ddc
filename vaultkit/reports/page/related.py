"""The biggest days and their related days as a small graph, laid out for an SVG.

The nodes are the window's most important days and the days they relate to, both ways (their
`related_dates`, and the days whose `related_dates` name them); the edges every related date
between two of those nodes. The layout is a force-directed one (Fruchterman and Reingold) from a
start fixed by the dates, so the same vault draws the same picture.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from vaultkit.reports.page.charts import MONTH_ABBR, biggest
from vaultkit.reports.page.days import Day

BIG_DAYS = 10
RELATED_IN = 3  # days naming a big day that are drawn, the most important first
WIDTH, MARGIN = 440, 40  # the drawing's height grows with its nodes
ITERATIONS = 160


@dataclass(frozen=True)
class Node:
    day: Day
    x: float
    y: float
    r: float
    big: bool
    label: str = ""
    lx: float = 0.0  # where the label starts (or ends, `anchor` "end")
    ly: float = 0.0
    anchor: str = "start"


@dataclass(frozen=True)
class RelatedGraph:
    nodes: list[Node]
    edges: list[tuple[Node, Node]]
    big: list[tuple[Day, list[Day]]]  # each big day and its related days, biggest first
    width: int = WIDTH
    height: int = 320


def related_graph(shown: Sequence[Day], every: dict[date, Day]) -> RelatedGraph:
    """The graph of the biggest shown days and their related days (which may lie outside the
    window); an empty graph when no summary relates days."""
    named_by: dict[date, list[Day]] = defaultdict(list)
    for d in every.values():
        for target in d.related:
            named_by[target].append(d)
    tops = biggest(shown, BIG_DAYS)
    big: list[tuple[Day, list[Day]]] = []
    chosen: dict[date, Day] = {}
    for d in tops:
        out = [every[r] for r in d.related if r in every]
        into = sorted(named_by.get(d.day, []), key=lambda n: (-n.importance, n.day))[:RELATED_IN]
        near = sorted({n.day: n for n in (*out, *into)}.values(), key=lambda n: n.day)
        big.append((d, near))
        chosen[d.day] = d
        chosen.update((n.day, n) for n in near)
    if not any(near for _, near in big):
        return RelatedGraph([], [], big)
    days = sorted(chosen)
    pairs = sorted(
        {(min(d, r), max(d, r)) for d in days for r in chosen[d].related if r in chosen and r != d}
    )
    index = {d: i for i, d in enumerate(days)}
    height = max(320, min(600, 160 + 9 * len(days)))
    places = _layout(len(days), [(index[a], index[b]) for a, b in pairs], height)
    tops_set = {d.day for d in tops}
    nodes = _labelled(
        [
            Node(chosen[d], x, y, _radius(chosen[d]), d in tops_set)
            for d, (x, y) in zip(days, places, strict=True)
        ],
        years=days[0].year != days[-1].year,
        height=height,
    )
    by_day = {n.day.day: n for n in nodes}
    edges = [(by_day[a], by_day[b]) for a, b in pairs]
    return RelatedGraph(nodes, edges, big, WIDTH, height)


Box = tuple[float, float, float, float]


def _labelled(nodes: list[Node], *, years: bool, height: float) -> list[Node]:
    """Each node with its date as a label (a big day's with its year when the days span
    years), on the side where it covers the fewest other nodes and labels and stays inside the
    drawing; the biggest days are placed first."""
    circles = [(n.x - n.r - 2, n.y - n.r - 2, n.x + n.r + 2, n.y + n.r + 2) for n in nodes]
    placed: list[Box] = []
    out: dict[int, Node] = {}
    order = sorted(range(len(nodes)), key=lambda i: (not nodes[i].big, -nodes[i].day.importance))
    for i in order:
        n = nodes[i]
        d = n.day.day
        label = f"{d.day} {MONTH_ABBR[d.month - 1]}" + (f" {d.year}" if years and n.big else "")
        width, tall = len(label) * (7.6 if n.big else 6.8), 13.0
        gap = n.r * 0.7 + 3
        best: tuple[float, float, float, str, Box] | None = None
        for lx, ly, anchor in (
            (n.x + n.r + 4, n.y + 4, "start"),
            (n.x - n.r - 4, n.y + 4, "end"),
            (n.x, n.y - n.r - 5, "middle"),
            (n.x, n.y + n.r + 14, "middle"),
            (n.x + gap, n.y - gap - 2, "start"),
            (n.x + gap, n.y + gap + 11, "start"),
            (n.x - gap, n.y - gap - 2, "end"),
            (n.x - gap, n.y + gap + 11, "end"),
        ):
            left = lx if anchor == "start" else lx - width if anchor == "end" else lx - width / 2
            box = (left, ly - tall + 3, left + width, ly + 3)
            cost = sum(_overlap(box, c) for j, c in enumerate(circles) if j != i)
            cost += sum(_overlap(box, b) for b in placed)
            cost += 4 * _outside(box, height)
            if best is None or cost < best[0] - 1e-6:
                best = (cost, lx, ly, anchor, box)
        assert best is not None
        placed.append(best[4])
        lx, ly = round(best[1], 1), round(best[2], 1)
        out[i] = Node(n.day, n.x, n.y, n.r, n.big, label, lx, ly, best[3])
    return [out[i] for i in range(len(nodes))]


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _outside(box: Box, height: float) -> float:
    inner = (2.0, 2.0, WIDTH - 2.0, height - 2.0)
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area - _overlap(box, inner)


def _radius(d: Day) -> float:
    return 5.0 + 1.1 * d.level


def _layout(count: int, edges: list[tuple[int, int]], height: float) -> list[tuple[float, float]]:
    """Fruchterman-Reingold in the unit square from points on a circle in date order, then
    scaled into the drawing with a margin for the labels."""
    pos = [
        (math.cos(2 * math.pi * i / count) * 0.4, math.sin(2 * math.pi * i / count) * 0.4)
        for i in range(count)
    ]
    k = math.sqrt(1.0 / count)
    temperature = 0.1
    for _ in range(ITERATIONS):
        moves = [[0.0, 0.0] for _ in range(count)]
        for i in range(count):
            xi, yi = pos[i]
            for j in range(i + 1, count):
                dx, dy = xi - pos[j][0], yi - pos[j][1]
                dist = max(math.hypot(dx, dy), 1e-4)
                push = k * k / dist / dist
                moves[i][0] += dx * push
                moves[i][1] += dy * push
                moves[j][0] -= dx * push
                moves[j][1] -= dy * push
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            dist = max(math.hypot(dx, dy), 1e-4)
            pull = dist / k
            moves[a][0] -= dx * pull
            moves[a][1] -= dy * pull
            moves[b][0] += dx * pull
            moves[b][1] += dy * pull
        for i in range(count):
            # a gentle pull to the middle keeps unlinked parts from drifting away
            mx, my = moves[i][0] - pos[i][0] * 0.6, moves[i][1] - pos[i][1] * 0.6
            length = max(math.hypot(mx, my), 1e-9)
            step = min(length, temperature)
            pos[i] = (pos[i][0] + mx / length * step, pos[i][1] + my / length * step)
        temperature *= 0.97
    return _fit(pos, height)


def _fit(pos: list[tuple[float, float]], height: float) -> list[tuple[float, float]]:
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    return list(
        zip(_scaled(xs, MARGIN, WIDTH - MARGIN), _scaled(ys, MARGIN, height - MARGIN), strict=True)
    )


def _scaled(values: list[float], low: float, high: float) -> list[float]:
    """Values stretched onto low..high (all in the middle when they are equal)."""
    least, span = min(values), max(values) - min(values)
    if span < 1e-9:
        return [round((low + high) / 2, 1)] * len(values)
    return [round(low + (v - least) / span * (high - low), 1) for v in values]

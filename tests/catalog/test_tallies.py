"""The catalog's tallies are the counts of its rows: kept by each row's change, they equal the
counts rebuilt from every row (`rebuilt`), whatever rows came and went, and in what order."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from vaultkit.catalog import written as written_store
from vaultkit.catalog.store import Catalog
from vaultkit.catalog.tallies import contribution, top_topics

Tally = dict[str, Any]


def saved(catalog: Catalog) -> Tally:
    """The tallies as the catalog gives them (saved, with this run's changes)."""
    tallies = catalog.tallies
    persons, animals, tools, places, located = tallies.names()
    entities = tallies.entities()
    return {
        "persons": dict(persons),
        "animals": dict(animals),
        "tools": dict(tools),
        "places": dict(places),
        "located": dict(located),
        "written": {w: sorted(d) for w in _words(catalog) if (d := catalog.days_writing([w]))},
        "linked": sorted(tallies.linked()),
        "entities": {f"{k}:{n}": (c, *tallies.span((k, n))[1:]) for (k, n), c in entities.items()},
        "months": {m: (t.days, t.top) for m, t in tallies.months().items()},
    }


def _words(catalog: Catalog) -> set[str]:
    """Every word the saved table or this run's changed rows count."""
    db = catalog._saved
    stored = {w for (w,) in db.execute("SELECT word FROM written")} if db is not None else set()
    return stored | {w for w, _, _ in written_store.steps(catalog._row_changes())}


def rebuilt(catalog: Catalog) -> Tally:
    """The tallies counted anew from every row of the catalog."""
    catalog.load_all()
    persons: Counter[str] = Counter()
    animals: Counter[str] = Counter()
    tools: Counter[str] = Counter()
    places: Counter[str] = Counter()
    located: Counter[str] = Counter()
    written: dict[str, set[str]] = {}
    links: set[str] = set()
    days: dict[str, list[str]] = {}
    months: dict[str, tuple[int, Counter[str]]] = {}
    for path in sorted(catalog.changed() | set(catalog._rows)):
        row = catalog._rows.get(path)
        if row is None:
            continue
        part = contribution(row[1], row[0], json.loads(row[5]))
        for name, kind in part.names:
            {"p": persons, "a": animals, "t": tools, "l": places, "w": located}[kind][name] += 1
        if row[1] != "summary":
            for word in json.loads(row[5]).get("written") or ():
                written.setdefault(word, set()).add(row[0])
        links |= part.links
        for kind, name in part.mentions:
            days.setdefault(f"{kind}:{name}", []).append(row[0])
        if part.month is not None:
            count, topics = months.get(part.month, (0, Counter()))
            months[part.month] = (count + 1, topics + part.topics)
    return {
        "persons": dict(persons),
        "animals": dict(animals),
        "tools": dict(tools),
        "places": dict(places),
        "located": dict(located),
        "written": {w: sorted(days) for w, days in written.items()},
        "linked": sorted(links),
        "entities": {k: (len(d), min(d), max(d)) for k, d in days.items()},
        "months": {m: (n, top_topics(t)) for m, (n, t) in months.items()},
    }


def summary(people: list[str], projects: list[str], tags: list[str]) -> dict[str, Any]:
    fields = {"people": people, "projects": projects, "tags": tags, "importance": 5}
    return {"fields": {**fields, "mood": "calm", "related_dates": [], "bullets": []}}


def note(persons: list[str], links: list[str]) -> dict[str, Any]:
    written = sorted({w.casefold() for name in persons for w in name.split()})
    return {
        "digest": "d",
        "persons": persons,
        "animals": ["Oyen"],
        "tools": persons[1:],
        "links": links,
        "written": written,
    }


NAMES = st.sampled_from(["Budi", "Rina", "Dewi", "Payments API", "Homelab"])
ROWS = st.tuples(
    st.integers(1, 40),  # which day
    st.sampled_from(["note", "transcript", "summary"]),
    st.one_of(st.none(), st.lists(NAMES, max_size=3)),  # None: the file is gone
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(changes=st.lists(st.lists(ROWS, max_size=8), min_size=1, max_size=4))
# A row recorded again as it was, then dropped: its words were counted twice.
@example(changes=[[(1, "note", ["Budi"])], [(1, "note", ["Budi"])], [(1, "note", None)]])
def test_tallies_kept_by_changes_equal_tallies_rebuilt(
    tmp_path_factory: Any, changes: list[list[tuple[int, str, list[str] | None]]]
) -> None:
    """Runs that record and drop rows (each run saved), then the counts read back."""
    folder: Path = tmp_path_factory.mktemp("catalog")
    for run in changes:
        catalog = Catalog(folder)
        for n, kind, names in run:
            day = f"2026-0{1 + n % 3}-{n:02d}"
            path = folder / f"{day}.{kind}.md"
            if names is None:
                catalog.forget([str(path)])
                continue
            facts = (
                summary(names[:1], names[1:2], names[2:])
                if kind == "summary"
                else note(names, names)
            )
            path.write_text(json.dumps(facts))
            catalog._record(str(path), (day, kind, n, n, n), facts)
        assert saved(catalog) == rebuilt(catalog)  # this run's changes on the saved counts
        catalog.save()
        catalog.close()
    catalog = Catalog(folder)
    assert saved(catalog) == rebuilt(catalog)
    catalog.close()

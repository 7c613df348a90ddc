"""What a day says of a question's terms, turn by turn: the asides left out, the turns that state
a status or an event, and the terms a line's label names."""

from __future__ import annotations

from tests.search.test_retrieval import add_day
from vaultkit.index.bm25 import DayIndex
from vaultkit.index.mentions import event_counts, named


def test_a_day_names_terms_outside_its_asides_with_what_each_turn_states() -> None:
    index = DayIndex()
    add_day(
        index,
        "2026-11-10",
        "- NAS disk: fixing, the second disk shows reallocated sectors\n"
        "Rina: that's the real outage today, the NAS can wait haha\n"
        "Keputusan final: ganti dua disk NAS minggu ini.\n"
        "Migrasi PostgreSQL selesai, downtime 22 menit.\n",
    )
    terms = index.terms("NAS disk PostgreSQL migration")
    found = named(index.db, terms, ["2026-11-10"])["2026-11-10"]
    nas, disk, postgres, migration = terms
    assert {nas, disk, postgres, migration} <= found.terms
    assert found.turns[nas] == frozenset({0, 2})  # the joke of turn 1 is an aside
    assert found.in_labels == {nas, disk}  # "- NAS disk: fixing" is about them
    assert found.in_decisions == {nas, disk}
    assert found.in_done == {postgres, migration}  # the decision's line plans, it is no completion
    assert {nas, disk, postgres, migration} <= found.in_status
    assert found.turns_naming({nas}) == 2
    # the decision, and the downtime of the migration
    assert event_counts(index.db, ["2026-11-10", "2026-11-11"]) == {"2026-11-10": 2}

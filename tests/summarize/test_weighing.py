"""The importance as a level moved by fitted weights: one step down or two up at most, small talk
held down however long, and shipped weights that are the fit of today's reader on the labelled
sets."""

from __future__ import annotations

import json
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools import fit_importance
from vaultkit.config import VocabularyConfig
from vaultkit.model import DayInput
from vaultkit.summarize.importance import Feature
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.summarize.weighing import (
    DOWN,
    EVENTS,
    INPUTS,
    KINDS,
    LEISURE,
    SIZES,
    SWING,
    importance_of,
    model,
    score,
    shift,
    weights_from,
)
from vaultkit.text.vocabulary import Vocabulary


@pytest.fixture(scope="module")
def reader() -> OfflineSummarizer:
    return OfflineSummarizer(Vocabulary(VocabularyConfig()))


def explain(reader: OfflineSummarizer, note: str):  # type: ignore[no-untyped-def]
    return reader.explain(DayInput(date(2031, 3, 4), note))


def test_the_shipped_weights_know_every_input_and_every_kind_the_rules_name() -> None:
    weights = model()
    assert set(weights.weights) == set(INPUTS)
    assert set(weights.ranges) == set(weights.means) == set(SIZES)
    assert all(low <= high for low, high in weights.ranges.values())


def test_every_feature_the_rules_give_has_a_kind_the_weights_know(reader) -> None:
    notes = [
        "- Keputusan final: migrasi ke PostgreSQL 16, disetujui direktur. Penting!",
        "- Checkout API down 10:12-10:59 (47 menit), 1.240 order gagal. Rollback jam 11.",
        "- Raka resign, hari terakhir 31 Desember.\n- Sari join tim backend Senin.",
        "- Invoice ke klien Rp 12.000.000 dikirim, deadline Jumat.",
        "- Rencana migrasi cluster minggu depan.\n- Downtime window 1 jam Jumat depan.",
        "- Makan siang bakso sama Dewi, hujan deras.",
        "Jangan lupa:\n- beli galon\n- bayar listrik",
        "Quiet Sunday, a bit of reading and one PR review.",
    ]
    kinds = {f.kind for note in notes for f in explain(reader, note).reading.features}
    assert kinds <= set(KINDS), kinds - set(KINDS)
    assert {"decision_migration", "incident", "leaving", "money", "small_talk"} <= kinds


@given(
    level=st.integers(min_value=1, max_value=10),
    sizes=st.dictionaries(st.sampled_from(sorted(SIZES)), st.integers(0, 5000)),
    kinds=st.dictionaries(st.sampled_from(KINDS), st.sampled_from([0.5, 1.0, 5.0, 8.0])),
)
def test_the_fit_moves_a_day_one_step_down_or_two_up_at_most(
    level: int, sizes: dict[str, int], kinds: dict[str, float]
) -> None:
    inputs = {**kinds, **sizes}
    given_ = importance_of(level, inputs)
    idle = any(inputs.get(k) for k in ("small_talk", "reminders")) and not any(
        inputs.get(k) for k in EVENTS
    )
    if idle:
        assert given_ <= max(LEISURE, 1)
    else:
        assert max(1, level - DOWN) <= given_ <= min(10, level + SWING)
    assert -DOWN <= shift(inputs) <= SWING


def test_a_one_line_note_of_an_outage_is_still_an_outage(reader) -> None:
    explained = explain(reader, "- Production outage for 37 minutes, error rate 61%, rollback.")
    assert explained.reading.level >= 8
    assert explained.fields.importance >= 7  # shorter than any labelled day: one step down


def test_a_long_chat_of_small_talk_stays_small_talk(reader) -> None:
    lines = [
        "Dewi: makan siang bakso yuk, hujan deras banget.",
        "Gw: wkwk iya, kucing gw tidur mulu.",
        "Dewi: nonton film apa weekend ini?",
        "Gw: belum tau, mungkin ke pantai kalau cerah.",
    ]
    explained = explain(reader, "\n".join(lines * 60))
    assert explained.reading.level <= 3
    assert explained.fields.importance <= LEISURE


def test_a_full_day_of_a_decision_weighs_more_than_a_thin_one(reader) -> None:
    thin = explain(reader, "- Decided: we move the billing database to PostgreSQL 16.")
    full = explain(
        reader,
        "## Billing database\n\n"
        "- Decided with Budi, Sari and Rina: we move the billing database to PostgreSQL 16.\n"
        "- Budget approved by the director: Rp 45.000.000 for the new nodes.\n"
        "- Sari owns the cutover plan, Rina the rollback runbook.\n"
        "- Budi benchmarked both: p95 40 ms against 180 ms on the old cluster.\n"
        "- The migration window is 2 hours on Saturday night, 1,200 merchants told.\n"
        "- Rina asked for a dry run on staging first; agreed for Thursday.\n"
        "- Wrote the ADR and shared it with the team.\n"
        "- Important: freeze on billing deploys from Friday.\n",
    )
    assert thin.reading.level >= 6
    assert full.fields.importance > thin.fields.importance


def test_explain_shows_points_that_add_up_to_the_fits_score(reader) -> None:
    explained = explain(reader, "- Checkout API down 47 menit, 1.240 order gagal. Rollback.")
    rows = explained.reading.why()
    total = sum(float(row["points"]) for row in rows)  # type: ignore[arg-type]
    assert total == pytest.approx(score(explained.reading.inputs, model()), abs=0.02)
    shown = explained.as_dict()
    assert shown["importance_level"] == explained.reading.level
    assert shown["importance_reason"].endswith(f"-> {explained.fields.importance}")


def test_weights_from_json_rejects_a_broken_file() -> None:
    with pytest.raises(ValueError, match="weights"):
        weights_from({"start": 0.0, "weights": [1, 2]})
    with pytest.raises(ValueError, match="start"):
        weights_from({"start": "zero", "weights": {}})


def test_the_shipped_weights_are_the_fit_of_todays_reader_on_the_labelled_sets() -> None:
    """Refit on the read day-reading sets through a real sync of each: a reader changed without
    refitting (`python -m tools.fit_importance`) fails here."""
    doc = fit_importance.document(fit_importance.read_sets(fit_importance.TRAINING_SETS))
    shipped = json.loads(fit_importance.OUT.read_text("utf-8"))
    assert doc["trained_on"] == shipped["trained_on"]
    fitted, ours = weights_from(doc), weights_from(shipped)
    assert fitted.ranges == ours.ranges
    assert fitted.start == pytest.approx(ours.start, abs=1e-4)
    for name in INPUTS:
        assert fitted.weights[name] == pytest.approx(ours.weights[name], abs=1e-4), name
    left_out = [m["spearman"] for m in doc["left_out"].values()]
    assert min(left_out) > 0.7  # each voice, ranked by weights fitted on the others


def test_a_feature_without_a_kind_adds_nothing() -> None:
    assert model().points("", 7.0) == 0.0
    assert Feature("something new", 7.0).as_dict()["points"] == 0.0

"""English and Indonesian words that translate each other, on the shipped tables."""

from __future__ import annotations

import gzip
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vaultkit.text import bilingual
from vaultkit.text.bilingual import to_english, to_indonesian, translations


def test_english_words_find_their_indonesian() -> None:
    assert to_indonesian("cat") == ("kucing",)
    assert to_indonesian("sick")[0] == "sakit"
    assert {"memutuskan", "keputusan"} <= set(to_indonesian("decided"))
    assert "migrasi" in to_indonesian("upgrade")
    assert to_indonesian("root cause")[0] == "akar masalah"
    assert {"telat", "terlambat"} <= set(to_indonesian("late"))


def test_indonesian_words_find_their_english() -> None:
    assert to_english("kucing")[0] == "cat"
    assert to_english("sakit")[0] == "sick"
    assert to_english("akar masalah") == ("root cause",)
    assert "decision" in to_english("keputusan")
    assert "quit" in to_english("cabut")  # casual forms come from the supplement
    assert to_english("ultah") == ("birthday",)


def test_lookups_ignore_case_and_spacing() -> None:
    assert to_indonesian("  Root   Cause ") == to_indonesian("root cause")
    assert to_english("Kucing") == to_english("kucing")


def test_regular_english_inflections_are_stripped() -> None:
    assert to_indonesian("cats") == to_indonesian("cat")
    assert to_indonesian("upgrading") == to_indonesian("upgrade")
    assert to_indonesian("cancelled") == to_indonesian("cancel")
    assert to_indonesian("decides") == to_indonesian("decide")
    assert to_indonesian("fixes") == to_indonesian("fix")
    assert to_indonesian("root causes") == to_indonesian("root cause")
    assert to_indonesian("sicker") == ()  # comparatives are not


def test_indonesian_words_are_not_stemmed() -> None:
    assert to_english("kucingnya") == ()


def test_unknown_words_find_nothing() -> None:
    assert to_indonesian("xyzzy") == to_english("xyzzy") == translations("xyzzy") == ()
    assert to_indonesian("") == to_english("") == ()


def test_the_supplement_comes_first() -> None:
    assert to_indonesian("leave")[:3] == ("cuti", "pergi", "keluar")
    assert "tinggal" in to_indonesian("leave")  # the dictionary's words follow
    assert to_english("anjing")[0] == "dog"


def test_translations_run_both_ways_without_the_word_itself() -> None:
    found = translations("deploy")
    assert "rilis" in found and "release" in found
    assert "deploy" not in found
    assert len(found) == len(set(found))
    assert translations("kucing")[0] == "cat"


@pytest.mark.parametrize("path", [bilingual.DICTIONARY, bilingual.REVERSE])
def test_the_tables_load_quickly_and_hold_the_dictionary(
    path: Path, request: pytest.FixtureRequest
) -> None:
    bilingual._table.cache_clear()
    started = time.perf_counter()
    table = bilingual._table(path)
    request.node.user_properties.append(("load_seconds", time.perf_counter() - started))
    assert len(table) > 5000


def test_the_reverse_table_is_the_dictionarys_turned_around() -> None:
    forward = bilingual._table(bilingual.DICTIONARY)
    backward = bilingual._table(bilingual.REVERSE)
    pairs = {(i, e) for e, raw in forward.items() for i in raw.split("|")}
    assert pairs == {(i, e) for i, raw in backward.items() for e in raw.split("|")}


def test_nothing_is_read_at_import() -> None:
    code = (
        "from vaultkit.text import bilingual as b; "
        "print(b._table.cache_info().currsize + b._supplement.cache_info().currsize)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0"


def test_the_dictionary_table_is_normalized_and_reproducible() -> None:
    data = bilingual.DICTIONARY.read_bytes()
    assert data[4:8] == b"\0\0\0\0"  # gzip mtime 0: rebuilds give the same bytes
    rows = bilingual._rows(gzip.decompress(data).decode("utf-8").splitlines())
    english = [word for word, _ in rows]
    assert english == sorted(set(english))
    for word, indonesian in rows:
        assert len(word.split()) <= 2
        assert 0 < len(indonesian) <= 6 and len(set(indonesian)) == len(indonesian)
        assert all(len(phrase.split()) <= 3 and "(" not in phrase for phrase in indonesian)


def test_the_supplement_lists_each_word_once_in_lowercase() -> None:
    lines = bilingual.SUPPLEMENT.read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.strip() and not line.startswith("#")]
    english = [row.split("\t")[0] for row in rows]
    assert len(english) == len(set(english))
    assert all(row == row.lower() and row.count("\t") == 1 for row in rows)

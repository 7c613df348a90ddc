"""A huge day costs the offline summarizer time in step with its size, and a day larger than it
reads is said to be read in part.

Each step that read a day once per name, per candidate or per start of a long token is shown
equal to the simple version it replaced (kept here as the reference) on random input; the work
of the bullets' selection is counted; a day over the bound is summarized as its first part,
and sync and explain say how much of it they read.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.config import load_config
from vaultkit.model import DayInput
from vaultkit.summarize import evidence, names, people, terms
from vaultkit.summarize.greedy import Key, LazyScan
from vaultkit.summarize.needles import Needles
from vaultkit.summarize.offline import MAX_DAY_CHARS, OfflineSummarizer
from vaultkit.summarize.portion import first_part, size
from vaultkit.summarize.text import LONG_TOKEN
from vaultkit.text import events
from vaultkit.text.vocabulary import Vocabulary, term_key

DAY = date(2026, 7, 21)
FAST = settings(max_examples=300, deadline=None)


# --- one pass for many names ---------------------------------------------------------------------


@FAST
@given(
    st.sets(st.text("ab c.", max_size=5), max_size=8),
    st.text("ab c.", max_size=40),
)
def test_needles_find_what_in_and_find_do(needles: set[str], text: str) -> None:
    found = Needles(needles)
    assert found.found(text) == {n for n in needles if n in text}
    assert found.first(text) == {n: text.find(n) for n in needles if n in text}


def test_needles_as_long_as_a_heading_are_looked_for_one_by_one() -> None:
    long = "rina " * 30
    found = Needles(["rina", long, "budi"])
    assert found.found(f"x {long}y") == {"rina", long}
    assert found.first(f"budi {long}") == {"budi": 0, "rina": 5, long: 5}


NAMES = ["Rina", "Sari", "Kiki", "Is-a", "O'Kim", "Sisi"]


def _full_name(name: str, speakers: list[str]) -> str:
    """The reference: every speaker asked of every name."""
    if len(name) < 3 or name in speakers:
        return name
    fits = [s for s in speakers if s.casefold().startswith(name.casefold())]
    return fits[0] if len(fits) == 1 else name


@FAST
@given(
    st.sets(st.text("aAbM", min_size=1, max_size=5), max_size=6),
    st.text("aAbM", max_size=5),
)
def test_short_forms_name_the_one_speaker_they_start(speakers: set[str], name: str) -> None:
    assert people._ShortForms(speakers)(name) == _full_name(name, sorted(speakers))


@FAST
@given(st.lists(st.text("ab", max_size=3), max_size=6), st.text("ab", max_size=3))
def test_a_short_form_of_a_person_is_found_by_its_place(persons: list[str], key: str) -> None:
    assert terms._shortens(sorted(persons), key) == any(p.startswith(key) for p in persons)


def _lengthen(found: dict[str, list[str]], longer: str, taken: set[str]) -> bool:
    """The reference: every term found so far read for every name."""
    words = {term_key(w) for w in longer.split()}
    for kind_terms in found.values():
        for i, term in enumerate(kind_terms):
            if term_key(term) in words:
                kind_terms[i] = longer
                taken.add(term_key(longer))
                return True
    return False


WORDS = ["Open", "AI", "API", "Kuma", "Uptime", "RTX", "3090"]


@FAST
@given(
    st.lists(st.lists(st.sampled_from(WORDS), max_size=2), min_size=3, max_size=3),
    st.lists(st.tuples(st.booleans(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))),
)
def test_lengthening_a_term_finds_the_first_one_inside(
    start: list[list[str]], steps: list[tuple[bool, list[str]]]
) -> None:
    kinds = ("technologies", "libraries", "projects")
    reference = {kind: list(words) for kind, words in zip(kinds, start, strict=True)}
    found = terms._Found(reference)
    taken: set[str] = set()
    for add, words in steps:
        name = " ".join(words)
        if add:
            found.add(name)
            reference["technologies"].append(name)
        else:
            assert found.lengthen(name, set()) == _lengthen(reference, name, taken)
        assert found.terms == reference


# --- one start per token or run -------------------------------------------------------------------


CHUNKS = ["Foo", "Bar", "-", "'", ".", "+", "_", " ", "  ", ",", ", ", " and ", " said", " v1.2",
          " 3.4.5", "x", "Rina", " sama ", "\n", "a", "1"]  # fmt: skip
LONG = " " + "Ab-" * LONG_TOKEN  # a long token: the text is read one start per token


@FAST
@given(st.lists(st.sampled_from(CHUNKS), max_size=30), st.booleans())
def test_token_patterns_find_what_their_patterns_find(chunks: list[str], long: bool) -> None:
    text = "".join(chunks) + (LONG if long else "")
    for found in (terms._VERSIONED, evidence.AFTER, people._JOINED):
        expected = [(m.span(), m.groups()) for m in found.pattern.finditer(text)]
        assert [(m.span(), m.groups()) for m in found.finditer(text)] == expected


# The number patterns as they were: each tried at every digit of a run.
DURATION = r"(\d+(?:[.,]\d+)?)\s*(menit|minutes?|mins?|jam|hours?|hrs?|h)\b"
IMPACT = (
    r"\b\d[\d.,]*\s*(?:k\s+)?(?:failed|errors?|requests?|users?|customers?|merchants?|orders?|"
    r"transactions?|transaksi|pelanggan|pengguna|payments?|charges?|rows?|records?)\b"
)
BIG_MONEY = (
    r"(?:rp\.?|idr|usd|us\$|\$|€|eur)\s*\d[\d.,]*\s*(?:juta|jt|miliar|milyar|billion|million|k\b)|"
    r"\d[\d.,]*\s*(?:juta|jt|miliar|milyar|million|billion)\s*(?:rupiah|rp|idr|dollars?|dolar|usd)|"
    r"(?:\$|usd\s*|us\$)\s*\d{1,3}(?:[.,]\d{3})+|rp\.?\s*\d{1,3}(?:\.\d{3}){2,}"
)
NUMBERS = ["1", "2", "05", ".", ",", " ", "x", "_", "k ", " users", "users", " jam", "h", " minutes",
           " juta rupiah", "juta", " usd", "Rp ", "$", "000", "\u0661"]  # fmt: skip


@FAST
@given(st.lists(st.sampled_from(NUMBERS), max_size=16))
def test_number_patterns_find_what_they_found_from_every_digit(chunks: list[str]) -> None:
    text = "".join(chunks)
    assert events._DURATION.findall(text) == re.findall(DURATION, text, re.I)
    assert bool(events.IMPACT.search(text)) == bool(re.search(IMPACT, text, re.I))
    assert bool(events.BIG_MONEY.search(text)) == bool(re.search(BIG_MONEY, text, re.I))


def _trimmed(words: list[str]) -> list[str]:
    """The reference: the run copied for each word taken off."""
    while words and names._names_nothing(words[0]):
        words = words[1:]
    while (
        words
        and names._names_nothing(words[-1])
        and not (len(words) > 1 and len(words[-1]) == 1 and not names._names_nothing(words[-2]))
    ):
        words = words[:-1]
    return words if words and not words[0][0].isdigit() else []


@FAST
@given(st.lists(st.sampled_from(["Senin", "The", "I", "M", "Blok", "Kuma", "990", "Q3", "B"])))
def test_a_run_is_trimmed_as_before(words: list[str]) -> None:
    assert names._trimmed(words) == _trimmed(words)


# --- the bullets' selection -----------------------------------------------------------------------


def _scan(pool: list[int], scores: list[float], key: Callable[[int], Key]) -> int:
    """The reference: the pool read best first score first until a score is below the best."""
    best, best_key = pool[0], key(pool[0])
    for i in pool[1:]:
        if scores[i] < best_key[0]:
            break
        if key(i) > best_key:
            best, best_key = i, key(i)
    return best


@FAST
@given(st.data())
def test_the_lazy_scan_picks_what_the_scan_of_the_pool_picks(data: st.DataObject) -> None:
    size = data.draw(st.integers(1, 30))
    levels = st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0])
    scores = sorted(data.draw(st.lists(levels, min_size=size, max_size=size)), reverse=True)
    # A key starts at its score, or a little above (a sentence off the day's topic), and falls.
    now = [s + data.draw(st.sampled_from([0.0, 0.0, 0.05, 0.1])) for s in scores]

    def key(i: int) -> Key:
        return now[i], -i, 0

    scan, pool = LazyScan(scores, key), list(range(size))
    while pool:
        expected = _scan(pool, scores, key)
        assert scan.pop() == expected
        pool.remove(expected)
        if data.draw(st.booleans()):  # a bullet picked: the words it covers weigh less
            falls = data.draw(
                st.lists(st.sampled_from([0.0, 0.3, 1.0]), min_size=size, max_size=size)
            )
            now[:] = [n - f for n, f in zip(now, falls, strict=True)]
            scan.stale()
        assert len(scan) == len(pool)


def test_the_lazy_scan_reads_each_key_a_few_times_however_many_are_skipped() -> None:
    size = 20_000
    calls = 0

    def key(i: int) -> Key:
        nonlocal calls
        calls += 1
        return 3.0 - (i % 7) / 10, -i, 0  # one level, keys in no order: the scan reads them all

    scan = LazyScan([3.0] * size, key)
    for picked in range(size):  # six bullets picked (keys fall), the rest near-duplicates
        scan.pop()
        if picked < 6:
            scan.stale()
    assert calls <= 8 * size  # the scan of the pool reads about size² / 2 keys


# --- a day larger than the summarizer reads -------------------------------------------------------


LINES = [
    "{p}: udah deploy {t} v{n}.{n} ke staging, latency turun jadi {n} ms",
    "{p}: we decided to move Payments API to {t} by friday, {q} approved it",
    "- Meeting sama Pak {q} soal budget Rp {n} juta, belum ada keputusan.",
    "- Incident: {t} down for {n} minutes, {n} requests failed. Rolled back via `kubectl`.",
    "Dinner with {q} in Kemang, ramen lagi. Capek banget hari ini.",
    "## Chat: {p} dan {q}",
]
TOOLS = ["Traefik", "Longhorn", "Qdrant", "Redis", "Kubernetes", "RabbitMQ"]


def generated_day(size: int, seed: int = 3) -> str:
    """A day note of about `size` characters: work, chat turns and small talk in both languages,
    a new name or tool now and then."""
    rng = random.Random(seed)
    people_, tools = ["Gading", "Rina", "Budi", "Sari"], list(TOOLS)
    lines, total = [f"# {DAY}"], 0
    while total < size:
        if rng.random() < 0.05:
            people_.append("".join(rng.choice("rinakotsu") for _ in range(5)).capitalize())
            tools.append(rng.choice(tools) + rng.choice(["DB", "ctl", "2"]))
        line = rng.choice(LINES).format(
            p=rng.choice(people_[:4]), q=rng.choice(people_), t=rng.choice(tools), n="{n}"
        )
        lines.append(re.sub(r"\{n\}", lambda _: str(rng.randrange(2, 999)), line))
        total += len(lines[-1]) + 1
    return "\n".join(lines) + "\n"


def summarizer(max_chars: int = MAX_DAY_CHARS) -> OfflineSummarizer:
    config = load_config(Path(__file__).resolve().parents[2] / "memory_config.json")
    return OfflineSummarizer(Vocabulary(config.vocabulary, config.people), max_chars)


def test_a_day_over_the_bound_is_summarized_as_its_first_part() -> None:
    note = generated_day(60_000)
    chats = (("telegram", "Rina: ok\n" * 500), ("discord", "Budi: sip\n"))
    day = DayInput(DAY, note, chats)
    bounded = summarizer(max_chars=50_000)
    first, read = first_part(day, 50_000, "a limit")
    assert read is not None and first.transcripts == () and len(first.note) <= 50_000
    assert note.startswith(first.note) and note[len(first.note)] == "\n"  # at a line's end
    assert bounded.summarize(day) == summarizer().summarize(DayInput(DAY, first.note))
    assert bounded.portion(day) == bounded.explain(day).read
    total = size(len(note) + len(chats[0][1]) + len(chats[1][1]))
    said = f"read the first {size(len(first.note))} of {total} (the offline summarizer reads at"
    assert bounded.explain(day).as_dict()["read"]["message"].startswith(said)
    assert summarizer().portion(day) is None  # a day of 65 KB is read whole


def test_the_transcripts_are_read_after_the_note_until_the_bound() -> None:
    day = DayInput(DAY, "a\n" * 10, (("one", "b\n" * 10), ("two", "c\n" * 10), ("three", "d")))
    first, read = first_part(day, 50, "a limit")
    assert first.note == day.note and [n for n, _ in first.transcripts] == ["one", "two"]
    assert first.transcripts[1][1] == "c\n" * 4 + "c"  # at the bound, its last line's end
    assert read is not None and (read.read, read.total) == (49, 61)
    assert first_part(day, 61, "a limit") == (day, None)


def test_the_llm_path_says_how_much_of_a_day_its_prompt_holds() -> None:
    from vaultkit.summarize.openai import prompt_portion, user_prompt

    day = DayInput(DAY, "Rina: ok\n" * 4000)
    read = prompt_portion(day, 24_000)
    assert read is not None and read.read == len(user_prompt(day, 24_000).split("\n[...")[0])
    assert read.message().startswith("read the first 24.0 KB of 36.0 KB (summarizer.max_input")
    assert prompt_portion(DayInput(DAY, "Rina: ok"), 24_000) is None


# --- through the real command ---------------------------------------------------------------------


def vaultkit(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vaultkit", *args, "--config", str(root)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )


def test_sync_summarizes_a_day_of_two_megabytes_and_says_how_much_it_read(tmp_path: Path) -> None:
    repo = Path(__file__).resolve().parents[2]
    memory = tmp_path / "vault" / "memory"
    memory.mkdir(parents=True)
    (tmp_path / "memory_config.json").write_text((repo / "memory_config.json").read_text())
    log = "\n".join(
        f"10:{i % 60:02d} INFO api GET /v1/charges 200 took {i % 97} ms" for i in range(40_500)
    )
    note = generated_day(200_000) + "\nThe deploy log:\n\n```\n" + log + "\n```\n"
    (memory / f"{DAY}.md").write_text(note)
    assert 2_000_000 < len(note.encode()) < 2_100_000

    done = vaultkit(tmp_path, "sync", "--json")
    assert done.returncode == 0, done.stderr
    said = (
        f"read the first 2.0 MB of 2.1 MB (the offline summarizer reads at most {MAX_DAY_CHARS:,}"
    )
    assert json.loads(done.stdout)["warnings"][0]["warning"].startswith(said)
    assert f"warning: {DAY}: {said}" in done.stderr
    summary = (memory / "summaries" / f"{DAY}.summary.md").read_text()
    assert "importance:" in summary and "\n- " in summary

    explained = vaultkit(tmp_path, "explain", str(DAY), "--json")
    assert json.loads(explained.stdout)["read"]["message"].startswith(said)

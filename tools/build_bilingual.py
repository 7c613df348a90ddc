"""Build `vaultkit/text/data/en_id.tsv.gz` and `id_en.tsv.gz`, the English <-> Indonesian word
tables, from Debian's FreeDict dictionary.

Built from Debian's `dict-freedict-eng-ind` 2022.12.07-2 (source package `freedict-wikdict`):
the FreeDict+WikDict English-Indonesian dictionary, edition 2022.11.18, made from Wiktionary by
WikDict, CC-BY-SA-3.0. The table is derived from it and under the same license.

Rerun (standard library only; the output is the same byte for byte for the same package):

    apt-get install dict-freedict-eng-ind
    python3 tools/build_bilingual.py

The dictd format: the `.index` lists `headword<TAB>offset<TAB>length` with the numbers in
dictd's base64 digits; `.dict.dz` is gzip (dictzip adds random access only). An entry is a
header line (`headword /pron/ <pos>`), then its senses: an unnumbered entry is one line of
translations and its English glosses; a numbered one is `1. a, b` lines, each followed by glosses.

What is kept: headwords of one or two words; translations of at most three words, lowercased,
without parenthetical notes, wiki markup or punctuation; at most `MAX_TRANSLATIONS` per word, the
ones listed in the most senses first, then in the dictionary's order. The table's `#` header
names the package version (from its Debian changelog) and the dictionary's edition.
"""

from __future__ import annotations

import argparse
import gzip
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

DICTD = Path("/usr/share/dictd")
DEFAULT_INDEX = DICTD / "freedict-eng-ind.index"
DEFAULT_DICT = DICTD / "freedict-eng-ind.dict.dz"
DEFAULT_CHANGELOG = Path("/usr/share/doc/dict-freedict-eng-ind/changelog.Debian.gz")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "vaultkit/text/data"

MAX_TRANSLATIONS = 6
MAX_HEADWORD_WORDS = 2
MAX_TRANSLATION_WORDS = 3

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_WORD = r"[^\W\d_]+(?:['-][^\W\d_]+)*"
_PHRASE = re.compile(rf"{_WORD}(?: {_WORD})*")
_POS = re.compile(r"\s*<[^>]*>\s*$")
_SENSE_NUMBER = re.compile(r"^\d+\. ")
_TRAILING_NUMBER = re.compile(r"\s+\d+\.$")  # dictfmt's "kucing 2.": the next gloss's number
_WIKI_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
_PARENTHESES = re.compile(r"\([^)]*\)")


def b64_number(digits: str) -> int:
    value = 0
    for digit in digits:
        value = value * 64 + _B64.index(digit)
    return value


def records(index: Path, dictionary: Path) -> Iterator[tuple[str, str]]:
    """Each (index headword, entry text) once, in the index's order, metadata entries too."""
    text = gzip.decompress(dictionary.read_bytes())
    seen: set[tuple[int, int]] = set()
    for line in index.read_text(encoding="utf-8").splitlines():
        headword, offset, length = line.split("\t")
        span = (b64_number(offset), b64_number(length))
        if span not in seen:
            seen.add(span)
            yield headword, text[span[0] : span[0] + span[1]].decode("utf-8")


def headword_of(header: str) -> str:
    """The header line's headword: before the pronunciations and the part of speech."""
    return _POS.sub("", header).split(" /", 1)[0].strip().lower()


def sense_lines(body: list[str]) -> list[str]:
    """The lines of an entry's body that list translations (the rest are English glosses)."""
    if not body or not body[0].startswith("1. "):
        return body[:1]
    lines, expected = [], 1
    for line in body:
        if line.startswith(f"{expected}. "):
            lines.append(_SENSE_NUMBER.sub("", line))
            expected += 1
    return lines


def clean(translation: str) -> str | None:
    """A translation as the table keeps it, or None for a note, a sentence or an explanation."""
    words = " ".join(translation.strip().rstrip("?!.").lower().split())
    if not _PHRASE.fullmatch(words) or len(words.split()) > MAX_TRANSLATION_WORDS:
        return None
    return words


def translations_of(line: str) -> list[str]:
    line = _TRAILING_NUMBER.sub("", line)
    line = _PARENTHESES.sub(" ", _WIKI_LINK.sub(r"\1", line))
    kept = (clean(part) for part in re.split(r"[,;]", line))
    return list(dict.fromkeys(word for word in kept if word))


def ranked(senses: list[list[str]]) -> list[str]:
    """Translations listed in more senses first, then in the dictionary's order."""
    order: dict[str, int] = {}
    counts: dict[str, int] = {}
    for sense in senses:
        for word in sense:
            order.setdefault(word, len(order))
            counts[word] = counts.get(word, 0) + 1
    return sorted(order, key=lambda word: (-counts[word], order[word]))[:MAX_TRANSLATIONS]


def table(texts: Iterable[str]) -> dict[str, list[str]]:
    senses: dict[str, list[list[str]]] = {}
    for text in texts:
        header, *body = text.rstrip("\n").split("\n")
        headword = headword_of(header)
        if not _PHRASE.fullmatch(headword) or len(headword.split()) > MAX_HEADWORD_WORDS:
            continue
        found = [words for line in sense_lines(body) if (words := translations_of(line))]
        senses.setdefault(headword, []).extend(found)
    return {word: ranked(lists) for word, lists in sorted(senses.items()) if lists}


def debian_version(changelog: Path) -> str:
    """The package version from the first line of its Debian changelog: `name (version) ...`."""
    first = gzip.decompress(changelog.read_bytes()).decode("utf-8").split("\n", 1)[0]
    match = re.search(r"\(([^)]+)\)", first)
    return match.group(1) if match else "unknown"


def edition(short: str) -> str:
    """The dictionary's edition from its `00databaseshort` entry: `... dictionary ver. 2022.11.18`."""
    return short.strip().rsplit(" ver. ", 1)[-1] if " ver. " in short else "unknown"


def reverse(words: dict[str, list[str]]) -> dict[str, list[str]]:
    """Indonesian -> English from the English table: every word's first translation, then every
    second one, ... (an English word that lists the Indonesian one earlier comes first), so a
    search reads the reverse direction without building it at each start."""
    out: dict[str, dict[str, None]] = {}
    longest = max((len(ws) for ws in words.values()), default=0)
    for place in range(longest):
        for english, indonesian in words.items():
            if place < len(indonesian):
                out.setdefault(indonesian[place], {})[english] = None
    return {word: list(english) for word, english in sorted(out.items())}


def render(words: dict[str, list[str]], title: str, version: str, dict_edition: str) -> bytes:
    header = (
        f"# {title}, derived from Debian dict-freedict-eng-ind {version} "
        f"(FreeDict+WikDict eng-ind {dict_edition}, from Wiktionary). CC-BY-SA-3.0.\n"
        "# Rebuild: python3 tools/build_bilingual.py\n"
    )
    lines = (f"{word}\t{'|'.join(others)}\n" for word, others in words.items())
    return gzip.compress((header + "".join(lines)).encode("utf-8"), compresslevel=9, mtime=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--index", type=Path, default=DEFAULT_INDEX, help="the dictd .index")
    parser.add_argument(
        "--dict", type=Path, default=DEFAULT_DICT, dest="dictionary", help="the dictd .dict.dz"
    )
    parser.add_argument(
        "--changelog", type=Path, default=DEFAULT_CHANGELOG, help="the package's Debian changelog"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write to")
    args = parser.parse_args()
    metadata, texts = {}, []
    for headword, text in records(args.index, args.dictionary):
        if headword.startswith("00database"):
            metadata[headword] = text
        else:
            texts.append(text)
    words = table(texts)
    dict_edition = edition(metadata.get("00databaseshort", ""))
    version = debian_version(args.changelog)
    for name, title, table_ in (
        ("en_id.tsv.gz", "English -> Indonesian", words),
        ("id_en.tsv.gz", "Indonesian -> English", reverse(words)),
    ):
        data = render(table_, title, version, dict_edition)
        (args.out / name).write_bytes(data)
        print(f"{name}: {len(table_)} words, {len(data)} bytes")


if __name__ == "__main__":
    main()

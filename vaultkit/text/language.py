"""Words and terms of English and Indonesian text, for the index, the queries, the summarizer and
related days alike: one analysis everywhere, so each side sees the same terms.

`tokenize(text)` case-folds, splits on anything that is not a letter, digit or combining mark of
any script (so ``Melanie's`` gives ``melanie`` and a dropped ``s``, and ``Привет``, ``مرحبا`` or
``हिन्दी`` stay whole), folds accents away in Latin words (``café`` is ``cafe``), removes the
stopwords of the workspace's languages and one-letter tokens, and stems. Scripts written without
spaces (Chinese, Japanese, Korean, Thai) are split into overlapping character pairs, as search
engines do (Lucene's CJK bigrams): ``東京オフィス`` gives ``東京 京オ オフ フィ ィス``.

Stemming is the Snowball project's (the `snowballstemmer` package): English's (Porter2) and
Indonesian's, for a vault that mixes both in one line. A word takes its English stem when English
morphology changes it (``meetings`` -> ``meet``) or Indonesian morphology does not; else its
Indonesian stem (``keputusan``, ``memutuskan``, ``diputuskan`` -> ``putus``). The choice depends on
the word alone, never on its neighbours, so a note and a query always agree: measured on LoCoMo's
English conversations, 13 of 2,847 distinct words (28 of 42,879 tokens) took an Indonesian stem,
all rare (``ocean``, ``media``).

Words of events and statuses that mean the same in both languages are one term when both are
configured (`synonyms`): ``selesai``, ``done`` and ``finished`` are ``finish``; ``mengundurkan`` and
``leaving`` are ``resign``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import types
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from vaultkit.config import LANGUAGES
from vaultkit.text.synonyms import table

__all__ = ["DEFAULT_LANGUAGES", "LANGUAGES", "Analyzer", "stem", "stopwords", "tokenize", "words"]

DEFAULT_LANGUAGES = ("en", "id")  # a mixed vault, as the first users write
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,})s\b")

# Combining marks belong to their word: Devanagari's vowel signs and virama, Arabic's harakat,
# Hebrew's points, Thai's vowels (str.isalnum() and so `\w` leave them out).
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
    "\u0900-\u0dff\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd"
    "\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
)
_WORD = re.compile(f"[\\w{_MARKS}]+")  # on text whose `_` became spaces: one class is fast
# Scripts without spaces between words: Han, Hiragana, Katakana, Hangul, Thai, Lao.
_UNSPACED = (
    "\u0e00-\u0eff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\u1100-\u11ff\u3130-\u318f\uff66-\uff9f"
)
_UNSPACED_RUN = re.compile(f"[{_UNSPACED}]+")
_ASCII_WORD = re.compile(r"[A-Za-z0-9]+")

# A conventional English list (SMART/NLTK-like) plus chat filler. Question words ("what",
# "when") are stopwords: they carry no topic.
_ENGLISH = """
a about above after again against ain all also am an and any anything are aren as at be because
been before being below between both but by can cannot could couldn d did didn do does doesn
doing don dont down during each ever few for from further get getting gonna got gotten had hadn
haha has hasn have haven having he her here hers herself hey hi him himself his how i if im in
into is isn isnt it its itself ive just kinda let like ll lol m ma many me more most much mustn
my myself no nor not now o of off oh ok okay on once only or other ought our ours ourselves out
over own re really s same shan she should shouldn so some something sorta such t than thank
thanks that thats the their theirs them themselves then there these they thing things this
those through to too under until up ve very wanna was wasn we were weren what whats when where
which while who whom whose why will with won would wouldn wow y yeah yes you your youre yours
yourself yourselves
"""
# Indonesian function words, formal and as chats write them (Jakarta's gw, lu, udah, ga, sih,
# dong): pronouns, particles, conjunctions, prepositions, auxiliaries, question words. Content
# words stay (unlike the long stopword lists of the web: "masalah", "ibu", "bulan" are topics).
_INDONESIAN = """
ada adalah adanya agar aja ajah akan aku anda apa apakah atau ataupun bagaimana bahwa baru
begitu belum bgt biar bila bisa bukan buat cuma dah dan dari daripada deh dengan dgn di dia
dong dulu engga enggak entah ga gak gimana gitu gua gue gw hanya harus ia ini itu iya jadi jangan
jg juga jika kalau kalian kalo kami kamu kan kapan karena ke kenapa kepada kita klo kok lagi lah
lalu lg lo lu mana masih mau maupun meh mengenai mereka mesti nah namun nggak ngga nih nya oke oleh pada
para perihal pula pun saat saja sama sambil sampai sampe saya se sebab sedang sekarang selalu seperti
sih sm soal sudah supaya tapi tau tdk telah tentang terhadap terkait terus tetapi tp tuh udah udh untuk utk wah ya yaa yah
yang yg siapa dimana mengapa berapa
"""
_STOPWORDS = {"en": frozenset(_ENGLISH.split()), "id": frozenset(_INDONESIAN.split())}
STOPWORDS: frozenset[str] = _STOPWORDS["en"] | _STOPWORDS["id"]


def stopwords(languages: Iterable[str] = DEFAULT_LANGUAGES) -> frozenset[str]:
    """The stopwords of the given languages, together."""
    return frozenset().union(*(_STOPWORDS[code] for code in languages))


def stem(word: str, languages: tuple[str, ...] = DEFAULT_LANGUAGES) -> str:
    """A lowercase word's stem in a text of these languages (see the module's docstring)."""
    return _stem(word, languages)


@lru_cache(maxsize=1 << 18)
def _stem(word: str, languages: tuple[str, ...]) -> str:
    if len(word) <= 2:
        return word
    english = _stemmer("en").stemWord(word) if "en" in languages else word
    if "id" not in languages or english != word:
        return str(english)
    return str(_stemmer("id").stemWord(word))


@cache
def _synonyms(languages: tuple[str, ...]) -> dict[str, str]:
    """The bilingual event words (`synonyms`) as one term each, for these languages' stems."""
    return table(lambda word: _stem(word, languages))


@cache
def _stemmer(code: str) -> Any:  # snowballstemmer's classes carry no types
    return snowball_stemmer(LANGUAGES[code])


def snowball_stemmer(language: str) -> Any:
    """What `snowballstemmer.stemmer(language)` returns, without importing `snowballstemmer`:
    its `__init__` imports the stemmers of all its languages to offer one (13 ms of each
    start, for two used). PyStemmer, when installed, comes first, as the package prefers it;
    else the language's own module of the package, which imports only the two it needs.
    (`__import__`, not `importlib.import_module`: `python -X importtime` shows these.)"""
    try:
        return __import__("Stemmer").Stemmer(language)
    except ImportError:
        pass
    module = f"{_snowball_modules()}.{language}_stemmer"
    __import__(module)
    name = "".join(part.title() for part in language.split("_"))
    return getattr(sys.modules[module], f"{name}Stemmer")()


@cache
def _snowball_modules() -> str:
    """A package for the modules of `snowballstemmer`'s folder, its `__init__` left out (the
    files and their compiled bytecode are the package's: only the name differs)."""
    spec = importlib.util.find_spec("snowballstemmer")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("snowballstemmer is not installed", name="snowballstemmer")
    package = types.ModuleType("_vaultkit_snowballstemmer")
    package.__path__ = list(spec.submodule_search_locations)
    sys.modules[package.__name__] = package
    return package.__name__


class Analyzer:
    """The analysis of one workspace's languages: `terms(text)` is `tokenize` for them."""

    def __init__(self, languages: Iterable[str] = DEFAULT_LANGUAGES) -> None:
        self.languages = tuple(code for code in LANGUAGES if code in set(languages))
        self.stopwords = stopwords(self.languages)

    def terms(self, text: str) -> list[str]:
        return tokenize(text, stopwords=self.stopwords, languages=self.languages)


def words(text: str) -> list[str]:
    """The case-folded words of ``text`` (unspaced scripts as character pairs), unfiltered."""
    out: list[str] = []
    for token in _WORD.findall(text.casefold().replace("_", " ")):
        out.extend(_pieces(token))
    return out


def tokenize(
    text: str,
    *,
    stopwords: frozenset[str] = STOPWORDS,
    do_stem: bool = True,
    languages: tuple[str, ...] = DEFAULT_LANGUAGES,
) -> list[str]:
    """Index/query terms of ``text``: words minus stopwords and 1-char tokens, stemmed."""
    out = []
    same = _synonyms(languages) if do_stem and len(languages) > 1 else {}  # they bridge two
    # An acronym's plural is the acronym ("PDFs" is "PDF"): no stemmer sees it, having no vowel.
    if text.isascii():  # most notes: the plain path, twice as fast
        for w in _ASCII_WORD.findall(text):
            if w[-1] == "s" and len(w) > 2 and w[:-1].isupper() and w[:-1].isalpha():
                w = w[:-1]
            w = w.lower()
            if len(w) > 1 and w not in stopwords:
                out.append(same.get(w) or (_stem(w, languages) if do_stem else w))
        return out
    text = _ACRONYM_PLURAL.sub(r"\1", text)
    for token in _WORD.findall(text.casefold().replace("_", " ")):
        if token.isascii():
            if len(token) > 1 and token not in stopwords:
                out.append(same.get(token) or (_stem(token, languages) if do_stem else token))
            continue
        for w in _pieces(token):
            if w in stopwords or (len(w) < 2 and w.isascii()):
                continue
            out.append(_stem(w, languages) if do_stem and w.isascii() else w)
    return out


@lru_cache(maxsize=65536)
def _pieces(token: str) -> tuple[str, ...]:
    """A token as terms: accents folded from Latin letters, unspaced scripts as character pairs
    (one character alone stays one), the rest of the token whole."""
    if token.isascii():
        return (token,)
    out: list[str] = []
    last = 0
    for run in _UNSPACED_RUN.finditer(token):
        out.extend(_folded(token[last : run.start()]))
        chars = run.group(0)
        out.extend(chars[i : i + 2] for i in range(max(1, len(chars) - 1)))
        last = run.end()
    out.extend(_folded(token[last:]))
    return tuple(out)


def _folded(word: str) -> list[str]:
    """`café` -> `cafe`: combining marks dropped after Latin letters only (in Devanagari or
    Arabic they are part of the letter)."""
    if not word:
        return []
    if word.isascii():
        return [word]
    decomposed = unicodedata.normalize("NFKD", word)
    kept: list[str] = []
    for char in decomposed:
        if unicodedata.combining(char) and kept and kept[-1].isascii():
            continue
        kept.append(char)
    return [unicodedata.normalize("NFC", "".join(kept))]

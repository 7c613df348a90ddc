"""How a question asks, beside what it asks about: the chat spellings of its asking words, and
whether it checks where something stands.

People type questions to their memory as they chat: "wht was the biggest thing in july",
"jadi ganti supplier gak? udh sampe mana", "kpn rilisnya". `respell` writes the shortened
asking, time and status words out ("udh" is "udah", "sampe" "sampai", "wht" "what") before the
question is read, so the phrases of intents and time windows match them. Only words whose
short form means nothing else are listed: "dr" is a doctor as often as "dari", "n" and "u" are
letters of names and versions.

A status check asks whether something is so yet: "did she sign yet?", "reimburse udah cair
belum?", "jadi ganti supplier gak?", "galih replacement, offer accepted?". It is answered by the
newest day about its topic, as "what's the latest on ..." is (`intent`): by its words (yet,
already, or not, belum, "jadi ... gak?"), or by its shape, a question that is a bare statement
with a question mark: no question word and no auxiliary before it ("is", "did", "would": those
ask about a fact or a hypothesis, "Would Caroline pursue writing?").
"""

from __future__ import annotations

import re

# Chat spelling -> the word, for asking, time and status words (Indonesian chat and English).
CHAT_SPELLINGS: dict[str, str] = {
    "wht": "what", "wat": "what", "wut": "what", "wats": "what's", "whn": "when", "hw": "how",
    "abt": "about", "smua": "semua", "sma": "sama", "finaly": "finally",
    "rn": "right now",
    "udh": "udah", "sdh": "sudah", "dah": "udah", "blm": "belum", "blom": "belum",
    "sampe": "sampai", "ampe": "sampai", "gmn": "gimana", "gmna": "gimana", "gmana": "gimana",
    "kpn": "kapan", "brp": "berapa", "knp": "kenapa", "napa": "kenapa",
    "yg": "yang", "tgl": "tanggal", "jd": "jadi", "jdnya": "jadinya", "skrg": "sekarang",
    "skrng": "sekarang", "kmrn": "kemarin", "kmrin": "kemarin", "mggu": "minggu",
    "mgg": "minggu", "bln": "bulan", "thn": "tahun", "lg": "lagi", "trs": "terus",
    "gk": "gak", "ga": "gak", "nggak": "gak", "ngga": "gak", "enggak": "gak", "kagak": "gak",
}  # fmt: skip

_SHORT = re.compile(
    r"(?<![\w'-])("
    + "|".join(sorted(map(re.escape, CHAT_SPELLINGS), key=len, reverse=True))
    + r")(?![\w'-])",
    re.IGNORECASE,
)

_STATUS_WORDS = re.compile(
    r"\b(?:yet|already|or not|belum)\b"
    r"|\bjadi\b[^?.!]*\bgak\b\s*(?:\?|$)",  # "jadi ganti supplier gak?"
    re.IGNORECASE,
)
_QUESTION_WORD = re.compile(
    r"\b(?:what|what's|whats|which|who|whom|whose|when|where|why|how|apa|apakah|siapa|kapan|"
    r"dimana|mana|gimana|bagaimana|kenapa|mengapa|berapa|ngapain)\b",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(
    r"^\s*(?:is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|shall|should|"
    r"may|might|must)\b",
    re.IGNORECASE,
)


def respell(question: str) -> str:
    """The question with its chat spellings of asking, time and status words written out."""

    def full(match: re.Match[str]) -> str:
        word = match.group(1)
        if len(word) > 1 and word.isupper():  # "GA", "RN": an acronym, not a chat spelling
            return word
        return CHAT_SPELLINGS[word.casefold()]

    return _SHORT.sub(full, question)


def checks_status(question: str, *, explicit: bool = False) -> bool:
    """Whether a (respelled) question asks whether something is so yet (see the module's note);
    by its words alone when `explicit` ("anything important yesterday?" asks for the big day)."""
    if _STATUS_WORDS.search(question):
        return True
    return not explicit and _bare(question)


def _bare(question: str) -> bool:
    """A statement with a question mark: "galih replacement, offer accepted?"."""
    text = question.strip()
    if not text.endswith("?") or _AUXILIARY.match(text):
        return False
    return _QUESTION_WORD.search(text) is None

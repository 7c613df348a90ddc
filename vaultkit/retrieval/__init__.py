"""Standard-library retrieval core: tokenize, chunk, index days in SQLite, score them.

No imports from other vaultkit modules, so it can be tested and measured on its own:

    from vaultkit.retrieval import DayIndex, semantic_scores
    index = DayIndex()
    index.add_day("2023-05-08", note_text)
    semantic_scores(index, "Where has Melanie camped?")   # {"2023-05-08": 1.0, ...}
"""

from vaultkit.retrieval.chunks import Turn, parse_turns, windows
from vaultkit.retrieval.postings import DayIndex, proximity_bonus
from vaultkit.retrieval.rank import (
    gate_floor,
    max_normalize,
    recency,
    relevance_gate,
    semantic_scores,
)
from vaultkit.retrieval.tokenize import STOPWORDS, stem, tokenize

__all__ = [
    "STOPWORDS",
    "DayIndex",
    "Turn",
    "gate_floor",
    "max_normalize",
    "parse_turns",
    "proximity_bonus",
    "recency",
    "relevance_gate",
    "semantic_scores",
    "stem",
    "tokenize",
    "windows",
]

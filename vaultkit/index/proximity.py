"""BM25TP's term-proximity bonus (Rasolofo and Savoy, ECIR 2003): query terms found near each
other in a passage say more than the same terms apart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

PROXIMITY_DISTANCE = 5  # BM25TP's window: two query terms at most this many terms apart count


def proximity_bonus(
    positions: Mapping[str, Sequence[int]],
    idf: Mapping[str, float],
    norm: float,
    *,
    k1: float = 1.2,
    max_distance: int = PROXIMITY_DISTANCE,
) -> float:
    """BM25TP's term-pair score (Rasolofo and Savoy, ECIR 2003) of one document.

    `positions` are each query term's positions in the document (stopwords already out). Every
    pair of occurrences of two different query terms at most `max_distance` apart adds
    `1 / distance**2` to both terms' accumulators `acc(t)`; the bonus is
    `sum min(1, idf(t)) * acc(t) * (k1 + 1) / (acc(t) + norm)`, saturating like BM25's term
    frequency, with `norm = k1 * (1 - b + b * length / average length)`.
    """
    hits = sorted((at, term) for term, where in positions.items() for at in where)
    acc: dict[str, float] = {}
    for i, (at, term) in enumerate(hits):
        for other_at, other in hits[i + 1 :]:
            if other_at - at > max_distance:
                break
            if other != term:
                near = 1.0 / (other_at - at) ** 2
                acc[term] = acc.get(term, 0.0) + near
                acc[other] = acc.get(other, 0.0) + near
    return sum(min(1.0, idf[t]) * a * (k1 + 1) / (a + norm) for t, a in acc.items())

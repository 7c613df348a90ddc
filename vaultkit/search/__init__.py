"""Scoring days for a question: the hybrid score, its backends and filters, and what is built on
them (the recall pack, the evaluation on labelled questions).

- `asking`: how a question asks: chat spellings of its asking words, a check of a status
- `when`: time phrases in a question, English and Indonesian, as a window of days
- `intent`: a question's reading: its window, its intent (latest, first, important), its topic
- `span`: questions about a time span and nothing else ("what happened last week?")
- `focus`: how the window and the intent move the scores; the topic's days, superseded days
- `scoring`: the formula (semantic, importance, recency), the relevance gate, the 1-hop expansion
- `backends`: what gives the semantic part: BM25, embeddings, both
- `filters`: which days may be returned
- `search`: a query against the index, its result and its explanation
- `recall`: the bounded markdown context pack for an agent
- `evaluate`: recall@k and MRR on labelled questions, and the weight sweep

May import: the core modules, `text`, `files`, `pages`, `index` and `anythingllm` (its backend,
only when the config names it).
"""

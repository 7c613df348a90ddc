"""vaultkit's benchmarks. Each script runs from the repository's root as `python -m bench.NAME`
(`--help` for its options); what they write goes to `bench/out/` (git-ignored).

    run          lint, sync, search, index scaling, backfill and archive on generated vaults
    generate     write a synthetic workspace of N days (the vaults `run` measures)
    timeaware    write the time-aware retrieval dev set (Indonesian/English notes, questions)
    bigday       how the offline summarizer's cost grows with the size of one day
    summarizer   how well the offline summarizer reads a day (dev set, LoCoMo references)
    dayreading   how well the summarizer reads a day: people, new terms, importance, mood, key lines
    locomo       retrieval quality on LoCoMo dev through `init`, `sync` and `eval`
    locomo_id    the same with Indonesian questions over the English notes
    shared       the shared index on PostgreSQL next to SQLite, on the same vaults
    parity       do the SQLite and PostgreSQL stores rank LoCoMo's questions alike?
    embed_cost   what the local embedder costs: the first build and one more day
    embed_server an OpenAI-compatible embeddings server (all-MiniLM-L6-v2), run from its own venv

Behind them: `common` (what run, shared and embed_cost share: generated vaults reused while their
arguments match, timed commands, the ten search queries, CLI and MCP searches, result tables),
`search_worker` (one measurement of the index in a fresh process, started by `common.worker`),
`generate_*` (generate's parts: one day's content, the planted defects, the summaries) and
`timeaware_*` (timeaware's: its data, the vault, the questions, the time questions). Word lists,
topics, phrase tables and locomo_id's translated questions are data, in `bench/data/`.
"""

"""vaultkit's benchmarks. Each script runs from the repository's root as `python -m bench.NAME`
(`--help` for its options); what they write goes to `bench/out/` (git-ignored).

    run           lint, sync, search, index scaling, backfill and archive on generated vaults
    generate      write a synthetic workspace of N days (the vaults `run` measures)
    daily         the daily job's cost against the vault's size: first, no-op and +1-day sync
    first_sync    the first sync of a vault of notes, on one worker and on every core
    startup       a search as a process against `grep -ril` and an MCP call; where start-up goes
    report_scale  how `vaultkit report` scales: the page's size, its writing and its rendering
    mcp_load      `vaultkit mcp` under load: many HTTP clients next to stdio, concurrent writes
    shared        the shared index on PostgreSQL next to SQLite, on the same vaults
    parity        do the SQLite and PostgreSQL stores rank LoCoMo's questions alike?
    embed_cost    what the local embedder costs: the first build and one more day
    embed_batches what a batch buys the local embedder: chunks/s by batch size and order
    embed_server  an OpenAI-compatible embeddings server (all-MiniLM-L6-v2), run from its own venv
    llm_real      the LLM summarizer on a real small model against the offline one: s/day, tokens
    bigday        how the offline summarizer's cost grows with the size of one day
    summarizer    how well the offline summarizer reads a day (dev set, LoCoMo references)
    dayreading    how well the summarizer reads a day: people, new terms, importance, mood, key lines
    locomo        retrieval quality on LoCoMo dev through `init`, `sync` and `eval`
    locomo_id     the same with Indonesian questions over the English notes
    timeaware     write the time-aware retrieval dev set (Indonesian/English notes, questions)
    everyday      write the everyday-questions dev set; `everyday score` scores search on it
    secrets_scan  what the secret scrubber matches in real notes and chats, per kind (expect 0)
    capture_import `vaultkit import chatgpt` on generated exports of growing size: seconds, peak memory
    search_worker one measurement of the index in a fresh process (`common.worker` starts it)

Behind them: `common` (what run, shared and embed_cost share: generated vaults reused while their
arguments match, timed commands, the ten search queries, CLI and MCP searches, result tables).
Four of the scripts are packages, each with a `__main__.py`, its docstring in its `__init__.py`
and its parts as modules beside them: `run/` (`measure`, the measurements; `tables`, their
markdown tables), `generate/` (`day`, one day's content; `defects`, the planted lint defects;
`summaries`; `write`, the workspace written, whose `generate` and `add_day` the package offers
the other benchmarks), `timeaware/` (`data`, `vault`, `questions`, `when` for the time
questions, `write`) and `everyday/` (`data`, `questions`, `write`, `score`, and `worker`, the
searches in a process of their own, run as a script so that `score --pythonpath` can swap
vaultkit). Word lists, topics, phrase tables and locomo_id's translated questions are data, in
`bench/data/`. The throwaway PostgreSQL cluster of `shared` and `parity` is `tools/pg_cluster.py`.
"""

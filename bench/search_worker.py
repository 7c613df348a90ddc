"""One measurement of the search index in a fresh process, JSON on stdout; `bench.common.worker`
starts it and adds the process's peak memory.

    python -m bench.search_worker build|refresh|quick-refresh CONFIG
    python -m bench.search_worker query CONFIG [REPEATS]

`build`: the index from nothing; `refresh`: a full refresh (what sync does: a stat of every file);
`quick-refresh`: what search does (folders, newest days); `query`: the ten queries of
`bench.common.QUERIES`, REPEATS times (default 5) on a warm Searcher, then once each through
`search()` (which opens and refreshes the index).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from bench.common import AS_OF, QUERIES, median, p95, timed


def refresh(config: Any, *, full: bool) -> dict[str, Any]:
    from vaultkit.index.store import SearchIndex

    start = time.perf_counter()
    with SearchIndex(config) as index:
        report = index.refresh(full=full)
    return {
        "seconds": time.perf_counter() - start,
        "indexed": len(report.indexed),
        "files": report.files,
    }


def build(config: Any) -> dict[str, Any]:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{config.state_dir / 'index.sqlite'}{suffix}").unlink(missing_ok=True)
    return refresh(config, full=True)


def query(config: Any, repeats: int) -> dict[str, Any]:
    from vaultkit.index.store import SearchIndex
    from vaultkit.search.search import Searcher, search

    as_of = date.fromisoformat(AS_OF)
    start = time.perf_counter()
    index = SearchIndex(config)
    index.refresh(full=False)
    searcher = Searcher(config, index)
    out: dict[str, Any] = {"open_s": time.perf_counter() - start}
    warm = []
    for _ in range(repeats):
        for text, _word in QUERIES:
            warm.append(timed(lambda q=text: searcher.search(q, top_k=5, as_of=as_of))[0])
    index.close()
    full = [timed(lambda q=text: search(config, q, top_k=5, as_of=as_of))[0] for text, _ in QUERIES]
    out.update(
        warm_median_ms=median(warm) * 1000, warm_p95_ms=p95(warm) * 1000,
        call_median_ms=median(full) * 1000, call_p95_ms=p95(full) * 1000,
    )  # fmt: skip
    return out


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    what, config_path = argv[0], Path(argv[1])
    from vaultkit.config import load_config

    config = load_config(config_path, reading=True)  # a shared index's reader has no vault
    out: dict[str, Any] = {}
    if what == "build":
        out = build(config)
    elif what in ("refresh", "quick-refresh"):
        out = refresh(config, full=what == "refresh")
    elif what == "query":
        out = query(config, int(argv[2]) if len(argv) > 2 else 5)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

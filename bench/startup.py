"""What a search costs a process that shells out, against `grep -ril` and a running MCP server,
and where the process's start-up goes (`python -X importtime`), in one run.

    python -m bench.startup --days 10000 --runs 3

The vault is `bench.daily`'s synced one (BM25, its index built by its first sync). The CLI
(`vaultkit search --json`, a new process each time) and `grep -ril` over the same notes run the
ten bench queries in turn, interleaved, `--runs` times; the MCP figure is a `search` tool call to
one running `vaultkit mcp`. The import table is `-X importtime` of `vaultkit search --help`'s
imports and of one search, the modules with the largest cumulative time.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from typing import Any

from bench import common, daily


def importtime(args: list[str]) -> list[tuple[str, float]]:
    """The top-level imports of a run by cumulative ms (`python -X importtime`), largest first."""
    proc = subprocess.run(
        [common.PYTHON, "-X", "importtime", "-m", "vaultkit", *args],
        capture_output=True, text=True, env=common.ENV,
    )  # fmt: skip
    out: dict[str, float] = {}
    for line in proc.stderr.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+(\d+) \| ( *)(\S+)", line)
        if match and len(match.group(2)) <= 2:  # a top-level import (or one level below)
            out[match.group(3)] = max(out.get(match.group(3), 0.0), int(match.group(1)) / 1000)
    return sorted(out.items(), key=lambda kv: -kv[1])


def measure(days: int, runs: int) -> dict[str, Any]:
    ws, _ = daily.synced(days, "sqlite", False)
    folder = str(ws / "vault" / "memory")
    config = str(ws / "memory_config.json")
    common.run_cmd([*common.VAULTKIT, "search", "warm", "--config", config])  # bytecode, index
    cli, grep = [], []
    for _ in range(runs):
        for text, word in common.QUERIES:
            args = ["search", text, "--json", "--as-of", common.AS_OF, "--config", config]
            cli.append(common.run_cmd([*common.VAULTKIT, *args])["seconds"])
            grep.append(
                common.run_cmd(["grep", "-ril", "--", word, folder], check=False)["seconds"]
            )
    mcp = common.mcp_round_trips(config, [t for t, _ in common.QUERIES], runs)
    grep_ms = common.median(grep) * 1000
    return {
        "days": days,
        "cli_median_ms": common.median(cli) * 1000,
        "cli_p95_ms": common.p95(cli) * 1000,
        "grep_median_ms": grep_ms,
        "grep_p95_ms": common.p95(grep) * 1000,
        "mcp_median_ms": mcp["median_ms"],
        "mcp_p95_ms": mcp["p95_ms"],
        "cli_vs_grep": common.median(cli) * 1000 / grep_ms,
        "mcp_vs_grep": mcp["median_ms"] / grep_ms,
        "imports_search": importtime(["search", "k3s", "--json", "--config", config])[:12],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="rounds of the ten queries")
    args = parser.parse_args(argv)
    rows = [measure(d, args.runs) for d in args.days or [10000]]
    (common.OUT / "results-startup.json").write_text(
        json.dumps({"machine": common.machine(), "rows": rows}, indent=1) + "\n"
    )
    timings = common.table(
        ["days", "CLI median / p95 ms", "grep -ril median / p95 ms", "CLI / grep",
         "MCP call median / p95 ms", "MCP / grep"],
        [[r["days"], f"{r['cli_median_ms']:.0f} / {r['cli_p95_ms']:.0f}",
          f"{r['grep_median_ms']:.0f} / {r['grep_p95_ms']:.0f}", f"{r['cli_vs_grep']:.2f}",
          f"{r['mcp_median_ms']:.0f} / {r['mcp_p95_ms']:.0f}", f"{r['mcp_vs_grep']:.2f}"]
         for r in rows],
    )  # fmt: skip
    print(timings)
    for r in rows:
        print(f"\nimports of one `vaultkit search` at {r['days']} days (cumulative ms):\n")
        print(common.table(["module", "ms"], [[m, f"{ms:.0f}"] for m, ms in r["imports_search"]]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The shared index on PostgreSQL next to SQLite, in the same run, on the same generated vaults.

    VAULTKIT_DATABASE_URL=postgresql://... python -m bench.shared --days 1000 [--days 10000]

Without VAULTKIT_DATABASE_URL a throwaway cluster is started (`tools/pg_cluster.py`:
Debian's PostgreSQL, a temp folder, fsync off, so writes are cheaper than on a real server). Per
size: the first sync (it builds the index), `sync` after one new day (median of `--runs`),
searches in process (a warm Searcher, the same ten queries as `python -m bench.run search`),
through the CLI and through `vaultkit mcp`; for PostgreSQL both the writer (the machine with the
files) and a reader (a workspace with only the config). The stores are measured one after the other for each step,
so a slower or busier moment of the machine hits both. Results: bench/out/results-shared.json
and a markdown table on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import common, generate
from tools import pg_cluster
from vaultkit.index.shared import REGISTRY, schema_prefix

DSN_ENV = "VAULTKIT_DATABASE_URL"


def workspaces(days: int) -> dict[str, Path]:
    """Fresh copies of the generated vault: one on SQLite, one on PostgreSQL, and a reader."""
    template = common.vault_for(f"search-{days}", days, with_summaries=True)
    local = common.fresh_copy(template, f"shared-{days}-sqlite")
    writer = common.fresh_copy(template, f"shared-{days}-postgres")
    config = json.loads((writer / "memory_config.json").read_text())
    config["index"] = {"store": "postgres", "vault_id": f"bench-{days}"}
    (writer / "memory_config.json").write_text(json.dumps(config, indent=2))
    reader = common.OUT / f"shared-{days}-reader"
    if reader.exists():
        shutil.rmtree(reader)
    reader.mkdir()
    shutil.copy(writer / "memory_config.json", reader / "memory_config.json")
    return {"sqlite": local, "postgres": writer, "reader": reader}


def forget(vault_id: str) -> None:
    """Drop what an earlier run left of a vault in the database: this run builds it anew."""
    import psycopg

    prefix = schema_prefix(vault_id)
    with psycopg.connect(os.environ[DSN_ENV], autocommit=True) as conn:
        for (name,) in conn.execute("SELECT nspname FROM pg_namespace").fetchall():
            if name.startswith(prefix):
                conn.execute(f"DROP SCHEMA {name} CASCADE")
        conn.execute(REGISTRY)
        conn.execute("DELETE FROM vaultkit_vaults WHERE vault_id = %s", (vault_id,))


def bench(days: int, runs: int) -> dict[str, Any]:
    ws = workspaces(days)
    forget(f"bench-{days}")
    row: dict[str, Any] = {"days": days}
    for store in ("sqlite", "postgres"):
        common.log(f"shared {days}: first sync on {store} ...")
        first = common.sync_cmd(ws[store])
        row[f"{store}_first_sync_s"] = first["seconds"]
        row[f"{store}_first_sync_peak_mb"] = first["peak_mb"]
    plus: dict[str, list[float]] = {"sqlite": [], "postgres": []}
    for _ in range(runs):
        generate.add_day(ws["sqlite"], with_summary=True)
        generate.add_day(ws["postgres"], with_summary=True)
        for store in ("sqlite", "postgres"):
            plus[store].append(common.sync_cmd(ws[store])["seconds"])
    for store, seconds in plus.items():
        row[f"{store}_plus_day_sync_s"] = common.median(seconds)
    common.run_cmd([*common.VAULTKIT, "--version"])  # bytecode cached, as an install does
    for who in ("sqlite", "postgres", "reader"):
        query = common.worker("query", ws[who], "3")
        row[f"{who}_inproc_median_ms"] = query["warm_median_ms"]
        row[f"{who}_inproc_p95_ms"] = query["warm_p95_ms"]
        row[f"{who}_call_median_ms"] = query["call_median_ms"]
    cli: dict[str, list[float]] = {"sqlite": [], "postgres": [], "reader": []}
    for _ in range(max(1, runs - 1)):
        for who in cli:
            cli[who] += [r["seconds"] for r in common.cli_searches(ws[who], 1)]
    for who, seconds in cli.items():
        row[f"{who}_cli_median_ms"] = common.median(seconds) * 1000
    for who in ("sqlite", "postgres", "reader"):
        mcp = common.mcp_round_trips(
            str(ws[who] / "memory_config.json"), [t for t, _ in common.QUERIES], max(1, runs - 1)
        )
        row[f"{who}_mcp_median_ms"] = mcp["median_ms"]
    common.log(f"shared {days}: {json.dumps({k: round(v, 3) for k, v in row.items()})}")
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| days | store | first sync s | +1 day sync s | in process median / p95 ms | "
        "search() incl. open ms | CLI median ms | MCP call median ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        for who, name in (("sqlite", "SQLite"), ("postgres", "PostgreSQL, writer"),
                          ("reader", "PostgreSQL, reader")):  # fmt: skip
            store = "postgres" if who == "reader" else who
            first = f"{r[f'{store}_first_sync_s']:.1f}" if who != "reader" else "-"
            plus = f"{r[f'{store}_plus_day_sync_s']:.2f}" if who != "reader" else "-"
            lines.append(
                f"| {r['days']} | {name} | {first} | {plus} | "
                f"{r[f'{who}_inproc_median_ms']:.1f} / {r[f'{who}_inproc_p95_ms']:.1f} | "
                f"{r[f'{who}_call_median_ms']:.0f} | {r[f'{who}_cli_median_ms']:.0f} | "
                f"{r[f'{who}_mcp_median_ms']:.0f} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, action="append")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with pg_cluster.database(DSN_ENV) as dsn:
        common.ENV[DSN_ENV] = dsn  # the commands bench.common starts
        rows = [bench(days, args.runs) for days in args.days or [1000]]
    (common.OUT / "results-shared.json").write_text(
        json.dumps({"machine": common.machine(), "results": rows}, indent=2)
    )
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

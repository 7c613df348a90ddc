"""`bench.run`'s output: each benchmark's results as the markdown table printed on stdout."""

from __future__ import annotations

import json
from typing import Any

from bench.common import table


def lint_table(results: list[dict[str, Any]]) -> str:
    """Lint against its floor, the planted defects found, and what was reported on clean files."""
    md = table(
        ["days", "files", "MB", "read+parse floor s", "lint in-process s", "ratio", "lint CLI s", "ratio (CLI)",
         "peak MB", "planted", "found (exact rule)", "found (accepted rule)", "problems on clean files"],
        [[r["days"], r["files"], r["mb"], r["floor_s"], r["lint_inprocess_s"], r["ratio_inprocess"], r["lint_cli_s"],
          r["ratio_cli"], r["cli_peak_mb"], r["planted"], r["found_exact_rule"], r["found_any_rule"],
          sum(r["problems_on_clean_files"].values())] for r in results],
    )  # fmt: skip
    misses = {r["days"]: r["missed_by_kind"] for r in results}
    clean = {r["days"]: r["problems_on_clean_files"] for r in results}
    md += f"\n\nmissed by kind: `{json.dumps(misses)}`\n\nproblems on files without a planted defect, by rule: `{json.dumps(clean)}`"
    return md


def sync_table(results: list[dict[str, Any]]) -> str:
    """The full sync, the no-op one and the one after a day added."""
    return table(
        ["days", "full sync s", "ms/day", "peak MB", "no-op sync s", "files changed by no-op",
         "incremental (+1 day) s", "incremental / full", "incremental peak MB"],
        [[r["days"], r["full_s"], r["full_per_day_ms"], r["full_peak_mb"], r["noop_s"], r["noop_changed"],
          r["incremental_s"], f"{r['incremental_ratio']:.4f}", r["incremental_peak_mb"]] for r in results],
    )  # fmt: skip


def search_table(results: list[dict[str, Any]]) -> str:
    """The index's build and refreshes, and a query in process, through the CLI, MCP and grep."""
    return table(
        ["days", "files", "index build s", "build peak MB", "+1 day, full refresh s",
         "+1 day, quick refresh s", "no-op full / quick refresh s",
         "query in-process median / p95 ms", "search() incl. refresh median / p95 ms", "CLI median / p95 ms",
         "CLI peak MB", "MCP call median / p95 ms", "MCP first call s", "grep -ril median / p95 ms",
         "CLI / grep", "MCP call / grep"],
        [[r["days"], r["files"], r["build_s"], r["build_peak_mb"], r["incremental_s"],
          r["quick_incremental_s"], f"{r['noop_refresh_s']:.3f} / {r['noop_quick_refresh_s']:.3f}",
          f"{r['query_inproc_median_ms']:.1f} / {r['query_inproc_p95_ms']:.1f}",
          f"{r['search_call_median_ms']:.0f} / {r['search_call_p95_ms']:.0f}",
          f"{r['cli_median_ms']:.0f} / {r['cli_p95_ms']:.0f}", r["cli_peak_mb"],
          f"{r['mcp_median_ms']:.0f} / {r['mcp_p95_ms']:.0f}", r["mcp_first_call_s"],
          f"{r['grep_median_ms']:.0f} / {r['grep_p95_ms']:.0f}", r["cli_vs_grep"], r["mcp_vs_grep"]]
         for r in results],
    )  # fmt: skip


def index_scaling_table(results: list[dict[str, Any]]) -> str:
    """The index's build and a day's refresh by the vault's size."""
    return table(
        ["days", "index build s", "build ms/day", "incremental (+1 day) s"],
        [[r["days"], r["build_s"], r["build_per_day_ms"], r["incremental_s"]] for r in results],
    )


def backfill_table(results: list[dict[str, Any]]) -> str:
    """The backfill of archived days, and a rerun with nothing left to do."""
    return table(
        ["archived days", "backfill s", "ms/day", "peak MB", "summaries written", "rerun (all done) s"],
        [[r["days"], r["backfill_s"], r["per_day_ms"], r["peak_mb"], r["summaries"], r["rerun_s"]] for r in results],
    )  # fmt: skip


def archive_table(results: list[dict[str, Any]]) -> str:
    """The archive of the days older than 30, and a rerun with nothing to move."""
    return table(
        ["days", "archive s (older than 30 days)", "peak MB", "files in archive", "rerun (nothing to do) s"],
        [[r["days"], r["archive_s"], r["peak_mb"], r["files_archived"], r["rerun_s"]] for r in results],
    )  # fmt: skip

"""Retrieval quality on LoCoMo dev, measured through the real CLI: `init`, `sync`, `eval`.

    python -m bench.locomo                      # the default config; pooled and per category
    python -m bench.locomo --set search.index=notes --set scoring.weights.recency=0
    python -m bench.locomo --json               # the numbers as JSON

Each conversation's `vault/memory` is copied into a fresh workspace in `bench/out/locomo/`, whose
config is `vaultkit init`'s starter config (with `--set KEY=JSON` overrides), then synced (the
offline summarizer) and evaluated on its `queries.jsonl` with the adversarial category left out.
The pooled figures weight each conversation by its number of questions. The data is read from
`../shared/data/locomo-dev` (or `--data DIR`) and never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
OUT = BENCH / "out" / "locomo"
DATA = REPO.parent / "shared" / "data" / "locomo-dev"
SCRIPT = Path(sys.executable).parent / "vaultkit"
VAULTKIT = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "vaultkit"]


def set_key(config: dict[str, Any], dotted: str, value: Any) -> None:
    """Set `a.b.c` in a nested dict, creating the objects on the way."""
    *parents, last = dotted.split(".")
    node = config
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value


def workspace(conv: Path, overrides: list[tuple[str, Any]], extra: list[str]) -> Path:
    root = OUT / conv.name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    subprocess.run([*VAULTKIT, "init", str(root)], check=True, capture_output=True)
    config_path = root / "memory_config.json"
    config = json.loads(config_path.read_text())
    for key, value in overrides:
        set_key(config, key, value)
    config_path.write_text(json.dumps(config, indent=2) + "\n")
    memory = root / "vault" / "memory"
    for note in sorted((conv / "vault" / "memory").glob("*.md")):
        shutil.copy(note, memory / note.name)
    done = subprocess.run(
        [*VAULTKIT, "sync", "--json", "--config", str(config_path), *extra],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"sync failed in {root}:\n{done.stderr[-2000:]}")
    return config_path


def evaluate(config_path: Path, queries: Path) -> dict[str, Any]:
    options = ["--json", "--exclude", "adversarial", "--k", "1,3,5,10"]
    done = subprocess.run(
        [*VAULTKIT, "eval", str(queries), "--config", str(config_path), *options],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def pooled(reports: dict[str, dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per category (and `all`): question-weighted means of R@k and MRR over the conversations."""
    sums: dict[str, dict[str, float]] = {}
    for report in reports.values():
        for name, row in report["results"].items():
            into = sums.setdefault(name, {"n": 0.0})
            n = row["n"]
            into["n"] += n
            for k, value in row["recall"].items():
                into[f"R@{k}"] = into.get(f"R@{k}", 0.0) + value * n
            into["MRR"] = into.get("MRR", 0.0) + row["mrr"] * n
    return {
        name: {key: (v if key == "n" else round(v / row["n"], 4)) for key, v in row.items()}
        for name, row in sums.items()
    }


def parse_overrides(items: list[str]) -> list[tuple[str, Any]]:
    """`KEY=JSON` pairs; a value that is not JSON is taken as a string."""
    overrides = []
    for item in items:
        key, _, raw = item.partition("=")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        overrides.append((key, value))
    return overrides


def arguments(doc: str) -> argparse.ArgumentParser:
    """The options the LoCoMo benches share: where the data is, config overrides, sync args."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON")
    parser.add_argument("--sync-arg", action="append", default=[], help="extra sync argument")
    parser.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__).parse_args(argv)
    overrides = parse_overrides(args.set)
    reports = {}
    for conv in sorted(p for p in args.data.iterdir() if (p / "queries.jsonl").exists()):
        config_path = workspace(conv, overrides, args.sync_arg)
        reports[conv.name] = evaluate(config_path, conv / "queries.jsonl")
    search = json.loads(config_path.read_text()).get("search", {})
    backend = search.get("backend", "bm25") + (
        f" ({search['embedder']} embedder)" if search.get("backend", "bm25") != "bm25" else ""
    )
    result = {
        "backend": backend,
        "pooled": pooled(reports),
        "per_conversation": {c: r["results"]["all"] for c, r in reports.items()},
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    rows = result["pooled"]
    print(f"search.backend: {backend} (init's default where the semantic extra is installed)\n")
    print("| category | n | R@1 | R@5 | R@10 | MRR |")
    print("|---|---|---|---|---|---|")
    for name, row in rows.items():
        print(
            f"| {name} | {int(row['n'])} | {row['R@1']:.3f} | {row['R@5']:.3f} | "
            f"{row['R@10']:.3f} | {row['MRR']:.3f} |"
        )
    convs = " / ".join(f"{r['recall']['5']:.3f}" for r in result["per_conversation"].values())
    print(f"\nR@5 per conversation ({', '.join(reports)}): {convs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

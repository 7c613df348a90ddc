"""Cross-language retrieval on LoCoMo dev: Indonesian questions over the English notes.

    python -m bench.locomo_id                            # the default config
    python -m bench.locomo_id --set search.index=notes   # `--set KEY=JSON` as in bench/locomo.py
    python -m bench.locomo_id --json                     # the numbers as JSON

`bench/data/locomo_id.jsonl` has 40 LoCoMo dev questions (13-14 per conversation, no adversarial
ones, the categories in about the set's proportions) in our own Indonesian, as people in a Jakarta
chat ask an assistant: formal and casual, names kept, about a quarter keeping one English word.
Each line is only `{"source": "<LoCoMo id>", "query": "<Indonesian>"}`. The measure: does search
find the English notes of the gold days for an Indonesian question as it does for the English
original?

Each conversation's workspace is built in `bench/out/locomo/` by bench/locomo.py's own helpers
(`vaultkit init` with the `--set` overrides, the notes copied, `vaultkit sync`). Beside its
config go `queries-id.jsonl` (our question with the source's `gold_dates`, `as_of`, `category`)
and `queries-en.jsonl` (the English originals of the same 40), both evaluated with
`vaultkit eval`. The table gives R@1/5/10 and MRR for both, pooled and per category. The dev data
is read from `../shared/data/locomo-dev` (or `--data DIR`) at run time and never copied into the
repository; only our translations are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.locomo import arguments, evaluate, parse_overrides, pooled, workspace

QUESTIONS = Path(__file__).resolve().parent / "data" / "locomo_id.jsonl"


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def join(questions: list[dict[str, Any]], data: Path) -> dict[str, dict[str, list[dict]]]:
    """Per conversation: the Indonesian and the English query rows, with the source's labels."""
    sources: dict[str, dict[str, Any]] = {}
    for conv in sorted(p for p in data.iterdir() if (p / "queries.jsonl").exists()):
        for row in read_jsonl(conv / "queries.jsonl"):
            sources[row["id"]] = row
    sets: dict[str, dict[str, list[dict]]] = {}
    for question in questions:
        source = sources.get(question["source"])
        if source is None:
            raise SystemExit(f"{question['source']} is not in {data}")
        if source.get("category") == "adversarial":
            raise SystemExit(f"{question['source']} is adversarial")
        labels = {k: source[k] for k in ("gold_dates", "as_of", "category") if k in source}
        conv = question["source"].split("#")[0]
        into = sets.setdefault(conv, {"id": [], "en": []})
        into["id"].append({"id": question["source"], "query": question["query"], **labels})
        into["en"].append({"id": source["id"], "query": source["query"], **labels})
    return sets


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    return path


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__).parse_args(argv)
    overrides = parse_overrides(args.set)
    sets = join(read_jsonl(QUESTIONS), args.data)
    reports: dict[str, dict[str, dict[str, Any]]] = {"id": {}, "en": {}}
    for conv_name, rows in sorted(sets.items()):
        config_path = workspace(args.data / conv_name, overrides, args.sync_arg)
        for lang in ("id", "en"):
            queries = write_jsonl(config_path.parent / f"queries-{lang}.jsonl", rows[lang])
            reports[lang][conv_name] = evaluate(config_path, queries)
    result = {lang: pooled(reports[lang]) for lang in ("id", "en")}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    metrics = ("R@1", "R@5", "R@10", "MRR")
    head = [f"id {m}" for m in metrics] + [f"en {m}" for m in metrics]
    print("| category | n | " + " | ".join(head) + " |")
    print("|---|---|" + "---|" * len(head))
    names = ["all", *sorted(n for n in result["id"] if n != "all")]
    for name in names:
        row_id, row_en = result["id"][name], result["en"][name]
        cells = [f"{row_id[m]:.3f}" for m in metrics] + [f"{row_en[m]:.3f}" for m in metrics]
        print(f"| {name} | {int(row_id['n'])} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

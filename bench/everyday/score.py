"""Score vaultkit's search on the everyday dev set (bench/everyday/), through the real code.

    python -m bench.everyday score OUT_DIR [--semantic] [--pythonpath TREE] [--label NAME] [--cli]

A copy of the vault (OUT_DIR/runs/LABEL) is synced once with `vaultkit sync`, then every question
is asked as `vaultkit search QUERY --as-of DAY --json` would answer it (in one process,
bench/everyday/worker.py; `--cli` runs the command once per question instead). `--pythonpath
TREE` imports vaultkit from another working tree (a frozen baseline); `--semantic` searches with
the hybrid backend and the local embedder (vectors are cached in OUT_DIR/runs/vectors.sqlite).

Point questions (latest, decision, done, newer, plain, everyday's point questions): R@1, R@5
(a gold day first, or in the first five) and MRR over the first ten. Span questions: `inside`,
the share of the first five results (all, when fewer) whose day lies in the span (an empty answer
to a span with notes is 0; to a span without notes, an empty answer is 1 and any other 0);
`biggest`, the first result is one of the span's days of the highest planted importance;
`cover`, the share of the span's days (up to five) among the first five. The `newer` markers of
every result of a topic question: right when they name a newer day about the same topic (a
subject day of days.jsonl, after the result's day, on or before as_of), `exact` when that is the
latest one; `false newer` the share of markers that are not right. The example vault's check:
`search "k3s migration" --as-of 2026-07-20` there, each marker judged by whether its day's note
names K3s. Prints a markdown table and a sample of misses; everything goes to OUT_DIR/score.json.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

WORKER = Path(__file__).resolve().parent / "worker.py"
POINT = ("latest", "decision", "done", "newer", "plain", "everyday")
STOP = frozenset(
    "the a an of on in to we did do what whats what's when who how is are was were with about "
    "for and or any it our soal apa yang kapan siapa gimana sekarang udah sampai mana ke di "
    "kabar terbaru update status jadinya".split()
)


def run_env(pythonpath: str | None) -> dict[str, str]:
    env = os.environ.copy()
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (pythonpath, env.get("PYTHONPATH")) if p)
    return env


def prepare(out: Path, label: str, semantic: bool) -> Path:
    """A fresh copy of the workspace in OUT_DIR/runs/LABEL (the vector cache put back)."""
    run = out / "runs" / label
    if run.exists():
        shutil.rmtree(run)
    shutil.copytree(out / "vault" / "memory", run / "vault" / "memory")
    config = json.loads((out / "memory_config.json").read_text(encoding="utf-8"))
    if semantic:
        config["search"] = {"backend": "hybrid", "embedder": "local", "top_k": 5}
        cache = out / "runs" / "vectors.sqlite"
        if cache.exists():
            (run / "vault" / ".vaultkit").mkdir(parents=True, exist_ok=True)
            shutil.copy2(cache, run / "vault" / ".vaultkit" / "vectors.sqlite")
    (run / "memory_config.json").write_text(json.dumps(config, indent=2) + "\n")
    return run / "memory_config.json"


def sync(python: str, config: Path, env: dict[str, str]) -> dict[str, Any]:
    start = time.perf_counter()
    command = [python, "-m", "vaultkit", "sync", "--config", str(config), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode not in (0, 1):
        raise SystemExit(f"vaultkit sync failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return {"seconds": round(time.perf_counter() - start, 1), "exit": done.returncode}


def ask(
    python: str, config: Path, env: dict[str, str], questions: list[dict[str, Any]], cli: bool
) -> tuple[str, dict[str, dict[str, Any]]]:
    """(the vaultkit package imported, each question's search JSON by id)."""
    path = config.parent / "questions.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions))
    command = [python, str(WORKER), str(config), str(path)] + (["--cli"] if cli else [])
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"search worker failed:\n{done.stderr[-2000:]}")
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return lines[0]["vaultkit"], {a["id"]: a for a in lines[1:]}


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w-]+", text.lower()) if len(w) > 2 and w not in STOP}


class Scorer:
    def __init__(self, out: Path, queries: list[dict[str, Any]], top_k: int) -> None:
        self.out = out
        self.queries = queries
        self.top_k = top_k
        self.days = {
            d["date"]: d for d in map(json.loads, (out / "days.jsonl").read_text().splitlines())
        }
        self.subjects: dict[str, list[str]] = defaultdict(list)
        for day, record in self.days.items():
            for key in record["subjects"]:
                self.subjects[key].append(day)

    def note(self, day: str) -> str:
        path = self.out / "vault" / "memory" / f"{day}.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def label(self, day: str) -> str:
        record = self.days.get(day)
        if record is None:
            return "no note"
        parts = [f"{k}/{v}" for k, v in record["subjects"].items()]
        parts += [f"{k} (passing)" for k in record["mentions"]]
        return ", ".join(parts) or "small talk"

    def latest(self, topic: str, as_of: str) -> str | None:
        days = [d for d in self.subjects[topic] if d <= as_of]
        return days[-1] if days else None

    def score(self, q: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        results = answer.get("results", [])[: self.top_k]
        dates = [r["date"] for r in results]
        row: dict[str, Any] = {"id": q["id"], "category": q["category"], "lang": q["lang"]}
        if "span" in q:
            first, last = q["span"]
            top = dates[:5]
            gold = set(q["gold_dates"])
            if not gold:
                row["inside"] = 1.0 if not top else 0.0
            else:
                row["inside"] = sum(first <= d <= last for d in top) / len(top) if top else 0.0
                row["biggest"] = 1.0 if top and top[0] in q["biggest"] else 0.0
                row["cover"] = len(gold & set(top)) / min(5, len(gold))
            row["span"] = True
        else:
            rank = next((i for i, d in enumerate(dates, 1) if d in q["gold_dates"]), None)
            row.update(
                r1=float(rank == 1), r5=float(rank is not None and rank <= 5),
                mrr=1.0 / rank if rank else 0.0, rank=rank,
            )  # fmt: skip
        if q.get("topic") and "span" not in q:
            row["markers"] = self.markers(q, results)
        return row

    def markers(self, q: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, int]:
        topic, as_of = q["topic"], q["as_of"]
        on_topic = set(self.subjects[topic])
        latest = self.latest(topic, as_of)
        passing = {d for d, rec in self.days.items() if topic in rec["mentions"]}
        counts = {"marked": 0, "right": 0, "exact": 0, "to_passing": 0, "to_other": 0}
        counts |= {"missed": 0, "stale": 0}
        for r in results[:5]:
            newer, day = r.get("newer"), r["date"]
            if day in on_topic and latest and day < latest:
                counts["stale"] += 1
                counts["missed"] += newer is None
            if newer is None:
                continue
            counts["marked"] += 1
            if newer in on_topic and day < newer <= as_of:
                counts["right"] += 1
                counts["exact"] += newer == latest
            else:
                counts["to_passing" if newer in passing else "to_other"] += 1
        return counts

    def miss(
        self, q: dict[str, Any], answer: dict[str, Any], row: dict[str, Any]
    ) -> dict[str, Any] | None:
        results = answer.get("results", [])[: self.top_k]
        reading = {
            k: v for k, v in (answer.get("reading") or {}).items() if v not in (None, [], "")
        }
        base = {"id": q["id"], "query": q["query"], "as_of": q["as_of"], "reading": reading}
        if answer.get("error"):
            base["error"] = answer["error"]
        if row.get("span"):
            if row["inside"] == 1.0 and row.get("biggest", 1.0) == 1.0:
                return None
            base.update(
                span=q["span"], biggest=q["biggest"], gold_n=len(q["gold_dates"]),
                returned=[r["date"] for r in results[:5]], warnings=answer.get("warnings", []),
            )  # fmt: skip
            return base
        if row["r1"] == 1.0:
            return None
        qw = words(q["query"])
        top = results[0]["date"] if results else None
        gold = q["gold_dates"][0]
        base.update(
            gold=q["gold_dates"], gold_label=self.label(gold), gold_rank=row["rank"],
            first=top, first_label=self.label(top) if top else None,
            first_newer=results[0].get("newer") if results else None,
            query_words_in_first=sorted(qw & words(self.note(top))) if top else [],
            query_words_in_gold=sorted(qw & words(self.note(gold))),
        )  # fmt: skip
        return base


def mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    point = [r for r in rows if "r1" in r]
    spans = [r for r in rows if r.get("span")]
    out: dict[str, Any] = {"n": len(rows)}
    if point:
        out.update(
            n_point=len(point), r1=mean([r["r1"] for r in point]),
            r5=mean([r["r5"] for r in point]), mrr=mean([r["mrr"] for r in point]),
        )  # fmt: skip
    if spans:
        out.update(
            n_span=len(spans), inside=mean([r["inside"] for r in spans]),
            biggest=mean([r["biggest"] for r in spans if "biggest" in r]),
            cover=mean([r["cover"] for r in spans if "cover" in r]),
        )  # fmt: skip
    return out


def marker_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, int] = defaultdict(int)
    for r in rows:
        for k, v in r.get("markers", {}).items():
            total[k] += v
    marked = total["marked"]
    return {
        **dict(sorted(total.items())),
        "false_newer_rate": round(1 - total["right"] / marked, 3) if marked else None,
        "exact_rate": round(total["exact"] / marked, 3) if marked else None,
        "missed_rate": round(total["missed"] / total["stale"], 3) if total["stale"] else None,
    }


def example_check(
    python: str, env: dict[str, str], vaultkit_file: str, out: Path, label: str
) -> dict[str, Any]:
    """`search "k3s migration" --as-of 2026-07-20` on a copy of the tree's example vault."""
    root = Path(vaultkit_file).resolve().parent.parent
    if not (root / "memory_config.json").exists():
        return {"skipped": f"no example workspace at {root}"}
    work = out / "runs" / f"{label}-example"
    if work.exists():
        shutil.rmtree(work)
    ignore = shutil.ignore_patterns(".vaultkit")
    shutil.copytree(root / "vault", work / "vault", ignore=ignore)
    shutil.copy2(root / "memory_config.json", work / "memory_config.json")
    if (root / "templates").is_dir():
        shutil.copytree(root / "templates", work / "templates")
    question = {"id": "example", "query": "k3s migration", "as_of": "2026-07-20", "top_k": 5}
    _, answers = ask(python, work / "memory_config.json", env, [question], cli=False)
    rows = []
    for r in answers["example"].get("results", []):
        newer = r.get("newer")
        note = work / "vault" / "memory" / f"{newer}.md"
        names_k3s = bool(newer) and note.exists() and "k3s" in note.read_text().lower()
        rows.append({"date": r["date"], "newer": newer, "newer_names_k3s": names_k3s})
    wrong = sum(1 for r in rows if r["newer"] and not r["newer_names_k3s"])
    return {"results": rows, "wrong_markers": wrong, "markers": sum(bool(r["newer"]) for r in rows)}


def fmt(value: Any) -> str:
    return "" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value)


def table(groups: dict[str, dict[str, Any]]) -> str:
    head = "| category | lang | n | R@1 | R@5 | MRR | inside | biggest | cover |"
    lines = [head, "|" + "---|" * 9]
    for key, s in groups.items():
        cat, lang = key.split("/")
        n = f"{s['n_point']}+{s['n_span']}" if "n_point" in s and "n_span" in s else s["n"]
        cells = [cat, lang, n, s.get("r1"), s.get("r5"), s.get("mrr")]
        cells += [s.get("inside"), s.get("biggest"), s.get("cover")]
        lines.append("| " + " | ".join(fmt(c) for c in cells) + " |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.everyday score")
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--semantic", action="store_true", help="hybrid, local embedder")
    parser.add_argument("--pythonpath", help="import vaultkit from this tree (e.g. a worktree)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--label", help="the run's name (default: tree and backend)")
    parser.add_argument("--cli", action="store_true", help="one `vaultkit search` per question")
    parser.add_argument("--top-k", type=int, default=10)
    parser.add_argument("--misses", type=int, default=3, help="misses printed per category")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    label = args.label or ("base" if args.pythonpath else "tree") + (
        "-hybrid" if args.semantic else "-bm25"
    )
    env = run_env(args.pythonpath)
    queries = [json.loads(x) for x in (args.out / "queries.jsonl").read_text().splitlines() if x]
    config = prepare(args.out, label, args.semantic)
    synced = sync(args.python, config, env)
    asked = [
        {"id": q["id"], "query": q["query"], "as_of": q["as_of"], "top_k": args.top_k}
        for q in queries
    ]
    vaultkit_file, answers = ask(args.python, config, env, asked, args.cli)
    if args.semantic:
        vectors = config.parent / "vault" / ".vaultkit" / "vectors.sqlite"
        if vectors.exists():
            shutil.copy2(vectors, args.out / "runs" / "vectors.sqlite")
    scorer = Scorer(args.out, queries, args.top_k)
    rows, misses = [], []
    for q in queries:
        answer = answers.get(q["id"], {"results": [], "error": "no answer"})
        row = scorer.score(q, answer)
        rows.append(row)
        if (m := scorer.miss(q, answer, row)) is not None:
            misses.append(m)
    groups: dict[str, dict[str, Any]] = {}
    for cat in ("span", *POINT):
        for lang in ("en", "id", "all"):
            chosen = [r for r in rows if r["category"] == cat and lang in (r["lang"], "all")]
            if chosen:
                groups[f"{cat}/{lang}"] = summarize(chosen)
    groups["all/all"] = summarize(rows)
    markers = {
        "newer_questions": marker_summary([r for r in rows if r["category"] == "newer"]),
        "all_topic_questions": marker_summary(rows),
    }
    example = example_check(args.python, env, vaultkit_file, args.out, label)
    report = {
        "label": label, "vaultkit": vaultkit_file, "semantic": args.semantic, "sync": synced,
        "seconds": round(time.perf_counter() - started, 1), "groups": groups,
        "newer_markers": markers, "example_k3s_migration": example, "misses": misses,
        "rows": rows,
    }  # fmt: skip
    (args.out / "score.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    (args.out / f"score-{label}.json").write_text(
        json.dumps(report, indent=1, ensure_ascii=False) + "\n"
    )
    print(f"## everyday dev set: {label} (vaultkit from {vaultkit_file})\n")
    print(table(groups))
    print(
        "\n| newer markers | marked | right | false newer | to a passing mention | elsewhere |"
        " stale topic days unmarked |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, m in markers.items():
        cells = [name, m["marked"], m["right"], m["false_newer_rate"], m["to_passing"]]
        cells += [m["to_other"], m["missed_rate"]]
        print("| " + " | ".join(fmt(c) for c in cells) + " |")
    print(f"example vault 'k3s migration' as of 2026-07-20: {json.dumps(example)}")
    shown: dict[str, int] = defaultdict(int)
    print("\nmisses (sample):")
    for m in misses:
        cat = m["id"].rsplit("-", 1)[0]
        if shown[cat] < args.misses:
            shown[cat] += 1
            print(json.dumps(m, ensure_ascii=False))
    print(
        f"\n{len(misses)} misses; {report['seconds']} s; sync {synced['seconds']} s",
        file=sys.stderr,
    )
    return 0

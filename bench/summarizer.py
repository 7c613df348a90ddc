"""How well the offline summarizer reads a day, measured through the real CLI (`sync`).

    python -m bench.summarizer                 # the labelled dev set, then LoCoMo's references
    python -m bench.summarizer --json

1. The labelled dev set in `tests/fixtures/data/summarizer-dev` (52 days, 30 in Indonesian or mixed):
   importance's rank correlation with the intended importance (Spearman), mood accuracy,
   people and new-term recall and precision, how many of each day's key facts the bullets keep;
   overall and per language.
2. LoCoMo dev (`../shared/data/locomo-dev`): for each session, how many of the named people,
   things and numbers of LoCoMo's own session summary (an LLM's, not gold) the offline bullets
   keep, and how many of its content words (ROUGE-1 recall).

Each set is copied into a fresh workspace in `bench/out/summarizer/` and synced with whatever
vaultkit `python -m vaultkit` runs (set PYTHONPATH to measure another checkout).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
OUT = BENCH / "out" / "summarizer"
DEV = REPO / "tests" / "fixtures" / "data" / "summarizer-dev"
LOCOMO = REPO.parent / "shared" / "data" / "locomo-dev"


def sync(root: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "sync", "--json", "--config", str(root)],
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"sync failed in {root}:\n{done.stderr[-2000:]}")


def summaries(root: Path) -> dict[str, dict[str, Any]]:
    """Each summary's frontmatter, with its bullets under `bullets`."""
    out = {}
    for path in sorted((root / "vault" / "memory" / "summaries").glob("*.summary.md")):
        text = path.read_text("utf-8")
        _, front, body = text.split("---\n", 2)
        data = yaml.safe_load(front)
        data["bullets"] = [b[2:] for b in body.splitlines() if b.startswith("- ")]
        out[path.name[:10]] = data
    return out


def dev_workspace() -> Path:
    root = OUT / "dev"
    if root.exists():
        shutil.rmtree(root)
    memory = root / "vault" / "memory"
    (memory / "summaries").mkdir(parents=True)
    shutil.copy(DEV / "memory_config.json", root / "memory_config.json")
    for note in (DEV / "notes").glob("*.md"):
        shutil.copy(note, memory / note.name)
    shutil.copytree(DEV / "chats", memory / "chats")
    return root


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def fold(text: str) -> str:
    return " ".join(text.casefold().replace("`", "").split())


def dev_report() -> dict[str, Any]:
    root = dev_workspace()
    sync(root)
    made = summaries(root)
    labels = [json.loads(line) for line in (DEV / "labels.jsonl").read_text().splitlines()]
    groups: dict[str, list[dict[str, Any]]] = {"all": labels}
    for label in labels:
        groups.setdefault(label["language"], []).append(label)
    groups["id+mixed"] = [lab for lab in labels if lab["language"] in ("id", "mixed")]
    report = {}
    for name, rows in groups.items():
        report[name] = _dev_group(rows, made)
    return report


def _dev_group(rows: list[dict[str, Any]], made: dict[str, dict[str, Any]]) -> dict[str, Any]:
    intended, got = [], []
    mood_ok = people_hit = people_true = people_found = 0
    term_hit = term_true = term_found = kind_ok = 0
    facts_kept = facts_all = 0
    for label in rows:
        summary = made.get(label["date"])
        if summary is None:
            continue
        intended.append(label["importance"])
        got.append(summary["importance"])
        mood_ok += summary["mood"] == label["mood"]
        mine = {fold(p) for p in summary.get("people") or []}
        theirs = {fold(p) for p in label["people"]}
        people_hit += len(mine & theirs)
        people_true += len(theirs)
        people_found += len(mine)
        unc = summary.get("uncategorized") or {}
        found = {
            fold(t): kind
            for kind in ("technologies", "libraries", "projects")
            for t in unc.get(kind) or []
        }
        plural = {"technology": "technologies", "library": "libraries", "project": "projects"}
        for term in label["new_terms"]:
            key = fold(term["term"])
            term_true += 1
            if key in found:
                term_hit += 1
                kind_ok += found[key] == plural[term["kind"]]
        term_found += len(found)
        bullets = fold(" ".join(summary["bullets"]))
        for fact in label["key_facts"]:
            facts_all += 1
            facts_kept += fold(fact) in bullets
    n = len(intended)
    return {
        "days": n,
        "importance_spearman": round(spearman(intended, got), 3),
        "importance_mae": round(sum(abs(a - b) for a, b in zip(intended, got, strict=True)) / n, 2),
        "mood_accuracy": round(mood_ok / n, 3),
        "people_recall": round(people_hit / max(1, people_true), 3),
        "people_precision": round(people_hit / max(1, people_found), 3),
        "new_term_recall": round(term_hit / max(1, term_true), 3),
        "new_term_precision": round(term_hit / max(1, term_found), 3),
        "new_term_kind_accuracy": round(kind_ok / max(1, term_hit), 3),
        "key_facts_kept": round(facts_kept / max(1, facts_all), 3),
    }


_NAMED = re.compile(r"\b(?:[A-Z][a-z]+(?:'s)?|\d[\d,.]*\d|\d)\b")
_COMMON = set(
    "The A An He She They His Her Their It In On At After Before When While This That".split()
)
_CALENDAR = set(
    "January February March April May June July August September October November December am pm".split()
)
_SPEAKER = re.compile(r"^([A-Z][\w'-]*):", re.M)


def locomo_report() -> dict[str, Any]:
    """Per conversation: the share of the reference summaries' named things and numbers the
    bullets keep (speakers' names and the session's date and time left out: every bullet names
    its speaker, and the date is the note's title), and their content-word recall (ROUGE-1
    recall on vaultkit's stemmed, stopword-free terms)."""
    tokenize = _this_checkouts_tokenizer()
    totals = {"named_kept": 0, "named": 0, "words_kept": 0, "words": 0, "chars": 0, "days": 0}
    per: dict[str, dict[str, float]] = {}
    for conv in sorted(p for p in LOCOMO.iterdir() if (p / "reference").is_dir()):
        root = OUT / conv.name
        if root.exists():
            shutil.rmtree(root)
        subprocess.run(
            [sys.executable, "-m", "vaultkit", "init", str(root)], check=True, capture_output=True
        )
        notes = sorted((conv / "vault" / "memory").glob("*.md"))
        for note in notes:
            shutil.copy(note, root / "vault" / "memory" / note.name)
        sync(root)
        made = summaries(root)
        c = dict.fromkeys(totals, 0)
        for ref in sorted((conv / "reference").glob("*.md")):
            note = conv / "vault" / "memory" / ref.name
            heading = "\n".join(x for x in note.read_text().splitlines() if x.startswith("#"))
            skip = set(_SPEAKER.findall(note.read_text())) | _COMMON | _CALENDAR
            skip |= set(re.findall(r"\d+", heading))
            text = ref.read_text()
            names = {w.removesuffix("'s") for w in _NAMED.findall(text)} - skip
            bullets = " ".join(made.get(ref.stem, {}).get("bullets", []))
            c["named_kept"] += sum(1 for w in names if re.search(rf"\b{re.escape(w)}\b", bullets))
            c["named"] += len(names)
            words, kept = set(tokenize(text)), set(tokenize(bullets))
            c["words_kept"] += len(words & kept)
            c["words"] += len(words)
            c["chars"] += len(bullets)
            c["days"] += 1
        per[conv.name] = _locomo_row(c)
        for key in totals:
            totals[key] += c[key]
    return {"all": _locomo_row(totals), **per}


def _this_checkouts_tokenizer() -> Any:
    """This checkout's `language.tokenize`, whatever vaultkit the syncs run (the measure must
    not change with the code measured)."""
    spec = importlib.util.spec_from_file_location(
        "_vk_language", REPO / "vaultkit" / "text" / "language.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.tokenize


def _locomo_row(c: dict[str, int]) -> dict[str, float]:
    return {
        "named_kept": round(c["named_kept"] / max(1, c["named"]), 3),
        "content_word_recall": round(c["words_kept"] / max(1, c["words"]), 3),
        "named": c["named"],
        "bullet_chars_per_day": round(c["chars"] / max(1, c["days"])),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-locomo", action="store_true")
    args = parser.parse_args(argv)
    result = {"dev": dev_report()}
    if not args.skip_locomo and LOCOMO.is_dir():
        result["locomo_reference"] = locomo_report()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    keys = list(next(iter(result["dev"].values())))
    print("| set | " + " | ".join(keys) + " |")
    print("|---|" + "---|" * len(keys))
    for name, row in result["dev"].items():
        print(f"| {name} | " + " | ".join(str(row[k]) for k in keys) + " |")
    if "locomo_reference" in result:
        rows = result["locomo_reference"]
        keys = list(rows["all"])
        print("\nLoCoMo references (LLM session summaries) against the offline bullets:")
        print("| conversation | " + " | ".join(keys) + " |")
        print("|---|" + "---|" * len(keys))
        for name, row in rows.items():
            print(f"| {name} | " + " | ".join(str(row[k]) for k in keys) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

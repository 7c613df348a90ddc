"""How well the summarizer reads a day: who the people are, which names are new terms, how much
the day weighs, its mood and its key lines, measured through the real CLI (`sync`).

    python -m bench.dayreading                       # tests/fixtures/data/dayreading-dev
    python -m bench.dayreading --data DIR --json
    python -m bench.dayreading --workspace OUT       # keep the synced workspace in OUT

The set (`notes/`, `chats/`, `labels.jsonl`, `memory_config.json`) is copied into a fresh
workspace (`vault/memory/` from `notes/`, `vault/memory/chats/` from `chats/`), synced with
whatever vaultkit `python -m vaultkit` runs, and each summary is read back and compared with its
day's labels. Overall, per language and per kind:

- people recall and precision, and wrong-kind people: listed names that the labels say are not
  people (a tool, a verb, a pet, a place, a film);
- new terms quarantined in `uncategorized` (found of expected, and how many with the right kind),
  and wrong terms: `not_terms` (pets, places, people, films) filed anywhere among the projects,
  tags or uncategorized terms;
- importance: Spearman's rank correlation with the labels (ties by average rank), mean absolute
  error, and how many small-talk days get importance 3 or less;
- mood accuracy;
- key lines: the share of `key_lines` some bullet contains (case-insensitive);
- leaks: `not_bullets` some bullet contains, and bullets that are only a heading of the day;
- related days, where the labels give them (`related`: the earlier days a reader would call
  related, such as the incident a postmortem is about): the days whose `related_dates` hold one.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from vaultkit.files.document import parse_document
from vaultkit.model import Summary
from vaultkit.pages.schema import parse_summary

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO / "tests" / "fixtures" / "data" / "dayreading-dev"
PLURAL = {"technology": "technologies", "library": "libraries", "project": "projects"}
KINDS = tuple(PLURAL.values())
_HEADING = re.compile(r"^#{1,6}\s+(.*\S)\s*$")


# The workspace


def build_workspace(data: Path, root: Path) -> dict[str, Any]:
    """Copy the set into `root` the way a user's workspace holds it; returns its config."""
    config = json.loads((data / "memory_config.json").read_text("utf-8"))
    vault = root / config.get("vault", "vault")
    paths = config.get("paths", {})
    memory = vault / paths.get("memory", "memory")
    memory.mkdir(parents=True, exist_ok=True)
    (vault / paths.get("summaries", "memory/summaries")).mkdir(parents=True, exist_ok=True)
    shutil.copy(data / "memory_config.json", root / "memory_config.json")
    for note in sorted((data / "notes").glob("*.md")):
        shutil.copy(note, memory / note.name)
    if (data / "chats").is_dir():
        shutil.copytree(data / "chats", vault / paths.get("chats", "memory/chats"))
    return config


def sync(root: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "sync", "--config", str(root)],
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"vaultkit sync failed in {root}:\n{done.stderr[-2000:]}")


def read_summaries(root: Path, config: dict[str, Any]) -> dict[str, Summary]:
    """Each day's summary, by date."""
    vault = root / config.get("vault", "vault")
    folder = vault / config.get("paths", {}).get("summaries", "memory/summaries")
    out = {}
    for path in sorted(folder.glob("*.summary.md")):
        summary = parse_summary(parse_document(path.read_bytes(), path))
        out[summary.date.isoformat()] = summary
    return out


# The set


def load_labels(data: Path) -> list[dict[str, Any]]:
    lines = (data / "labels.jsonl").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def headings_of(data: Path, day: str) -> list[str]:
    """The heading texts of a day's note (its date title left out) and transcripts."""
    texts = [(data / "notes" / f"{day}.md").read_text("utf-8")]
    chats = data / "chats" / day
    if chats.is_dir():
        texts += [p.read_text("utf-8") for p in sorted(chats.glob("*.md"))]
    found = []
    for text in texts:
        for line in text.splitlines():
            match = _HEADING.match(line)
            if match and match.group(1) != day:
                found.append(match.group(1))
    return found


# Scoring one day


def fold(text: str) -> str:
    """Text compared case-insensitively, without code-span and bold marks, spaces collapsed."""
    return " ".join(text.casefold().replace("`", "").replace("**", "").split())


def _bare(text: str) -> str:
    return fold(text).lstrip("#").strip().rstrip(":").strip()


def people_counts(label: dict[str, Any], summary: Summary) -> dict[str, int]:
    listed = {fold(p) for p in summary.people}
    expected = {fold(p) for p in label["people"]}
    wrong = {fold(p) for p in label["not_people"]}
    return {
        "people_hit": len(listed & expected),
        "people_expected": len(expected),
        "people_listed": len(listed),
        "wrong_people": len(listed & wrong),
    }


def term_counts(label: dict[str, Any], summary: Summary) -> dict[str, int]:
    quarantined = {fold(t): kind for kind in KINDS for t in summary.uncategorized.of(kind)}
    hit = kind_ok = 0
    for term in label["new_terms"]:
        kind = quarantined.get(fold(term["term"]))
        hit += kind is not None
        kind_ok += kind == PLURAL[term["kind"]]
    filed = set(quarantined) | {fold(t) for t in (*summary.projects, *summary.tags)}
    return {
        "terms_hit": hit,
        "terms_expected": len(label["new_terms"]),
        "terms_kind_ok": kind_ok,
        "terms_listed": len(quarantined),
        "wrong_terms": sum(fold(t) in filed for t in set(label["not_terms"])),
    }


def bullet_counts(label: dict[str, Any], summary: Summary, headings: list[str]) -> dict[str, int]:
    bullets = [fold(b) for b in summary.bullets]
    return {
        "keys_hit": sum(any(fold(k) in b for b in bullets) for k in label["key_lines"]),
        "keys_expected": len(label["key_lines"]),
        "not_bullets_leaked": sum(any(fold(n) in b for b in bullets) for n in label["not_bullets"]),
        "not_bullets": len(label["not_bullets"]),
        "headings_leaked": sum(_is_heading(b, headings) for b in summary.bullets),
    }


def _is_heading(bullet: str, headings: list[str]) -> bool:
    """A bullet that is a heading, or a heading of 3+ words with the start of its section."""
    text = _bare(bullet)
    for heading in map(_bare, headings):
        if text == heading or (len(heading.split()) >= 3 and text.startswith(heading)):
            return True
    return False


def day_record(
    label: dict[str, Any], summary: Summary | None, headings: list[str]
) -> dict[str, Any]:
    """Counts for one day; a missing summary finds nothing."""
    record: dict[str, Any] = {
        "date": label["date"],
        "missing": summary is None,
        "small_talk": bool(label["small_talk"]),
        "importance_label": label["importance"],
    }
    if summary is None:
        return record | _missing_counts(label) | {"importance": None, "mood_ok": 0}
    record |= people_counts(label, summary)
    record |= term_counts(label, summary)
    record |= bullet_counts(label, summary, headings)
    record["importance"] = summary.importance
    record["mood_ok"] = int(summary.mood == label["mood"])
    record |= related_counts(label, summary)
    return record


def related_counts(label: dict[str, Any], summary: Summary) -> dict[str, int]:
    """Whether a day with labelled related days has one of them among its `related_dates`."""
    expected = set(label.get("related") or ())
    found = {d.isoformat() for d in summary.related_dates}
    return {"related_hit": int(bool(expected & found)), "related_days": int(bool(expected))}


def _missing_counts(label: dict[str, Any]) -> dict[str, int]:
    return {
        "people_hit": 0,
        "people_expected": len(set(label["people"])),
        "people_listed": 0,
        "wrong_people": 0,
        "terms_hit": 0,
        "terms_expected": len(label["new_terms"]),
        "terms_kind_ok": 0,
        "terms_listed": 0,
        "wrong_terms": 0,
        "keys_hit": 0,
        "keys_expected": len(label["key_lines"]),
        "not_bullets_leaked": 0,
        "not_bullets": len(label["not_bullets"]),
        "headings_leaked": 0,
        "related_hit": 0,
        "related_days": int(bool(label.get("related"))),
    }


# Aggregating


def spearman(a: list[float], b: list[float]) -> float | None:
    """Spearman's rho (Pearson's r of the ranks, ties by average rank); None when undefined."""
    if len(a) < 3:
        return None
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else None


def ranks(values: list[float]) -> list[float]:
    """1-based ranks; tied values share the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def aggregate(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A group's numbers from its days' counts."""
    total = {k: sum(r.get(k, 0) for r in records) for k in _COUNTS}
    scored = [r for r in records if r["importance"] is not None]
    intended = [r["importance_label"] for r in scored]
    got = [r["importance"] for r in scored]
    small = [r for r in scored if r["small_talk"]]
    rho = spearman(intended, got)
    mae = sum(abs(a - b) for a, b in zip(intended, got, strict=True)) / len(scored) if scored else 0
    return {
        "days": len(records),
        "missing": sum(r["missing"] for r in records),
        "people_recall": _ratio(total["people_hit"], total["people_expected"]),
        "people_precision": _ratio(total["people_hit"], total["people_listed"]),
        "wrong_people": total["wrong_people"],
        "terms_found": total["terms_hit"],
        "terms_expected": total["terms_expected"],
        "term_recall": _ratio(total["terms_hit"], total["terms_expected"]),
        "term_kind_ok": total["terms_kind_ok"],
        "terms_listed": total["terms_listed"],
        "wrong_terms": total["wrong_terms"],
        "importance_spearman": None if rho is None else round(rho, 3),
        "importance_mae": round(mae, 2),
        "small_talk_low": sum(r["importance"] <= 3 for r in small),
        "small_talk_days": len(small),
        "mood_accuracy": _ratio(sum(r["mood_ok"] for r in records), len(records)),
        "key_line_coverage": _ratio(total["keys_hit"], total["keys_expected"]),
        "not_bullets_leaked": total["not_bullets_leaked"],
        "not_bullets": total["not_bullets"],
        "headings_leaked": total["headings_leaked"],
        "related_hit": total["related_hit"],
        "related_days": total["related_days"],
    }


_COUNTS = (
    "people_hit",
    "people_expected",
    "people_listed",
    "wrong_people",
    "terms_hit",
    "terms_expected",
    "terms_kind_ok",
    "terms_listed",
    "wrong_terms",
    "keys_hit",
    "keys_expected",
    "not_bullets_leaked",
    "not_bullets",
    "headings_leaked",
    "related_hit",
    "related_days",
)


def groups(labels: list[dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    """The dates of each group: all, per language, per kind."""
    by_language: dict[str, list[str]] = {}
    by_kind: dict[str, list[str]] = {}
    for label in labels:
        by_language.setdefault(label["language"], []).append(label["date"])
        for kind in label["kinds"]:
            by_kind.setdefault(kind, []).append(label["date"])
    return {
        "overall": {"all": [label["date"] for label in labels]},
        "language": dict(sorted(by_language.items())),
        "kind": dict(sorted(by_kind.items())),
    }


def score(data: Path, root: Path) -> dict[str, Any]:
    """Build, sync and read back the workspace in `root`; the numbers per group and per day."""
    config = build_workspace(data, root)
    sync(root)
    made = read_summaries(root, config)
    labels = load_labels(data)
    records = {
        label["date"]: day_record(label, made.get(label["date"]), headings_of(data, label["date"]))
        for label in labels
    }
    report: dict[str, Any] = {}
    for section, members in groups(labels).items():
        report[section] = {
            name: aggregate([records[d] for d in dates]) for name, dates in members.items()
        }
    report["days"] = list(records.values())
    return report


# Output


COLUMNS = (
    ("days", lambda r: r["days"]),
    ("people R", lambda r: _fmt(r["people_recall"])),
    ("people P", lambda r: _fmt(r["people_precision"])),
    ("wrong-kind people", lambda r: r["wrong_people"]),
    ("new terms", lambda r: f"{r['terms_found']}/{r['terms_expected']}"),
    ("right kind", lambda r: r["term_kind_ok"]),
    ("wrong terms", lambda r: r["wrong_terms"]),
    ("importance ρ", lambda r: _fmt(r["importance_spearman"])),
    ("MAE", lambda r: r["importance_mae"]),
    ("small talk <= 3", lambda r: f"{r['small_talk_low']}/{r['small_talk_days']}"),
    ("mood", lambda r: _fmt(r["mood_accuracy"])),
    ("key lines", lambda r: _fmt(r["key_line_coverage"])),
    ("not_bullets leaked", lambda r: f"{r['not_bullets_leaked']}/{r['not_bullets']}"),
    ("headings leaked", lambda r: r["headings_leaked"]),
    ("related", lambda r: f"{r['related_hit']}/{r['related_days']}"),
)


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}".rstrip("0").rstrip(".")


def markdown(report: dict[str, Any]) -> str:
    out = []
    for section in ("overall", "language", "kind"):
        out.append(f"| {section} | " + " | ".join(name for name, _ in COLUMNS) + " |")
        out.append("|---|" + "---|" * len(COLUMNS))
        for name, row in report[section].items():
            out.append(f"| {name} | " + " | ".join(str(cell(row)) for _, cell in COLUMNS) + " |")
        out.append("")
    missing = report["overall"]["all"]["missing"]
    if missing:
        out.append(f"{missing} day(s) had no summary after sync; they count as finding nothing.")
    return "\n".join(out).rstrip() + "\n"


def fresh_workspace(path: Path) -> Path:
    """`path` emptied for a new run; only an empty folder or an earlier workspace is removed."""
    path = path.resolve()
    if path.exists() and any(path.iterdir()):
        if not (path / "memory_config.json").is_file():
            raise SystemExit(f"{path} is not empty and holds no workspace; not removing it")
        shutil.rmtree(path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the labelled set")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--workspace", type=Path, help="build and keep the workspace here")
    args = parser.parse_args(argv)
    data = args.data.resolve()
    if args.workspace:
        report = score(data, fresh_workspace(args.workspace))
    else:
        with tempfile.TemporaryDirectory(prefix="dayreading-") as tmp:
            report = score(data, Path(tmp))
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(markdown(report), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

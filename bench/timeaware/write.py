"""The time-aware dev set's files (bench/timeaware/): the workspace's config, the notes and
`queries.jsonl`, written into OUT_DIR; the questions of all four categories, checked.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from datetime import date
from pathlib import Path

from bench.common import write_queries
from bench.timeaware.data import ASSISTANT, PEOPLE, PEOPLE_ALIASES, TOPICS
from bench.timeaware.questions import (
    Question,
    decision_questions,
    fact_questions,
    latest_questions,
)
from bench.timeaware.vault import Vault, build_vault
from bench.timeaware.when import time_questions

END_DATE = date(2026, 11, 30)
DAYS = 420
SEED = 11
# The config's `_about`, by which a rerun knows its own OUT_DIR: kept as the first version wrote it,
# so the files stay the same bytes and an OUT_DIR written before is still recognised.
MARKER = "Time-aware retrieval dev set written by bench/timeaware.py."


def questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    for make in (latest_questions, decision_questions, time_questions, fact_questions):
        out += make(vault, seed)
    for q in out:
        for d in q.gold:
            if d not in vault.notes or d > q.as_of:
                raise SystemExit(f"bad gold {d} for {q.query!r} as of {q.as_of}")
    return out


def config_dict() -> dict[str, object]:
    """vaultkit's starter config with the topics' vocabulary and the team."""
    from vaultkit.workspace.init import default_config

    config = default_config()
    config["_about"] = MARKER
    vocabulary = config["vocabulary"]
    projects = list(vocabulary["projects"])
    technologies = list(vocabulary["technologies"])
    for topic in TOPICS:
        if topic.project and topic.project not in projects:
            projects.append(topic.project)
        technologies += [t for t in topic.techs if t not in technologies]
    vocabulary["projects"] = projects
    vocabulary["technologies"] = technologies
    config["people"] = {
        **config["people"],
        "known": PEOPLE,
        "aliases": PEOPLE_ALIASES,
        "ignore": [ASSISTANT],
    }
    return config


def write(out: Path, seed: int, days: int, end: date) -> dict[str, object]:
    if out.exists() and any(out.iterdir()):
        config = out / "memory_config.json"
        if not config.exists() or MARKER not in config.read_text(encoding="utf-8"):
            raise SystemExit(f"{out} is not empty and was not written by this script")
        shutil.rmtree(out)
    vault = build_vault(seed, days, end)
    qs = questions(vault, seed)
    memory = out / "vault" / "memory"
    memory.mkdir(parents=True)
    (out / "memory_config.json").write_text(json.dumps(config_dict(), indent=2) + "\n")
    for day, text in vault.notes.items():
        (memory / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")
    write_queries(out / "queries.jsonl", qs)
    langs = Counter(f"{q.category}/{q.lang}" for q in qs)
    return {
        "notes": len(vault.notes),
        "first": vault.days[0].isoformat(),
        "last": vault.days[-1].isoformat(),
        "questions": dict(sorted(Counter(q.category for q in qs).items())),
        "languages": dict(sorted(langs.items())),
    }

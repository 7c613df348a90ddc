"""The everyday dev set's files (bench/everyday/): the workspace's config, the notes, `days.jsonl`
and `queries.jsonl`, written into OUT_DIR.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

from bench.common import BM25_SEARCH, write_queries
from bench.everyday.data import ASSISTANT, PEOPLE, build_vault
from bench.everyday.questions import questions

SEED = 24
# The config's `_about`, by which a rerun knows its own OUT_DIR: kept as the first version wrote it,
# so the files stay the same bytes and an OUT_DIR written before is still recognised.
MARKER = "Everyday-questions dev set written by bench/everyday.py."


def config_dict() -> dict[str, object]:
    """vaultkit's starter config (`vaultkit init`'s) with the team's vocabulary and people, BM25."""
    from vaultkit.workspace.init import default_config

    config = default_config()
    config["_about"] = MARKER
    config["vocabulary"] = {
        "projects": ["Homelab", "Payments API", "Blog"],
        "technologies": (
            "Kubernetes Docker PostgreSQL Python Redis Traefik Longhorn Helm Prometheus Grafana "
            "Astro Hugo"
        ).split(),
        "libraries": ["SQLAlchemy", "Alembic", "FastAPI", "Pydantic"],
        "aliases": {
            "k8s": "Kubernetes",
            "K3s": "Kubernetes",
            "postgres": "PostgreSQL",
            "PG16": "PostgreSQL",
        },
    }
    config["people"] = {"known": list(PEOPLE), "aliases": {}, "ignore": [ASSISTANT]}
    config["search"] = dict(BM25_SEARCH)
    return config


def write(out: Path, seed: int) -> dict[str, object]:
    if out.exists() and any(out.iterdir()):
        config = out / "memory_config.json"
        if not config.exists() or MARKER not in config.read_text(encoding="utf-8"):
            raise SystemExit(f"{out} is not empty and was not written by this script")
        for name in ("vault", "queries.jsonl", "days.jsonl", "memory_config.json"):
            path = out / name
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)
    vault = build_vault(seed)
    qs = questions(vault, seed)
    memory = out / "vault" / "memory"
    memory.mkdir(parents=True)
    (out / "memory_config.json").write_text(json.dumps(config_dict(), indent=2) + "\n")
    for day in vault.days.values():
        (memory / f"{day.date.isoformat()}.md").write_text(day.note(), encoding="utf-8")
    days = [json.dumps(d.as_dict(), ensure_ascii=False) for d in vault.days.values()]
    (out / "days.jsonl").write_text("\n".join(days) + "\n", encoding="utf-8")
    write_queries(out / "queries.jsonl", qs)
    langs = Counter(f"{q.category}/{q.lang}" for q in qs)
    note_langs = Counter(d.lang for d in vault.days.values())
    return {
        "notes": len(vault.days),
        "hand_written": sum(not d.generated for d in vault.days.values()),
        "note_languages": dict(sorted(note_langs.items())),
        "questions": len(qs),
        "categories": dict(sorted(Counter(q.category for q in qs).items())),
        "languages": dict(sorted(langs.items())),
        "empty_spans": sum(1 for q in qs if q.span is not None and not q.gold),
    }

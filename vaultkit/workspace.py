"""Creating a workspace: config, vault folders, templates and Obsidian's property types."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from vaultkit.config import CONFIG_NAME, config_from_dict
from vaultkit.render import packaged_templates
from vaultkit.storage import write_atomic

# Obsidian reads `.obsidian/types.json` to show each property with the right widget.
OBSIDIAN_TYPES = {
    "types": {
        "schema_version": "number",
        "date": "date",
        "people": "multitext",
        "projects": "multitext",
        "tags": "tags",
        "importance": "number",
        "mood": "text",
        "related_dates": "multitext",
    }
}


def default_config() -> dict[str, Any]:
    """A starter config; keys starting with `_` are comments and are ignored when read."""
    return {
        "_about": "vaultkit workspace config. Paths are relative to this file's folder.",
        "schema_version": 1,
        "vault": "vault",
        "paths": {
            "memory": "memory",
            "summaries": "memory/summaries",
            "chats": "memory/chats",
            "archive": "archive",
            "templates": "templates",
        },
        "vocabulary": {
            "_about": "Only these terms enter projects and tags; others go to uncategorized.",
            "projects": ["Homelab"],
            "technologies": ["Kubernetes", "Docker", "PostgreSQL", "Python", "RAG"],
            "libraries": ["Pydantic", "FastAPI"],
            "aliases": {"k8s": "Kubernetes", "K3s": "Kubernetes", "postgres": "PostgreSQL"},
        },
        "people": {
            "_about": "ignore: names never listed as people, such as the assistant itself.",
            "known": [],
            "aliases": {},
            "ignore": [],
        },
        "scoring": {
            "weights": {"semantic": 0.5, "importance": 0.3, "recency": 0.2},
            "recency_decay": 0.01,
            "expansion_factor": 0.7,
            "related_dates": 2,
        },
        "summarizer": {
            "_about": "backend 'offline' needs nothing; 'openai' is any OpenAI-compatible server.",
            "backend": "offline",
            "base_url": "http://127.0.0.1:8080/v1",
            "model": "",
            "api_key_env": "OPENAI_API_KEY",
            "timeout": 60,
            "retries": 3,
            "heading": "Ringkasan Hari Ini",
        },
        "search": {"backend": "bm25", "top_k": 5},
    }


def init_workspace(directory: Path) -> list[Path]:
    """Create what is missing of a workspace in `directory`; never overwrites. Returns new paths."""
    created: list[Path] = []
    config_path = directory / CONFIG_NAME
    data = default_config()
    if config_path.exists():
        data = json.loads(config_path.read_text(encoding="utf-8-sig"))
    else:
        _write_new(config_path, json.dumps(data, indent=2) + "\n", created)
    config = config_from_dict(data, root=directory.resolve(), source=config_path)
    for folder in (config.memory_dir, config.summaries_dir, config.chats_dir):
        if not folder.exists():
            folder.mkdir(parents=True)
            created.append(folder)
    for template in sorted(packaged_templates().glob("*.j2")):
        target = config.templates_dir / template.name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(template, target)
            created.append(target)
    types_path = config.vault_dir / ".obsidian" / "types.json"
    _write_new(types_path, json.dumps(OBSIDIAN_TYPES, indent=2) + "\n", created)
    return created


def _write_new(path: Path, text: str, created: list[Path]) -> None:
    if not path.exists():
        write_atomic(path, text)
        created.append(path)

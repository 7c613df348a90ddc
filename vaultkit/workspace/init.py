"""Creating a workspace: config, vault folders, templates and Obsidian's property types."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vaultkit.config import CONFIG_NAME, config_from_dict, read_config_data
from vaultkit.errors import UsageError, WriteError
from vaultkit.files.storage import write_atomic
from vaultkit.pages.obsidian import obsidian_settings
from vaultkit.pages.render import packaged_templates


def default_config() -> dict[str, Any]:
    """A starter config; keys starting with `_` are comments and are ignored when read."""
    return {
        "_about": "vaultkit workspace config. Paths are relative to this file's folder.",
        "schema_version": 1,
        "vault": "vault",
        "languages": ["en", "id"],
        "paths": {
            "memory": "memory",
            "summaries": "memory/summaries",
            "chats": "memory/chats",
            "people": "memory/people",
            "projects": "memory/projects",
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
        "search": search_defaults(),
    }


def search_defaults() -> dict[str, object]:
    """BM25; fused with the local embedder when the semantic extra is installed (and
    `VAULTKIT_SEMANTIC` is not `0`): Indonesian questions then find English notes (recall@5
    0.35 -> 0.81 on LoCoMo dev, docs/retrieval.md)."""
    import os

    from vaultkit.index.local_embedder import available

    if os.environ.get("VAULTKIT_SEMANTIC", "") != "0" and available():
        return {
            "_about": "hybrid: BM25 and the local multilingual embedder (vaultkit[semantic]).",
            "backend": "hybrid",
            "embedder": "local",
            "top_k": 5,
        }
    return {"backend": "bm25", "top_k": 5}


def init_workspace(directory: Path) -> list[Path]:
    """Create what is missing of a workspace in `directory`; never overwrites. Returns new paths."""
    if directory.exists() and not directory.is_dir():
        raise UsageError(
            "is not a folder; give the folder to make the workspace in",
            path=directory,
            rule="init-target",
        )
    created: list[Path] = []
    config_path = directory / CONFIG_NAME
    data = default_config()
    try:
        if config_path.exists():
            data = read_config_data(config_path)
        else:
            _write_new(config_path, json.dumps(data, indent=2) + "\n", created)
        config = config_from_dict(data, root=directory.resolve(), source=config_path)
        folders = (config.memory_dir, config.summaries_dir, config.chats_dir)
        for folder in (*folders, config.people_dir, config.projects_dir):
            if not folder.exists():
                folder.mkdir(parents=True)
                created.append(folder)
        for template in sorted(packaged_templates().glob("*.j2")):
            target = config.templates_dir / template.name
            if not target.exists():
                _write_new(target, template.read_text(encoding="utf-8"), created)
        for path, text in obsidian_settings(config.vault_dir, config.paths).items():
            _write_new(path, text, created)
    except OSError as exc:
        raise WriteError(
            f"cannot create the workspace: {exc.strerror or exc}",
            path=exc.filename or directory,
            rule="write-failed",
        ) from None
    return created


def _write_new(path: Path, text: str, created: list[Path]) -> None:
    if not path.exists():
        write_atomic(path, text)
        created.append(path)

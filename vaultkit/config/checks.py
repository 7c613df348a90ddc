"""The config's values beyond their types: ranges, URLs, folders inside the vault, and the
keys one setting requires of another."""

from __future__ import annotations

import os
from pathlib import Path

from vaultkit.config.schema import LANGUAGES, VAULT_FOLDERS, Config
from vaultkit.errors import ConfigError


def check_values(config: Config, source: Path | None) -> None:
    llm, search = config.summarizer, config.search
    checks = [
        (config.scoring.recency_decay >= 0, "scoring.recency_decay", "a number >= 0"),
        (0 <= config.scoring.expansion_factor <= 1, "scoring.expansion_factor", "between 0 and 1"),
        (config.scoring.related_dates >= 0, "scoring.related_dates", "an integer >= 0"),
        (config.summarizer.timeout > 0, "summarizer.timeout", "a number > 0"),
        (config.summarizer.retries >= 0, "summarizer.retries", "an integer >= 0"),
        (llm.max_answer_bytes >= 1024, "summarizer.max_answer_bytes", "an integer >= 1024"),
        (llm.max_tokens >= 128, "summarizer.max_tokens", "an integer >= 128"),
        (config.search.top_k >= 1, "search.top_k", "an integer >= 1"),
        (0 <= config.search.relevance_gate <= 1, "search.relevance_gate", "between 0 and 1"),
        (config.search.expand_top >= 0, "search.expand_top", "an integer >= 0"),
        (0 <= search.expand_min_semantic <= 1, "search.expand_min_semantic", "between 0 and 1"),
        (0 <= config.search.hybrid_weight <= 1, "search.hybrid_weight", "between 0 and 1"),
        (config.search.timeout > 0, "search.timeout", "a number > 0"),
        (config.search.batch_size >= 1, "search.batch_size", "an integer >= 1"),
        (search.max_answer_bytes >= 1024, "search.max_answer_bytes", "an integer >= 1024"),
        (config.mcp.max_request_bytes >= 1024, "mcp.max_request_bytes", "an integer >= 1024"),
        (_http_url(config.summarizer.base_url), "summarizer.base_url", "an http(s) URL"),
        (_http_url(config.search.base_url), "search.base_url", "an http(s) URL"),
        (_http_url(search.anythingllm.base_url), "search.anythingllm.base_url", "an http(s) URL"),
        (config.search.anythingllm.timeout > 0, "search.anythingllm.timeout", "a number > 0"),
        (config.search.anythingllm.retries >= 0, "search.anythingllm.retries", "an integer >= 0"),
        (
            bool(config.search.anythingllm.workspace.strip()),
            "search.anythingllm.workspace",
            "a workspace name",
        ),
    ]
    weights = config.scoring.weights
    unknown = [code for code in config.languages if code not in LANGUAGES]
    if unknown or not config.languages:
        raise ConfigError(
            f"languages: expected a list of {', '.join(repr(c) for c in LANGUAGES)}, "
            f"got {list(config.languages)}",
            path=source,
            rule="config-value",
        )
    checks.append(
        (
            min(weights.semantic, weights.importance, weights.recency) >= 0,
            "scoring.weights",
            "weights >= 0",
        )
    )
    for ok, where, expected in checks:
        if not ok:
            raise ConfigError(f"{where}: expected {expected}", path=source, rule="config-value")
    for name in VAULT_FOLDERS:
        folder = getattr(config.paths, name)
        if not _stays_inside(folder):
            raise ConfigError(
                f"paths.{name}: expected a folder inside the vault, got {folder!r} "
                "(vaultkit writes only inside the vault)",
                path=source,
                rule="config-value",
            )
    _check_capture(config, source)
    if config.index.store == "postgres" and not config.index.vault_id.strip():
        raise ConfigError(
            "index.vault_id: required when index.store is 'postgres' "
            "(a name for this vault in the shared database, the same on every machine)",
            path=source,
            rule="config-value",
        )
    if config.summarizer.backend == "openai" and not config.summarizer.model:
        raise ConfigError(
            "summarizer.model: required when summarizer.backend is 'openai'",
            path=source,
            rule="config-value",
        )
    if (
        config.search.backend in ("embeddings", "hybrid")
        and config.search.embedder == "openai"
        and not config.search.model
    ):
        raise ConfigError(
            f"search.model: required when search.backend is {config.search.backend!r}",
            path=source,
            rule="config-value",
        )


def _check_capture(config: Config, source: Path | None) -> None:
    """A time zone that names one, and a speaker name a transcript line can carry."""
    me = config.capture.me
    if not me.strip() or ":" in me or "\n" in me or len(me) > 40:
        raise ConfigError(
            f"capture.me: expected a name of at most 40 characters without ':', got {me!r}",
            path=source,
            rule="config-value",
        )
    zone = config.capture.time_zone
    if zone and not _is_zone(zone):
        raise ConfigError(
            f"capture.time_zone: expected an IANA time zone such as 'Asia/Jakarta', got {zone!r}",
            path=source,
            rule="config-value",
        )


def _is_zone(name: str) -> bool:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _stays_inside(folder: str) -> bool:
    """Whether a vault sub-path names a folder inside the vault: relative, never climbing out."""
    norm = os.path.normpath(folder.replace("\\", "/")) if folder.strip() else ".."
    return not os.path.isabs(norm) and norm != ".." and not norm.startswith("../")


def _http_url(url: str) -> bool:
    """Whether `url` is an http(s) URL with a host and, if given, a valid port."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)

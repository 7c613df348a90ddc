"""The workspace config (`memory_config.json`), read once per run into a frozen, typed object."""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from vaultkit.errors import ConfigError
from vaultkit.redact import watch
from vaultkit.state import state_dir
from vaultkit.strict_json import DuplicateKeyError, loads_strict

CONFIG_NAME = "memory_config.json"
MEMORY_INDEX_NAME = "MEMORY_INDEX.md"
SCHEMA_VERSION = 1
LANGUAGES = {"en": "english", "id": "indonesian"}  # ISO 639-1 code -> Snowball's stemmer
VAULT_FOLDERS = ("memory", "summaries", "chats", "people", "projects")  # paths.* in the vault
MAX_ANSWER_BYTES = 8 << 20  # the largest answer read from an LLM or embeddings endpoint: 8 MiB


@dataclass(frozen=True)
class PathsConfig:
    """Where things live: memory folders relative to the vault; archive and templates to the workspace."""

    memory: str = "memory"
    summaries: str = "memory/summaries"
    chats: str = "memory/chats"
    people: str = "memory/people"
    projects: str = "memory/projects"
    archive: str = "archive"
    templates: str = "templates"


@dataclass(frozen=True)
class VocabularyConfig:
    """The controlled vocabulary: canonical terms per kind, and aliases mapping to them."""

    projects: tuple[str, ...] = ()
    technologies: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PeopleConfig:
    """People the assistant knows, nicknames meaning the same person, names never listed (itself)."""

    known: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True)
class WeightsConfig:
    """Weights of the hybrid score's three parts."""

    semantic: float = 0.5
    importance: float = 0.3
    recency: float = 0.2


@dataclass(frozen=True)
class ScoringConfig:
    """The hybrid score, the 1-hop expansion and how related dates are chosen."""

    weights: WeightsConfig = field(default_factory=WeightsConfig)
    recency_decay: float = 0.01
    expansion_factor: float = 0.7
    related_dates: int = 2
    min_related_overlap: float = 0.15


@dataclass(frozen=True)
class SummarizerConfig:
    """Which summarizer fills a summary's fields: `offline` (default) or an OpenAI-compatible LLM."""

    backend: Literal["offline", "openai"] = "offline"
    base_url: str = "http://127.0.0.1:8080/v1"
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 60.0
    retries: int = 3
    pause: float | None = None
    heading: str = "Ringkasan Hari Ini"
    max_input_chars: int = 24000
    max_answer_bytes: int = MAX_ANSWER_BYTES
    max_tokens: int = 1024  # a summary's JSON is 150-400 tokens; a looping model stops here


@dataclass(frozen=True)
class AnythingLLMConfig:
    """AnythingLLM as the vector store (`search.backend: anythingllm`): the server, the workspace
    sync keeps one document per day in, and the environment variable holding the developer API
    key (never the key itself: the config is a file people share)."""

    base_url: str = "http://localhost:3001"
    workspace: str = "vaultkit"
    api_key_env: str = "ANYTHINGLLM_API_KEY"
    timeout: float = 30.0
    retries: int = 2


@dataclass(frozen=True)
class SearchConfig:
    """Retrieval: what is indexed, the semantic backend, the relevance gate and the expansion."""

    backend: Literal["bm25", "embeddings", "hybrid", "anythingllm"] = "bm25"
    top_k: int = 5
    index: Literal["notes", "summaries", "both"] = "both"
    relevance_gate: float = 0.2
    expand_top: int = 3
    expand_min_semantic: float = 0.2
    hybrid_weight: float = 0.7
    fusion: Literal["weighted", "rrf"] = "weighted"
    embedder: Literal["openai", "local"] = "openai"
    base_url: str = "http://127.0.0.1:8080/v1"
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 30.0
    batch_size: int = 32
    max_answer_bytes: int = MAX_ANSWER_BYTES
    anythingllm: AnythingLLMConfig = field(default_factory=AnythingLLMConfig)


@dataclass(frozen=True)
class IndexConfig:
    """Where the search index lives: `sqlite`, a file in the vault's `.vaultkit/` (default), or
    `postgres`, a database shared by the machine with the files and machines that only search.
    The connection string is read from the environment variable `dsn_env` names, never from
    this file; `vault_id` names the vault in that database (the same on every machine)."""

    store: Literal["sqlite", "postgres"] = "sqlite"
    dsn_env: str = "VAULTKIT_DATABASE_URL"
    vault_id: str = ""


@dataclass(frozen=True)
class McpConfig:
    """The MCP server: the largest request it reads (a longer line is refused, not parsed)."""

    max_request_bytes: int = 1 << 20


@dataclass(frozen=True)
class Config:
    """A whole workspace config plus the folder it was read from."""

    root: Path
    schema_version: int = SCHEMA_VERSION
    vault: str = "vault"
    languages: tuple[str, ...] = ("en", "id")
    paths: PathsConfig = field(default_factory=PathsConfig)
    vocabulary: VocabularyConfig = field(default_factory=VocabularyConfig)
    people: PeopleConfig = field(default_factory=PeopleConfig)
    scoring: ScoringConfig = field(default_factory=ScoringConfig)
    summarizer: SummarizerConfig = field(default_factory=SummarizerConfig)
    search: SearchConfig = field(default_factory=SearchConfig)
    index: IndexConfig = field(default_factory=IndexConfig)
    mcp: McpConfig = field(default_factory=McpConfig)

    @property
    def vault_dir(self) -> Path:
        return self.root / self.vault

    @property
    def memory_dir(self) -> Path:
        return self.vault_dir / self.paths.memory

    @property
    def summaries_dir(self) -> Path:
        return self.vault_dir / self.paths.summaries

    @property
    def chats_dir(self) -> Path:
        return self.vault_dir / self.paths.chats

    @property
    def people_dir(self) -> Path:
        return self.vault_dir / self.paths.people

    @property
    def projects_dir(self) -> Path:
        return self.vault_dir / self.paths.projects

    @property
    def archive_dir(self) -> Path:
        return self.root / self.paths.archive

    @property
    def templates_dir(self) -> Path:
        return self.root / self.paths.templates

    @cached_property
    def state_dir(self) -> Path:
        """`.vaultkit/` in the vault, or a folder of the user's cache when the vault cannot be
        written (`vaultkit.state`)."""
        return state_dir(self.vault_dir)

    @property
    def memory_index_file(self) -> Path:
        return self.memory_dir / MEMORY_INDEX_NAME

    @property
    def pause_seconds(self) -> float:
        """Pause between summarizer calls: as configured, else none offline and 2 s for an LLM."""
        if self.summarizer.pause is not None:
            return self.summarizer.pause
        return 0.0 if self.summarizer.backend == "offline" else 2.0


def load_config(path: Path | str | None = None, *, reading: bool = False) -> Config:
    """Read and validate a workspace config; every mistake names its key path.

    `reading`: for a command that only reads the index (search, recall, eval, the MCP server),
    which on a shared index needs no vault folder (a reader's machine has none)."""
    config_path = Path(path) if path is not None else Path.cwd() / CONFIG_NAME
    if config_path.is_dir():
        config_path = config_path / CONFIG_NAME
    data = read_config_data(config_path)
    config = config_from_dict(data, root=config_path.resolve().parent, source=config_path)
    _watch_secrets(config)
    shared = config.index.store == "postgres"
    if shared and reading and not config.vault_dir.exists():
        return config  # a reader of the shared index
    if not config.memory_dir.is_dir():  # a typo in `vault` or `paths.memory` finds nothing
        hint = (
            "; a machine without the files can only search the shared index "
            "(search, recall, eval, mcp)"
            if shared
            else ""
        )
        raise ConfigError(
            f"the memory folder {config.memory_dir} does not exist; check `vault` and "
            f"`paths.memory`, or run `vaultkit init`{hint}",
            path=config_path,
            rule="vault-missing",
        )
    _check_no_folder_links_out(config, config_path)
    return config


def _check_no_folder_links_out(config: Config, source: Path) -> None:
    """Each of paths.* is a folder of the vault where it stands: one that is (or lies below) a
    symbolic link, to a folder outside or inside, would have every write refused, day after
    day (vaultkit writes through no link: `files.storage`). The vault's own path may hold one."""
    vault = os.path.realpath(config.vault_dir)
    for name in VAULT_FOLDERS:
        folder = getattr(config.paths, name)
        real = os.path.realpath(config.vault_dir / folder)  # a folder still to make: as named
        if real != os.path.normpath(os.path.join(vault, folder)):
            where = "inside" if real.startswith(vault.rstrip(os.sep) + os.sep) else "outside"
            raise ConfigError(
                f"paths.{name}: expected a folder inside the vault, got {folder!r}, through "
                f"a symbolic link to {real} ({where} the vault; vaultkit writes through no link)",
                path=source,
                rule="config-value",
            )


def _watch_secrets(config: Config) -> None:
    """The values of the environment variables the config names for secrets never appear in a
    message from now on (see `vaultkit.redact`)."""
    watch(
        dsn_env=config.index.dsn_env,
        key_envs=(
            config.summarizer.api_key_env,
            config.search.api_key_env,
            config.search.anythingllm.api_key_env,
        ),
    )


def read_config_data(config_path: Path) -> Any:
    """The parsed JSON of a config file; a missing, unreadable or malformed one is a ConfigError."""
    try:
        raw = config_path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(
            "no workspace config found; run `vaultkit init` or pass --config PATH",
            path=config_path,
            rule="config-missing",
        ) from None
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror}", path=config_path) from None
    try:
        return loads_strict(raw.decode("utf-8-sig"))
    except DuplicateKeyError as exc:
        raise ConfigError(
            f"the key {exc.key!r} is given twice in one object (JSON keeps only the last)",
            path=config_path,
            line=exc.line,
            rule="config-duplicate-key",
        ) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"not UTF-8 (byte {exc.start})", path=config_path, rule="config-encoding"
        ) from None
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"invalid JSON at column {exc.colno}: {exc.msg}",
            path=config_path,
            line=exc.lineno,
            rule="config-json",
        ) from None


def config_from_dict(data: Any, *, root: Path, source: Path | None = None) -> Config:
    """Build a Config from parsed JSON, rejecting unknown keys and wrong types."""
    if not isinstance(data, dict):
        raise ConfigError("the config must be a JSON object", path=source, rule="config-type")
    data = {k: v for k, v in data.items() if not k.startswith("_")}
    version = data.get("schema_version", SCHEMA_VERSION)
    if version != SCHEMA_VERSION:
        raise ConfigError(
            f"schema_version: expected {SCHEMA_VERSION}, got {version!r}",
            path=source,
            rule="config-schema-version",
        )
    config: Config = _build(Config, data, "", source, extra={"root": root})
    _check_values(config, source)
    return config


def _build(cls: type, data: Any, where: str, source: Path | None, extra: Any = None) -> Any:
    if not isinstance(data, dict):
        raise _type_error(where or "(top)", "an object", data, source)
    hints = typing.get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls) if f.name != "root"}
    unknown = sorted(k for k in data if k not in fields and not k.startswith("_"))
    if unknown:
        raise ConfigError(
            f"{_join(where, unknown[0])}: unknown key (expected one of: {', '.join(sorted(fields))})",
            path=source,
            rule="config-unknown-key",
        )
    values = dict(extra or {})
    for name in fields:
        if name in data:
            values[name] = _coerce(hints[name], data[name], _join(where, name), source)
    return cls(**values)


def _coerce(hint: Any, value: Any, where: str, source: Path | None) -> Any:
    origin = typing.get_origin(hint)
    if dataclasses.is_dataclass(hint):
        return _build(hint, value, where, source)  # type: ignore[arg-type]
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        inner = next(o for o in options if o is not type(None))
        return _coerce(inner, value, where, source)
    if origin is Literal:
        allowed = typing.get_args(hint)
        if value not in allowed:
            expected = " or ".join(repr(a) for a in allowed)
            raise _type_error(where, expected, value, source)
        return value
    if origin is tuple:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _type_error(where, "a list of strings", value, source)
        return tuple(value)
    if origin is Mapping or origin is dict:
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise _type_error(where, "an object of strings", value, source)
        return dict(value)
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _type_error(where, "a number", value, source)
        return float(value)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _type_error(where, "an integer", value, source)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise _type_error(where, "a string", value, source)
        return value
    raise TypeError(f"unsupported config type {hint!r} at {where}")  # a bug, not user input


def _check_values(config: Config, source: Path | None) -> None:
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


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _type_error(where: str, expected: str, value: Any, source: Path | None) -> ConfigError:
    return ConfigError(
        f"{where}: expected {expected}, got {json.dumps(value)[:60]}",
        path=source,
        rule="config-type",
    )

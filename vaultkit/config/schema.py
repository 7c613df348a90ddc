"""The workspace config's shape: one frozen dataclass per section, defaults included."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

from vaultkit.state import state_dir

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
class CaptureConfig:
    """Conversations captured from elsewhere (imports, an assistant's hook): the time zone that
    gives a conversation its day (an IANA name; empty is this machine's zone) and the name the
    person's own turns take in a transcript (a first-person word reads as the author)."""

    time_zone: str = ""
    me: str = "Me"


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
    capture: CaptureConfig = field(default_factory=CaptureConfig)

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

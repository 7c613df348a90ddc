"""The workspace config (`memory_config.json`), read once per run into a frozen, typed object.

- `schema`: the sections as frozen dataclasses with their defaults (`Config`)
- `load`: reading the file strictly, every mistake named by its key path (`load_config`)
- `checks`: values beyond their types (ranges, URLs, folders inside the vault)

May import: the core modules it reads with (`errors`, `redact`, `state`, `strict_json`).
"""

from vaultkit.config.load import config_from_dict, load_config, read_config_data
from vaultkit.config.schema import (
    CONFIG_NAME,
    LANGUAGES,
    MAX_ANSWER_BYTES,
    MEMORY_INDEX_NAME,
    SCHEMA_VERSION,
    VAULT_FOLDERS,
    AnythingLLMConfig,
    CaptureConfig,
    Config,
    IndexConfig,
    McpConfig,
    PathsConfig,
    PeopleConfig,
    ScoringConfig,
    SearchConfig,
    SummarizerConfig,
    VocabularyConfig,
    WeightsConfig,
)

__all__ = [
    "CONFIG_NAME",
    "LANGUAGES",
    "MAX_ANSWER_BYTES",
    "MEMORY_INDEX_NAME",
    "SCHEMA_VERSION",
    "VAULT_FOLDERS",
    "AnythingLLMConfig",
    "CaptureConfig",
    "Config",
    "IndexConfig",
    "McpConfig",
    "PathsConfig",
    "PeopleConfig",
    "ScoringConfig",
    "SearchConfig",
    "SummarizerConfig",
    "VocabularyConfig",
    "WeightsConfig",
    "config_from_dict",
    "load_config",
    "read_config_data",
]

"""Reading `memory_config.json`: strict JSON, unknown keys and wrong types refused with their
key path, values checked (`checks`), secrets' environment variables watched (`vaultkit.redact`)."""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from vaultkit.config.checks import check_values
from vaultkit.config.schema import CONFIG_NAME, SCHEMA_VERSION, VAULT_FOLDERS, Config
from vaultkit.errors import ConfigError
from vaultkit.redact import watch
from vaultkit.strict_json import DuplicateKeyError, loads_strict


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
    check_values(config, source)
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


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _type_error(where: str, expected: str, value: Any, source: Path | None) -> ConfigError:
    return ConfigError(
        f"{where}: expected {expected}, got {json.dumps(value)[:60]}",
        path=source,
        rule="config-type",
    )

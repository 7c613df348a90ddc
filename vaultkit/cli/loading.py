"""Loading the workspace config for a command, with its warnings said once on stderr."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from vaultkit.cli.console import warn

if TYPE_CHECKING:
    from vaultkit.config import Config


def load(path: Path | None, *, reading: bool = False) -> Config:
    """The config at `path` (default: `./memory_config.json`); its warnings go to stderr.
    `reading`: a command that only reads the index (see `load_config`)."""
    from vaultkit.config import load_config
    from vaultkit.state import kept_elsewhere
    from vaultkit.text.vocabulary import config_warnings

    config = load_config(path, reading=reading)
    for message in config_warnings(config):
        warn(message)
    elsewhere = kept_elsewhere(config.vault_dir, config.state_dir) if reading else None
    if elsewhere:  # a read-only vault: searched all the same
        warn(elsewhere)
    return config

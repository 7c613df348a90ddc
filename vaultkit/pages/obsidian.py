"""The Obsidian settings a vault gets where it has none: property types (so dates and lists show
as such) and the graph view's colour groups (days, summaries, transcripts, people, projects)."""

from __future__ import annotations

import json
from pathlib import Path

from vaultkit.config import PathsConfig
from vaultkit.pages.schema import OBSIDIAN_TYPES

# Graph view's colour groups: the first group whose query matches a note colours it.
GRAPH_GROUPS = (
    ("summaries", 0x34A853),  # green
    ("chats", 0x9AA0A6),  # grey: transcripts orbit their day
    ("people", 0xF29900),  # orange
    ("projects", 0x9C27B0),  # purple
    ("memory", 0x4C8BF5),  # blue: the daily notes (and MEMORY_INDEX.md)
)


def obsidian_settings(vault_dir: Path, paths: PathsConfig) -> dict[Path, str]:
    """`.obsidian/types.json` (property types) and `.obsidian/graph.json` (colour groups for days,
    summaries, transcripts, people, projects), to be written where the vault has none."""
    folder = vault_dir / ".obsidian"
    groups = [
        {"query": f'path:"{getattr(paths, name)}"', "color": {"a": 1, "rgb": rgb}}
        for name, rgb in GRAPH_GROUPS
    ]
    graph = {"colorGroups": groups, "showArrow": True, "showOrphans": True, "hideUnresolved": False}
    return {
        folder / "types.json": json.dumps(OBSIDIAN_TYPES, indent=2) + "\n",
        folder / "graph.json": json.dumps(graph, indent=2) + "\n",
    }

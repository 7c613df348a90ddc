"""The links sync keeps change only their own line: a note's BOM and CRLF line ends stay."""

from __future__ import annotations

from pathlib import Path

from vaultkit.config import load_config
from vaultkit.sync.daily import sync


def test_the_spine_line_keeps_a_notes_bom_and_crlf(workspace: Path) -> None:
    note = workspace / "vault" / "memory" / "2026-07-21.md"
    note.write_bytes(b"\xef\xbb\xbf# 2026-07-21\r\n\r\n- Deployed the thing.\r\n")
    config = load_config(workspace / "memory_config.json")
    sync(config)
    data = note.read_bytes()
    assert data.startswith("\ufeff« [[2026-07-20]] | Timeline Spine\r\n\r\n".encode())
    assert data.endswith(b"# 2026-07-21\r\n\r\n- Deployed the thing.\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert not sync(config).changes  # and a second run changes no byte

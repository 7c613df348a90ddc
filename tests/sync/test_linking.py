"""The links sync keeps change only their own line: a note's BOM and CRLF line ends stay."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from vaultkit.config import load_config
from vaultkit.files.layout import Layout
from vaultkit.sync.changes import daily_survey
from vaultkit.sync.daily import sync
from vaultkit.sync.survey import open_catalog, survey


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


def test_a_transcript_of_a_day_without_a_note_gets_its_parent_link_on_any_run(
    workspace: Path,
) -> None:
    """The first sync (a full look) and a daily one link it alike."""
    config = load_config(workspace / "memory_config.json")
    first = config.chats_dir / "2026-05-01" / "ngobrol.md"
    first.parent.mkdir(parents=True)
    first.write_text("# Chat\n\nRina: jadi ke Bandung?\n", "utf-8")
    sync(config)
    assert first.read_text("utf-8").startswith("↑ [[2026-05-01]] | Daily Note\n\n")
    later = config.chats_dir / "2026-05-02" / "call.md"
    later.parent.mkdir(parents=True)
    later.write_text("# Chat\n\nBudi: see you Friday\n", "utf-8")
    sync(config)
    assert later.read_text("utf-8").startswith("↑ [[2026-05-02]] | Daily Note\n\n")
    assert not sync(config).changes


def test_a_days_transcripts_come_in_one_order_from_either_look(workspace: Path) -> None:
    """By folder, then name, as paths sort: `2025-01-01/` before `2025-01-01-work/`."""
    config = load_config(workspace / "memory_config.json")
    for folder, name in (("2026-07-20", "x.md"), ("2026-07-20-work", "y.md")):
        (config.chats_dir / folder).mkdir(exist_ok=True)
        (config.chats_dir / folder / name).write_text(f"# {name}\n\nRina: ok\n", "utf-8")
    sync(config)
    layout = Layout(config)
    catalog = open_catalog(config, read_only=True)
    daily = daily_survey(config, catalog, layout)
    assert daily is not None
    full = survey(config, catalog, layout=layout)
    day = date(2026, 7, 20)
    assert daily.local_transcripts(day) == full.local_transcripts(day)
    assert [p.name for p in full.local_transcripts(day)][-2:] == ["x.md", "y.md"]

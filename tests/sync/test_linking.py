"""The links sync keeps change only their own line: a note's BOM and CRLF line ends stay."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from vaultkit.catalog.opener import open_catalog
from vaultkit.config import load_config
from vaultkit.files.layout import Layout
from vaultkit.sync.daily import sync
from vaultkit.sync.daily_look import daily_look
from vaultkit.sync.full_look import full_look


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
    daily = daily_look(config, catalog, layout)
    assert daily is not None
    full = full_look(config, catalog, layout=layout)
    day = date(2026, 7, 20)
    assert daily.local_transcripts(day) == full.local_transcripts(day)
    assert [p.name for p in full.local_transcripts(day)][-2:] == ["x.md", "y.md"]


QUOTED_SPINE = "« [[2020-01-01]] | Timeline Spine"
QUOTED_PARENT = "↑ [[2020-01-01]] | Daily Note"


def test_a_spine_like_line_below_the_first_is_the_notes_text(workspace: Path) -> None:
    """Only a note's first line is its spine: one like it further down stays, on any day."""
    config = load_config(workspace / "memory_config.json")
    first = config.memory_dir / "2026-07-01.md"  # the first day: it has no spine of its own
    first_text = first.read_text("utf-8") + f"\nThe spine reads:\n{QUOTED_SPINE}\n"
    first.write_text(first_text, "utf-8")
    later = config.memory_dir / "2026-07-05.md"
    body = later.read_text("utf-8").split("\n\n", 1)[1]  # its spine line gone
    later.write_text(f"# quoted\n{QUOTED_SPINE}\n\n{body}", "utf-8")
    sync(config)
    assert first.read_text("utf-8") == first_text
    assert later.read_text("utf-8") == (
        f"« [[2026-07-04]] | Timeline Spine\n\n# quoted\n{QUOTED_SPINE}\n\n{body}"
    )
    assert not sync(config).changes


def test_a_parent_like_line_below_the_first_is_the_transcripts_text(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    chat = config.chats_dir / "2026-05-01" / "quoted.md"
    chat.parent.mkdir(parents=True)
    chat.write_text(f"# Chat\n\nRina: the link reads\n{QUOTED_PARENT}\n", "utf-8")
    sync(config)
    assert chat.read_text("utf-8") == (
        f"↑ [[2026-05-01]] | Daily Note\n\n# Chat\n\nRina: the link reads\n{QUOTED_PARENT}\n"
    )
    assert not sync(config).changes


def test_with_frontmatter_the_spine_is_the_first_line_after_it(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    note = config.memory_dir / "2026-07-05.md"
    body = note.read_text("utf-8").split("\n\n", 1)[1]
    note.write_text(f"---\ntags: [quiet]\n---\n{body}", "utf-8")
    sync(config)
    linked = f"---\ntags: [quiet]\n---\n« [[2026-07-04]] | Timeline Spine\n\n{body}"
    assert note.read_text("utf-8") == linked
    assert not sync(config).changes

"""A transcript saved under its source's key: found again by it, grown in place, and never
written over once a person has edited it unless asked."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.errors import UnsafeWriteError
from vaultkit.files.layout import Layout
from vaultkit.lint import lint_vault
from vaultkit.sync.daily import sync
from vaultkit.workspace.keyed import key_tag, save_keyed_transcript

DAY = date(2026, 7, 11)  # the example vault has no note of this day
TAG = key_tag("chatgpt", "6720-abcd")


@pytest.fixture
def layout(workspace: Path) -> Layout:
    return Layout(load_config(workspace / "memory_config.json"))


def save(layout: Layout, text: str, title: str = "Deploy Jumat", **options: bool):  # type: ignore[no-untyped-def]
    return save_keyed_transcript(layout, day=DAY, tag=TAG, title=title, text=text, **options)


def test_a_new_conversation_gets_its_file_and_its_days_note(layout: Layout) -> None:
    saved, written = save(layout, "Me: deploy Jumat aman ga?\n\nChatGPT: Aman kalau ada rollback.")
    assert saved.state == "new" and saved.written
    assert saved.path == f"memory/chats/2026-07-11/deploy-jumat-{TAG}.md"
    assert saved.also == ("memory/2026-07-11.md", "memory/2026-07-13.md")
    assert [layout.rel(p) for p in written] == [saved.path, *saved.also]
    assert (layout.vault_dir / saved.path).read_text() == (
        "↑ [[2026-07-11]] | Daily Note\n\n# Chat: Deploy Jumat\n\n"
        "Me: deploy Jumat aman ga?\n\nChatGPT: Aman kalau ada rollback.\n"
    )


def test_the_same_conversation_again_writes_nothing(layout: Layout) -> None:
    save(layout, "Me: hi\n\nChatGPT: hello")
    before = tree_hashes(layout.vault_dir)
    saved, written = save(layout, "Me: hi\n\nChatGPT: hello", title="A new title")
    assert (saved.state, written) == ("same", [])
    assert tree_hashes(layout.vault_dir) == before


def test_a_grown_conversation_is_updated_in_place_keeping_its_heading(layout: Layout) -> None:
    first, _ = save(layout, "Me: hi\n\nChatGPT: hello")
    path = layout.vault_dir / first.path
    path.write_text(path.read_text().replace("# Chat: Deploy Jumat", "# Chat: Deploy plan"))
    grown, written = save(layout, "Me: hi\n\nChatGPT: hello\n\nMe: and Friday?", title="Other")
    assert grown.state == "grown" and grown.path == first.path and written == [path]
    assert path.read_text().endswith(
        "# Chat: Deploy plan\n\nMe: hi\n\nChatGPT: hello\n\nMe: and Friday?\n"
    )


def test_an_edited_transcript_is_left_unless_replace_asks(layout: Layout) -> None:
    first, _ = save(layout, "Me: hi\n\nChatGPT: hello")
    path = layout.vault_dir / first.path
    edited = path.read_text().replace("hello", "hello (this was wrong)")
    path.write_text(edited)
    left, written = save(layout, "Me: hi\n\nChatGPT: hello\n\nMe: more")
    assert (left.state, written, path.read_text()) == ("edited", [], edited)
    replaced, written = save(layout, "Me: hi\n\nChatGPT: hello\n\nMe: more", replace=True)
    assert replaced.state == "replaced" and written == [path]
    assert path.read_text().endswith("ChatGPT: hello\n\nMe: more\n")


def test_a_dry_run_says_what_it_would_do_and_writes_nothing(layout: Layout) -> None:
    before = tree_hashes(layout.vault_dir)
    saved, written = save(layout, "Me: hi", dry_run=True)
    assert (saved.state, written) == ("new", [])
    assert saved.also == ("memory/2026-07-11.md",)
    assert tree_hashes(layout.vault_dir) == before


def test_a_linked_day_folder_is_neither_read_nor_written(layout: Layout, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / f"x-{TAG}.md").write_text("not ours")
    (layout.chats_dir / DAY.isoformat()).symlink_to(outside)
    with pytest.raises(UnsafeWriteError):
        save(layout, "Me: hi")
    assert [p.name for p in outside.iterdir()] == [f"x-{TAG}.md"]


def test_what_it_writes_lints_clean_and_sync_keeps(workspace: Path, layout: Layout) -> None:
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    save(layout, "Me: ```python\nprint(1)\n```\n\nChatGPT: | a | b |\n|---|---|")
    assert sync(config).ok
    chats = {k: v for k, v in tree_hashes(layout.vault_dir).items() if "/chats/" in k}
    assert sync(config).ok
    assert {k: v for k, v in tree_hashes(layout.vault_dir).items() if "/chats/" in k} == chats
    assert lint_vault(config).problems == ()

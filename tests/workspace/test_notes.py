"""The write tools on a real vault: what `remember` and `save_transcript` write, that sync then
changes nothing of it, that search finds it at once, and what they refuse."""

from __future__ import annotations

import io
import os
import re
import threading
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.errors import UnsafeWriteError, UsageError
from vaultkit.files.lock import vault_lock
from vaultkit.files.names import is_reserved
from vaultkit.files.wikilinks import find_wikilinks
from vaultkit.lint import fix_vault, lint_vault
from vaultkit.mcp.server import McpServer
from vaultkit.search.search import search
from vaultkit.sync.daily import sync
from vaultkit.workspace.notes import remember, save_transcript

AS_OF = date(2026, 7, 31)


@pytest.fixture
def config(workspace: Path) -> Path:
    path = workspace / "memory_config.json"
    assert sync(load_config(path)).ok
    return path


def found(config: Path, query: str) -> list[str]:
    result = search(load_config(config), query, top_k=3, as_of=AS_OF)
    return [hit.date.isoformat() for hit in result.hits]


def notes(config: Path) -> dict[str, str]:
    """Hashes of the daily notes and transcripts: what sync must leave as remember wrote it."""
    hashes = tree_hashes(load_config(config).vault_dir)
    kept = {k: v for k, v in hashes.items() if re.fullmatch(r"memory/[\d-]{10}\.md", k)}
    return kept | {k: v for k, v in hashes.items() if k.startswith("memory/chats/")}


def test_a_new_day_gets_its_note_threaded_and_sync_changes_none_of_it(config: Path) -> None:
    loaded = load_config(config)
    written = remember(loaded, "Booked the Zanzibar trip\nfor August, with Rina", date(2026, 7, 11))
    assert written.created and written.written
    assert written.path == "memory/2026-07-11.md" and written.also == ("memory/2026-07-13.md",)
    assert (loaded.memory_dir / "2026-07-11.md").read_text() == (
        "« [[2026-07-10]] | Timeline Spine\n\n# 2026-07-11\n\n"
        "- Booked the Zanzibar trip\n  for August, with Rina\n"
    )
    assert (
        (loaded.memory_dir / "2026-07-13.md")
        .read_text()
        .startswith("« [[2026-07-11]] | Timeline Spine\n")
    )
    shown = save_transcript(
        loaded, "Trip: Zanzibar / August!", "Gading: go?\nNouva: yes", date(2026, 7, 12)
    )
    assert shown.path == "memory/chats/2026-07-12/trip-zanzibar-august.md"
    assert (loaded.vault_dir / shown.path).read_text() == (
        "↑ [[2026-07-12]] | Daily Note\n\n# Chat: Trip: Zanzibar / August!\n\nGading: go?\nNouva: yes\n"
    )
    assert shown.also == ("memory/2026-07-12.md", "memory/2026-07-13.md")  # its day has a note now
    before = notes(config)
    report = sync(load_config(config))
    assert report.ok
    assert notes(config) == before  # only summaries, the index and people's notes changed
    assert {c.path for c in report.changes} >= {"memory/summaries/2026-07-11.summary.md"}
    assert found(config, "zanzibar")[:2] in (
        ["2026-07-11", "2026-07-12"],
        ["2026-07-12", "2026-07-11"],
    )


def test_an_old_day_is_found_by_the_next_search(config: Path) -> None:
    """2026-07-02 is weeks before the newest day: a quick refresh would not look at it."""
    loaded = load_config(config)
    assert found(config, "quokka") == []
    remember(loaded, "Saw a quokka at the zoo with Rina", date(2026, 7, 2))
    assert found(config, "quokka") == ["2026-07-02"]
    save_transcript(loaded, "Axolotl chat", "Rina: the axolotl tank is ready", date(2026, 7, 3))
    assert found(config, "axolotl") == ["2026-07-03"]


def test_an_appended_text_keeps_the_notes_bytes_and_is_not_written_twice(config: Path) -> None:
    loaded = load_config(config)
    path = loaded.memory_dir / "2026-07-16.md"
    windows = b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n").rstrip(b"\r\n")
    path.write_bytes(windows)  # a BOM, CRLF line ends, no line end at the end
    text = "  Ordered \x1bred\x07 soil\tsensors  \r\n\r\n\r\n\x00more\n"
    first = remember(loaded, text, date(2026, 7, 16))
    assert first.written and not first.created
    data = path.read_bytes()
    assert data == windows + b"\r\n- Ordered  red  soil sensors\r\n\r\n   more\r\n"
    again = remember(loaded, "Ordered  red  soil sensors\n\n more", date(2026, 7, 16))
    assert not again.written and path.read_bytes() == data


def test_a_text_that_is_a_list_is_added_as_that_list(config: Path) -> None:
    loaded = load_config(config)
    remember(loaded, "- first thing\n- second thing", date(2026, 7, 19))
    text = (loaded.memory_dir / "2026-07-19.md").read_text()
    assert text.endswith(
        "- Rina planted basil in the new planter.\n- first thing\n- second thing\n"
    )


def test_refusals_are_one_line_and_write_nothing(config: Path, tmp_path: Path) -> None:
    loaded = load_config(config)
    before = tree_hashes(loaded.vault_dir)
    later = date.today() + timedelta(days=2)
    cases: list[tuple[Any, str]] = [
        (lambda: remember(loaded, " \n\x07 ", None), "text: must not be empty"),
        (lambda: remember(loaded, "x", later), "is in the future; at most tomorrow"),
        (lambda: save_transcript(loaded, "\x1b\x07", "x", None), "title: must not be empty"),
        (lambda: remember(loaded, "x" * 1_000_001, date(2026, 7, 5)), "would hold"),
    ]
    for call, said in cases:
        with pytest.raises(UsageError, match=said):
            call()
    outside = tmp_path / "elsewhere.md"
    outside.write_text("# mine\n")
    link = loaded.memory_dir / "2026-07-21.md"
    link.symlink_to(outside)
    with pytest.raises(UnsafeWriteError, match="symbolic link"):
        remember(loaded, "through the link", date(2026, 7, 21))
    assert outside.read_text() == "# mine\n"
    link.unlink()
    elsewhere = tmp_path / "chats-elsewhere"
    elsewhere.mkdir()
    (loaded.chats_dir / "2026-07-22").symlink_to(elsewhere)
    with pytest.raises(UnsafeWriteError, match="outside the vault"):
        save_transcript(loaded, "Escape", "text", date(2026, 7, 22))
    assert list(elsewhere.iterdir()) == []
    (loaded.chats_dir / "2026-07-22").unlink()
    assert tree_hashes(loaded.vault_dir) == before


def test_an_archived_day_is_not_shadowed_by_a_new_note(config: Path) -> None:
    loaded = load_config(config)
    archived = loaded.archive_dir / "2026" / "06" / "2026-06-20.md"
    archived.parent.mkdir(parents=True)
    archived.write_text("# 2026-06-20\n\n- an archived day\n")
    with pytest.raises(UsageError, match="in the archive"):
        remember(loaded, "x", date(2026, 6, 20))
    assert not (loaded.memory_dir / "2026-06-20.md").exists()
    remember(loaded, "the day after the archived one", date(2026, 6, 21))
    assert (loaded.memory_dir / "2026-06-21.md").read_text().startswith("« [[2026-06-20]]")


def test_an_archived_day_stays_on_the_timeline_with_its_archive_offline(config: Path) -> None:
    loaded = load_config(config)
    archived = loaded.archive_dir / "2026" / "06" / "2026-06-20.md"
    archived.parent.mkdir(parents=True)
    archived.write_text("# 2026-06-20\n\n- an archived day\n")
    shown = save_transcript(loaded, "Old call", "A: hi", date(2026, 6, 20))
    assert shown.also == ()  # its note is archived: none is made beside it
    assert sync(loaded).ok and (loaded.summaries_dir / "2026-06-20.summary.md").is_file()
    loaded.archive_dir.rename(loaded.archive_dir.with_name("unplugged"))
    remember(loaded, "the second day after the archived one", date(2026, 6, 22))
    assert (loaded.memory_dir / "2026-06-22.md").read_text().startswith("« [[2026-06-20]]")


def test_same_titles_get_numbers_and_the_same_transcript_is_saved_once(config: Path) -> None:
    loaded = load_config(config)
    day = date(2026, 7, 18)
    first = save_transcript(loaded, "Morning", "A: one", day)
    second = save_transcript(loaded, "Morning", "A: two", day)
    again = save_transcript(loaded, "Morning", "A: two", day)
    assert (first.path, second.path) == (
        "memory/chats/2026-07-18/morning.md",
        "memory/chats/2026-07-18/morning-2.md",
    )
    assert again.path == second.path and not again.written
    assert first.also == ()  # the day has its note


def test_concurrent_calls_each_write_their_text_once(config: Path) -> None:
    loaded = load_config(config)
    texts = [f"parallel note {i} of the okapi run" for i in range(24)]
    errors: list[BaseException] = []

    def one(text: str) -> None:
        try:
            remember(loaded, text, date(2026, 7, 20))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=one, args=(t,)) for t in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    note = (loaded.memory_dir / "2026-07-20.md").read_text()
    assert all(note.count(f"- {t}\n") == 1 for t in texts)


def test_a_write_waits_for_another_runs_lock(config: Path) -> None:
    loaded = load_config(config)
    held = threading.Event()
    release = threading.Event()

    def sync_like() -> None:
        with vault_lock(loaded.state_dir):  # another open of the lock file: as another process
            held.set()
            release.wait(5)

    thread = threading.Thread(target=sync_like)
    thread.start()
    held.wait(5)
    threading.Timer(0.3, release.set).start()
    started = time.monotonic()
    written = remember(loaded, "written once the lock was free", date(2026, 7, 20))
    thread.join()
    assert written.written and time.monotonic() - started >= 0.25


def test_a_read_only_vault_lists_only_the_read_tools(config: Path) -> None:
    loaded = load_config(config)
    server = McpServer(config, log=io.StringIO())
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}

    def names() -> list[str]:
        answer = server.handle(listing)
        assert answer is not None
        return [t["name"] for t in answer["result"]["tools"]]

    assert names() == ["search", "recall", "remember", "save_transcript"]
    mode = loaded.memory_dir.stat().st_mode
    os.chmod(loaded.memory_dir, mode & ~0o222)  # a-w: read-only, whoever runs the tests
    try:
        assert names() == ["search", "recall"]
        call = {"name": "remember", "arguments": {"text": "x"}}
        answer = server.handle({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call})
        assert answer is not None and answer["result"]["isError"]
        assert "read-only here" in answer["result"]["content"][0]["text"]
    finally:
        os.chmod(loaded.memory_dir, mode)
    assert (
        McpServer(config, log=io.StringIO(), read_only=True).handle(listing)["result"][  # type: ignore[index]
            "tools"
        ]
        == server.handle(listing)["result"]["tools"][:2]
    )  # type: ignore[index]


def test_a_reader_of_the_shared_index_lists_only_the_read_tools(
    workspace: Path, tmp_path: Path, pg_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil
    import uuid

    from tests.fixtures.workspaces import DSN_ENV, shared_config

    pytest.importorskip("psycopg")
    monkeypatch.setenv(DSN_ENV, pg_dsn)
    writer = shared_config(workspace, f"test-{uuid.uuid4().hex[:10]}")
    assert sync(load_config(writer)).ok
    reader = tmp_path / "reader"
    reader.mkdir()
    shutil.copy(writer, reader / "memory_config.json")
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    for where, expected in [(writer, 4), (reader / "memory_config.json", 2)]:
        answer = McpServer(where, log=io.StringIO()).handle(listing)
        assert answer is not None and len(answer["result"]["tools"]) == expected, where
    written = remember(load_config(writer), "The capybara backup plan", date(2026, 7, 14))
    assert written.written
    result = search(
        load_config(reader / "memory_config.json", reading=True), "capybara", as_of=AS_OF
    )
    assert [h.date.isoformat() for h in result.hits][:1] == ["2026-07-14"]


def lint_problems(config: Path, rel: str) -> list[str]:
    """A file's lint problems, but for the ghost links (VK506) of the days a text names."""
    report = lint_vault(load_config(config))
    return [f"{p.rule} {p.message}" for p in report.problems if p.path == rel and p.rule != "VK506"]


def test_a_text_like_vaultkits_own_lines_is_written_as_text_lint_keeps(config: Path) -> None:
    """A written line never reads as a spine, a parent link or a marker: lint takes none of
    them for vaultkit's, `--fix` removes none, and Obsidian shows the text as it was given."""
    loaded = load_config(config)
    remember(loaded, "- ok\n« [[1999-01-01]] | Timeline Spine", date(2026, 7, 19))
    note = loaded.memory_dir / "2026-07-19.md"
    assert note.read_text().endswith("- ok\n« [[1999-01-01]] \\| Timeline Spine\n")
    chat_text = (
        "« [[2026-07-11]] | Timeline Spine\n  ↑ [[1999-01-01]] | Daily Note\n"
        "%% vaultkit source=abc digest=def %%"
    )
    chat = save_transcript(loaded, "Quoting", chat_text, date(2026, 7, 19))
    assert (
        (loaded.vault_dir / chat.path)
        .read_text()
        .endswith(
            "« [[2026-07-11]] \\| Timeline Spine\n  ↑ [[1999-01-01]] \\| Daily Note\n"
            "%% vaultkit source\\=abc digest=def %%\n"
        )
    )
    before = notes(config)
    assert lint_problems(config, "memory/2026-07-19.md") == []
    assert lint_problems(config, chat.path) == []
    fix_vault(load_config(config))
    assert sync(load_config(config)).ok
    assert notes(config) == before


def test_a_title_breaks_no_link_and_names_no_windows_device(config: Path) -> None:
    loaded = load_config(config)
    title = "Plan [[Rina]] | C# #launch ^v2 %%x%%\nnext\x07"
    written = save_transcript(loaded, title, "Rina: ok", date(2026, 7, 19))
    text = (loaded.vault_dir / written.path).read_text()
    assert text.split("\n")[2] == "# Chat: Plan (Rina) - C sharp launch v2 %x% next"
    assert [target for target, _ in find_wikilinks(text)] == ["2026-07-19"]
    assert lint_problems(config, written.path) == []
    for title in ("CON", "nul", "Com1", "lpt9", "LPT¹", "aux.", "Prn "):
        path = Path(save_transcript(loaded, title, f"text of {title}", date(2026, 7, 19)).path)
        assert not is_reserved(path.name), path
        assert path.stem.rstrip(". ") == path.stem


def test_a_line_like_vaultkits_own_in_a_code_block_is_written_as_given(config: Path) -> None:
    """In code a backslash shows, and neither sync nor lint reads code for their lines."""
    loaded = load_config(config)
    code = "```text\n« [[2026-07-11]] | Timeline Spine\n↑ [[2026-07-11]] | Daily Note\n```"
    chat = save_transcript(loaded, "Spine in code", f"Gading: it reads\n{code}", date(2026, 7, 19))
    assert (loaded.vault_dir / chat.path).read_text().endswith(f"\n{code}\n")
    assert lint_problems(config, chat.path) == []


def test_secrets_never_reach_a_note_or_a_transcript(config: Path) -> None:
    loaded = load_config(config)
    key = "sk-ant-api03-" + "Zq8Lw2Rt6Yp0Vn4Xc7Bm1Hs5" + "Jd9Fg3Kk"  # pieces: no scanner flags it
    written = remember(loaded, f"Key Anthropic baru: {key}\n<private>PIN ATM 4821</private>")
    assert "Secrets were left out of what was written (1 anthropic, 1 private)." in written.said()
    text = (loaded.vault_dir / written.path).read_text()
    assert "[REDACTED:anthropic]" in text and key[13:] not in text and "4821" not in text
    saved = save_transcript(
        loaded, f"deploy {key}", "Rina: db url postgresql://app:Sup3rSecret9@db/x\nGading: ok"
    )
    text = (loaded.vault_dir / saved.path).read_text()
    assert "Sup3rSecret9" not in text and key[13:] not in text
    assert "postgresql://app:[REDACTED:password]@db/x" in text
    assert "(1 anthropic, 1 password)" in saved.said()

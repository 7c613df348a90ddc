"""The one writer: atomic replace, refusal of links, of non-files and of concurrent edits; the
one reader of vault files, which never waits on a pipe."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.errors import DirtyFileError, NotAFileError, UnsafeWriteError
from vaultkit.files.layout import scan_archive
from vaultkit.files.listing import Listings
from vaultkit.files.storage import (
    digest,
    file_digest,
    read_bytes,
    remove_stale_temp_files,
    write_atomic,
)


def test_a_write_replaces_the_file_and_says_whether_it_changed(tmp_path: Path) -> None:
    path = tmp_path / "vault" / "memory" / "2026-07-01.md"
    assert write_atomic(path, "one\n", within=tmp_path / "vault") is True
    assert path.read_text() == "one\n"
    assert write_atomic(path, "one\n", within=tmp_path / "vault") is False  # no byte to change
    assert write_atomic(path, "two\n") is True and path.read_text() == "two\n"
    assert [p.name for p in path.parent.iterdir()] == ["2026-07-01.md"]  # no temp file left


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "note.md"
    path.write_text("as read\n")
    seen = file_digest(path)
    path.write_text("edited meanwhile\n")
    with pytest.raises(DirtyFileError):
        write_atomic(path, "ours\n", expected=seen)
    assert path.read_text() == "edited meanwhile\n"
    with pytest.raises(DirtyFileError):  # expected to be new, but it exists now
        write_atomic(path, "ours\n", expected=None)


def test_a_write_keeps_the_files_mode(tmp_path: Path) -> None:
    path = tmp_path / "note.md"
    path.write_text("x\n")
    path.chmod(0o600)
    write_atomic(path, "y\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_symbolic_link_is_never_replaced(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.md"
    target.write_text("theirs\n")
    link = tmp_path / "vault" / "note.md"
    link.parent.mkdir()
    link.symlink_to(target)
    with pytest.raises(UnsafeWriteError, match="symbolic link"):
        write_atomic(link, "ours\n", within=tmp_path / "vault")
    assert link.is_symlink() and target.read_text() == "theirs\n"


def test_a_write_through_a_linked_folder_outside_the_vault_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "memory").symlink_to(outside, target_is_directory=True)
    with pytest.raises(UnsafeWriteError, match="outside the vault"):
        write_atomic(vault / "memory" / "2026-07-01.md", "x\n", within=vault)
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("make", ["fifo", "folder"])
def test_anything_but_a_regular_file_is_neither_read_nor_replaced(
    tmp_path: Path, make: str
) -> None:
    path = tmp_path / "vault" / "2026-07-01.md"
    path.parent.mkdir()
    if make == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    with pytest.raises(NotAFileError, match="not a regular file"):
        read_bytes(path)  # a pipe would block here forever if it were opened to read
    with pytest.raises(NotAFileError, match="not replaced"):
        write_atomic(path, "x\n", within=tmp_path / "vault")
    assert path.is_fifo() if make == "fifo" else path.is_dir()


def test_stale_temp_files_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    (tmp_path / "chats").mkdir()
    (tmp_path / ".note.md.abc.tmp").write_text("half")
    (tmp_path / "chats" / ".t.md.x.tmp").write_text("half")
    (tmp_path / "note.md").write_text("whole")
    listings = Listings()  # what a scan found in the folders it listed
    assert list(scan_archive(tmp_path, listings)) == []
    assert remove_stale_temp_files(listings.temp_files()) == 2
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["note.md"]


@settings(max_examples=50, deadline=None)
@given(st.text())
def test_what_is_written_is_what_is_read(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    path = tmp_path_factory.mktemp("w") / "f.md"
    write_atomic(path, text)
    assert read_bytes(path) == text.encode("utf-8")
    assert file_digest(path) == digest(read_bytes(path))

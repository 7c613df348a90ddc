"""The one writer: atomic replace, refusal of links (the file's, or a folder's on the way, looked
at when each write happens), of non-files and of concurrent edits; the one reader of vault
files, which never waits on a pipe."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.errors import DirtyFileError, NotAFileError, UnsafeWriteError
from vaultkit.files.layout import scan_archive
from vaultkit.files.listing import Listings
from vaultkit.files.storage import (
    check_safe_target,
    digest,
    file_digest,
    is_inside,
    read_bytes,
    remove_file,
    remove_stale_temp_files,
    write_atomic,
    write_bytes_atomic,
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


def test_a_folder_swapped_for_a_link_after_a_write_is_refused(tmp_path: Path) -> None:
    """What a folder's path named at the first write is never trusted at the next one."""
    vault, outside = tmp_path / "vault", tmp_path / "outside"
    outside.mkdir()
    day = vault / "memory" / "chats" / "2026-07-22"
    assert write_atomic(day / "call.md", "one\n", expected=None, within=vault)
    shutil.rmtree(day)
    day.symlink_to(outside, target_is_directory=True)
    for write in (
        lambda: write_atomic(day / "call.md", "two\n", expected=None, within=vault),
        lambda: write_bytes_atomic(day / "call.md", b"two\n", within=vault),
        lambda: check_safe_target(day / "call.md", vault),
    ):
        with pytest.raises(UnsafeWriteError) as refused:
            write()
        assert refused.value.rule == "symlink" and "\n" not in str(refused.value)
        assert "its folder memory/chats/2026-07-22 is a symbolic link" in str(refused.value)
    assert not is_inside(day / "call.md", vault)
    assert list(outside.iterdir()) == []


def test_a_linked_folder_part_way_is_refused_and_nothing_is_made_through_it(
    tmp_path: Path,
) -> None:
    vault, outside = tmp_path / "vault", tmp_path / "outside"
    outside.mkdir()
    (vault / "memory").mkdir(parents=True)
    (vault / "memory" / "chats").symlink_to(outside, target_is_directory=True)
    target = vault / "memory" / "chats" / "2026-07-22" / "call.md"
    with pytest.raises(UnsafeWriteError, match="its folder memory/chats is a symbolic link"):
        write_atomic(target, "x\n", expected=None, within=vault)
    assert list(outside.iterdir()) == []  # not even the day's folder was made there


def test_a_link_between_two_folders_of_the_vault_is_refused_too(tmp_path: Path) -> None:
    """A link is refused wherever it leads: where it leads can change after it is looked at."""
    vault = tmp_path / "vault"
    (vault / "memory" / "real").mkdir(parents=True)
    (vault / "memory" / "linked").symlink_to(vault / "memory" / "real")
    with pytest.raises(UnsafeWriteError, match="symbolic link"):
        write_atomic(vault / "memory" / "linked" / "note.md", "x\n", within=vault)
    assert list((vault / "memory" / "real").iterdir()) == []


def test_a_removal_goes_through_no_linked_folder(tmp_path: Path) -> None:
    vault, outside = tmp_path / "vault", tmp_path / "outside"
    (outside / "people").mkdir(parents=True)
    (outside / "people" / "rina.md").write_text("theirs\n")
    (vault / "memory").mkdir(parents=True)
    (vault / "memory" / "people").symlink_to(outside / "people")
    path = vault / "memory" / "people" / "rina.md"
    with pytest.raises(UnsafeWriteError, match="symbolic link"):
        remove_file(path, expected=digest("theirs\n"), within=vault)
    assert (outside / "people" / "rina.md").read_text() == "theirs\n"


def test_a_path_that_climbs_out_of_the_vault_is_refused(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    with pytest.raises(UnsafeWriteError, match="outside the vault"):
        write_atomic(vault / "memory" / ".." / ".." / "escaped.md", "x\n", within=vault)
    assert not (tmp_path / "escaped.md").exists()


def test_a_new_file_gets_the_umask_s_mode_and_the_folders_are_made(tmp_path: Path) -> None:
    path = tmp_path / "vault" / "a" / "b" / "note.md"
    write_bytes_atomic(path, b"x\n", within=tmp_path / "vault")
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    assert path.read_bytes() == b"x\n" and sorted(os.listdir(path.parent)) == ["note.md"]

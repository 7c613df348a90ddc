"""An export found as its file, its folder (or a folder inside) or its zip, at any depth."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from vaultkit.capture.exports import open_export
from vaultkit.capture.json_stream import array_items
from vaultkit.errors import UsageError

DATA = b'[{"id": "c1", "title": "Gw mau deploy Jumat, aman ga?"}]'


def items_of(path: Path) -> tuple[list[object], str]:
    with open_export(path) as (stream, where, _):
        return list(array_items(stream, where, 4)), where


def zipped(tmp_path: Path, members: dict[str, bytes], name: str = "export.zip") -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return path


def test_the_file_itself_under_any_name(tmp_path: Path) -> None:
    path = tmp_path / "chatgpt-2025.json"
    path.write_bytes(DATA)
    items, where = items_of(path)
    assert items == [{"id": "c1", "title": "Gw mau deploy Jumat, aman ga?"}]
    assert where == str(path)


def test_a_folder_holding_it_directly(tmp_path: Path) -> None:
    (tmp_path / "conversations.json").write_bytes(DATA)
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "conversations.json").write_bytes(b"[]")  # directly wins
    items, where = items_of(tmp_path)
    assert len(items) == 1
    assert where == str(tmp_path / "conversations.json")


def test_a_folder_holding_it_one_level_down(tmp_path: Path) -> None:
    (tmp_path / "export-2025-06-01").mkdir()
    (tmp_path / "export-2025-06-01" / "conversations.json").write_bytes(DATA)
    items, where = items_of(tmp_path)
    assert len(items) == 1
    assert where.endswith("conversations.json")


def test_a_folder_without_it_or_with_two_one_level_down(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "conversations.json").write_bytes(DATA)  # two levels: not looked at
    with pytest.raises(UsageError, match=r"no conversations\.json in it or in a folder inside it"):
        items_of(tmp_path)
    for name in ("x", "y"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "conversations.json").write_bytes(DATA)
    with pytest.raises(UsageError, match=r"2 files named conversations.json in it \(x/.*, y/"):
        items_of(tmp_path)


@pytest.mark.parametrize("member", ["conversations.json", "Export 2025/data/conversations.json"])
def test_a_zip_holding_it_at_any_depth_streamed_not_unpacked(tmp_path: Path, member: str) -> None:
    path = zipped(tmp_path, {member: DATA, "user.json": b"{}", "chat.html": b"<html>"})
    items, where = items_of(path)
    assert len(items) == 1
    assert where == f"{path}/{member}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.zip"]


def test_a_zip_is_known_by_its_content_too(tmp_path: Path) -> None:
    path = zipped(tmp_path, {"conversations.json": DATA}, name="download")
    assert len(items_of(path)[0]) == 1


def test_a_zip_without_it_or_with_two(tmp_path: Path) -> None:
    none = zipped(tmp_path, {"user.json": b"{}", "__MACOSX/._conversations.json": b"x"})
    with pytest.raises(UsageError, match=r"no conversations\.json in the zip"):
        items_of(none)
    two = zipped(tmp_path, {"a/conversations.json": DATA, "b/conversations.json": DATA}, "2.zip")
    with pytest.raises(UsageError, match=r"2 files named conversations\.json in the zip"):
        items_of(two)


def test_a_broken_zip_and_a_missing_path(tmp_path: Path) -> None:
    broken = tmp_path / "export.zip"
    broken.write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(UsageError, match="not a readable zip"):
        items_of(broken)
    with pytest.raises(UsageError, match="no such file or folder") as raised:
        items_of(tmp_path / "missing.zip")
    assert "missing.zip" in str(raised.value)
    assert "\n" not in str(raised.value)

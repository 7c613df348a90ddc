"""A top-level JSON array read item by item, in chunks smaller than its items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.capture.json_stream import BOM, array_items
from vaultkit.errors import FileFormatError


def read(path: Path, chunk_size: int = 7) -> list[object]:
    with path.open("rb") as stream:
        return list(array_items(stream, str(path), chunk_size))


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "conversations.json"
    path.write_bytes(data)
    return path


def collect(path: Path, chunk_size: int = 7) -> tuple[list[object], FileFormatError]:
    """The items yielded before the error, and the error."""
    items: list[object] = []
    with path.open("rb") as stream, pytest.raises(FileFormatError) as raised:
        for item in array_items(stream, str(path), chunk_size):
            items.append(item)
    return items, raised.value


def test_items_spanning_chunks_and_multibyte_characters_at_the_boundaries(tmp_path: Path) -> None:
    items = [
        {"title": "Deploy Jumat", "text": "Gw mau deploy Jumat, aman ga? 🚀 ñ 日本語", "n": i}
        for i in range(300)
    ]
    data = json.dumps(items, ensure_ascii=False, indent=1).encode()
    path = write(tmp_path, data)
    assert len(data) > 30 * 1024
    # every chunk size from 1 to 13 puts some boundary inside a 2-, 3- and 4-byte character
    for chunk_size in range(1, 14):
        assert read(path, chunk_size) == items
    assert read(path, 1 << 20) == items


def test_brackets_quotes_and_escapes_inside_strings_are_text(tmp_path: Path) -> None:
    items = ['a"]b', {"x": "}{][", "y": "\\", "z": ['\\"', "\\\\]"]}, "\\", "\u2028"]
    path = write(tmp_path, json.dumps(items).encode())
    for chunk_size in (1, 2, 3, 5):
        assert read(path, chunk_size) == items


def test_scalars_whitespace_and_a_byte_order_mark(tmp_path: Path) -> None:
    path = write(tmp_path, BOM + b' \r\n\t[ 1 ,-2.5e3,\n"s" , true,false ,null,{},[] ]\n\n')
    for chunk_size in (1, 2, 3, 4, 100):
        assert read(path, chunk_size) == [1, -2500.0, "s", True, False, None, {}, []]


@pytest.mark.parametrize("data", [b"[]", b"  [ \n ]  ", BOM + b"[]"])
def test_an_empty_array_yields_nothing(tmp_path: Path, data: bytes) -> None:
    assert read(write(tmp_path, data), 1) == []


def test_a_truncated_file_yields_the_complete_items_then_names_the_byte(tmp_path: Path) -> None:
    data = json.dumps([{"a": "satu"}, {"b": "dua"}, {"c": "tiga"}]).encode()
    cut = data.index(b'{"c"') + 5
    items, error = collect(write(tmp_path, data[:cut]))
    assert items == [{"a": "satu"}, {"b": "dua"}]
    assert str(tmp_path / "conversations.json") in str(error)
    assert f"cut off at byte {cut}" in str(error)
    assert f"starts at byte {cut - 5}" in str(error)


def test_an_unclosed_array_is_cut_off(tmp_path: Path) -> None:
    items, error = collect(write(tmp_path, b'[{"a": 1}, '))
    assert items == [{"a": 1}]
    assert "cut off at byte 11: the array is not closed" in str(error)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"a": [1]}', "not a JSON array: it starts with '{' (at byte 0)"),
        (b"  \n", "no JSON array: the file is empty or blank"),
        (b"", "no JSON array"),
        (BOM + b" x", "it starts with 'x' (at byte 4)"),
    ],
)
def test_a_file_that_is_not_an_array(tmp_path: Path, data: bytes, message: str) -> None:
    items, error = collect(write(tmp_path, data))
    assert items == []
    assert message in str(error)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'[1, {"a": tru}]', "not valid JSON: Expecting value (at byte 10)"),
        (b'[1, {"a": 1]]', "not valid JSON"),
        (b"[1, \xff]", "not UTF-8 (at byte 4)"),
        (b'[1, "\xff"]', "not UTF-8 (at byte 5)"),
        (b"[1 2]", "expected ',' or ']' after an item, found '2' (at byte 3)"),
        (b"[1,]", "expected an item, found ']' (at byte 3)"),
        (b"[1] [2]", "more after the array's end: '[' (at byte 4)"),
    ],
)
def test_a_broken_item_is_an_error_after_the_items_before_it(
    tmp_path: Path, data: bytes, message: str
) -> None:
    items, error = collect(write(tmp_path, data), chunk_size=2)
    assert items == [1]
    assert message in str(error)


def test_an_error_offset_counts_bytes_not_characters(tmp_path: Path) -> None:
    data = '["日本", {"a": "ñ", "b": x}]'.encode()
    items, error = collect(write(tmp_path, data))
    assert items == ["日本"]
    assert f"(at byte {data.index(b'x')})" in str(error)


def test_nesting_too_deep_for_the_parser_is_a_file_error(tmp_path: Path) -> None:
    items, error = collect(write(tmp_path, b"[1, " + b"[" * 100_000 + b"]" * 100_000 + b"]"))
    assert items == [1]
    assert "nested too deeply" in str(error)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    items=st.lists(json_values, max_size=8),
    chunk_size=st.integers(min_value=1, max_value=9),
    ascii_only=st.booleans(),
    indent=st.sampled_from([None, 0, 2]),
)
def test_any_json_list_streams_back_exactly(
    tmp_path_factory: pytest.TempPathFactory,
    items: list[object],
    chunk_size: int,
    ascii_only: bool,
    indent: int | None,
) -> None:
    path = tmp_path_factory.mktemp("stream") / "conversations.json"
    path.write_bytes(json.dumps(items, ensure_ascii=ascii_only, indent=indent).encode())
    assert read(path, chunk_size) == items

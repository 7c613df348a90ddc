"""File names Windows accepts: no device name, no trailing dot or space."""

from __future__ import annotations

import pytest

from vaultkit.files.names import is_reserved, safe_file_name


@pytest.mark.parametrize(
    "name", ["CON", "con", "Nul.md", "aux.tar.gz", "PRN ", "com1", "COM9.md", "lpt0", "LPT¹.md"]
)
def test_device_names_are_reserved_in_any_case_and_with_any_extension(name: str) -> None:
    assert is_reserved(name)
    safe = safe_file_name(name)
    assert not is_reserved(safe)
    assert safe.casefold().startswith(name.split(".")[0].strip().casefold())


@pytest.mark.parametrize("name", ["console", "com10", "nuls.md", "my con", "lpt", "a.con"])
def test_names_that_only_hold_a_device_name_are_kept(name: str) -> None:
    assert not is_reserved(name)
    assert safe_file_name(name) == name


def test_a_device_name_gets_a_mark_before_its_extension() -> None:
    assert safe_file_name("CON") == "CON_"
    assert safe_file_name("nul.md") == "nul_.md"
    assert safe_file_name("Aux .md") == "Aux_.md"


def test_trailing_dots_and_spaces_go() -> None:
    assert safe_file_name("notes. .") == "notes"
    assert safe_file_name("con. ") == "con_"
    assert safe_file_name("...") == "_"

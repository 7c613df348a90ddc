"""The capture section: the time zone that gives a conversation its day, the person's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultkit.config import CaptureConfig, config_from_dict
from vaultkit.errors import ConfigError


def test_the_defaults_are_this_machines_zone_and_me(tmp_path: Path) -> None:
    assert config_from_dict({}, root=tmp_path).capture == CaptureConfig(time_zone="", me="Me")


def test_a_named_zone_and_name_are_kept(tmp_path: Path) -> None:
    data = {"capture": {"time_zone": "Asia/Jakarta", "me": "Gading"}}
    capture = config_from_dict(data, root=tmp_path).capture
    assert (capture.time_zone, capture.me) == ("Asia/Jakarta", "Gading")


@pytest.mark.parametrize(
    ("section", "said"),
    [
        ({"time_zone": "Asia/Bandung"}, "capture.time_zone: expected an IANA time zone"),
        ({"time_zone": "../../etc/passwd"}, "capture.time_zone: expected an IANA time zone"),
        ({"me": "Me: really"}, "capture.me: expected a name"),
        ({"me": "  "}, "capture.me: expected a name"),
        ({"me": 3}, "capture.me: expected a string"),
        ({"zone": "UTC"}, "capture.zone: unknown key"),
    ],
)
def test_a_wrong_value_is_named_by_its_key(
    tmp_path: Path, section: dict[str, object], said: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_dict({"capture": section}, root=tmp_path, source=tmp_path / "c.json")
    assert said in str(caught.value)
    assert str(caught.value).startswith(str(tmp_path / "c.json"))

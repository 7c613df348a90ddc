"""One run at a time per vault."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultkit.errors import LockedError
from vaultkit.files.lock import vault_lock


def test_a_second_holder_is_refused_at_once_and_the_lock_frees_after(tmp_path: Path) -> None:
    with (
        vault_lock(tmp_path),
        pytest.raises(LockedError, match="another vaultkit run"),
        vault_lock(tmp_path),
    ):
        pass
    with vault_lock(tmp_path):
        assert (tmp_path / "lock").read_text().isdigit()

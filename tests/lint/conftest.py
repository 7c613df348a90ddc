"""The lint tests' workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lint.cases import make_workspace


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")

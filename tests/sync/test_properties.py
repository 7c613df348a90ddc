"""Whatever bytes a summary or a daily note holds, sync reports; it never raises."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultkit.config import config_from_dict
from vaultkit.sync.daily import sync

YAMLISH = st.lists(
    st.sampled_from(
        [
            "---\n", "date: 2026-07-01\n", "date: 2026-02-30\n", "related_dates: [2026-13-01]\n",
            "importance: 11\n", "importance: 1e400\n", "people: {a: b}\n", "tags: [[x]]\n",
            "mood: off\n", "- item\n", "%% vaultkit source=ab digest=cd %%\n", "\ufeff", "\r\n",
            "key: &a [*a]\n", ": :\n", "\t\n", "é\n",
        ]
    ),
    max_size=12,
).map("".join)  # fmt: skip


def run_once(summary: bytes, note: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        memory = root / "vault" / "memory"
        (memory / "summaries").mkdir(parents=True)
        (memory / "2026-06-30.md").write_text("# 2026-06-30\n\n- Decided to use Kubernetes.\n")
        (memory / "2026-07-01.md").write_bytes(note)
        (memory / "summaries" / "2026-07-01.summary.md").write_bytes(summary)
        config = config_from_dict({"vocabulary": {"technologies": ["Kubernetes"]}}, root=root)
        first = sync(config)
        second = sync(config, force=True)
        assert isinstance(first.failed, list) and isinstance(second.failed, list)
        shutil.rmtree(root / "vault" / ".vaultkit", ignore_errors=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    summary=st.one_of(st.binary(max_size=200), YAMLISH.map(str.encode)),
    note=st.binary(max_size=120),
)
def test_sync_never_raises_on_any_file_content(summary: bytes, note: bytes) -> None:
    run_once(summary, note)

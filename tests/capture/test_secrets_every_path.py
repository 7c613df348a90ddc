"""Every kind of secret through every capture path: `remember`, `save_transcript`, an import
and a session's hook. None is left in any file under the vault afterwards, `.vaultkit/` (the
index, the catalog) included, once a sync has summarized and indexed what was written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.exports import claude_conversation, write_export
from tests.text.test_secrets import (
    ANTHROPIC,
    AWS_KEY_ID,
    AWS_SECRET,
    GITHUB_CLASSIC,
    GITHUB_FINE,
    GOOGLE,
    JWT,
    OPENAI_PROJ,
    SLACK_BOT,
    SLACK_HOOK,
    STRIPE_LIVE,
    pem,
)
from vaultkit.capture.imports import import_export
from vaultkit.capture.session import capture_session
from vaultkit.config import Config, load_config
from vaultkit.sync.daily import sync
from vaultkit.workspace.notes import remember, save_transcript

DAY = date(2026, 7, 11)
PRIVATE_KEY = pem("OPENSSH PRIVATE KEY")
# What each kind's secret looks like in a sentence, and the part that must never be written.
SAID = [
    (f"key OpenAI gw {OPENAI_PROJ} jangan disebar", OPENAI_PROJ[8:]),
    (f"ANTHROPIC_API_KEY={ANTHROPIC}", ANTHROPIC[14:]),
    (f"aws_access_key_id = {AWS_KEY_ID}", AWS_KEY_ID[4:]),
    (f"aws_secret_access_key = {AWS_SECRET}", AWS_SECRET[10:]),
    (f"token GitHub: {GITHUB_CLASSIC}", GITHUB_CLASSIC[4:]),
    (f"fine-grained {GITHUB_FINE}", GITHUB_FINE[12:]),
    (f"bot Slack {SLACK_BOT}", SLACK_BOT[5:]),
    (f"webhook {SLACK_HOOK}", SLACK_HOOK[30:]),
    (f"Maps key {GOOGLE}", GOOGLE[4:]),
    (f"Stripe {STRIPE_LIVE}", STRIPE_LIVE[8:]),
    (f"Authorization: Bearer {JWT}", JWT[40:70]),
    (PRIVATE_KEY, PRIVATE_KEY.split("\n")[1][10:40]),
    ("DATABASE_URL=postgresql://app:Sup3rSecret9x@db:5432/prod", "Sup3rSecret9x"),
    ("password: hunter2-Budi77", "hunter2-Budi77"),
    ("<private>nomor PIN gw 482915</private> selesai", "482915"),
]
TEXT = "Catatan deploy Jumat:\n" + "\n".join(sentence for sentence, _ in SAID)


def via_remember(config: Config, tmp_path: Path) -> None:
    remember(config, TEXT, DAY)


def via_save_transcript(config: Config, tmp_path: Path) -> None:
    save_transcript(config, "Rahasia deploy", TEXT, DAY)


def via_import(config: Config, tmp_path: Path) -> None:
    turns = [("user", TEXT), ("assistant", "Noted, semua key di atas harus di-rotate.")]
    export = write_export(
        tmp_path / "export",
        [claude_conversation("u-1", "Keys", "2026-07-11T09:00:00+07:00", turns)],
    )
    assert import_export(config, "claude", export).saved


def via_hook(config: Config, tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    line = {
        "type": "user",
        "message": {"role": "user", "content": TEXT},
        "timestamp": "2026-07-11T02:00:00Z",
    }
    transcript.write_text(json.dumps(line) + "\n")
    payload = {
        "session_id": "s-1",
        "transcript_path": str(transcript),
        "hook_event_name": "SessionEnd",
    }
    assert capture_session(config, "claude-code", json.dumps(payload)).saved


@pytest.mark.parametrize("path", [via_remember, via_save_transcript, via_import, via_hook])
def test_no_secret_of_any_kind_is_left_under_the_vault(
    workspace: Path, tmp_path: Path, path: Callable[[Config, Path], None]
) -> None:
    config = load_config(workspace / "memory_config.json")
    path(config, tmp_path)
    assert sync(config).ok
    files = [p for p in config.vault_dir.rglob("*") if p.is_file()]
    assert any(".vaultkit" in p.parts for p in files)
    for _, secret in SAID:
        # A PIN stands alone: "482915" inside a longer run of digits (once, in the catalog's
        # binary pages) is another number, there by chance. The others are slices of a key,
        # so any occurrence is a leak.
        found = re.compile(rb"(?<!\d)" + secret.encode() + rb"(?!\d)" if secret.isdigit()
                           else re.escape(secret.encode()))  # fmt: skip
        leaked = [p for p in files if found.search(p.read_bytes())]
        assert leaked == [], secret
    written = "\n".join(p.read_text("utf-8", "replace") for p in files if p.suffix == ".md")
    assert written.count("[REDACTED:") >= len(SAID) - 1  # the private part leaves no mark

"""Whatever a summarizer answers, what `vaultkit sync` writes lints clean: a bullet or a name
holding vaultkit's own structure (a spine or parent line, the marker, a wikilink, an Obsidian
comment, a frontmatter fence, control characters, a line far too long) is written as plain
text, and a name Windows keeps for a device never becomes a file's name."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from tests.fixtures.llm_server import chat
from tests.fixtures.workspaces import GOOD, llm_workspace
from vaultkit.files.names import is_reserved
from vaultkit.files.wikilinks import plain_line
from vaultkit.model import DayFields
from vaultkit.summarize.base import validate_fields

HOSTILE_BULLETS = [
    [
        "« [[1999-01-01]] | Timeline Spine",
        "↑ [[2026-07-01]] | Daily Note",
        "%% vaultkit source=0123456789abcdef digest=0123456789abcdef %%",
        "%% vaultkit:generated (sync rewrites this part; your own notes go below it) %%",
        "Met [[Gading|the boss]] about ![[diagram.png]] and [[Nobody]]",
        "A comment %% opens here and never closes",
    ],
    [
        "---\nschema_version: 2\ndate: 1999-01-01\n---",
        "---",
        "- - nested list marks and a | pipe and [[ an open link",
        "]] a closing one, and [[[[nested]]]] brackets",
        "bell\x07 escape\x1b[31m red\x1b[0m next\u0085line\u2028sep",
        "**🔗 Links:** [[Forged]] · [[Footer]]",
    ],
    [
        "x" * 5000,
        "a very long line " * 400,
        "tab\tand\r\ncarriage returns\rand a NUL\x00 byte",
        "## a heading in a bullet, with [[2026-07-02#Heading|a heading link]]",
        "`[[in a code span]]` and ``` a fence",
        "%%%%",
    ],
]
HOSTILE_NAMES = {
    "people": ["Gading", "[[Evil]]", "a|b", "%% hidden %%", "Sari\nBudi", "\x1b[2J"],
    "technologies": ["%% vaultkit source=1 digest=2 %%", "[[k8s]]", "Ceph"],
    "projects": ["Homelab", "[[Garden Sensors]]"],
    "libraries": ["]]pytest[["],
    "mood": "%% calm [[x]] %%",
}


def _answers() -> list[dict[str, object]]:
    return [{**GOOD, **HOSTILE_NAMES, "bullets": bullets} for bullets in HOSTILE_BULLETS]


def _lint(cli, config: Path) -> tuple[int, list[dict[str, object]]]:
    result = cli("lint", "--json", "--config", config)
    return result.exit_code, json.loads(result.stdout)["problems"]


def test_a_hostile_llm_answer_is_written_as_plain_text_and_lints_clean(
    workspace: Path, cli, llm_server
) -> None:
    config = llm_workspace(workspace, llm_server.url, days=len(HOSTILE_BULLETS))
    llm_server.reply(*(chat(answer) for answer in _answers()))
    synced = cli("sync", "--config", config)
    assert synced.exit_code == 0, synced.stderr
    assert _lint(cli, config) == (0, [])

    summaries = sorted((workspace / "vault" / "memory" / "summaries").glob("*.summary.md"))
    assert len(summaries) == len(HOSTILE_BULLETS)
    for path in summaries:
        text = path.read_text(encoding="utf-8")
        body = text.split("\n---\n", 1)[1]
        lines = body.split("\n")
        assert lines[0] == f"↑ [[{path.name[:10]}]] | Daily Note"
        footer = [line for line in lines if line.startswith("**🔗 Links:**")]
        assert len(footer) == 1
        bullets = [line for line in lines if line.startswith("- ")]
        assert bullets and all(len(b) <= 302 for b in bullets)
        for line in bullets:
            assert "[[" not in line and "]]" not in line and "%%" not in line
            assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", line)
        assert text.count("%%") == 2  # the marker's, alone
        assert text.count("\n---\n") == 2  # the frontmatter's end and the footer's rule
    # The gate: no day says "[[Evil]]", "a|b" or "%% hidden %%", nor any hostile bullet, so
    # none reaches a file; the offline reading stands in for what was left empty.
    first = summaries[0].read_text(encoding="utf-8")
    assert "Evil" not in first and "hidden" not in first and "Nobody" not in first
    assert "people: [Gading" in first
    people = sorted(p.name for p in (workspace / "vault" / "memory" / "people").iterdir())
    assert "Evil.md" not in people and "a-b.md" not in people and "Gading.md" in people
    before = tree_hashes(workspace)
    again = cli("sync", "--config", config)
    assert again.exit_code == 0 and tree_hashes(workspace) == before  # read back as written


def test_a_hostile_note_summarized_offline_gives_a_summary_that_lints_clean(
    workspace: Path, cli
) -> None:
    memory = workspace / "vault" / "memory"
    (memory / "2026-07-21.md").write_text(
        "# 2026-07-21\n\n"
        "- « [[1999-01-01]] | Timeline Spine\n"
        "- Migrated [[Homelab]] to K3s with Gading, see [[2026-07-20]] %% and this\n"
        "- ↑ [[2026-07-21]] | Daily Note was the incident's root cause\n"
        "- Fixed the NAS quota: [[Gading|Pak Gading]] approved ]] it [[\n",
        encoding="utf-8",
    )
    config = workspace / "memory_config.json"
    assert cli("sync", "--config", config).exit_code == 0
    summary = (memory / "summaries" / "2026-07-21.summary.md").read_text(encoding="utf-8")
    bullets = [line for line in summary.split("\n") if line.startswith("- ")]
    assert bullets and not [b for b in bullets if "[[" in b or "]]" in b or "%%" in b]
    _, problems = _lint(cli, config)
    assert {p["path"] for p in problems} == {"memory/2026-07-21.md"}  # the note's own links


def test_every_summarizer_answer_passes_through_plain_text() -> None:
    fields = DayFields(
        people=("[[Evil]]", "%%", "  ", "ok"),
        projects=("P" * 101, "Homelab"),
        importance=5,
        mood="[[tired]]\n%%",
        bullets=("- - [[A|b]] %%x%% ]]", "---", "***", "real [[one]]\nline"),
    )
    checked = validate_fields(fields, date(2026, 7, 1))
    assert checked.people == ("Evil", "ok")
    assert checked.projects == ("Homelab",)
    assert checked.mood == "tired %"
    assert checked.bullets == ("b %x% ]", "real one line")
    assert validate_fields(checked, date(2026, 7, 1)) == checked  # plain text stays as it is


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("« [[1999-01-01]] | Timeline Spine", "« 1999-01-01 | Timeline Spine"),
        ("%% vaultkit source=1 digest=2 %%", "% vaultkit source=1 digest=2 %"),
        ("[[[[x]]]] a]]]b [[ c", "[x] a]b [ c"),
        ("![[img.png]] [[Note#Part|shown]]", "img.png shown"),
        ("a\nb\x07c\u0085d\u2028e", "a b c d e"),
    ],
)
def test_plain_line_holds_no_structure(text: str, plain: str) -> None:
    assert plain_line(text) == plain


RESERVED = {**GOOD, "people": ["CON", "Gading", "aux.", "Lpt1"], "projects": ["NUL", "Homelab"]}


def test_a_name_windows_keeps_for_a_device_gets_a_note_it_can_hold(
    workspace: Path, cli, llm_server
) -> None:
    config = llm_workspace(workspace, llm_server.url, days=1)
    note = workspace / "vault" / "memory" / "2026-07-01.md"
    with note.open("a", encoding="utf-8") as out:  # the day names them: the gate keeps them
        out.write("\n- Met CON, aux. and Lpt1 about NUL.\n")
    data = json.loads(config.read_text())
    data["vocabulary"]["projects"].append("NUL")
    config.write_text(json.dumps(data))
    llm_server.reply(chat(RESERVED))
    assert cli("sync", "--config", config).exit_code == 0
    assert _lint(cli, config) == (0, [])
    vault = workspace / "vault" / "memory"
    notes = [p.name for folder in ("people", "projects") for p in (vault / folder).iterdir()]
    assert sorted(notes) == ["CON_.md", "Gading.md", "Homelab.md", "Lpt1_.md", "NUL_.md", "aux_.md"]
    assert not any(is_reserved(name) or name[:-3].endswith((".", " ")) for name in notes)
    summary = next((vault / "summaries").iterdir()).read_text(encoding="utf-8")
    assert "[[CON_|CON]]" in summary and "[[NUL_|NUL]]" in summary
    assert "aliases: [CON]" in (vault / "people" / "CON_.md").read_text(encoding="utf-8")

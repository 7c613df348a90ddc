"""Every lint rule: a file that trips it, and the clean vault (and near misses) that do not."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from tests.lint.cases import (
    BASE_NOTE,
    CASES,
    CHAT,
    CONFIG,
    DAYS,
    NOTE,
    S,
    config_of,
    daily_text,
    lint,
    rules_at,
    set_key,
    summary_text,
    transcript_text,
    write,
)
from vaultkit.config import Config
from vaultkit.lint import check_summary_text, lint_vault
from vaultkit.lint.rules import BY_ID, BY_NAME, RULES
from vaultkit.pages.entities import Entity
from vaultkit.pages.entities import render as render_entity
from vaultkit.text.vocabulary import Vocabulary


def test_every_rule_has_a_case() -> None:
    # these need a file system state, not content: tested on their own
    on_their_own = {"unreadable", "linked-folder", "not-a-file"}
    assert {r.name for r in RULES} - on_their_own <= {n for n, _, _ in CASES}


def test_catalogue_ids_and_names_are_unique() -> None:
    assert len(BY_ID) == len(RULES) == len(BY_NAME)
    assert all(r.id.startswith("VK") and len(r.id) == 5 for r in RULES)


def test_clean_vault_has_no_problems(ws: Path) -> None:
    report = lint(ws)
    assert report.problems == ()
    assert report.files_checked == 10


@pytest.mark.parametrize(
    ("rule", "rel", "content"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_rule_trips(ws: Path, rule: str, rel: str, content: str | bytes) -> None:
    write(ws, rel, content)
    report = lint(ws)
    assert rule in rules_at(report, rel), [p for p in report.problems if p.path == rel]
    problem = next(p for p in report.problems if p.path == rel and BY_ID[p.rule].name == rule)
    assert problem.severity == BY_NAME[rule].severity
    assert problem.message


def test_yaml_syntax_reports_the_file_line(ws: Path) -> None:
    write(ws, S, set_key(summary_text(), "people", "people: [Gading, Rina"))
    problem = next(p for p in lint(ws).problems if p.rule == BY_NAME["yaml-syntax"].id)
    assert problem.path == S
    assert problem.line in (4, 5)  # the line of people, or where the parser noticed


def test_problem_paths_are_vault_relative_with_slashes(ws: Path) -> None:
    write(ws, CHAT, "# Chat\n")
    paths = {p.path for p in lint(ws).problems}
    assert paths == {CHAT}


# ------------------------------------------------------------------------------- near misses


def test_quoted_yaml11_words_are_fine(ws: Path) -> None:
    write(ws, S, set_key(summary_text(), "mood", 'mood: "off"'))
    write(ws, NOTE, "---\nreviewed: true\ncount: 12\n---\n" + BASE_NOTE)
    assert lint(ws).problems == ()


def test_spine_to_an_archived_day_is_valid(ws: Path) -> None:
    archived = ws / "archive" / "2026" / "06"
    archived.mkdir(parents=True)
    (archived / "2026-06-30.md").write_text("# archived\n", "utf-8")
    write(ws, "memory/2026-07-01.md", daily_text(DAYS[0], date(2026, 6, 30)))
    assert lint(ws).problems == ()


def test_first_day_after_archive_needs_its_spine(ws: Path) -> None:
    archived = ws / "archive"
    archived.mkdir()
    (archived / "2026-06-30.md").write_text("# archived\n", "utf-8")
    assert rules_at(lint(ws), "memory/2026-07-01.md") == {"spine-link"}


def test_related_date_in_the_archive_exists(ws: Path) -> None:
    (ws / "archive").mkdir()
    (ws / "archive" / "2026-06-20.md").write_text("# archived\n", "utf-8")
    write(ws, S, summary_text(related_dates=(date(2026, 6, 20),)))
    write(ws, "memory/2026-07-01.md", daily_text(DAYS[0], date(2026, 6, 20)))
    assert lint(ws).problems == ()


def test_wikilinks_in_code_are_not_links(ws: Path) -> None:
    body = BASE_NOTE + "\n`[[a:b]]` and\n\n```\n[[2026-07-01]] [[x^y]]\n```\n"
    write(ws, NOTE, body)
    text = summary_text().replace("- Moved", "- Wrote `[[2026-07-01]]` in code. Moved", 1)
    write(ws, S, text)
    assert lint(ws).problems == ()


def test_a_link_no_note_answers_is_a_ghost_and_not_fixable(ws: Path) -> None:
    write(ws, NOTE, BASE_NOTE + "\nAsk [[Nobody Here]], see [[2026-06-15]] and `[[code]]`.\n")
    problems = [p for p in lint(ws).problems if p.path == NOTE]
    assert [(BY_ID[p.rule].name, p.fixable) for p in problems] == [
        ("unresolved-link", False),
        ("unresolved-link", False),
    ]
    assert "[[Nobody Here]]" in problems[0].message and "[[2026-06-15]]" in problems[1].message


def test_links_to_archived_days_are_meant(ws: Path) -> None:
    config = config_of(ws)
    archived = config.archive_dir / "2026" / "06"
    archived.mkdir(parents=True)
    (archived / "2026-06-15.md").write_text("# 2026-06-15\n")
    write(ws, NOTE, BASE_NOTE + "\nAs on [[2026-06-15]].\n")
    assert [p for p in lint(ws).problems if p.path == NOTE] == []


def test_alias_links_are_fixed_to_the_note_they_name(ws: Path) -> None:
    from vaultkit.lint import fix_vault

    write(ws, NOTE, BASE_NOTE + "\n[[Fred]], [[Fred|him]], `[[Fred]]`\n")
    fix_vault(config_of(ws))
    text = (ws / "vault" / NOTE).read_text("utf-8")
    assert text.endswith("\n[[Freedy|Fred]], [[Freedy|him]], `[[Fred]]`\n")
    assert lint(ws).problems == ()


def test_heading_and_alias_links_are_linkable(ws: Path) -> None:
    write(ws, "a.md", "A note outside the memory folders.\n")
    write(ws, NOTE, BASE_NOTE + "\n[[Homelab#Setup|setup]] [[Homelab#^block]] [[a\\|b]]\n")
    assert lint(ws).problems == ()


def test_same_transcript_name_in_different_days_is_fine(ws: Path) -> None:
    (ws / "vault/memory/chats/2026-07-03").mkdir()
    write(ws, "memory/chats/2026-07-03/telegram.md", transcript_text(DAYS[2]))
    assert lint(ws).problems == ()


def test_unknown_people_are_fine_and_links_escape_unsafe_names(ws: Path) -> None:
    write(ws, S, summary_text(people=("Gading", "Rina", "Dr. A: B")))
    note = render_entity(Entity("person", "Dr. A: B"), None)
    write(ws, "memory/people/Dr. A- B.md", note)  # as sync names it
    assert lint(ws).problems == ()


def test_property_type_agrees_across_files(ws: Path) -> None:
    for day in DAYS:
        path = ws / "vault/memory" / f"{day.isoformat()}.md"
        path.write_text("---\nstatus: draft\n---\n" + path.read_text("utf-8"), "utf-8")
    assert lint(ws).problems == ()
    write(ws, NOTE, "---\nstatus: 3\n---\n" + BASE_NOTE)
    report = lint(ws)
    assert {(p.path, BY_ID[p.rule].name) for p in report.problems} == {(NOTE, "property-type")}


def test_hand_edited_summary_is_still_valid(ws: Path) -> None:
    edited = summary_text().replace("Moved the cluster", "Moved the whole cluster")
    write(ws, S, edited)
    assert lint(ws).problems == ()


def test_paths_limit_the_files_checked(ws: Path) -> None:
    write(ws, CHAT, "# Chat\n")
    config = config_of(ws)
    report = lint_vault(config, [ws / "vault" / NOTE])
    assert report.files_checked == 1
    assert report.problems == ()
    report = lint_vault(config, [ws / "vault/memory/chats"])
    assert report.files_checked == 1
    assert {p.path for p in report.problems} == {CHAT}


def test_unreadable_file_is_a_problem(ws: Path) -> None:
    import os

    path = ws / "vault" / NOTE
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: permissions do not stop reads")
        assert rules_at(lint(ws), NOTE) == {"unreadable"}
    finally:
        path.chmod(0o644)


# ----------------------------------------------------------------------- per-file summary API


def test_check_summary_text_without_a_vault() -> None:
    config = Config(root=Path("."), **{})  # defaults
    vocab = Vocabulary(load_config_dict().vocabulary, load_config_dict().people)
    assert check_summary_text(S, summary_text(), vocab, {date(2026, 7, 1)}) == []
    problems = check_summary_text(S, summary_text(), vocab, set())
    assert [BY_ID[p.rule].name for p in problems] == ["related-date-missing"]
    bad = set_key(summary_text(), "importance", "importance: 0")
    assert [BY_ID[p.rule].name for p in check_summary_text(S, bad, vocab, {date(2026, 7, 1)})] == [
        "importance"
    ]
    assert config.vault == "vault"


def load_config_dict() -> Config:
    from vaultkit.config import config_from_dict

    return config_from_dict(CONFIG, root=Path("."))


Mutator = Callable[[str], str]

"""`--fix`: safe, atomic, idempotent, keeps what it does not own, keeps pristine summaries pristine."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from tests.lint.cases import (
    BASE_NOTE,
    CASES,
    CHAT,
    NOTE,
    SOURCE,
    S,
    config_of,
    lint,
    make_workspace,
    rules_at,
    set_key,
    summary_text,
    write,
)
from vaultkit.lint import fix_vault
from vaultkit.lint.rules import BY_ID, BY_NAME
from vaultkit.pages.schema import add_marker, read_marker

FIXABLE = [case for case in CASES if BY_NAME[case[0]].fixable]


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")


def fix(root: Path, dry_run: bool = False):
    return fix_vault(config_of(root), dry_run=dry_run)


def read(root: Path, rel: str) -> str:
    return (root / "vault" / rel).read_text("utf-8")


@pytest.mark.parametrize(
    ("rule", "rel", "content"), FIXABLE, ids=[f"{c[0]}-{i}" for i, c in enumerate(FIXABLE)]
)
def test_fix_clears_the_rule_and_is_idempotent(
    ws: Path, rule: str, rel: str, content: str | bytes
) -> None:
    write(ws, rel, content)
    assert rule in rules_at(lint(ws), rel)
    report = fix(ws)
    assert [c.path for c in report.changed] == [rel]
    after = lint(ws)
    assert not [p for p in after.problems if p.fixable], after.problems
    assert rule not in rules_at(after, rel)
    assert after.problems == report.remaining.problems
    once = tree_hashes(ws)
    assert fix(ws).changed == ()
    assert tree_hashes(ws) == once


def test_fix_all_cases_at_once_then_lint_has_no_fixable_problem(ws: Path) -> None:
    for _, rel, content in FIXABLE:
        if rel == S:
            continue
        write(ws, rel, content)
    bad = set_key(summary_text(), "tags", "tags: [k8s, Terraform, k8s, Homelab]")
    bad = set_key(bad, "projects", "projects: [nouverse, Docker]")
    bad = set_key(bad, "people", "people: [Fred, Gading, Fred]")
    bad = set_key(bad, "mood", "mood: off")
    bad = set_key(bad, "related_dates", "related_dates: [2026-07-01, 2026-07-03, 2026-07-09]")
    write(ws, S, bad.replace("- Moved", "- See [[2026-07-01|Monday]]. Moved", 1))
    fix(ws)
    assert not [p for p in lint(ws).problems if p.fixable]
    once = tree_hashes(ws)
    fix(ws)
    assert tree_hashes(ws) == once


def test_summary_fix_result_is_what_sync_would_render(ws: Path) -> None:
    bad = set_key(summary_text(), "tags", "tags: [k8s, Docker, Terraform]")
    bad = set_key(bad, "people", "people: [Gading, Rina, Fred]")
    write(ws, S, add_marker(bad, SOURCE))  # as a pristine file (an older vaultkit wrote it)
    fix(ws)
    text = read(ws, S)
    assert "tags: [Kubernetes, Docker]\n" in text
    assert "people: [Gading, Rina, Freedy]\n" in text
    assert "  technologies: [Terraform]\n" in text
    assert "**🔗 Links:** [[Gading]] · [[Rina]] · [[Freedy]] · [[Homelab]]\n" in text
    marker = read_marker(text)
    assert marker is not None and marker.pristine and marker.source == SOURCE


def test_hand_edited_summary_keeps_its_marker_line(ws: Path) -> None:
    edited = summary_text().replace("Moved the cluster", "Moved the whole cluster")
    edited = set_key(edited, "tags", "tags: [k8s, Docker]")
    write(ws, S, edited)
    marker_line = edited.rstrip("\n").rsplit("\n", 1)[1]
    fix(ws)
    text = read(ws, S)
    assert text.rstrip("\n").rsplit("\n", 1)[1] == marker_line
    assert read_marker(text).pristine is False  # type: ignore[union-attr]
    assert "Moved the whole cluster" in text


def test_unknown_keys_are_kept_after_the_schema_keys(ws: Path) -> None:
    text = summary_text().replace(
        "---\nschema_version", "---\nsource: chat # mine\nschema_version", 1
    )
    text = set_key(text, "tags", "tags: [k8s]")
    write(ws, S, text)
    fix(ws)
    lines = read(ws, S).split("\n")
    assert lines[1] == "schema_version: 1"
    assert "source: chat # mine" in lines
    assert lines.index("source: chat # mine") > lines.index("  projects: []")


def test_body_outside_managed_parts_is_untouched(ws: Path) -> None:
    text = summary_text().replace("- Moved", "- See [[2026-07-01]] and `[[2026-07-01]]`. Moved", 1)
    write(ws, S, text)
    fix(ws)
    assert "- See 2026-07-01 and `[[2026-07-01]]`. Moved the cluster to K3s." in read(ws, S)


def test_spine_and_parent_fix_keep_the_rest(ws: Path) -> None:
    body = BASE_NOTE.split("\n\n", 1)[1]
    write(ws, NOTE, body)
    write(ws, CHAT, "# Chat\n\nGading: hi\n")
    fix(ws)
    assert read(ws, NOTE) == BASE_NOTE
    assert read(ws, CHAT) == "↑ [[2026-07-02]] | Daily Note\n\n# Chat\n\nGading: hi\n"


def test_spine_removed_from_the_first_day(ws: Path) -> None:
    write(ws, "memory/2026-07-01.md", "« [[2026-06-01]] | Timeline Spine\n\n# 2026-07-01\n")
    fix(ws)
    assert read(ws, "memory/2026-07-01.md") == "# 2026-07-01\n"


def test_generic_tags_and_coercions_fixed_in_place(ws: Path) -> None:
    write(
        ws,
        NOTE,
        "---\ntitle: Day\ntags: [machine learning, 2026]\nreviewed: yes\n---\n" + BASE_NOTE,
    )
    fix(ws)
    assert read(ws, NOTE).startswith(
        '---\ntitle: Day\ntags: [machine-learning, y2026]\nreviewed: "yes"\n---\n'
    )


def test_bom_and_crlf_normalised(ws: Path) -> None:
    write(ws, NOTE, "\ufeff" + BASE_NOTE.replace("\n", "\r\n"))
    report = fix(ws)
    assert report.changed[0].diff
    assert (ws / "vault" / NOTE).read_bytes() == BASE_NOTE.encode("utf-8")


def test_dry_run_writes_nothing_and_shows_a_diff(ws: Path) -> None:
    write(ws, S, set_key(summary_text(), "tags", "tags: [k8s, Docker]"))
    before = tree_hashes(ws)
    report = fix(ws, dry_run=True)
    assert tree_hashes(ws) == before
    assert report.dry_run
    (change,) = report.changed
    assert "-tags: [k8s, Docker]" in change.diff and "+tags: [Kubernetes, Docker]" in change.diff
    assert not [p for p in report.remaining.problems if p.fixable]


def test_unfixable_problems_leave_the_file_alone(ws: Path) -> None:
    text = set_key(summary_text(), "mood", "mood: excited\nmood: calm")
    text = set_key(text, "tags", "tags: [k8s]")
    write(ws, S, text)
    fix(ws)
    assert read(ws, S) == text
    names = rules_at(lint(ws), S)
    assert "duplicate-key" in names and "alias-term" in names


def test_broken_yaml_is_never_rewritten(ws: Path) -> None:
    text = set_key(summary_text(), "people", "people: [Gading, Rina")
    write(ws, S, text)
    fix(ws)
    assert read(ws, S) == text


def test_fix_respects_paths(ws: Path) -> None:
    write(ws, NOTE, BASE_NOTE.split("\n\n", 1)[1])
    write(ws, CHAT, "# Chat\n")
    fix_vault(config_of(ws), [ws / "vault" / CHAT])
    assert rules_at(lint(ws), NOTE) == {"spine-link"}
    assert rules_at(lint(ws), CHAT) == set()


def test_related_date_link_alias_becomes_text(ws: Path) -> None:
    write(ws, S, summary_text().replace("- Moved", "- Like [[2026-07-01|last week]]. Moved", 1))
    fix(ws)
    assert "- Like last week. Moved" in read(ws, S)
    assert date(2026, 7, 1).isoformat() in read(ws, S)  # still in related_dates


QUOTED_SPINE = "« [[2026-07-01]] | Timeline Spine"


def test_a_spine_like_line_below_the_first_is_reported_and_never_removed(ws: Path) -> None:
    """Only the first line is vaultkit's; a line like it further down is the user's text."""
    first_day = "memory/2026-07-01.md"
    first_text = f"# 2026-07-01\n\nThe old spine read:\n{QUOTED_SPINE}\n"
    write(ws, first_day, first_text)
    write(ws, NOTE, BASE_NOTE + f"\n{QUOTED_SPINE}\n")
    write(ws, CHAT, "# Chat\n\nGading: it says\n↑ [[2026-07-01]] | Daily Note\n")
    report = lint(ws)
    look_alikes = [p for p in report.problems if p.rule == BY_NAME["managed-look-alike"].id]
    assert {(p.path, p.line, p.fixable) for p in look_alikes} == {
        (first_day, 4, False),
        (NOTE, 7, False),
        (CHAT, 4, False),
    }
    assert all(p.severity == "warning" and "delete it" in p.message for p in look_alikes)
    fix(ws)
    assert read(ws, first_day) == first_text
    assert read(ws, NOTE) == BASE_NOTE + f"\n{QUOTED_SPINE}\n"
    assert read(ws, CHAT) == (
        "↑ [[2026-07-02]] | Daily Note\n\n# Chat\n\nGading: it says\n↑ [[2026-07-01]] | Daily Note\n"
    )
    assert not [p for p in lint(ws).problems if p.severity == "error"]


def test_a_missing_spine_is_added_above_a_line_like_it(ws: Path) -> None:
    body = BASE_NOTE.split("\n\n", 1)[1]
    write(ws, NOTE, f"{body}{QUOTED_SPINE}\n")
    fix(ws)
    assert read(ws, NOTE) == f"{BASE_NOTE}{QUOTED_SPINE}\n"
    assert rules_at(lint(ws), NOTE) == {"managed-look-alike"}


def test_a_spine_after_frontmatter_is_the_first_line(ws: Path) -> None:
    write(ws, NOTE, "---\ntitle: Day\n---\n" + BASE_NOTE)
    assert rules_at(lint(ws), NOTE) == set()
    write(ws, NOTE, "---\ntitle: Day\n---\n" + BASE_NOTE.replace("07-01]]", "06-30]]"))
    fix(ws)
    assert read(ws, NOTE) == "---\ntitle: Day\n---\n" + BASE_NOTE


def test_a_value_holding_a_yaml_comment_is_reported_and_not_rewritten(ws: Path) -> None:
    """Re-rendering a value drops its comments: the user's text, so the fix is not made."""
    note = (
        "---\ntags:\n  - machine learning  # from my phone\n  - ok\n"
        "reviewed: yes # checked twice\n---\n" + BASE_NOTE
    )
    write(ws, NOTE, note)
    summary = set_key(summary_text(), "related_dates", "related_dates: [2026-06-01] # the trip")
    write(ws, S, summary)
    found = [p for p in lint(ws).problems if p.path in (NOTE, S)]
    assert {BY_ID[p.rule].name for p in found} == {
        "invalid-tag",
        "yaml11-coercion",
        "related-date-missing",
    }
    assert not [p for p in found if p.fixable]
    assert all("YAML comment" in p.message for p in found)
    fix(ws)
    assert read(ws, NOTE) == note and read(ws, S) == summary


def test_a_spine_like_line_in_code_is_no_look_alike(ws: Path) -> None:
    write(ws, NOTE, BASE_NOTE + f"\n```\n{QUOTED_SPINE}\n```\n")
    assert rules_at(lint(ws), NOTE) == set()

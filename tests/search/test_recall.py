"""recall: the bounded context pack, on a small synced vault with an archive, and through the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import Config, load_config
from vaultkit.errors import UsageError
from vaultkit.search.filters import Filters
from vaultkit.search.recall import build_pack, recall
from vaultkit.search.scoring import Hit
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

AS_OF = date(2026, 1, 10)
ZEBRA_LINES = "\n".join(
    f"Zebra fish note {i}: the zebra fish tank needs a filter check number {i}." for i in range(30)
)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """Four days: one archived, one short and one long with a transcript, one unrelated; synced."""
    root = tmp_path / "ws"
    memory = root / "vault" / "memory"
    (memory / "chats" / "2026-01-02").mkdir(parents=True)
    (memory / "chats" / "2026-01-04").mkdir(parents=True)
    (root / "archive" / "2025").mkdir(parents=True)
    (root / "memory_config.json").write_text(
        '{"schema_version": 1, "people": {"known": ["Ana", "Bo"]}}', encoding="utf-8"
    )
    (root / "archive" / "2025" / "2026-01-01.md").write_text(
        "# 2026-01-01\n\nAna decided the aquarium gets zebra fish, not goldfish.\n"
        "Bought a heater for the tank.\n",
        encoding="utf-8",
    )
    (memory / "2026-01-02.md").write_text(
        "# 2026-01-02\n\nThe zebra fish arrived. Ana liked the Timeline Spine idea.\n"
        "Cleaned the kitchen.\n",
        encoding="utf-8",
    )
    (memory / "chats" / "2026-01-02" / "chat.md").write_text(
        "Bo: how are the zebra fish doing?\nAna: swimming happily, the heater works.\n",
        encoding="utf-8",
    )
    (memory / "2026-01-03.md").write_text(
        "# 2026-01-03\n\nBuilt a pizza oven in the garden with Bo.\n", encoding="utf-8"
    )
    (memory / "2026-01-04.md").write_text(
        f"# 2026-01-04\n\nAquarium day with Bo.\n\n{ZEBRA_LINES}\n", encoding="utf-8"
    )
    (memory / "chats" / "2026-01-04" / "chat.md").write_text(
        "Bo: did the zebra fish filter check pass?\nAna: yes, the filter check passed.\n",
        encoding="utf-8",
    )
    assert sync(load_config(root / "memory_config.json")).ok
    return root


def config_of(root: Path) -> Config:
    return load_config(root / "memory_config.json")


def break_file(path: Path) -> None:
    """Make a file impossible to open, even for root: a symlink to nothing keeps its name listed."""
    path.unlink()
    path.symlink_to(path.parent / "does-not-exist.md")


def hits_for(config: Config, query: str, top_k: int = 5) -> list[Hit]:
    return search(config, query, top_k=top_k, as_of=AS_OF).hits


def test_pack_has_summary_fields_and_raw_excerpts_best_first(ws: Path) -> None:
    pack = recall(config_of(ws), "zebra fish heater", max_days=5, max_chars=20000, as_of=AS_OF)
    assert not pack.truncated and not pack.skipped
    dates = [d.hit.date for d in pack.days]
    scores = [d.hit.score for d in pack.days]
    assert scores == sorted(scores, reverse=True)
    assert date(2026, 1, 3) not in dates  # the pizza day matches nothing
    md = pack.markdown
    assert md.startswith("# Recall: zebra fish heater\n")
    for day in pack.days:
        via = f"via {day.hit.via}" if day.hit.via else "direct match"
        assert f"## {day.hit.date} · score {day.hit.score:.3f} · {via}\n" in md
    positions = [md.index(f"## {d}") for d in dates]
    assert positions == sorted(positions)
    assert "people: Ana, Bo" in md and "importance " in md and "mood " in md
    assert "`memory/chats/2026-01-02/chat.md`" in md
    assert "> Bo: how are the zebra fish doing?\n> Ana: swimming happily, the heater works." in md


def test_excerpts_come_from_archived_notes(ws: Path) -> None:
    pack = recall(config_of(ws), "aquarium goldfish", max_days=5, as_of=AS_OF)
    [day] = [d for d in pack.days if d.hit.date == date(2026, 1, 1)]
    assert day.excerpts[0].path == "archive/2025/2026-01-01.md"
    assert day.excerpts[0].archived
    assert "`archive/2025/2026-01-01.md` (archived)\n> Ana decided the aquarium" in pack.markdown


def test_managed_spine_and_parent_lines_are_never_excerpted(ws: Path) -> None:
    note = (ws / "vault" / "memory" / "2026-01-02.md").read_text(encoding="utf-8")
    assert note.startswith("« [[2026-01-01]] | Timeline Spine")  # sync threaded the spine
    pack = recall(
        config_of(ws), "timeline spine daily note zebra", max_days=5, max_chars=50000, as_of=AS_OF
    )
    excerpts = "\n".join(e.text for d in pack.days for e in d.excerpts)
    assert "Ana liked the Timeline Spine idea" in excerpts  # a person's line that merely says it
    assert "« [[" not in pack.markdown and "| Timeline Spine" not in pack.markdown
    assert "↑ [[" not in pack.markdown and "| Daily Note" not in pack.markdown


@pytest.mark.parametrize("max_days", [1, 2, 3])
def test_max_days_is_exact(ws: Path, max_days: int) -> None:
    pack = recall(config_of(ws), "zebra fish", max_days=max_days, max_chars=50000, as_of=AS_OF)
    assert len(pack.days) == max_days
    assert pack.markdown.count("\n## ") == max_days


def test_max_chars_is_a_hard_bound(ws: Path) -> None:
    config = config_of(ws)
    hits = hits_for(config, "zebra fish heater")
    full = build_pack(config, "zebra fish heater", hits, max_days=5, max_chars=10**6, as_of=AS_OF)
    assert not full.truncated
    for limit in [1, 2, 3, 10, 40, *range(50, len(full.markdown) + 50, 23)]:
        pack = build_pack(
            config, "zebra fish heater", hits, max_days=5, max_chars=limit, as_of=AS_OF
        )
        assert len(pack.markdown) <= limit, limit
        assert pack.truncated == (limit < len(full.markdown)), limit
        if limit >= len(full.markdown):
            assert pack.markdown == full.markdown
    squeezed = build_pack(config, "zebra fish heater", hits, max_days=5, max_chars=600, as_of=AS_OF)
    assert len(squeezed.markdown) > 500  # the room is used, not wasted
    assert squeezed.markdown.endswith("\n")


def test_only_the_files_the_bound_needs_are_opened(ws: Path) -> None:
    config = config_of(ws)
    memory = ws / "vault" / "memory"
    hits = hits_for(config, "zebra filter check")
    assert hits[0].date == date(2026, 1, 4) and len(hits) >= 2
    second = hits[1].date
    second_note = memory / f"{second}.md"
    if not second_note.exists():
        second_note = ws / "archive" / "2025" / f"{second}.md"
    break_file(second_note)
    break_file(memory / "2026-01-03.md")  # an unrelated day: never touched
    pack = build_pack(config, "zebra filter check", hits, max_days=1, max_chars=5000, as_of=AS_OF)
    assert pack.skipped == ()
    assert [d.hit.date for d in pack.days] == [date(2026, 1, 4)]
    assert pack.days[0].excerpts
    # the control: when the second day is wanted, its broken note is opened and reported
    pack = build_pack(config, "zebra filter check", hits, max_days=2, max_chars=5000, as_of=AS_OF)
    base = ws / "vault" if (ws / "vault") in second_note.parents else ws
    assert [p for p, _ in pack.skipped] == [second_note.relative_to(base).as_posix()]


def test_no_file_is_opened_once_the_budget_is_spent(ws: Path) -> None:
    config = config_of(ws)
    memory = ws / "vault" / "memory"
    query = "zebra filter check"
    hits = [h for h in hits_for(config, query) if h.date == date(2026, 1, 4)]
    transcript = memory / "chats" / "2026-01-04" / "chat.md"
    summary_only = build_pack(config, query, hits, max_days=1, max_chars=300, as_of=AS_OF)
    assert summary_only.days[0].excerpts == ()
    # the note's thirty matching lines fill what is left: the transcript is never opened
    break_file(transcript)
    roomy = build_pack(config, query, hits, max_days=1, max_chars=10**6, as_of=AS_OF)
    assert [p for p, _ in roomy.skipped] == ["memory/chats/2026-01-04/chat.md"]  # it was tried
    room = len(summary_only.markdown) + 300
    pack = build_pack(config, query, hits, max_days=1, max_chars=room, as_of=AS_OF)
    assert pack.skipped == () and pack.truncated
    assert {e.path for e in pack.days[0].excerpts} == {"memory/2026-01-04.md"}
    # no room for any excerpt: not even the note is opened
    break_file(memory / "2026-01-04.md")
    tight = len(summary_only.markdown) + 5
    pack = build_pack(config, query, hits, max_days=1, max_chars=tight, as_of=AS_OF)
    assert pack.skipped == () and pack.days[0].excerpts == ()
    # with room, both broken files are tried and reported, and the pack is still made
    pack = build_pack(config, query, hits, max_days=1, max_chars=5000, as_of=AS_OF)
    assert sorted(p for p, _ in pack.skipped) == [
        "memory/2026-01-04.md",
        "memory/chats/2026-01-04/chat.md",
    ]
    assert "## 2026-01-04" in pack.markdown


def test_a_hit_without_summary_reads_its_summary_file(ws: Path) -> None:
    config = config_of(ws)
    [hit] = [h for h in hits_for(config, "pizza oven") if h.date == date(2026, 1, 3)]
    pack = build_pack(config, "pizza oven", [replace(hit, summary=None)], as_of=AS_OF)
    assert hit.summary is not None
    assert pack.days[0].summary is not None
    assert pack.days[0].summary.bullets == hit.summary.bullets
    assert pack.days[0].summary.people == hit.summary.people
    assert "- Built a pizza oven in the garden with Bo." in pack.markdown


def test_no_hits_and_bad_bounds(ws: Path) -> None:
    pack = build_pack(config_of(ws), "nothing", [], as_of=AS_OF)
    assert pack.days == () and "No day in the vault matches" in pack.markdown
    with pytest.raises(UsageError, match="max_days"):
        recall(config_of(ws), "zebra", max_days=0)
    with pytest.raises(UsageError, match="max_chars"):
        recall(config_of(ws), "zebra", max_chars=0)


def test_json_shape(ws: Path) -> None:
    pack = recall(config_of(ws), "zebra fish", max_days=2, max_chars=3000, as_of=AS_OF)
    data = json.loads(json.dumps(pack.as_dict()))
    assert set(data) == {
        "query",
        "as_of",
        "max_days",
        "max_chars",
        "chars",
        "truncated",
        "days",
        "skipped",
        "warnings",
        "markdown",
    }
    assert data["chars"] == len(data["markdown"]) <= 3000
    day = data["days"][0]
    assert set(day) >= {"date", "score", "via", "summary", "excerpts", "path"}
    assert set(day["summary"]) == {"people", "projects", "tags", "importance", "mood", "bullets"}
    assert set(day["excerpts"][0]) == {"path", "line", "text", "archived"}


def test_excerpt_line_numbers_point_into_the_file(ws: Path) -> None:
    pack = recall(config_of(ws), "zebra filter check", max_days=1, max_chars=4000, as_of=AS_OF)
    for excerpt in pack.days[0].excerpts:
        lines = (ws / "vault" / excerpt.path).read_text(encoding="utf-8").split("\n")
        first = excerpt.text.split("\n")[0]
        assert lines[excerpt.line - 1].strip() == first


def test_cli_prints_plain_markdown(ws: Path, cli) -> None:
    result = cli(
        "recall",
        "zebra fish",
        "--config",
        ws / "memory_config.json",
        "--max-days",
        "2",
        "--max-chars",
        "1500",
        "--as-of",
        "2026-01-10",
    )
    assert result.exit_code == 0, result.stderr
    expected = recall(config_of(ws), "zebra fish", max_days=2, max_chars=1500, as_of=AS_OF)
    assert result.stdout == expected.markdown
    assert "\x1b[" not in result.stdout and len(result.stdout) <= 1500


def test_cli_json(ws: Path, cli) -> None:
    result = cli("recall", "zebra", "--config", ws / "memory_config.json", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["query"] == "zebra" and data["max_days"] == 3 and data["max_chars"] == 6000
    assert data["markdown"].startswith("# Recall: zebra")


def test_filters_restrict_the_days(ws: Path) -> None:
    """Zebra fish is on 01-01 (Ana), 01-02 (Ana, Bo, importance 2) and 01-04 (Bo, Ana)."""

    def days(**given) -> list[str]:
        pack = recall(
            config_of(ws), "zebra fish", max_days=5, as_of=AS_OF, filters=Filters(**given)
        )
        return sorted(d.hit.date.isoformat() for d in pack.days)

    assert days() == ["2026-01-01", "2026-01-02", "2026-01-04"]
    assert days(person="bo") == ["2026-01-02", "2026-01-04"]
    assert days(person="Bo", since=date(2026, 1, 3)) == ["2026-01-04"]
    assert days(until=date(2026, 1, 2), min_importance=3) == ["2026-01-01"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--person", "Bo", "--since", "2026-01-03"], ["2026-01-04"]),
        (["--person", "bo"], ["2026-01-02", "2026-01-04"]),
        (["--until", "2026-01-02", "--min-importance", "3"], ["2026-01-01"]),
        (["--tag", "aquarium"], []),
    ],
)
def test_cli_filters(ws: Path, cli, args, expected) -> None:
    config = ws / "memory_config.json"
    base = ["recall", "zebra fish", "--config", config, "--as-of", "2026-01-10", "--max-days", "5"]
    result = cli(*base, *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert sorted(d["date"] for d in json.loads(result.stdout)["days"]) == expected
    markdown = cli(*base, *args)
    assert markdown.exit_code == 0 and markdown.stdout == json.loads(result.stdout)["markdown"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as-of", "2026-02-30"], "--as-of"),
        (["--since", "yesterday"], "--since: expected a date YYYY-MM-DD"),
        (["--until", "2026-01-32"], "--until: expected a date YYYY-MM-DD"),
        (["--max-chars", "0"], "--max-chars"),
        (["--max-days", "0"], "--max-days"),
    ],
)
def test_cli_bad_options_are_one_line_usage_errors(ws: Path, cli, args, message) -> None:
    result = cli("recall", "zebra", "--config", ws / "memory_config.json", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_example_vault(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    assert cli("sync", "--config", config).exit_code == 0
    result = cli(
        "recall", "redis connection pool outage", "--config", config, "--as-of", "2026-07-20"
    )
    assert result.exit_code == 0
    assert "## 2026-07-06" in result.stdout
    assert "`memory/2026-07-06.md`" in result.stdout or "`memory/chats/2026-07-06/" in result.stdout
    assert len(result.stdout) <= 6000


def test_the_header_counts_the_days_that_fit(ws: Path) -> None:
    config = config_of(ws)
    hits = hits_for(config, "zebra fish heater")
    for limit in range(150, 2000, 37):
        pack = build_pack(
            config, "zebra fish heater", hits, max_days=5, max_chars=limit, as_of=AS_OF
        )
        shown = len(pack.days)
        assert f"_{shown} day{'s' if shown != 1 else ''}, best first" in pack.markdown, limit
        assert pack.markdown.count("\n## ") == shown

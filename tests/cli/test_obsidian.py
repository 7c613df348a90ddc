"""The vault as Obsidian shows it: every link resolves, people and projects have notes, properties
are valid. Checked with our lint and with a parser we did not write (obsidiantools)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import obsidiantools.api as otools

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.lint import lint_vault
from vaultkit.sync.daily import sync


def synced(workspace: Path) -> Path:
    config = load_config(workspace / "memory_config.json")
    report = sync(config)
    assert report.ok, report.failed
    return config.vault_dir


def parsed(vault: Path) -> otools.Vault:
    return otools.Vault(vault).connect().gather()


def test_every_link_of_the_example_vault_resolves_for_obsidiantools(workspace: Path) -> None:
    vault = parsed(synced(workspace))
    assert vault.nonexistent_notes == []
    assert vault.isolated_notes == []  # every note is linked or links
    for note, links in vault.wikilinks_index.items():
        for link in links:
            assert link in vault.md_file_index, (note, link)


def test_every_property_is_one_obsidian_reads(workspace: Path) -> None:
    vault = parsed(synced(workspace))
    for name in vault.md_file_index:
        front = vault.get_front_matter(name)
        if name.endswith(".summary"):
            assert isinstance(front["date"], dt.date)
            assert all(isinstance(d, dt.date) for d in front["related_dates"])
            for key in ("people", "projects", "tags"):
                assert isinstance(front[key], list) and all(isinstance(v, str) for v in front[key])
            assert all(" " not in tag and not tag.isdigit() for tag in front["tags"])
            assert isinstance(front["importance"], int)
        elif "people" in str(vault.md_file_index[name]) or "projects" in str(
            vault.md_file_index[name]
        ):
            assert isinstance(front["aliases"], list)
    assert lint_vault(load_config(workspace / "memory_config.json")).problems == ()


def test_backlinks_of_a_person_list_the_days_that_name_them(workspace: Path) -> None:
    vault = parsed(synced(workspace))
    backlinks = set(vault.get_backlinks("Freedy"))
    freedy_days = {
        n
        for n in vault.md_file_index
        if n.endswith(".summary") and "Freedy" in vault.get_front_matter(n)["people"]
    }
    assert freedy_days and freedy_days <= backlinks
    assert vault.get_front_matter("Freedy")["aliases"] == ["Fred"]


def test_summaries_link_their_day_and_the_index_links_each_day(workspace: Path) -> None:
    vault = parsed(synced(workspace))
    assert "2026-07-06" in vault.get_wikilinks("2026-07-06.summary")
    related = vault.get_front_matter("2026-07-06.summary")["related_dates"]
    for day in related:  # related dates stay out of the body
        assert day.isoformat() not in vault.get_wikilinks("2026-07-06.summary")
    index_links = set(vault.get_wikilinks("MEMORY_INDEX"))
    summaries = {n for n in vault.md_file_index if n.endswith(".summary")}
    assert index_links == summaries


def test_entity_notes_keep_the_users_part_and_aliases(workspace: Path) -> None:
    vault = synced(workspace)
    note = vault / "memory" / "people" / "Freedy.md"
    first = note.read_text()
    assert first.startswith("---\naliases: [Fred]\n---\n")
    assert "**Freedy** · person · on 11 days, from 2026-07-01 to 2026-07-18" in first
    mine = first.replace("aliases: [Fred]", "aliases: [Fred, Freddie]\nrole: SRE")
    mine += "\n## My notes\n\nFreedy runs the K3s workers. [[Gading]] knows.\n"
    note.write_text(mine)
    day = vault / "memory" / "2026-07-21.md"
    day.write_text("# 2026-07-21\n\n- Freedy and Gading moved the Homelab to K3s.\n")
    config = load_config(workspace / "memory_config.json")
    sync(config)
    after = note.read_text()
    assert after == mine.replace(
        "on 11 days, from 2026-07-01 to 2026-07-18", "on 12 days, from 2026-07-01 to 2026-07-21"
    )
    before = tree_hashes(workspace)
    assert sync(config).changes == []
    assert tree_hashes(workspace) == before


def test_names_that_break_link_syntax_resolve(workspace: Path) -> None:
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    names = ["A/B Test", "Ops [Infra]", "Search | Ranking", "C# Port", "Q^2 Plan"]
    data["vocabulary"]["projects"] += names
    data["vocabulary"]["technologies"] += ["Vue/Nuxt"]
    path.write_text(json.dumps(data))
    note = workspace / "vault" / "memory" / "2026-07-21.md"
    note.write_text(
        "# 2026-07-21\n\n- Gading ran the A/B Test, then Ops [Infra] review, Search | Ranking,"
        " C# Port and Q^2 Plan, all on Vue/Nuxt.\n"
    )
    vault = synced(workspace)
    summary = (vault / "memory" / "summaries" / "2026-07-21.summary.md").read_text()
    assert "tags: [Vue-Nuxt]" in summary  # one tag, not Vue nested under... Vue
    assert "[[A-B Test|A/B Test]]" in summary and "[[Ops (Infra)]]" in summary
    projects = sorted(p.name for p in (vault / "memory" / "projects").iterdir())
    for file_name in ("A-B Test.md", "Ops (Infra).md", "Search - Ranking.md", "C sharp Port.md"):
        assert file_name in projects
    assert parsed(vault).nonexistent_notes == []
    assert lint_vault(load_config(path)).problems == ()


def test_obsidian_settings_are_written_once_and_never_overwritten(workspace: Path) -> None:
    vault = synced(workspace)
    graph = vault / ".obsidian" / "graph.json"
    groups = [g["query"] for g in json.loads(graph.read_text())["colorGroups"]]
    assert groups == [
        'path:"memory/summaries"',
        'path:"memory/chats"',
        'path:"memory/people"',
        'path:"memory/projects"',
        'path:"memory"',
    ]
    graph.write_text('{"colorGroups": [], "mine": true}\n')
    (vault / ".obsidian" / "types.json").unlink()
    sync(load_config(workspace / "memory_config.json"))
    assert json.loads(graph.read_text()) == {"colorGroups": [], "mine": True}
    assert (vault / ".obsidian" / "types.json").exists()  # made again: it was missing


def test_force_keeps_the_hand_edit_and_dry_run_says_so(workspace: Path, cli) -> None:
    vault = synced(workspace)
    summary = vault / "memory" / "summaries" / "2026-07-06.summary.md"
    edited = summary.read_text().replace("\n- ", "\n- My own words: ", 1)
    summary.write_text(edited)
    config = workspace / "memory_config.json"
    dry = cli("sync", "--config", config, "--force", "--dry-run")
    assert "would overwrite a hand edit" in dry.stdout
    assert summary.read_text() == edited
    done = cli("sync", "--config", config, "--force")
    assert done.exit_code == 0, done.stderr
    kept = list((vault / ".vaultkit" / "replaced").glob("2026-07-06.*.summary.md"))
    assert [k.read_text() for k in kept] == [edited]
    assert f"kept at .vaultkit/replaced/{kept[0].name}" in done.stdout

"""`vaultkit explain DAY`, `vaultkit vocab` and `sync --resummarize` on real workspaces."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import tree_hashes

CHAT = (
    "# Chat: K3s\n\n"
    "Gading: fred, gw jadi pindah K3s\n"
    "Freedy: AKHIRNYA. Longhorn kan?\n"
    "Gading: oke final. kita pindah ke K3s, ingress pakai Traefik\n"
)


def add_day(workspace: Path, day: str, note: str, chat: str | None = None) -> None:
    memory = workspace / "vault" / "memory"
    (memory / f"{day}.md").write_text(f"# {day}\n\n{note}", encoding="utf-8")
    if chat:
        (memory / "chats" / day).mkdir(parents=True, exist_ok=True)
        (memory / "chats" / day / "telegram.md").write_text(chat, encoding="utf-8")


def test_explain_shows_the_features_in_json_and_in_a_table(workspace: Path, cli) -> None:
    note = "- Keputusan final: homelab pindah ke K3s, pakai Longhorn sama Traefik. Ini penting.\n"
    add_day(workspace, "2026-07-21", note, CHAT)
    config = workspace / "memory_config.json"
    done = cli("explain", "2026-07-21", "--config", config, "--json")
    assert done.exit_code == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["importance"] >= 8 and shown["mood"] == "excited"
    assert shown["importance_features"][1]["feature"].startswith("a decision")
    assert "Freedy" in shown["people"]
    assert {"Longhorn", "Traefik"} <= set(shown["uncategorized"]["technologies"])
    assert shown["summary_on_file"] is None  # not synced yet
    assert shown["note"] == "memory/2026-07-21.md"
    table = cli("explain", "2026-07-21", "--config", config, "--candidates")
    assert table.exit_code == 0
    assert "a decision on a migration" in table.stdout
    assert "new technologies: Longhorn, Traefik" in table.stdout
    assert "bullet candidates, best first" in table.stdout
    assert "no summary on file yet" in table.stderr


def test_explain_compares_with_the_summary_on_file(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    cli("sync", "--config", config)
    summary = workspace / "vault" / "memory" / "summaries" / "2026-07-06.summary.md"
    text = summary.read_text(encoding="utf-8")
    summary.write_text(text.replace("importance: 10", "importance: 2"), encoding="utf-8")
    shown = cli("explain", "2026-07-06", "--config", config)
    assert "the summary on file says importance 2" in shown.stderr
    assert "edited by hand" in shown.stderr


def test_explain_a_day_without_a_note_is_a_one_line_error(workspace: Path, cli) -> None:
    done = cli("explain", "2026-07-12", "--config", workspace / "memory_config.json")
    assert done.exit_code == 2
    assert done.stderr.strip() == "error: no daily note for 2026-07-12 in memory"
    bad = cli("explain", "2026-13-01", "--config", workspace / "memory_config.json")
    assert bad.exit_code == 2 and "DAY" in bad.stderr


def test_vocab_reports_the_drift_and_the_config_to_adopt_it(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    add_day(workspace, "2026-07-21", "- Storage pakai Longhorn, monitoring Uptime Kuma.\n")
    add_day(
        workspace,
        "2026-07-22",
        "- Restore pakai Longhorn, terus pindah ke Postgress (typo and all).\n",
    )
    cli("sync", "--config", config)
    before = tree_hashes(workspace)
    done = cli("vocab", "--config", config, "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    terms = {t["term"]: t for t in report["terms"]}
    longhorn = terms["Longhorn"]
    assert longhorn["days"] >= 2 and longhorn["last"] == "2026-07-22"
    assert longhorn["config"] == {"vocabulary": {"technologies": ["Longhorn"]}}
    assert terms["Postgress"]["closest"] == "PostgreSQL"  # through the alias `postgres`
    assert terms["Postgress"]["config"] == {"vocabulary": {"aliases": {"Postgress": "PostgreSQL"}}}
    assert "Longhorn" in report["config"]["vocabulary"]["technologies"]
    counts = [t["days"] for t in report["terms"]]
    assert counts == sorted(counts, reverse=True)
    assert tree_hashes(workspace) == before  # a read command
    few = json.loads(cli("vocab", "--config", config, "--json", "--min-days", "2").stdout)
    assert all(t["days"] >= 2 for t in few["terms"]) and few["terms"]
    table = cli("vocab", "--config", config)
    assert "Longhorn" in table.stdout and '"technologies"' in table.stdout
    assert "to adopt them" in table.stderr


def test_adopting_the_snippet_empties_the_report(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    add_day(workspace, "2026-07-21", "- Storage pakai Longhorn, Longhorn jalan.\n")
    cli("sync", "--config", config)
    snippet = json.loads(cli("vocab", "--config", config, "--json").stdout)["config"]
    data = json.loads(config.read_text())
    for key, value in snippet["vocabulary"].items():
        if key == "aliases":
            data["vocabulary"]["aliases"].update(value)
        else:
            data["vocabulary"][key] += value
    config.write_text(json.dumps(data, indent=2))
    cli("sync", "--config", config, "--resummarize")
    adopted = set(snippet["vocabulary"].get("technologies", []))
    adopted |= set(snippet["vocabulary"].get("aliases", {}))
    left = json.loads(cli("vocab", "--config", config, "--json").stdout)["terms"]
    assert "Longhorn" in adopted and not adopted & {t["term"] for t in left}


def test_resummarize_rewrites_vaultkits_summaries_and_keeps_hand_edits(
    workspace: Path, cli
) -> None:
    config = workspace / "memory_config.json"
    cli("sync", "--config", config)
    summaries = workspace / "vault" / "memory" / "summaries"
    edited = summaries / "2026-07-06.summary.md"
    edited.write_text(edited.read_text().replace("\n- ", "\n- Mine: ", 1))
    made = summaries / "2026-07-05.summary.md"
    made.write_text(made.read_text().replace("importance: ", "importance: 1", 1).replace(
        "importance: 1", "importance: ", 1))  # fmt: skip
    hand = edited.read_text()
    done = cli("sync", "--config", config, "--resummarize", "--json")
    assert done.exit_code == 0, done.stderr
    actions = {c["path"]: c["action"] for c in json.loads(done.stdout)["changes"]}
    # summarized again to the same summary: no byte changed, so nothing is reported changed
    assert "memory/summaries/2026-07-05.summary.md" not in actions
    assert "memory/summaries/2026-07-06.summary.md" not in actions
    assert edited.read_text() == hand
    again = tree_hashes(workspace)
    cli("sync", "--config", config)
    assert tree_hashes(workspace) == again


def test_explain_with_an_llm_says_which_fields_are_its_own(
    workspace: Path, cli, llm_server
) -> None:
    from tests.fixtures.llm_server import chat
    from tests.fixtures.workspaces import llm_workspace

    config = llm_workspace(workspace, llm_server.url, days=4)
    answer = {
        "people": ["Freedy", "Katedrala Kadiru"],
        "projects": [],
        "technologies": ["Ceph"],
        "libraries": [],
        "importance": 7,
        "mood": "kalau bawin",
        "bullets": ["Installed K3s on nuc-01 as the server node.", "Gawin Gawin Gawin."],
    }
    llm_server.reply(chat(answer), chat(answer))
    done = cli("explain", "2026-07-04", "--config", config, "--json")
    assert done.exit_code == 0, done.stderr
    llm = json.loads(done.stdout)["llm"]
    assert llm["people"] == ["Freedy"] and llm["terms"] == ["Ceph"]
    assert llm["sources"]["mood"] == "offline" and llm["sources"]["people"] == "llm"
    assert llm["notes"] == [
        "people: Katedrala Kadiru not in the day's text",
        "bullets: 1 not supported by the day's text or said twice",
        "mood: 'kalau bawin' is not one of vaultkit's; the offline reading's",
    ]
    shown = cli("explain", "2026-07-04", "--config", config)
    assert "its own: people, projects, technologies, libraries, importance, bullets" in shown.stdout
    assert "  mood: 'kalau bawin' is not one of vaultkit's" in shown.stdout

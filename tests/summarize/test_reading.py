"""What the offline summarizer reads in a day, in English and in Indonesian: people, new terms,
importance on the 1-10 scale, mood, bullets, and the explanation behind them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import PeopleConfig, VocabularyConfig, load_config
from vaultkit.model import DayInput
from vaultkit.summarize.mood import mood_of
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.text.vocabulary import Vocabulary

REPO = Path(__file__).resolve().parents[2]
DEV = REPO / "tests" / "fixtures" / "data" / "summarizer-dev"
DAY = date(2026, 3, 5)


@pytest.fixture(scope="module")
def reader() -> OfflineSummarizer:
    vocabulary = VocabularyConfig(
        projects=("Nouverse Core", "Homelab", "Payments API"),
        technologies=("Kubernetes", "PostgreSQL", "Redis", "Nginx", "Proxmox", "Grafana"),
        libraries=("FastAPI", "Pydantic"),
        aliases={"k8s": "Kubernetes", "K3s": "Kubernetes", "postgres": "PostgreSQL"},
    )
    people = PeopleConfig(
        known=("Gading", "Rina", "Freedy", "Nouva"), aliases={"Fred": "Freedy"}, ignore=("Nouva",)
    )
    return OfflineSummarizer(Vocabulary(vocabulary, people))


def day(note: str, *chats: str) -> DayInput:
    return DayInput(DAY, note, tuple((f"chat-{i}.md", c) for i, c in enumerate(chats)))


# People


def test_speakers_in_both_syntaxes_aliases_and_the_assistant_left_out(reader):
    chat = "# Chat\n\nGading: gw pindah K3s\n**Fred:** AKHIRNYA\nNouva: Noted.\nDimas: mantap\n"
    assert reader.summarize(day("# 2026-03-05\n", chat)).people == ("Gading", "Freedy", "Dimas")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("- Kabar bagus: Pak Surya approve pembelian server GPU.", "Surya"),
        ("- Vendor contact-nya Mbak Laras, PO keluar hari ini.", "Laras"),
        ("- Q2 planning: Maya bilang deadline-nya April 30.", "Maya"),
        ("- Review bareng Tomi soal API contract.", "Tomi"),
        ("- Kevin from the audit firm sent the list of 47 controls.", "Kevin"),
        ("- Laras said the quote is valid until Friday.", "Laras"),
        ("- Tomi, Maya, Putri, sama Gading nyoba semua flow dari jam 9.", "Putri"),
        ("- Met Arif at the office. Later Arif sent the replica lag numbers.", "Arif"),
    ],
)
def test_names_in_the_text_in_either_language(reader, text, name):
    assert name in reader.summarize(day(text)).people


@pytest.mark.parametrize(
    "text",
    [
        # A capital at a sentence's start, a label, a phrase before a colon, a tool, a place,
        # a firm, a title alone: none is a person.
        "Wow, Caroline! Anything new? Wow. Anything else?",
        "- Trigger: deploy at 14:05.\n- Impact: 1.200 merchant telat.\n- Trigger: again.",
        '- Rina ngeledek: "kamu bikin aplikasi buat kopi".',
        "- Installed Uptime Kuma. Uptime Kuma pings every minute.",
        "- Ramen di Blok M, terus ke Kemang. Kemang macet.",
        "- Laras from PT Lintas Data emailed. PT Lintas Data sent the quote.",
        "- Pak Surya approve. Tante dateng, Mama juga.",
    ],
)
def test_what_is_not_a_person(reader, text):
    people = set(reader.summarize(day(text)).people)
    assert not people & {"Wow", "Anything", "Trigger", "Impact", "Uptime", "Kuma", "Kemang",
                         "Blok", "Lintas", "Data", "Pak", "Tante", "Mama", "Rina ngeledek"}  # fmt: skip


def test_a_short_form_of_a_speaker_is_that_speaker(reader):
    chat = "Caroline: Hey Mel! How was the trip?\nMelanie: Great, Caroline. Mel is back!\n"
    assert reader.summarize(day("", chat)).people == ("Caroline", "Melanie")


# New terms


def test_new_terms_by_kind_in_both_languages(reader):
    note = (
        "- Pakai python-telegram-bot, `pip install python-telegram-bot==21.6`.\n"
        "- Ingress pakai Traefik v3.1, storage Longhorn 1.7 via Helm.\n"
        "- Backup pakai `restic backup /srv` ke Backblaze B2.\n"
        "- Side project baru, namanya Kopi Tracker. Kopi Tracker pakai SQLite.\n"
        "- Migrated the queue to RabbitMQ, and Uptime Kuma caught the 404s.\n"
    )
    terms = reader.explain(day(note)).new_terms
    assert terms["libraries"] == ["python-telegram-bot"]
    assert "Kopi Tracker" in terms["projects"]
    for tool in ("Traefik", "Longhorn", "Helm", "restic", "Backblaze B2", "RabbitMQ", "SQLite",
                 "Uptime Kuma"):  # fmt: skip
        assert tool in terms["technologies"], tool


def test_what_is_not_a_new_term(reader):
    note = (
        "- Host `pve-01` dan `nuc-03` penuh, kolom `ledger_entries` ditambah.\n"
        "- The CPU and the NAS are fine, API latency ok. Rp 250 ribu buat kabel.\n"
        "- Gading ketemu Rina di Jakarta. Rina's idea: K3s, postgres and Nginx.\n"
        "- from May 1 the key is revoked.\n"
    )
    terms = reader.explain(day(note)).new_terms
    assert terms == {"technologies": [], "libraries": [], "projects": []}


def test_new_terms_land_in_uncategorized_and_the_vocabulary_keeps_its_own(reader):
    fields = reader.summarize(day("- Proxmox host penuh, pindah ke K3s pakai Longhorn sama MySQL."))
    summary = reader.vocabulary.summary(DAY, fields)
    assert summary.uncategorized.technologies == ("Longhorn", "MySQL")
    assert "Longhorn" not in summary.tags and "MySQL" not in summary.projects


# Importance on the 1-10 scale


@pytest.mark.parametrize(
    ("note", "low", "high"),
    [
        # The issue's own days, then their English twins.
        ("Gading: Keputusan final: kita pindah cluster ke K3s minggu depan. Ini penting.", 8, 10),
        ("- Decided: the homelab moves from Proxmox VMs to a K3s cluster. Final call.", 8, 10),
        ("- Insiden: Payments API down 2 jam, 1.200 merchant kena, rollback jam 09:20.", 8, 10),
        ("- Production outage for 37 minutes, error rate 61%, rolled back at 14:44.", 7, 9),
        ("- Pak Surya (direktur) approve pembelian server GPU Rp 180 juta.", 7, 9),
        ("- The director approved the GPU server purchase, $12,000.", 7, 9),
        ("- Nonton anime sama Rina, makan ramen. Seru.", 1, 3),
        ("- Watched an anime with Rina, then ramen for dinner.", 1, 3),
        ("- Jangan lupa skincare. Jangan lupa bayar listrik.", 1, 2),
        ("- Standup, reviewed two PRs, fixed the retry endpoint, merged after review.", 4, 6),
        ("- Standup, review PR, benerin endpoint retry, merge abis direview.", 4, 6),
    ],
)
def test_importance_follows_the_seed_scale(reader, note, low, high):
    assert low <= reader.explain(day(note)).reading.level <= high


def test_a_decision_not_yet_made_is_not_a_decision(reader):
    undecided = reader.summarize(
        day("- Belum ada keputusan soal K3s, masih mikir. Not decided yet.")
    )
    decided = reader.summarize(day("- Keputusan: pindah ke K3s. Decided."))
    assert undecided.importance < decided.importance


@pytest.mark.parametrize(
    "pending",
    [
        "- Putri: we still have to decide whether to move the homelab to K3s.",
        "- Budi: kita harus memutuskan soal K3s minggu ini, perlu diputuskan.",
        "- Gading: itu hampir outage loh, NAS harus dibenerin serius.",
        "- Rina: the API nearly went down during the deploy.",
    ],
)
def test_a_decision_still_to_make_or_a_near_miss_is_not_the_event(reader, pending):
    explained = reader.explain(day(pending))
    names = {feature.name for feature in explained.reading.features}
    assert not names & {"a decision", "an incident"}, names


def test_a_personal_decision_weighs_like_the_errand_it_is(reader):
    fields = reader.summarize(day("- Rina's birthday gift: Gading decided on a planter set."))
    assert fields.importance <= 3


# Mood


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        ("Gading stressed berat, deadline besok.", "stressed"),
        ("Gading kesel banget, config Nginx berantakan.", "frustrated"),
        ("Gading, frustrated: we keep finding queues nobody owns.", "frustrated"),
        ("Capek banget abis migrasi.", "tired"),
        ("Bad sleep again, up until 3.", "tired"),
        ("He is really excited about this one.", "excited"),
        ("Good, productive day. Merged the fallback.", "productive"),
        ("Happiest day of the year.", "happy"),
        ("Seneng banget malem ini, rumah rame lagi.", "happy"),
        ("Malem santai, rebahan.", "relaxed"),
        ("Ga capek kok, biasa aja.", "neutral"),
        ("Nothing in particular happened.", "neutral"),
    ],
)
def test_mood_in_both_languages(text, mood):
    assert mood_of([text])[0] == mood


def test_a_feeling_said_outweighs_what_the_events_hint(reader):
    note = (
        "- Outage 2 jam, incident call, postmortem besok.\n- Tapi Gading happy banget, tim solid."
    )
    assert reader.summarize(day(note)).mood == "happy"
    assert reader.summarize(day("- Outage 2 jam, incident call, postmortem besok.")).mood == (
        "stressed"
    )


def test_the_assistants_words_are_not_the_persons_mood(reader):
    chat = "Gading: ok\nNouva: That is exciting, awesome, I'm thrilled!\n"
    assert reader.summarize(day("", chat)).mood == "neutral"


# Bullets


def test_bullets_are_the_informative_lines_in_order_with_their_speaker(reader):
    note = (
        "# 2026-03-05\n\n"
        "Pagi santai, kopi dulu.\n\n"
        "- Jangan lupa skincare malem.\n"
        "- Setelah 3 hari baca docs, Gading mutusin: the homelab moves to a 3-node K3s cluster.\n"
        "- Nonton anime sebentar.\n"
        "- Jadwal: migrasi weekend 21-22 Maret, Postgres paling terakhir.\n"
    )
    chat = "Gading: fred, gw jadi pindah K3s\nFreedy: AKHIRNYA\nGading: oke final. kita pindah ke K3s\n"
    bullets = reader.summarize(day(note, chat)).bullets
    assert 3 <= len(bullets) <= 6
    assert bullets[0].startswith("Setelah 3 hari baca docs")
    assert any(b.startswith("Jadwal: migrasi weekend 21-22 Maret") for b in bullets)
    assert "Gading: oke final. kita pindah ke K3s" in bullets
    assert not any("skincare" in b or "anime" in b or "kopi dulu" in b for b in bullets)


def test_a_heading_is_never_a_bullet_the_lines_under_it_are(reader):
    note = (
        "# 2026-03-10\n\n## Incident: laporan settlement telat\n\n"
        "Settlement report telat 2 jam 15 menit, 1.200 merchant kena.\n\n- Budi join call.\n"
    )
    bullets = reader.summarize(day(note)).bullets
    assert "Incident: laporan settlement telat" not in bullets
    assert "Settlement report telat 2 jam 15 menit, 1.200 merchant kena." in bullets
    assert "2026-03-10" not in bullets


def test_reminders_only_when_the_day_has_nothing_else(reader):
    note = "- Jangan lupa skincare malem ini ya.\n- Remember to buy a birthday gift for Nadia.\n"
    bullets = reader.summarize(day(note)).bullets
    assert bullets == (
        "Jangan lupa skincare malem ini ya.",
        "Remember to buy a birthday gift for Nadia.",
    )
    busy = note + "- Merged the retry endpoint of the Payments API after review.\n"
    assert reader.summarize(day(busy)).bullets == (
        "Merged the retry endpoint of the Payments API after review.",
    )


def test_the_count_is_bounded_on_a_long_chat(reader):
    pool = [f"{a}{b}" for a in ("ka", "lo", "mi", "ne", "su", "ta", "ri", "po") for b in
            ("ban", "dok", "fir", "gul", "hes", "jam", "kop", "lum", "nix", "ows")]  # fmt: skip
    turns = [f"Gading: merged {' '.join(pool[(i * 7 + k) % 80] for k in range(6))} #{i}"
             for i in range(40)]  # fmt: skip
    assert len(reader.summarize(day("", "\n".join(turns))).bullets) == 6


# Explanation


def test_explain_names_the_features_behind_importance_and_mood(reader):
    note = "- Insiden: Payments API down 2 jam, 1.200 merchant kena.\n- Gading stres berat."
    shown = reader.explain(day(note)).as_dict()
    assert shown["importance"] >= 8
    names = [f["feature"] for f in shown["importance_features"]]
    assert any(name.startswith("an incident (120 minutes)") for name in names)
    assert shown["mood"] == "stressed" and shown["mood_words"]["feel:stressed"] == 2
    assert all(c["reasons"] for c in shown["candidates"] if c["score"])
    json.dumps(shown)  # plain JSON all the way down


# The labelled dev set: a floor under the quality the bench reports


def test_the_dev_set_keeps_its_quality(tmp_path):
    (tmp_path / "vault" / "memory").mkdir(parents=True)
    (tmp_path / "memory_config.json").write_text((DEV / "memory_config.json").read_text())
    config = load_config(tmp_path / "memory_config.json")
    summarizer = OfflineSummarizer(Vocabulary(config.vocabulary, config.people))
    labels = [json.loads(line) for line in (DEV / "labels.jsonl").read_text().splitlines()]
    want, got, mood_ok, people_hit, people_all = [], [], 0, 0, 0
    for label in labels:
        note = (DEV / "notes" / f"{label['date']}.md").read_text(encoding="utf-8")
        chats = sorted((DEV / "chats" / label["date"]).glob("*.md"))
        fields = summarizer.summarize(
            DayInput(
                date.fromisoformat(label["date"]),
                note,
                tuple((p.name, p.read_text(encoding="utf-8")) for p in chats),
            )
        )
        want.append(label["importance"])
        got.append(fields.importance)
        mood_ok += fields.mood == label["mood"]
        people_hit += len(set(fields.people) & set(label["people"]))
        people_all += len(label["people"])
    assert _spearman(want, got) >= 0.7
    assert mood_ok / len(labels) >= 0.7
    assert people_hit / people_all >= 0.8


def _spearman(a: list[int], b: list[int]) -> float:
    def ranks(xs: list[int]) -> list[float]:
        order = sorted(range(len(xs)), key=xs.__getitem__)
        out = [0.0] * len(xs)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5

"""Words that say what a day was, in English and Indonesian (formal, and as chats write it).

Each category lists lowercase words and phrases; `signals(text)` counts each category's hits, a
phrase matched whole (the longest first), a hit after a negation not counted ("not decided yet",
"belum ada keputusan", "ga jadi pindah"). Categories name what a person would name: a decision,
an incident, a migration, money, a deadline, an explicit "important", delivery, small talk,
reminders; and the moods' words, feelings said and hints (see `mood`).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

LEXICON: dict[str, tuple[str, ...]] = {
    # A decision said outright; `agreement` words ("setuju", "deal", "go with") are decisions
    # only about work (the caller checks), not about where to eat.
    "decision": (
        "decided", "decide", "decides", "decision", "decisions", "approved", "approve",
        "approves", "signed off", "sign off", "settled on", "final call", "final decision",
        "greenlit", "adr",
        "memutuskan", "mutusin", "diputuskan", "diputusin", "keputusan", "putuskan", "disepakati",
        "kesepakatan", "disetujui", "menyetujui", "di-acc", "di-approve", "diapprove", "oke final", "udah final",
        "sudah final", "final ya", "jadi final",
    ),
    "agreement": (
        "agreed", "agreed on", "go with", "going with", "chose", "chosen", "we'll go with",
        "sepakat", "setuju", "acc", "fix pakai", "fix pake", "jadi pakai", "jadi pake",
        "jadi pindah", "deal",
    ),
    # An incident said outright; `trouble` words ("error", "failed", "gagal") are an incident
    # only in production or with a duration or an impact (the caller checks).
    "incident": (
        "outage", "outages", "incident", "incidents", "downtime", "went down", "go down", "is down",
        "was down", "goes down", "down for", "rollback", "rolled back", "roll back", "postmortem",
        "post-mortem", "post mortem", "data loss", "hotfix", "root cause", "sev1", "sev 1",
        "sev2", "error rate", "500s", "crashlooping",
        "insiden", "gangguan", "mati total", "server mati", "lagi down", "sempat down",
        "sempet down", "server down", "prod down", "site down", "data hilang", "hilang data",
        "ga bisa diakses", "gak bisa diakses", "tidak bisa diakses",
    ),
    "trouble": (
        "error", "errors", "failed", "failing", "failure", "broke", "broken", "crashed", "crash",
        "crashing", "regression", "corrupted", "leak", "leaking", "bug", "bugs", "timeout",
        "timeouts", "down", "paged", "alert", "alerts", "alerting",
        "gagal", "rusak", "bermasalah", "ngadat", "bocor", "lemot", "macet", "mati",
        # Goods or work held up: trouble only with a count of what it hit (the caller checks).
        "delayed", "late", "stuck", "held up", "telat", "terlambat", "tertahan", "tertunda",
        "nyangkut",
    ),
    "production": (
        "production", "prod", "customers", "customer", "users", "merchants", "merchant", "live",
        "pelanggan", "pengguna", "semua user", "nasabah", "transaksi",
    ),
    "migration": (
        "migrate", "migrated", "migrating", "migration", "migrations", "refactor", "refactored",
        "refactoring", "re-architect", "architecture", "architectural", "cutover", "upgrade",
        "upgraded", "upgrading", "replatform", "rewrite", "rewrote", "rewriting",
        "decommission", "decommissioned", "sunsetted", "phased out", "dipensiunkan",
        "dipensiunin", "migrasi", "dimigrasi", "memigrasi", "migrasiin", "pindah cluster",
        "arsitektur", "rombak", "perombakan", "dirombak",
    ),
    # Words of moving that are a migration only when what moves is a system (the caller
    # checks): "moved the ledger to Patroni", not "he's moving to Singapore" or "parkiran
    # motor mau dipindah ke basement".
    "moving": (
        "move to", "moving to", "moved to", "switch to", "switched to", "switching to", "move",
        "moves", "moved",
        "retired", "sunset", "pindah ke", "pindahin", "dipindah", "ganti ke", "diganti ke",
        "pindah", "memindahkan", "mindahin",
    ),
    # A write-up of an incident after it: follow-up work, not the outage itself. Its words are
    # incident words too (a search for one finds the other); the importance tells them apart.
    "postmortem": ("postmortem", "post-mortem", "post mortem"),
    # Words of ordinary work: a day holding them is a working day (4-6), whatever else it holds.
    "work": (
        "meeting", "meetings", "standup", "stand-up", "sync", "review", "reviewed", "pr",
        "pull request", "merge", "deploy", "deployment", "release", "sprint", "ticket", "tickets",
        "task", "tasks", "feature", "features", "endpoint", "endpoints", "api", "server",
        "servers", "database", "cluster", "code", "coding", "debug", "debugging", "test",
        "tests", "testing", "client", "clients", "team", "project", "projects", "roadmap",
        "scope", "spec", "design doc", "report", "presentation", "demo", "interview", "onboarding",
        "office", "backlog", "estimate", "progress", "milestone", "config", "migration",
        "rapat", "meeting sama", "fitur", "kerjaan", "kantor", "tim", "proyek", "klien",
        "laporan", "dokumen", "presentasi", "ngoding", "ngerjain", "dikerjain", "beresin",
        "tugas", "tiket", "progres", "jadwal rilis", "wawancara", "serah terima", "handover",
        "integration", "integrasi", "staging", "logs", "logging", "metrics", "dashboard",
        "dashboards", "pipeline", "gateway", "schema", "cache", "backend", "frontend", "latency",
        "load test", "rate limit", "rate limits", "on-call", "oncall", "code freeze", "planning",
        "sprint planning", "retro", "retrospective", "sandbox", "pilot", "rollout", "runbook",
        "monitoring", "alerting", "replica", "failover", "incident review", "spike", "poc",
        "repo", "repository", "commit", "branch", "pull request", "merge request", "mr",
        # The work of a business's operations, beside a software team's.
        "vendor", "vendors", "supplier", "suppliers", "contract", "kontrak", "invoice",
        "invoices", "claim", "claims", "klaim", "warehouse", "gudang", "shipment", "shipments",
        "pengiriman", "operations", "operasional", "sla", "kpi", "audit", "inventory",
        "inventori", "stok",
        # A student's work, and a researcher's.
        "thesis", "tesis", "skripsi", "disertasi", "dissertation", "sidang", "seminar",
        "paper", "jurnal", "journal", "reviewer", "reviewers", "penguji", "examiner",
        "examiners", "supervisor", "pembimbing", "dosen", "revisi", "revision", "revisions",
        "bab", "chapter", "submission", "manuscript", "naskah", "lecture", "exam",
        "ujian", "research", "penelitian", "riset", "praktikum", "bimbingan", "proposal",
    ),
    # People coming and going: a resignation, a hire, a move between teams, a last day.
    "leaving": (
        "resigned", "resigns", "resigning", "resignation", "quit", "quits", "handed in her notice",
        "handed in his notice", "notice period", "leaving the company", "leaves the company",
        "resign", "mengundurkan diri", "keluar dari kantor", "cabut dari kantor", "udah resign",
    ),
    "farewell": (
        "last day", "farewell", "goodbye lunch", "hari terakhir", "perpisahan", "pamitan",
    ),
    "hiring": (
        "hired", "new hire", "joins us", "joined us", "joining us", "joined the team",
        "joins the team", "joining the team", "first day", "accepted the offer", "accepted our offer",
        "signed the offer", "offer accepted", "karyawan baru", "anak baru", "bergabung",
        "gabung ke tim", "join tim", "masuk tim", "terima offer", "hari pertama", "onboarding",
    ),
    "transfer": (
        "pindah tim", "pindah ke tim", "dipindah ke tim", "moves to our team", "moving to our team",
        "moved to our team", "transferred to", "joins our team from",
    ),
    # A number going down ("the crash rate is down to 0.4%"): no outage.
    "decrease": (
        "is down to", "was down to", "went down to", "goes down to", "down to", "dropped to",
        "fell to", "turun ke", "turun jadi", "turun sampai",
    ),
    # Money words; an amount (`Rp 180 juta`, `$12,000`) is found by the caller.
    "money": (
        "budget", "budgets", "invoice", "purchase", "purchased", "quote", "quotation", "capex",
        "opex", "purchase order", "procurement", "contract", "contracts",
        "anggaran", "tagihan", "pembelian", "penawaran", "pengadaan", "kontrak",
    ),
    "deadline": (
        "deadline", "deadlines", "due date", "is due", "due by", "by friday", "by monday", "by tuesday",
        "by wednesday", "by thursday", "by tomorrow", "go-live", "go live", "launch date",
        "release date", "target date",
        "tenggat", "paling lambat", "harus selesai", "harus beres", "sebelum tanggal",
        "target rilis", "target selesai", "dikejar deadline",
    ),
    "emphasis": (
        "important", "importantly", "critical", "crucial", "urgent", "asap", "priority", "p0",
        "high priority", "big deal", "must not",
        "penting", "krusial", "mendesak", "genting", "prioritas", "ini penting", "jangan sampai",
    ),
    "authority": (
        "director", "directors", "ceo", "cto", "cfo", "vp", "management", "the board", "board",
        "the boss", "leadership",
        "direktur", "direksi", "bos", "atasan", "manajemen", "petinggi",
    ),
    # Work carried out (a migration done, not only discussed).
    "completion": (
        "completed", "finished", "done", "cutover", "cut over", "went live", "rolled out",
        "live now", "is live", "migrated",
        "selesai", "beres", "kelar", "rampung", "tuntas", "udah live", "sudah live", "berhasil",
        "sukses", "udah pindah", "sudah pindah",
    ),
    "delivery": (
        "shipped", "merged", "released", "deployed", "launched", "published", "finished",
        "completed", "went live", "rolled out", "done",
        "selesai", "beres", "kelar", "rampung", "rilis", "dirilis", "berhasil", "sukses",
        "udah live", "sudah live", "udah jalan", "lancar",
    ),
    "small_talk": (
        "dinner", "lunch", "breakfast", "movie", "film", "watched", "anime", "manga", "skincare",
        "birthday", "gift", "groceries", "grocery", "dentist", "coffee", "ramen", "takeaway",
        "party", "weekend", "holiday", "vacation", "family", "restaurant", "gym", "jogging",
        "series", "episode", "game", "cat", "dog", "mom", "dad", "wife", "girlfriend",
        "nonton", "makan", "makan malam", "makan siang", "sarapan", "jalan-jalan", "kopi",
        "belanja", "ulang tahun", "ultah", "kado", "liburan", "keluarga", "masak", "olahraga",
        "lari pagi", "drakor", "main game", "mancing", "kucing", "anak", "istri", "pacar", "mama",
        "papa", "ayah", "cuti", "santai", "rebahan", "nongkrong", "martabak", "sate", "bakso",
        "mie", "nasi goreng", "kondangan", "arisan", "mudik", "lebaran",
        "karaoke", "song", "songs", "sang", "singing", "concert", "band", "lagu", "nyanyi",
        "konser", "kafein", "caffeine", "ngopi", "sunscreen", "sunblock", "hujan", "rain",
        "tanaman", "plants", "kopi susu", "es teh", "boba", "snack", "jajan",
        "beach", "pantai", "swimming", "berenang", "hiking", "picnic", "piknik", "kites",
        "layangan", "cake", "kue", "shopping", "mall",
    ),
    # A day that calls itself quiet: at most a little work, whatever it mentions in passing.
    "quiet": (
        "quiet day", "quiet sunday", "quiet saturday", "quiet weekend", "small day", "slow day",
        "lazy day", "lazy sunday", "day off", "off day", "no work", "rest day",
        "hari santai", "hari libur", "lagi libur", "cuti sehari", "lagi cuti", "hari ini cuti",
        "gw cuti", "gue cuti", "aku cuti", "saya cuti", "ambil cuti", "santai aja",
        "nothing important", "nothing much", "ga ada yang penting", "gak ada yang penting",
        "nggak ada yang penting", "tidak ada yang penting",
        "hari tenang", "minggu santai", "weekend santai", "ga kerja", "gak kerja", "libur kerja",
        "quiet monday", "quiet tuesday", "quiet wednesday", "quiet thursday", "quiet friday",
        "quiet week", "nothing happened", "nothing worth writing", "hari yang tenang", "hari sepi",
        "senin sepi", "selasa sepi", "rabu sepi", "kamis sepi", "jumat sepi", "yang lambat",
        "hari yang lambat", "ga ada kerjaan", "gak ada kerjaan", "nggak ada kerjaan",
        # the same in the regions' words for "not" (`NEGATIONS`)
        "ndak ada yang penting", "nda ada yang penting", "kagak ada yang penting",
        "ndak ada kerjaan", "nda ada kerjaan", "kagak ada kerjaan", "ora ono sing penting",
    ),
    # News: something that happened, told with its time ("yesterday I went", "kemarin").
    "news": (
        "yesterday", "last week", "last weekend", "last night", "last month", "this morning",
        "i went", "we went", "i just", "just got", "i started", "i got", "i joined", "i signed",
        "i finished", "i bought", "i made", "i took", "i met", "we had", "i had",
        "kemarin", "minggu lalu", "bulan lalu", "tadi pagi", "tadi siang", "tadi malam",
        "semalam", "barusan", "baru aja", "baru saja",
    ),
    # Greetings and leave-takings: a chat's filler.
    "greeting": (
        "hey", "hi", "hello", "good morning", "good night", "good to see you", "how are you",
        "how have you been", "how's it going", "what's up", "talk to you soon", "talk soon",
        "see you", "see ya", "bye", "take care", "thanks", "thank you", "nice to meet you",
        "halo", "hai", "pagi", "selamat pagi", "selamat malam", "apa kabar", "makasih",
        "terima kasih", "sampai jumpa", "dadah", "met pagi", "gimana kabarnya",
    ),
    "reminder": (
        "reminder", "remind me", "don't forget", "dont forget", "remember to", "to do", "todo",
        "jangan lupa", "ingetin", "ingatkan", "inget", "ingat ya", "besok harus", "nanti harus",
    ),
}  # fmt: skip
NEGATIONS = frozenset(
    "not no never without nor isn't wasn't didn't don't doesn't won't can't nothing nobody none "
    "tidak tak ga gak nggak ngga enggak engga belum bukan tanpa batal jangan "
    "ndak nda endak kagak gk tdk ora "  # as regions and chats write "tidak"
    "almost nearly hampir nyaris".split()  # a near miss did not happen either
)
# A decision still to be made is not one: "we still have to decide", "perlu diputuskan".
PENDING = frozenset(
    "to will whether should must let's lets still harus perlu nanti akan bakal masih".split()
)
# The words a cause is told with, as a regex alternative: a line that states one (`index.asides`)
# and a question that asks for one (`search.intent`) read the same ones.
CAUSE_WORDS = r"(?:akar masalah(?:nya)?|root[ -]causes?|rca|penyebab(?:nya)?|biang kerok(?:nya)?)"

_PENDING_CATEGORIES = frozenset({"decision", "agreement"})
# What a sentence talks about, negated or not: "not enough caffeine" is still about coffee.
_TOPICS = frozenset({"small_talk"})
# A word, or a sentence's end: a negation's reach stops there ("Not bad. Productive.").
_TOKEN = re.compile(r"[^\W_]+(?:['-][^\W_]+)*\??|[.!?;](?=\s|$)")
_END = "."


MOODS = (
    "stressed", "frustrated", "sad", "tired", "relieved", "excited", "productive", "happy",
    "relaxed",
)  # fmt: skip

FEELINGS: dict[str, tuple[str, ...]] = {
    "stressed": (
        "stressed", "stress", "stressful", "panic", "panicked", "panicking", "worried", "nervous",
        "anxious", "overwhelmed", "tense", "rough day", "hectic", "on edge", "freaking out",
        "stres", "setres", "panik", "pusing", "deg-degan", "degdegan", "khawatir", "cemas",
        "tegang", "was-was", "kewalahan", "mumet", "puyeng", "ketar-ketir",
    ),
    "frustrated": (
        "frustrated", "frustrating", "frustration", "annoyed", "annoying", "irritated",
        "irritating", "fed up", "pissed", "angry", "sick of", "infuriating",
        "kesel", "kesal", "bete", "sebel", "sebal", "nyebelin", "gregetan", "ngeselin", "emosi",
        "dongkol", "jengkel", "marah", "geram",
    ),
    # Sadness: a loss, bad news, grief, a disappointment felt (not an annoyance: frustrated).
    "sad": (
        "sad", "sadly", "so sad", "heartbroken", "heartbreaking", "grieving", "grief", "devastated",
        "gutted", "depressed", "down in the dumps", "miss her", "miss him", "cried", "crying",
        "in tears", "teary", "sedih", "sedihnya", "nangis", "menangis", "berduka", "duka",
        "patah hati", "galau", "kecewa", "nyesek", "mewek", "terpukul",
    ),
    "tired": (
        "tired", "exhausted", "exhausting", "drained", "sleepy", "burned out", "burnt out",
        "worn out", "bad sleep", "no sleep", "didn't sleep", "barely slept", "no energy",
        "capek", "cape", "capai", "lelah", "ngantuk", "tepar", "lemes", "teler", "pegel",
        "kurang tidur", "ga tidur", "gak tidur", "ga bisa tidur", "gak bisa tidur", "kecapekan",
    ),
    # Relief: a weight off, the worry over ("lega akhirnya ada keputusan").
    "relieved": (
        "relieved", "relief", "what a relief", "phew", "a weight off", "weight off my shoulders",
        "lega", "lega banget", "legaa", "plong", "fiuh", "fyuh", "alhamdulillah aman",
        "akhirnya aman",
    ),
    "excited": (
        "excited", "exciting", "thrilled", "hyped", "can't wait", "cant wait", "pumped", "stoked",
        "gak sabar", "ga sabar", "nggak sabar", "semangat", "antusias", "excited banget",
    ),
    "productive": (
        "productive", "productive day", "good day", "solid day", "got a lot done", "focused",
        "in the zone", "produktif", "fokus",
    ),
    "happy": (
        "happy", "happiest", "glad", "joyful", "delighted", "grateful", "thankful", "proud",
        "good mood", "cheerful",
        "senang", "seneng", "bahagia", "bersyukur", "hepi", "terharu", "bangga", "gembira",
    ),
    # Said only as a day's verdict ("Neutral.", "B aja"): `mood` reads it in a closing line.
    "neutral": ("neutral", "so-so", "meh", "b aja", "biasa aja", "biasa-biasa aja"),
    "relaxed": (
        "relaxed", "relaxing", "calm", "chill", "chilled", "chilling", "day off", "lazy",
        "laid back", "santai", "santuy", "tenang", "selow", "leha-leha", "rebahan", "adem",
    ),
}  # fmt: skip

HINTS: dict[str, tuple[str, ...]] = {
    "sad": (
        "bad news", "passed away", "rest in peace", "funeral", "in the hospital",
        "hospitalized", "kabar buruk", "kabar ga enak", "kabar gak enak", "kabar nggak enak",
        "meninggal", "wafat", "innalillahi", "pemakaman", "melayat", "masuk rumah sakit",
        "dirawat", "opname",
    ),
    "relieved": (
        "no harm done", "nothing lost", "all good now", "back to normal", "crisis averted",
        "aman semua", "semua aman", "udah aman", "sudah aman", "normal lagi", "ga jadi masalah",
    ),
    "stressed": (
        "outage", "incident", "urgent", "deadline", "pressure", "firefighting", "escalation",
        "oh no", "how bad", "scary",
        "mepet", "dikejar", "gawat", "waduh", "insiden", "kebakaran", "serem", "ngeri",
    ),
    "frustrated": (
        "ugh", "damn", "sigh", "regret", "wasted", "again?", "hate", "embarrassing", "complained",
        "anjir", "astaga", "sial", "nyerah", "capek deh", "buang waktu", "males", "zonk",
    ),
    "tired": (
        "long night", "long day", "hours of sleep", "up until", "all-nighter", "begadang",
        "lembur", "sampe pagi", "sampai pagi",
    ),
    "excited": (
        "finally", "awesome", "amazing", "congrats", "woohoo", "yay", "can't believe",
        "akhirnya", "mantap", "mantep", "keren", "asik", "asyik", "hore", "yeay", "wih", "gokil",
    ),
    "productive": (
        "done", "finished", "shipped", "merged", "fixed", "published", "completed", "deployed",
        "closed", "released", "built",
        "beres", "kelar", "selesai", "rampung", "berhasil", "lancar", "tuntas",
    ),
    "happy": (
        "loved", "love", "fun", "celebrate", "celebrated", "celebrating", "enjoyed", "laughed",
        "alhamdulillah", "ketawa", "lucu", "syukur", "seru", "enak", "senyum",
    ),
    "relaxed": (
        "quiet", "rest", "slow day", "slow", "no work", "no laptop", "weekend", "libur", "cuti",
        "istirahat", "nyantai",
    ),
}  # fmt: skip
INTENSIFIERS = frozenset(
    """banget bgt bener parah berat sekali pol amat really very so super totally extremely
    incredibly""".split()
)


class Matcher:
    """Counts a lexicon's categories in text: each entry matched whole, the longest first, a
    hit after a negation not counted ("not decided yet", "belum ada keputusan", "ga jadi
    pindah"). With `intensifiers`, a hit beside one ("capek banget", "really excited") counts
    twice."""

    def __init__(
        self,
        lexicon: dict[str, tuple[str, ...]],
        intensifiers: frozenset[str] = frozenset(),
        intensified: frozenset[str] = frozenset(),
    ) -> None:
        # Each family of categories (the events; the moods, `feel:` and `hint:`) takes its own
        # longest match: "cuti sehari" (a quiet day) must not hide "cuti" (a hint of rest).
        families: dict[str, dict[str, tuple[str, ...]]] = {}
        for category, entries in lexicon.items():
            family = "mood" if ":" in category else ""
            families.setdefault(family, {})[category] = entries
        self.indexes = [_index(family) for _, family in sorted(families.items())]
        self.intensifiers = intensifiers
        self.intensified = intensified  # the categories an intensifier counts twice
        self.counts = lru_cache(maxsize=1 << 14)(self._counts)

    def _counts(self, text: str) -> Counter[str]:
        tokens = [
            _END if t in ".!?;" else t.rstrip("?") if t != "again?" else t
            for t in _TOKEN.findall(_fold(text))
        ]
        counts: Counter[str] = Counter()
        for index in self.indexes:
            self._scan(tokens, index, counts)
        return counts

    def _scan(
        self,
        tokens: list[str],
        index: dict[str, list[tuple[tuple[str, ...], str]]],
        counts: Counter[str],
    ) -> None:
        i = 0
        while i < len(tokens):
            options = index.get(tokens[i])
            if options is None:
                i += 1
                continue
            matched = 1
            for words, category in options:
                if tuple(tokens[i : i + len(words)]) != words:
                    continue
                if matched == 1 or len(words) == matched:
                    matched = len(words)
                    if not _negated(tokens, i, category):
                        twice = category in self.intensified
                        counts[category] += 1 + (
                            twice and self._intensified(tokens, i, i + matched)
                        )
            i += matched

    def _intensified(self, tokens: list[str], start: int, end: int) -> int:
        around = tokens[max(0, start - 1) : start] + tokens[end : end + 1]
        return int(any(t in self.intensifiers for t in around))


def _index(lexicon: dict[str, tuple[str, ...]]) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """First word of every entry -> (the entry's words, its category), longest entry first."""
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for category, entries in lexicon.items():
        for entry in entries:
            words = tuple(entry.split())
            index.setdefault(words[0], []).append((words, category))
    for options in index.values():
        options.sort(key=lambda option: -len(option[0]))
    return index


_MOOD_WORDS = {
    **{f"feel:{m}": w for m, w in FEELINGS.items()},
    **{f"hint:{m}": w for m, w in HINTS.items()},
}
_ALL = Matcher({**LEXICON, **_MOOD_WORDS}, INTENSIFIERS, frozenset(_MOOD_WORDS))


def signals(text: str) -> Counter[str]:
    """How often each category occurs in text (the events' and the moods', `feel:<mood>` and
    `hint:<mood>`); a negated hit ("not decided") is not counted, a mood beside an intensifier
    ("capek banget") twice. One pass for all: the importance, the mood and the bullets read the
    same sentences."""
    return _ALL.counts(text)


def _fold(text: str) -> str:
    return text.casefold().replace("\u2019", "'").replace("`", " ")


def _negated(tokens: list[str], i: int, category: str = "") -> bool:
    """Whether the word at i follows a negation within three words ("not decided", "no big
    decision", "belum ada keputusan", "nggak ada kerjaan penting", "hampir outage"), or for a
    decision a word that leaves it pending within two ("have to decide", "perlu diputuskan")."""
    if category in _TOPICS:
        return False
    pending = category in _PENDING_CATEGORIES
    start = max(0, i - 3)
    for j in range(i - 1, start - 1, -1):
        if tokens[j] == _END:
            start = j + 1
            break
    return any(
        tokens[j] in NEGATIONS
        or tokens[j].endswith("n't")
        or (pending and j >= i - 2 and tokens[j] in PENDING)
        for j in range(start, i)
    )

"""Secrets scrubbed from text before it reaches the vault, in English and Indonesian sentences.

The keys below are made up, and each is assembled from pieces so that no scanner reading this
file takes it for a leaked one.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.text.secrets import Scrubbed, scrub_secrets

OPENAI_PROJ = "sk-" + "proj-Xq3vB8nT1kLm9PzR4sWy7HcJ2dFa6GeU0iOo5VbN_t8Qe2Rw-Lp4Zs"
OPENAI_LEGACY = "sk-" + "Xq3vB8nT1kLm9PzR4sWy7HcJ2dFa6GeU0iOo5VbNt8Qe2Rw1"
OPENAI_SERVICE = "sk-" + "svcacct-Zt5Ym2Lk8Jh3Gf6Ds9Aq1Wp4Eo7Ri0Uy_Tx"
ANTHROPIC = "sk-" + "ant-api03-Zr8Kx2Vb5Nm1Qw7Ej4Ty9Ui3Op6As0Df_Gh2Jk5Lz8Xc-Vb1Nm4QwAA"
AWS_KEY_ID = "AKIA" + "Q7XZ3N5B2L4K6M8P"
AWS_TEMP_ID = "ASIA" + "R2T4Y6U8I0O1P3A5"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "Q7XZ3N5B2L"
GITHUB_CLASSIC = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
GITHUB_OAUTH = "gho_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
GITHUB_FINE = "github_" + "pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789AB"
SLACK_BOT = "xoxb-" + "1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
SLACK_APP = "xapp-" + "1-A0123456789-1234567890123-abcdef0123456789"
SLACK_HOOK = "https://hooks." + "slack.com/services/T0ABC1234/B0DEF5678/AbCdEfGhIjKlMnOpQrStUvWx"
GOOGLE = "AIza" + "SyD3x9Kq2Lm5Np8Rs1Tu4Vw7Xy0Za3Bc6De"
STRIPE_LIVE = "sk_" + "live_51Hc8qLKj2x9Vb7Nm4Qw1Ep6Rt"
STRIPE_RESTRICTED = "rk_" + "live_51Hc8qLKj2x9Vb7Nm4Qw1Ep6Rt"
STRIPE_TEST = "sk_" + "test_4eC39HqLyjWDarjtT1zdp7dc"
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkJ1ZGkifQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
KEY_BODY = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQ"


def pem(label: str) -> str:
    return f"-----BEGIN {label}-----\n{KEY_BODY}\n-----END {label}-----"


def found(text: str) -> dict[str, int]:
    return dict(scrub_secrets(text).found)


def assert_scrubbed(text: str, secret: str, kind: str, count: int = 1) -> str:
    result = scrub_secrets(text)
    assert secret not in result.text
    assert result.text.count(f"[REDACTED:{kind}]") == count
    assert dict(result.found).get(kind) == count
    return result.text


@pytest.mark.parametrize("key", [OPENAI_PROJ, OPENAI_LEGACY, OPENAI_SERVICE])
def test_openai_keys(key: str) -> None:
    text = f"ini key OpenAI gw: {key}, jangan disebar ya"
    assert assert_scrubbed(text, key, "openai") == (
        "ini key OpenAI gw: [REDACTED:openai], jangan disebar ya"
    )
    assert_scrubbed(f'OPENAI_API_KEY="{key}"', key, "openai")


def test_anthropic_wins_over_openai() -> None:
    text = f"Set ANTHROPIC_API_KEY={ANTHROPIC} before running the hook."
    assert scrub_secrets(text) == Scrubbed(
        "Set ANTHROPIC_API_KEY=[REDACTED:anthropic] before running the hook.",
        (("anthropic", 1),),
    )
    assert_scrubbed(f"key Claude-nya {ANTHROPIC} udah gw revoke", ANTHROPIC, "anthropic")


def test_aws_access_key_ids_and_labelled_secret_keys() -> None:
    text = f"aws_access_key_id = {AWS_KEY_ID}\naws_secret_access_key = {AWS_SECRET}\n"
    assert scrub_secrets(text).text == (
        "aws_access_key_id = [REDACTED:aws]\naws_secret_access_key = [REDACTED:aws]\n"
    )
    json_text = f'{{"AccessKeyId": "{AWS_TEMP_ID}", "SecretAccessKey": "{AWS_SECRET}"}}'
    assert_scrubbed(json_text, AWS_SECRET, "aws", count=2)
    assert_scrubbed(f"export AWS_SECRET_ACCESS_KEY={AWS_SECRET}", AWS_SECRET, "aws")
    assert_scrubbed(f"tadi gw paste {AWS_KEY_ID} ke Slack, langsung rotate", AWS_KEY_ID, "aws")


def test_an_unlabelled_forty_character_string_is_not_an_aws_secret() -> None:
    text = f"checksum {AWS_SECRET} dari file backup"
    assert scrub_secrets(text) == Scrubbed(text, ())


@pytest.mark.parametrize("token", [GITHUB_CLASSIC, GITHUB_OAUTH, GITHUB_FINE])
def test_github_tokens(token: str) -> None:
    assert_scrubbed(f"Token GitHub buat CI: {token} (expired bulan depan)", token, "github")
    assert_scrubbed(f"git clone https://{token}@github.com/budi/vault.git", token, "github")


@pytest.mark.parametrize("token", [SLACK_BOT, SLACK_APP, SLACK_HOOK])
def test_slack_tokens_and_webhooks(token: str) -> None:
    assert_scrubbed(f"The bot posts with {token} every morning.", token, "slack")
    assert_scrubbed(f"webhook-nya: {token}\n", token, "slack")


def test_google_api_keys() -> None:
    text = f"Maps API key-nya {GOOGLE}, udah di-restrict ke domain kita"
    assert_scrubbed(text, GOOGLE, "google")


@pytest.mark.parametrize("key", [STRIPE_LIVE, STRIPE_RESTRICTED, STRIPE_TEST])
def test_stripe_keys(key: str) -> None:
    assert_scrubbed(f"Stripe key for the payments API: {key}.", key, "stripe")


@pytest.mark.parametrize(
    "label", ["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY"]
)
def test_private_key_blocks(label: str) -> None:
    text = f"Ini key server lama:\n{pem(label)}\nudah gw hapus dari laptop."
    assert scrub_secrets(text) == Scrubbed(
        "Ini key server lama:\n[REDACTED:private-key]\nudah gw hapus dari laptop.",
        (("private-key", 1),),
    )


def test_pgp_private_key_block() -> None:
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----"
    assert scrub_secrets(f"backup:\n{block}\nok").text == "backup:\n[REDACTED:private-key]\nok"


def test_an_unterminated_private_key_is_redacted_to_the_end() -> None:
    text = f"pasted half a key:\n-----BEGIN RSA PRIVATE KEY-----\n{KEY_BODY}\nand more notes"
    assert scrub_secrets(text).text == "pasted half a key:\n[REDACTED:private-key]"


def test_bearer_tokens_keep_the_word_bearer() -> None:
    header = "Authorization: Bearer 8f2Kq9LmXz4Tn7Vb1Rc"
    assert scrub_secrets(header).text == "Authorization: Bearer [REDACTED:bearer]"
    curl = "curl -H 'Authorization: Bearer 8f2Kq9LmXz4Tn7Vb1Rc' https://api.example.com"
    assert "Bearer [REDACTED:bearer]' https://api.example.com" in scrub_secrets(curl).text
    bare = f"request-nya pake Bearer {JWT} tapi tetep 401"
    assert scrub_secrets(bare).text == "request-nya pake Bearer [REDACTED:bearer] tapi tetep 401"
    assert found(bare) == {"bearer": 1}


def test_jwts() -> None:
    text = f"The session cookie was {JWT}; it expires in an hour."
    assert (
        scrub_secrets(text).text == "The session cookie was [REDACTED:jwt]; it expires in an hour."
    )


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("postgresql://app:s3cr3t-Pw@db:5432/x", "postgresql://app:[REDACTED:password]@db:5432/x"),
        ("mysql://root:hunter2@127.0.0.1:3306/shop", "mysql://root:[REDACTED:password]@127.0.0.1"),
        ("redis://:Rd1s-pass@cache.internal:6379/0", "redis://:[REDACTED:password]@cache.internal"),
        ("https://budi:Tr0ub4dor@example.com/dav", "https://budi:[REDACTED:password]@example.com"),
        ("postgres://app:p@ss:w0rd@db/x", "postgres://app:[REDACTED:password]@db/x"),
    ],
)
def test_url_passwords_keep_scheme_user_and_host(url: str, kept: str) -> None:
    text = f"DSN staging: {url} (jangan di-commit)"
    result = assert_scrubbed(text, url, "password")
    assert kept in result


@pytest.mark.parametrize(
    "text",
    [
        "DB_PASSWORD=Sup3rS3cret!",
        "PASSWORD: correct-horse-battery",
        "passwd = t4hu-bulat",
        "mysql -u root pwd=r00t-pass",
        'config: {"api_key": "abcdefghijkl"}',
        "apikey: 9f8e7d6c5b4a",
        "client_secret=Zx8Cv7Bn6Mm5",
        "https://example.com/callback?token=ab12cd34ef56&next=/home",
        "Password wifi kantor: password: Kop1Sus4Panas",
    ],
)
def test_assigned_passwords_and_keys(text: str) -> None:
    result = scrub_secrets(text)
    assert found(text) == {"password": 1}
    assert "[REDACTED:password]" in result.text


def test_an_assignment_keeps_its_label_and_what_follows() -> None:
    text = "password=Kop1Sus4Panas, jangan lupa ya"
    assert scrub_secrets(text).text == "password=[REDACTED:password], jangan lupa ya"


NEGATIVES = [
    "Main sk-8 skateboard di taman, seru banget",
    "task-ant-farm sama desk-lamp udah dibeli, also the risk-based plan",
    "AKIA itu prefix access key AWS, ASIA buat temporary credentials",
    "commit 3f9a1c2e4b5d6f7a8b9c0d1e2f3a4b5c6d7e8f90 udah di-merge",
    "session 123e4567-e89b-12d3-a456-426614174000 expired",
    "Gw pake password manager sekarang, Bitwarden",
    "Kemarin lupa password wifi kantor",
    "passwordnya udah gw ganti kok",
    "Password: udah gw ganti kemarin",
    "token: berhasil di-refresh tadi pagi",
    "Baca [docs](https://docs.python.org/3/library/re.html) dulu",
    "Lihat [[2026-07-04]] dan [[projects/Homelab|Homelab]]",
    "Rina: besok kita rapat jam 10:00 ya",
    "Deploy at 2026-07-04T10:15:00+07:00, done by 2026-07-04.",
    "ssh git@github.com and https://budi@example.com/path",
    "api_key_env: OPENAI_API_KEY",
    "password = os.environ['DB_PASSWORD']",
    "password = config.get('db')",
    "password=$DB_PASSWORD and postgres://app:${PGPASSWORD}@db/x",
    "token: <your-token-here>",
    "pwd: /home/budi/vault",
    "max_tokens: 4096, input_tokens=123456789",
    "Bearer token itu apa sih? Authorization: Bearer <token>",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+g\n-----END CERTIFICATE-----",
    "sk-proj-abc123 kepotong, xoxb- doang, ghp_ aja",
    "http://localhost:8080/api/v1 dan redis://cache:6379",
    "[REDACTED:openai] [REDACTED:password] password=[REDACTED:password]",
    "Bearer [REDACTED:bearer] postgresql://app:[REDACTED:password]@db/x",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_text_without_secrets_is_untouched(text: str) -> None:
    assert scrub_secrets(text) == Scrubbed(text, ())


def test_private_blocks_are_dropped_with_their_tags() -> None:
    text = "Meeting notes <private>gaji gw 25jt</private> lanjut"
    assert scrub_secrets(text) == Scrubbed("Meeting notes  lanjut", (("private", 1),))
    multi = "a\n<PRIVATE>\nline one\nline two\n</Private>\nb <private>c</private>"
    assert scrub_secrets(multi) == Scrubbed("a\n\nb ", (("private", 2),))


def test_an_unclosed_private_block_drops_the_rest() -> None:
    assert scrub_secrets("kept <private> alamat rumah gw\nJl. Melati 3") == Scrubbed(
        "kept ", (("private", 1),)
    )


def test_private_blocks_go_first() -> None:
    inside = f"x <private>{OPENAI_PROJ}</private> y"
    assert scrub_secrets(inside) == Scrubbed("x  y", (("private", 1),))
    joined = f"{OPENAI_PROJ[:8]}<private>note</private>{OPENAI_PROJ[8:]}"
    assert scrub_secrets(joined).text == "[REDACTED:openai]"
    nested = "<<private>x</private>private>hidden"
    assert scrub_secrets(nested) == Scrubbed("", (("private", 2),))


def test_found_counts_each_kind_sorted() -> None:
    text = f"{OPENAI_PROJ} {GOOGLE} {AWS_KEY_ID} {OPENAI_LEGACY} password=Kop1Sus4Panas"
    assert scrub_secrets(text).found == (("aws", 1), ("google", 1), ("openai", 2), ("password", 1))


SECRETS = [
    OPENAI_PROJ, ANTHROPIC, AWS_KEY_ID, GITHUB_CLASSIC, GITHUB_FINE, SLACK_BOT, SLACK_HOOK, GOOGLE,
    STRIPE_LIVE, JWT, pem("RSA PRIVATE KEY"), "postgres://app:pw@db/x", "<private>x</private>",
    "<private>", "-----BEGIN EC PRIVATE KEY-----", "Authorization: Bearer ", "Bearer ",
    "password=", "PASSWORD: ", "token=", "aws_secret_access_key = ", AWS_SECRET,
]  # fmt: skip
NEAR_MISSES = [
    "sk-", "sk-ant-", "AKIA", "eyJ", "ghp_", "xoxb-", "AIza", "://", "@", ":", "=", "\"", "'",
    "[REDACTED:openai]", "[", "]", "(", "a1", "Zz", "_", "-", ".", "/", "\\", "</private>",
    "-----END RSA PRIVATE KEY-----", "lupa password", "Rina: ", "[[2026-07-04]]",
]  # fmt: skip
pieces = st.lists(
    st.sampled_from(SECRETS + NEAR_MISSES)
    | st.text(max_size=12)
    | st.sampled_from([" ", "\n", "\t", ""]),
    max_size=40,
).map("".join)


@given(pieces)
@settings(max_examples=400)
def test_scrubbing_twice_changes_nothing(text: str) -> None:
    once = scrub_secrets(text).text
    assert scrub_secrets(once) == Scrubbed(once, ())


@given(st.text(max_size=300))
def test_found_is_empty_exactly_when_the_text_is_unchanged(text: str) -> None:
    result = scrub_secrets(text)
    assert (result.found == ()) == (result.text == text)


WORDS = [
    "gw", "udah", "besok", "rapat", "meeting", "deploy", "Rina", "Budi", "password", "manager",
    "lupa", "token", "key", "secret", "2026-07-04", "10:30", "[[2026-07-04]]", "#homelab",
    "3f9a1c2e4b5d6f7a8b9c0d1e2f3a4b5c", "123e4567-e89b-12d3-a456-426614174000", "sk-8",
    "task-ant-farm", "AKIA", "eyJ", "https://example.com/a?b=c", "Rina:", "-", "(", ")",
]  # fmt: skip
prose = st.lists(st.sampled_from(WORDS), max_size=60).flatmap(
    lambda words: st.sampled_from([" ", "\n", ", "]).map(lambda sep: sep.join(words))
)


@given(prose)
def test_prose_without_secrets_comes_back_byte_identical(text: str) -> None:
    assert scrub_secrets(text) == Scrubbed(text, ())


@given(st.text(min_size=1000, max_size=5000))
@settings(max_examples=50, deadline=None)
def test_random_text_finishes_quickly(text: str) -> None:
    started = time.perf_counter()
    scrub_secrets(text)
    assert time.perf_counter() - started < 2.0


NEAR_MISS_LINE = (
    "sk-proj-abc sk-ant- AKIA1234 AIzaShort ghp_short xoxb-1 eyJabc.eyJ "
    "postgres://user:pass -----BEGIN PUBLIC KEY----- Authorization: Bearer x "
    "password: udah token=short <privat> [REDACTED:jwt] "
)


@pytest.mark.parametrize(
    "text",
    [
        NEAR_MISS_LINE * (1_000_000 // len(NEAR_MISS_LINE)),
        "a://b:" + "c" * 1_000_000,
        "sk-" + "a-" * 500_000,
        "x" * 1_000_000,
        "password=" + "a" * 999_000 + "(",
        "-----BEGIN " + "A " * 500_000,
    ],
    ids=["near-misses", "url-no-at", "hyphen-chain", "one-word", "code-value", "pem-header"],
)
def test_a_megabyte_of_near_misses_is_linear(text: str) -> None:
    started = time.perf_counter()
    result = scrub_secrets(text)
    elapsed = time.perf_counter() - started
    assert result == Scrubbed(text, ())
    assert elapsed < 5.0, f"{elapsed:.2f} s"

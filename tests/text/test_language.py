"""Words of English and Indonesian, as every stage that reads text sees them."""

from __future__ import annotations

from vaultkit.config import PeopleConfig, VocabularyConfig
from vaultkit.text.language import Analyzer, stopwords, tokenize
from vaultkit.text.vocabulary import Vocabulary


def test_both_languages_stem_and_drop_their_stopwords() -> None:
    analyzer = Analyzer(("en", "id"))
    assert analyzer.terms("Kami bahas pendaftaran database") == ["baha", "daftar", "databas"]
    assert analyzer.terms("the meetings were meeting") == ["meet", "meet"]
    assert {"yang", "dan", "the", "and"} <= stopwords(("en", "id"))


def test_one_language_leaves_the_others_words_alone() -> None:
    assert Analyzer(("en",)).terms("memutuskan") == ["memutuskan"]
    assert Analyzer(("en",)).terms("selesai done") == ["selesai", "done"]


def test_event_words_of_both_languages_are_one_term() -> None:
    analyzer = Analyzer(("en", "id"))
    assert analyzer.terms("Kami memutuskan migrasi") == analyzer.terms("we decided the migration")
    assert analyzer.terms("selesai") == analyzer.terms("done") == analyzer.terms("finished")
    assert analyzer.terms("Raka resign") == analyzer.terms("Raka leaving")
    assert analyzer.terms("keluar") != analyzer.terms("luar")  # not the stemmer's "outside"
    assert analyzer.terms("diperbaiki") == analyzer.terms("fixed") != analyzer.terms("baik")


def test_an_acronym_s_plural_is_the_acronym() -> None:
    assert tokenize("PDFs APIs VMs") == tokenize("PDF API VM") == ["pdf", "api", "vm"]
    assert tokenize("Mrs Ms this") == ["mrs", "ms"]  # not an acronym's plural


def test_tokens_keep_names_with_digits() -> None:
    assert tokenize("Pindah ke K3s v1.29 hari ini") == ["pindah", "k3s", "v1", "29", "hari"]


def test_the_vocabulary_maps_aliases_and_keeps_unknown_terms_out() -> None:
    vocabulary = Vocabulary(
        VocabularyConfig(technologies=("Kubernetes",), aliases={"k8s": "Kubernetes"}),
        PeopleConfig(known=("Freedy",), aliases={"Fred": "Freedy"}),
    )
    assert vocabulary.lookup("K8S") == ("technologies", "Kubernetes")
    assert vocabulary.lookup("Ceph") is None
    assert vocabulary.person("Fred") == "Freedy"


def test_the_stemmers_are_snowballs_without_its_other_languages() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from vaultkit.text.language import LANGUAGES, snowball_stemmer; "
        "words = 'meetings decided keputusan memutuskan diputuskan running ocean media'.split(); "
        "ours = [[snowball_stemmer(LANGUAGES[c]).stemWord(w) for w in words] for c in LANGUAGES]; "
        "print(sorted(m for m in sys.modules if 'stemmer' in m)); "
        "import snowballstemmer; "
        "print(ours == [[snowballstemmer.stemmer(LANGUAGES[c]).stemWord(w) for w in words] "
        "for c in LANGUAGES])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, same = done.stdout.splitlines()
    assert same == "True"
    assert "'snowballstemmer'" not in loaded  # the package's __init__ imports every language
    assert not [m for m in eval(loaded) if "serbian" in m or "greek" in m]

"""Words of English and Indonesian, as every stage that reads text sees them."""

from __future__ import annotations

from vaultkit.config import PeopleConfig, VocabularyConfig
from vaultkit.text.language import Analyzer, stopwords, tokenize
from vaultkit.text.vocabulary import Vocabulary


def test_both_languages_stem_and_drop_their_stopwords() -> None:
    analyzer = Analyzer(("en", "id"))
    assert analyzer.terms("Kami memutuskan migrasi database") == ["putus", "migrasi", "databas"]
    assert analyzer.terms("kami putuskan migrasi database") == ["putus", "migrasi", "databas"]
    assert analyzer.terms("the migrations were migrated") == ["migrat", "migrat"]
    assert {"yang", "dan", "the", "and"} <= stopwords(("en", "id"))


def test_one_language_leaves_the_others_words_alone() -> None:
    assert Analyzer(("en",)).terms("memutuskan") == ["memutuskan"]


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

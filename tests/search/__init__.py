"""Tests of `vaultkit.search`: time phrases, intents, scoring, recall, retrieval quality."""

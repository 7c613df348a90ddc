"""Tests of `vaultkit.index`: refresh, embeddings, the shared PostgreSQL index."""

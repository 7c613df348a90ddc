"""Tests of `vaultkit.sync`: the daily job, related days, determinism, backfill."""

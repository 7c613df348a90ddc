"""Tests of `vaultkit.reports`."""

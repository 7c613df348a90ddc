"""Tests of `vaultkit.workspace`: init and the archive tier."""

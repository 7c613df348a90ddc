"""Tests of `vaultkit.lint`: the rules, fixes and their properties."""

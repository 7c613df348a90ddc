"""Tests of `vaultkit.text`."""

"""Tests of `vaultkit.pages`."""

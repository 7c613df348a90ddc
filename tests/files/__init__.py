"""Tests of `vaultkit.files`: the one writer, the layout, link syntax, reading."""

"""Tests of `vaultkit.mcp`: the stdio server, spoken to as a host does."""

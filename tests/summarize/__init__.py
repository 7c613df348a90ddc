"""Tests of `vaultkit.summarize`: the offline summarizer and the LLM one."""

"""Summarizers fill a day's summary fields; they never write files or choose related dates."""

from vaultkit.summarize.base import DayInput, Summarizer, make_summarizer, validate_fields

__all__ = ["DayInput", "Summarizer", "make_summarizer", "validate_fields"]

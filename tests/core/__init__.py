"""Tests of the core modules: dates, the config, errors and what messages may show."""

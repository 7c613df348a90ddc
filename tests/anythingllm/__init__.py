"""Tests of `vaultkit.anythingllm` against a fake AnythingLLM server."""

"""Tests of `vaultkit/capture/`: conversations read from exports and assistants' hooks."""

"""The workspace config read from its file."""

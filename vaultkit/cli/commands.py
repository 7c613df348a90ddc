"""The commands, and the module that registers each: loading one module per run keeps start-up
short (`load_commands`)."""

# Each command and the module that registers it, in the order `vaultkit --help` lists them.
COMMAND_MODULES = {
    "init": "init_cmd",
    "sync": "sync_cmd",
    "reconcile": "sync_cmd",
    "lint": "lint_cmd",
    "search": "search_cmd",
    "recall": "recall_cmd",
    "explain": "reading_cmd",
    "vocab": "reading_cmd",
    "graph": "graph_cmd",
    "report": "report_cmd",
    "eval": "search_cmd",
    "backfill": "archive_cmd",
    "archive": "archive_cmd",
    "import": "import_cmd",
    "hook": "hook_cmd",
    "mcp": "mcp_cmd",
}

"""`vaultkit mcp`: the memory as tools for an AI assistant (Model Context Protocol, stdio)."""

from __future__ import annotations

from vaultkit.cli.application import ConfigOption, app
from vaultkit.cli.console import run


@app.command()
def mcp(config: ConfigOption = None) -> None:
    """Serve `search` and `recall` to an assistant over MCP (stdio): start it from the host's
    config; it answers until stdin closes."""
    from vaultkit.mcp.server import serve

    run(lambda: serve(config))

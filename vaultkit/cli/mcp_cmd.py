"""`vaultkit mcp`: the memory as tools for an AI assistant (Model Context Protocol, stdio or HTTP)."""

from __future__ import annotations

from typing import Annotated

import typer

from vaultkit.cli.application import ConfigOption, app
from vaultkit.cli.console import run
from vaultkit.errors import UsageError


@app.command()
def mcp(
    config: ConfigOption = None,
    http: Annotated[
        bool,
        typer.Option(
            "--http",
            help="Serve MCP's streamable HTTP transport at /mcp instead of stdio; "
            "a bearer token comes from VAULTKIT_MCP_TOKEN.",
        ),
    ] = False,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            help="With --http: the address to listen on (default 127.0.0.1); any but a "
            "loopback address needs VAULTKIT_MCP_TOKEN.",
        ),
    ] = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port", min=0, max=65535, help="With --http: the port (default 8765; 0: any free)."
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="With --http: a browser origin (https://host[:port]) allowed besides "
            "loopback pages; repeat for more.",
        ),
    ] = None,
    read_only: Annotated[
        bool,
        typer.Option("--read-only", help="Serve search and recall only, never a write tool."),
    ] = False,
) -> None:
    """Serve `search`, `recall`, `remember` and `save_transcript` to an assistant over MCP:
    on stdio (started by the host, answering until stdin closes) or, with --http, over HTTP
    (until SIGTERM, which lets the calls in flight finish). A read-only vault, or a reader of
    a shared index, serves the read tools only."""

    def call() -> None:
        if not http:
            if host is not None or port is not None or allow_origin:
                raise UsageError("--host, --port and --allow-origin go with --http")
            from vaultkit.mcp.server import serve

            serve(config, read_only=read_only)
            return
        from vaultkit.mcp.listen import open_server, serve_http

        server = open_server(
            config, host=host, port=port, read_only=read_only, origins=allow_origin or ()
        )
        serve_http(server)

    run(call)

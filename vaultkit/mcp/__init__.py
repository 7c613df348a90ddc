"""`vaultkit mcp`: the memory served to an AI assistant over the Model Context Protocol.

- `server`: the protocol's methods, both eras (2026-07-28's stateless requests, and sessions
  of the older revisions), and the stdio transport
- `tools`: the tools: schemas, annotations, argument checks, the calls; which are served
- `http`: the streamable HTTP transport at `/mcp`; `gate`: its token, origin and host checks;
  `sessions`: its sessions; `listen`: serving until a signal

May import everything below the CLI.
"""

"""`vaultkit mcp`: the memory served to an AI assistant over the Model Context Protocol (stdio).

- `server`: the JSON-RPC 2.0 transport and the protocol's methods
- `tools`: the `search` and `recall` tools: schemas, argument checks, the calls

May import everything below the CLI.
"""

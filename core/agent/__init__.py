"""The agent's side of hmdesk: the MCP server's tools (:mod:`.tools`, :mod:`.server`), the record
of every call (:mod:`.record`), the memories agents propose (:mod:`.proposals`) and the pitfalls
block written into an agent's instruction files (:mod:`.instructions`). Only :mod:`.server`
imports the MCP SDK (the ``mcp`` extra)."""

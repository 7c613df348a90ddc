"""Capture: conversations that reach the vault without a person typing them.

- `conversation`: a conversation as every source reads into it (`Conversation`, `Turn`), and a
  source's complaint about one it cannot read (`Malformed`)
- `json_stream`: the items of a top-level JSON array, one at a time, from a file of any size
- `exports`: an export's `conversations.json`, given as the file, its folder or its zip
- `chatgpt`, `claude`: the conversations of ChatGPT's and Claude's data exports
- `hooks`: an assistant's session as its hook reports it (Claude Code's today; another assistant
  is one adapter)
- `transcripts`: a conversation written as a transcript of its day, keyed by its source's id, so
  importing again writes nothing and a conversation that grew is updated in place

May import every stage below it, `workspace` included.
"""

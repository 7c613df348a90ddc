"""AnythingLLM as the search backend: everything vendor-specific in one place.

- `client`: the developer API (`/api/v1/...`): workspaces, raw-text documents, vector search
- `pushed`: where each day's document went (`.vaultkit/anythingllm.sqlite`)
- `push`: sync's step that keeps one document per day in the workspace
- `backend`: the workspace's vector search as the semantic half of the hybrid score

May import: the core modules, `files` and `index`.
"""

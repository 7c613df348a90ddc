"""The repository's own tools, run from its root; not part of the installed package.

python -m tools.pg_cluster start|stop DIR    a throwaway PostgreSQL cluster (tests, benchmarks, CI)
python -m tools.llm_model fetch|path         a real small model and node-llama-cpp (tests, CI)
node tools/llm_server.mjs --port N           an OpenAI-compatible server around that model
python3 tools/build_bilingual.py             vaultkit/text/data's English <-> Indonesian tables
"""

"""The repository's own tools, run from its root; not part of the installed package.

python -m tools.pg_cluster start|stop DIR    a throwaway PostgreSQL cluster (tests, benchmarks, CI)
python3 tools/build_bilingual.py             vaultkit/text/data's English <-> Indonesian tables
"""

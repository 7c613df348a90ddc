"""Views of the vault that change nothing: why a day reads as it does, the vocabulary's drift,
the graph, the report.

- `explain`: the offline summarizer's features and evidence for one day, beside its summary
- `vocab`: every term outside the vocabulary, with its days and the config that adopts it
- `graph`: the vault as a networkx graph (days, people, projects, spine, related days)
- `page`: `vaultkit report`, the memory as one self-contained HTML page

May import every stage below it.
"""

"""What kind of thing a well-known technology is, for a question that names the kind.

"when did we upgrade the database?" asks for the day a note says "migrasi Postgres 16 selesai":
the note names the database, the question its kind. A vault's vocabulary lists its technologies
but not what each one is, so the kinds of the common ones are written down here, each with the
words that name the kind in English and Indonesian. Search reads a kind word of a question as
standing for the vocabulary's technologies of that kind (`Vocabulary.of_kind`); a technology
the vault's vocabulary does not list is never brought in.

A technology belongs to the kind its users call it by: Redis is a cache before it is a database,
Kubernetes and K3s a cluster, Grafana a dashboard and monitoring. The lists are the widely used
members of each kind, not a catalogue.
"""

from __future__ import annotations

# kind -> (the words naming it, the technologies of that kind)
KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "database": (
        ("database", "databases", "db", "dbs", "basis data", "pangkalan data", "rdbms"),
        (
            "PostgreSQL",
            "MySQL",
            "MariaDB",
            "SQLite",
            "MongoDB",
            "Oracle",
            "SQL Server",
            "CockroachDB",
            "ClickHouse",
            "Cassandra",
            "DynamoDB",
            "TiDB",
            "Firestore",
            "Supabase",
            "Neon",
            "PlanetScale",
            "Percona",
            "Aurora",
        ),
    ),
    "cache": (
        ("cache", "caching", "cache layer"),
        ("Redis", "Memcached", "Valkey", "KeyDB", "Varnish"),
    ),
    "queue": (
        ("queue", "queues", "message queue", "message broker", "broker", "antrian", "antrean"),
        ("Kafka", "RabbitMQ", "NATS", "SQS", "Pub/Sub", "BullMQ", "Celery", "Sidekiq", "Redpanda"),
    ),
    "cluster": (
        ("cluster", "clusters", "klaster", "orchestrator", "orchestration", "container platform"),
        ("Kubernetes", "K3s", "Nomad", "Docker Swarm", "ECS", "OpenShift", "GKE", "EKS", "AKS"),
    ),
    "monitoring": (
        (
            "monitoring",
            "metrics",
            "dashboard",
            "dashboards",
            "alerting",
            "observability",
            "pemantauan",
            "metrik",
        ),
        (
            "Prometheus",
            "Grafana",
            "Datadog",
            "New Relic",
            "Loki",
            "Zabbix",
            "Sentry",
            "Uptime Kuma",
            "VictoriaMetrics",
            "OpenTelemetry",
        ),
    ),
    "proxy": (
        ("proxy", "reverse proxy", "load balancer", "ingress", "gateway", "web server"),
        ("Traefik", "Nginx", "HAProxy", "Envoy", "Caddy", "Kong", "Apache"),
    ),
    "ci": (
        ("ci", "ci/cd", "pipeline", "pipelines", "build server"),
        (
            "Jenkins",
            "GitHub Actions",
            "GitLab CI",
            "CircleCI",
            "Argo CD",
            "ArgoCD",
            "Drone",
            "Buildkite",
            "Travis CI",
        ),
    ),
    "cloud": (
        ("cloud", "cloud provider", "awan"),
        (
            "AWS",
            "GCP",
            "Google Cloud",
            "Azure",
            "DigitalOcean",
            "Alibaba Cloud",
            "Linode",
            "Hetzner",
            "Vultr",
        ),
    ),
    "storage": (
        ("storage", "object storage", "penyimpanan", "volume", "volumes", "bucket", "buckets"),
        ("Longhorn", "Ceph", "MinIO", "S3", "GCS", "Rook", "NFS"),
    ),
    "search engine": (
        ("search engine", "search index", "mesin pencari"),
        ("Elasticsearch", "OpenSearch", "Meilisearch", "Typesense", "Solr"),
    ),
}


def _by_word() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for words, technologies in KINDS.values():
        for word in words:
            out[word] = out.get(word, ()) + technologies
    return out


_MEMBERS = _by_word()


def members(key: str) -> tuple[str, ...]:
    """The technologies of the kind a word names (the word as `vocabulary.term_key` keys it:
    case-folded, single spaces); empty if it names none."""
    return _MEMBERS.get(key, ())

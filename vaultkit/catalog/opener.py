"""Opening sync's catalog: emptied when the config parts or the templates its facts depend on
have changed, the templates checked before a command reads or writes the vault."""

from __future__ import annotations

import json
from typing import Any

from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.dates import DAY_RANGE
from vaultkit.files.storage import digest
from vaultkit.pages.render import Renderer

RENDERED = "templates-rendered"  # the catalog's mark: the templates a saved run checked


def open_catalog(config: Config, *, read_only: bool = False) -> Catalog:
    """The catalog, emptied when the config parts its facts depend on have changed (and the
    templates: whether a summary is rendered as today's templates render it is a fact; and the
    days the vault keeps, which decide the files that are days' files).

    The templates are checked (`Renderer.check`) unless the last saved run recorded that these
    rendered: a broken one is a config error before the command reads or writes the vault, and
    a daily run does not compile and render them for nothing (14 ms of a 0.36 s no-op)."""
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    templates = renderer.fingerprint()
    relevant = {
        "vocabulary": config.vocabulary,
        "people": config.people,
        "paths": config.paths,
        "heading": config.summarizer.heading,
        "languages": config.languages,
        "templates": templates,
        "days": str(DAY_RANGE),
    }
    fingerprint = digest(json.dumps(relevant, default=_plain, sort_keys=True), 16)
    catalog = Catalog(config.state_dir, read_only=read_only, fingerprint=fingerprint)
    if catalog.marks.get(RENDERED) != templates:
        renderer.check()
        catalog.marks.set(RENDERED, templates)  # recorded when the run saves
    return catalog


def _plain(value: Any) -> Any:
    return value.__dict__ if hasattr(value, "__dict__") else dict(value)

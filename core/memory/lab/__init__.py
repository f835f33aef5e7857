"""The recall lab: labelled query sets, ranking metrics, and the evaluation of retrieval profiles.

* :mod:`~hmdesk.core.memory.lab.labelled_set` — :class:`LabelledSet`: load, validate, save
* :mod:`~hmdesk.core.memory.lab.metrics` — recall@k, reciprocal rank, nDCG@k (tie-aware)
* :mod:`~hmdesk.core.memory.lab.evaluate` — :func:`evaluate` a set per profile, fixed/broken
  queries between profiles, the control group's differences
* :func:`starter_set` — the labelled set shipped for the starter pack
"""

from __future__ import annotations

from importlib import resources

from hmdesk.core.memory.lab.labelled_set import (
    LabelledQuery,
    LabelledSet,
    LabelledSetError,
    load_set,
    parse_set,
    save_set,
)

STARTER_SET = "recall_lab/starter_set.json"


def starter_set() -> LabelledSet:
    """The labelled set shipped with hmdesk, written for the starter pack (``load-starter``)."""
    import json

    text = resources.files("hmdesk.resources").joinpath(STARTER_SET).read_text(encoding="utf-8")
    return parse_set(json.loads(text), STARTER_SET)


__all__ = [
    "STARTER_SET",
    "LabelledQuery",
    "LabelledSet",
    "LabelledSetError",
    "load_set",
    "parse_set",
    "save_set",
    "starter_set",
]

"""Every output format of ``scala40 replay --format``, by name.

One registry for the formats of ``replay``: adding one is one more
:class:`~scala40cli.report.Reporter` class here. (The formats of ``scala40 report``,
``--compare`` and ``scala40 rules`` are still chosen in :mod:`scala40cli.cli`.)
"""

from __future__ import annotations

from .ci_reports import (
    DEFAULT_MAX_ANNOTATIONS,
    GithubReporter,
    JsonlReporter,
    JunitReporter,
    SarifReporter,
)
from .report import JsonReporter, Reporter, TextReporter

REPORTERS: dict[str, type[Reporter]] = {
    reporter.name: reporter
    for reporter in (TextReporter, JsonReporter, JsonlReporter, GithubReporter, SarifReporter,
                     JunitReporter)
}


def make_reporter(name: str, *, max_annotations: int = DEFAULT_MAX_ANNOTATIONS) -> Reporter:
    """The reporter of a format, with the options that format takes."""
    if name == GithubReporter.name:
        return GithubReporter(max_annotations=max_annotations)
    return REPORTERS[name]()

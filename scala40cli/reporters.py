"""Every output format of ``scala40 replay --format``, by name.

One registry, so that the command never branches on a format: adding a format is one
more :class:`~scala40cli.report.Reporter` class here.
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

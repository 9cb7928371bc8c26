"""scala40: a referee for recorded games of Scala 40 (Scala Quaranta).

The public API (:mod:`scala40cli.api`, described in docs/api.md) is re-exported here and
loaded on first use, so that ``import scala40cli`` (and ``scala40 --version``) stays
cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scala40cli.version import __version__

__all__ = [
    "Closing",
    "Code",
    "FileResult",
    "GameResult",
    "HandResult",
    "Ignored",
    "IgnoredBy",
    "InputFormat",
    "Language",
    "Problem",
    "Rules",
    "RulesError",
    "Summary",
    "TagValue",
    "__version__",
    "audit_events",
    "audit_file",
    "audit_text",
    "html_report",
    "iter_games",
    "json_report",
    "markdown_report",
    "rule_choice",
    "schema",
    "standings",
    "summarize",
]

if TYPE_CHECKING:
    from scala40cli.api import (
        Closing,
        Code,
        FileResult,
        GameResult,
        HandResult,
        Ignored,
        IgnoredBy,
        InputFormat,
        Language,
        Problem,
        Rules,
        RulesError,
        Summary,
        TagValue,
        audit_events,
        audit_file,
        audit_text,
        html_report,
        iter_games,
        json_report,
        markdown_report,
        rule_choice,
        schema,
        standings,
        summarize,
    )


def __getattr__(name: str) -> Any:
    """The API's names, imported from :mod:`scala40cli.api` when first asked for."""
    if name in __all__:
        from scala40cli import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

"""``import scala40``: the same public API as :mod:`scala40cli`, under the project's name.

Every name is :mod:`scala40cli`'s own object (``scala40.audit_text is
scala40cli.audit_text``), loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import scala40cli
from scala40cli import __version__

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


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(scala40cli, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public API (``__all__``) beside the module's own names, as ``dir(scala40)``
    shows them."""
    return sorted({*globals(), *__all__})

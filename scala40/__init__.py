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
        FileResult,
        GameResult,
        Ignored,
        IgnoredBy,
        InputFormat,
        Problem,
        Rules,
        RulesError,
        Summary,
        audit_file,
        audit_text,
        iter_games,
        json_report,
        rule_choice,
        summarize,
    )

__all__ = [
    "FileResult",
    "GameResult",
    "Ignored",
    "IgnoredBy",
    "InputFormat",
    "Problem",
    "Rules",
    "RulesError",
    "Summary",
    "__version__",
    "audit_file",
    "audit_text",
    "iter_games",
    "json_report",
    "rule_choice",
    "summarize",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(scala40cli, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

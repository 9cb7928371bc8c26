"""Numbers as a reader of each language writes them.

English writes ``12.5`` and ``50%``; Italian ``12,5`` and ``50%``; French ``12,5`` and
``50 %`` (a narrow no-break space before the sign, as French typography and CLDR have
it). Only the decimal separator and the percent sign change: the figures a club's
tables show stay below ten thousand, so no grouping of thousands is needed, and a
negative number keeps its hyphen-minus so that a terminal and a spreadsheet both read
it. Machine outputs (JSON, JUnit, the SVG's coordinates) never come here: they keep
Python's own digits.
"""

from __future__ import annotations

#: The decimal separator of each language with a catalogue.
_DECIMAL_SEPARATOR = {"en": ".", "it": ",", "fr": ","}
#: What comes between a number and its percent sign.
_BEFORE_PERCENT = {"en": "", "it": "", "fr": "\u202f"}


def decimal(value: float, digits: int, language: str) -> str:
    """``value`` with ``digits`` decimals, in ``language``'s writing (English for a
    language without a catalogue)."""
    written = f"{value:.{digits}f}"
    if written.startswith("-") and float(written) == 0:
        written = written[1:]  # -0.0 reads as a loss where there is none
    return written.replace(".", _DECIMAL_SEPARATOR.get(language, "."))


def percent(share: float, digits: int, language: str) -> str:
    """``share`` (1.0 is all) as a percentage with ``digits`` decimals."""
    return decimal(100 * share, digits, language) + _BEFORE_PERCENT.get(language, "") + "%"


__all__ = ["decimal", "percent"]

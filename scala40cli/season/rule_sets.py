"""The rules a season's matches were played under, named as people name them.

A club may play ``classic`` all year and ``scala50`` at Christmas: a table that mixes
them ranks players on different games, so the season lists each rule set with its
number of matches, and ``--rules`` restricts the table to one. A rule set is named by
the preset it equals (``classic``), else by its base preset and what differs from it
(``classic with opening_points=50``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from scala40cli.judging.rulebook.presets import PRESETS
from scala40cli.translation.catalogue import Catalogue


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """One set of rules of the season, by name, and how many counted matches used it."""

    name: str
    matches: int


@cache
def _preset_tokens() -> dict[str, dict[str, str]]:
    return {name: entry.rules.as_tokens() for name, entry in PRESETS.items()}


def rule_set_name(tokens: Mapping[str, str], base: str | None) -> str:
    """The preset these rule tokens are, else ``BASE with key=value, ...``."""
    presets = _preset_tokens()
    for name, preset_tokens in presets.items():
        if preset_tokens == tokens:
            return name
    name = base if base in presets else "classic"
    differing = [f"{key}={value}" for key, value in tokens.items()
                 if presets[name].get(key) != value]
    return f"{name} with {', '.join(differing)}"


def rule_set_said(name: str, words: Catalogue) -> str:
    """A rule set's name in the catalogue's language: the preset and the rule tokens as
    written, the words between them said (``classic con opening_points=50``)."""
    preset, between, changes = name.partition(" with ")
    if not between:
        return name
    return words.gettext("{preset} with {changes}", preset=preset, changes=changes)

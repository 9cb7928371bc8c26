"""Small helpers to write cards and melds as text in tests.

``table_cards("4S JK(5S) 6S")`` gives the :class:`TableCard` tuple a ``meld`` line
would carry, ``hand("AS KD JK")`` a hand as a multiset, ``meld("QS KS AS")`` the built
meld under the classic rules (or the rules given), and ``rules(run_max=13)`` the classic
rules with some switches changed; ``load_script(path)`` a script of the project (a
bench, a tool) imported as a module.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scala40cli.judging.rulebook.rules import CLASSIC, Rules
from scala40cli.judging.tabletop.melds import Meld, build_meld
from scala40cli.model.cards import Card, parse_card
from scala40cli.reading.events import TableCard


def fast_sample(values: Iterable[Any], every: int,
                id_of: Callable[[Any], str] = str) -> list[Any]:
    """Each value as a ``pytest.param``; one in ``every`` runs in the fast selection and
    the others are marked slow. A family over every fixture (or every command) is slow
    as a whole although each case is quick: while working a sample still tries it, and
    CI runs them all."""
    return [pytest.param(value, id=id_of(value), marks=() if index % every == 0
                         else pytest.mark.slow)
            for index, value in enumerate(values)]


def load_script(path: Path) -> ModuleType:
    """A script of the project (``bench/``, ``tools/``, ``fuzz/``), which is not a
    package, imported as the module of its file's name. It is registered under that
    name, so that its dataclasses resolve and a script that imports another by name
    finds the one loaded here."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


_TABLE_CARD = re.compile(r"(?P<card>[^()\s]+)(?:\((?P<stands_for>[^()\s]+)\))?")


def table_card(token: str) -> TableCard:
    """One card as written in a meld: ``7H``, ``JK`` or ``JK(5S)``."""
    found = _TABLE_CARD.fullmatch(token)
    if found is None:
        raise ValueError(f"not a table card: {token!r}")
    stands_for = found["stands_for"]
    return TableCard(
        parse_card(found["card"]), None if stands_for is None else parse_card(stands_for)
    )


def table_cards(text: str) -> tuple[TableCard, ...]:
    """The cards of a meld or attach line: ``"4S JK(5S) 6S"``."""
    return tuple(table_card(token) for token in text.split())


def cards(text: str) -> tuple[Card, ...]:
    """Plain cards in the order written: ``"AS KD JK"``."""
    return tuple(parse_card(token) for token in text.split())


def hand(text: str) -> Counter[Card]:
    """A hand as a multiset: ``hand("AS AS JK")`` holds two AS and a joker."""
    return Counter(cards(text))


def rules(**changes: Any) -> Rules:
    """The classic rules with some switches changed (typed values, not tokens)."""
    return dataclasses.replace(CLASSIC, **changes)


def meld(text: str, with_rules: Rules = CLASSIC) -> Meld:
    """The meld built from the text; MeldError if it is invalid."""
    return build_meld(table_cards(text), with_rules)

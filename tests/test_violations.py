"""The violation catalogue: one entry a code, each in the module of its area."""

from __future__ import annotations

from types import ModuleType

import pytest

from scala40cli.model.catalogue import (
    deal_and_turns,
    files_and_match,
    melds_and_closing,
    stock_and_pile,
)
from scala40cli.model.violations import RULEBOOK, Code

AREAS: dict[ModuleType, str] = {files_and_match: "FG", deal_and_turns: "DT",
                                stock_and_pile: "S", melds_and_closing: "MC"}


@pytest.mark.parametrize("area", AREAS, ids=lambda module: module.__name__.rsplit(".")[-1])
def test_an_area_holds_the_codes_of_its_letters_and_only_them(area: ModuleType) -> None:
    letters = AREAS[area]
    assert set(area.ENTRIES) == {code for code in Code if code.value[0] in letters}


def test_the_rulebook_has_every_code_once_in_the_order_of_the_codes() -> None:
    assert list(RULEBOOK) == list(Code)
    assert sum(len(area.ENTRIES) for area in AREAS) == len(Code)
    assert all(RULEBOOK[code] is area.ENTRIES[code] for area in AREAS for code in area.ENTRIES)


def test_names_are_unique_and_codes_keep_their_letter_and_number() -> None:
    names = [entry.name for entry in RULEBOOK.values()]
    assert len(set(names)) == len(names)
    assert all(len(code.value) == 4 and code.value[1:].isdigit() for code in Code)

"""``reporting/json_indent`` writes what ``json.dumps(value, indent=2, ensure_ascii=False)``
writes, character for character, and leaves to ``json`` what it does not write itself."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.reporting import escape
from scala40cli.reporting.json_indent import Unsupported, indented
from scala40cli.reporting.json_stream import dumps


class Closing(enum.StrEnum):
    NORMAL = "normal"


class Level(enum.IntEnum):
    HIGH = 3


_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text()
            | st.sampled_from([Closing.NORMAL, Level.HIGH, math.inf, -math.inf, math.nan]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.lists(inner, max_size=3).map(tuple)
                       | st.dictionaries(st.text(), inner, max_size=4), max_leaves=30)


def _json(value: object, indent: int) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + " " * indent)


@pytest.mark.slow
@given(_VALUES, st.integers(min_value=0, max_value=12))
def test_the_text_is_the_standard_librarys(value: object, indent: int) -> None:
    assert indented(value, indent) == _json(value, indent)


def test_a_report_shaped_value() -> None:
    value = {"version": "0.1.0", "files": [{"path": "a.s40", "ok": False, "games": [],
                                            "errors": [{"line": 1, "context": None}]}],
             "summary": {"games": 0, "names": ("Anna", "Bruno\u202e"), "empty": {}}}
    assert indented(value, 4) == _json(value, 4)


@pytest.mark.parametrize("value", [{1: "a"}, {None: 1}, [{"a": {2.5: True}}], [object()],
                                   {"when": b"bytes"}])
def test_what_it_does_not_write_is_left_to_json(value: object) -> None:
    """A key that is not a string (json converts it) and an object of another type
    (json refuses it): the stream's ``dumps`` gives what json gives."""
    with pytest.raises(Unsupported):
        indented(value)
    try:
        expected = _json(value, 2)
    except TypeError as refused:
        with pytest.raises(TypeError, match=str(refused)):
            dumps(value, 2)
    else:
        assert dumps(value, 2) == expected


@pytest.mark.slow
@given(st.text() | st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_json_safe_skips_the_table_only_where_it_would_change_nothing(text: str) -> None:
    """``json_safe`` leaves ASCII text without DEL untranslated: no character of its
    table is below DEL, so the full translation gives the same text."""
    assert min(escape._JSON) == 0x7F
    full = text.translate(escape._JSON).replace("##[", "##\\u005b")
    assert escape.json_safe(text) == full


def test_strings_met_before_are_written_as_json_writes_them() -> None:
    """Short strings are escaped once and their text kept (a report repeats the same
    tokens and names game after game): a string written again, the same value as a
    ``str`` enum member, a long string (never kept) and strings past the cache's bound
    all come out as ``json`` writes them."""
    value = {"closing": ["normal", Closing.NORMAL, "normal"], "long": "\u202e" * 70 + '"',
             "many": [f"name {n}\t" for n in range(5000)], "again": ["name 1\t", "normal"]}
    assert indented(value, 2) == _json(value, 2)
    assert indented(value, 2) == _json(value, 2)

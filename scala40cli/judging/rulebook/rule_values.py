"""Reading a switch's value: the token a user writes, checked against the switch table.

``[Rule "key" "value"]`` tags, rules files and ``--set`` all go through
:func:`parse_value`, so a token means the same wherever it is written, and every bad
key or value gets a message that names it and what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from scala40cli.judging.rulebook.switches import RULE_KEYS, SWITCH_BY_KEY, Rules, ValueKind


class RulesError(ValueError):
    """An unknown preset, key or value; the message names them and what is allowed."""


#: The most characters of a key or value a message shows; the rest is counted, not shown.
SHOWN_CHARS = 40


def shown_token(text: str) -> str:
    """A key or value as a message quotes it: ``repr`` (so control and bidi characters
    are escaped), cut after 40 characters with the length said, so that a 5,000-digit
    value gives a message of one line."""
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    return f"{text[:SHOWN_CHARS]!r}... ({len(text):,} characters)"


def whole_number(text: str, low: int, high: int) -> int | None:
    """The number ``text`` writes in the ASCII digits 0-9, when it lies in low..high.

    Only 0-9: ``str.isdigit`` is also true of ``²`` (which ``int`` refuses) and ``int``
    reads Arabic-Indic ``٣`` as 3, and a rule value must read the same to every tool.
    Leading zeros go (``040``); the digits are counted before ``int`` runs, so a
    5,000-digit value costs nothing and raises nothing.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(high)):
        return None
    value = int(digits)
    return value if low <= value <= high else None


def allowed_values(key: str) -> str:
    """Words for the values a key takes, for error messages and ``scala40 rules``."""
    if key not in SWITCH_BY_KEY:
        raise RulesError(f"unknown rule key {shown_token(key)}")
    return SWITCH_BY_KEY[key].allowed()


def unknown_key_message(key: str, where: str | None = None, token: str | None = None) -> str:
    """``unknown rule key 'x' (with value '4') in r.toml; did you mean 'y'? known keys: ...``"""
    import difflib

    close = difflib.get_close_matches(key, RULE_KEYS, n=1) if len(key) <= SHOWN_CHARS else []
    value = f" (with value {shown_token(token)})" if token is not None else ""
    place = f" in {where}" if where else ""
    hint = f"; did you mean {close[0]!r}?" if close else ";"
    return (f"unknown rule key {shown_token(key)}{value}{place}{hint} "
            f"known keys: {', '.join(RULE_KEYS)}")


def parse_value(key: str, token: str, where: str | None = None) -> object:
    """The typed value of ``key`` written as ``token``; RulesError names what is allowed.

    ``where`` names the place of the setting in the message (``--set``, ``rules file
    r.toml``); the messages always name the key, the value and the allowed values.
    """
    place = f" in {where}" if where else ""
    if key not in RULE_KEYS:
        raise RulesError(unknown_key_message(key, where, token))
    switch = SWITCH_BY_KEY[key]
    text = token.strip()
    bad = RulesError(
        f"bad value {shown_token(token)} for rule {key!r}{place}; allowed: {allowed_values(key)}"
    )
    if switch.enum is not None:
        try:
            return switch.enum(text.lower())
        except ValueError:
            raise bad from None
    if switch.kind is ValueKind.NUMBER_CHOICE:
        if text not in switch.tokens:
            raise bad
        return int(text)
    if switch.kind is ValueKind.TOKEN:
        if text.lower() not in switch.tokens:
            raise bad
        return text.lower()
    if switch.kind is ValueKind.NONE_OR_NUMBER and text.lower() == "none":
        return None
    # WHOLE_NUMBER (opening_points), NONE_OR_NUMBER (fixed_hands) but none
    assert switch.minimum is not None and switch.maximum is not None
    number = whole_number(text, switch.minimum, switch.maximum)
    if number is None:
        raise bad
    return number


def with_values(base: Rules, values: Mapping[str, str] | Iterable[tuple[str, str]]) -> Rules:
    """``base`` with the switches of ``values`` (key -> token) set; checks every pair."""
    pairs = values.items() if isinstance(values, Mapping) else values
    changes = {key: parse_value(key, token) for key, token in pairs}
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def value_tokens(key: str) -> tuple[str, ...] | None:
    """The tokens ``key`` takes, the classic one first; None when any whole number goes
    (``opening_points``, and ``fixed_hands`` besides ``none``)."""
    if key not in SWITCH_BY_KEY:
        raise RulesError(unknown_key_message(key))
    switch = SWITCH_BY_KEY[key]
    return switch.tokens if switch.closed else None

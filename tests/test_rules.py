"""Rule switches: keys and tokens exactly as in rules-matrix.md, presets, overrides.

The tables below are copied by hand FROM THE MATRIX (shared/spec/rules-matrix.md,
"Switches"), not from the code: the point is that the code speaks the matrix's words
and that `classic` is the first token of every switch.
"""

from __future__ import annotations

import dataclasses

import pytest

from scala40cli.rules import (
    CLASSIC,
    RULE_KEYS,
    AcePenalty,
    InHandBonus,
    Rules,
    RulesError,
    SetJokerSuit,
    allowed_values,
    parse_value,
    preset,
    with_values,
)

#: Every switch of the matrix, in the matrix's order, with its tokens (the first one is
#: the classic value). Integer switches list the values the matrix names.
MATRIX: dict[str, tuple[str, ...]] = {
    "jokers": ("4", "2"),
    "upcard_joker": ("returned", "stays"),
    "opening_points": ("40", "30", "50"),
    "opening_jokers": ("allowed", "forbidden"),
    "opening_same_turn": ("yes",),
    "jokers_per_meld": ("1",),
    "run_max": ("14", "13"),
    "take_before_opening": ("only_to_open", "forbidden"),
    "take_after_opening": ("must_use", "free"),
    "discard_taken_card": ("forbidden", "allowed"),
    "opening_turn_plays": ("anywhere", "own_melds", "nothing"),
    "joker_swap": ("yes", "no"),
    "freed_joker": ("to_hand", "must_use"),
    "set_joker_suit": ("any", "declared"),
    "discard_playable": (
        "allowed", "forbidden", "forbidden_unless_closing", "forbidden_before_opening",
    ),
    "discard_joker": ("allowed", "not_closing", "closing_only"),
    "closing_discard": ("needs", "optional"),
    "closing_first_round": ("allowed", "not_allowed"),
    "in_hand_bonus": ("doubled", "minus100", "none"),
    "winner_bonus": ("0", "-100"),
    "ace_penalty": ("11", "1", "1_if_last"),
    "unopened_penalty": ("100", "cards"),
    "stock_exhausted": ("once_then_void", "reshuffle"),
    "elimination": ("101", "151", "201", "301", "501", "50n+1", "none"),
    "reentry": ("no", "yes"),
    "mortal_combat": ("no", "yes"),
    "compra": ("no", "yes"),
    "teams": ("none", "pairs"),
    "fixed_hands": ("none", "1", "10"),
}

#: The classic preset: the first token of every switch of the matrix.
CLASSIC_TOKENS: dict[str, str] = {
    "jokers": "4",
    "upcard_joker": "returned",
    "opening_points": "40",
    "opening_jokers": "allowed",
    "opening_same_turn": "yes",
    "jokers_per_meld": "1",
    "run_max": "14",
    "take_before_opening": "only_to_open",
    "take_after_opening": "must_use",
    "discard_taken_card": "forbidden",
    "opening_turn_plays": "anywhere",
    "joker_swap": "yes",
    "freed_joker": "to_hand",
    "set_joker_suit": "any",
    "discard_playable": "allowed",
    "discard_joker": "allowed",
    "closing_discard": "needs",
    "closing_first_round": "allowed",
    "in_hand_bonus": "doubled",
    "winner_bonus": "0",
    "ace_penalty": "11",
    "unopened_penalty": "100",
    "stock_exhausted": "once_then_void",
    "elimination": "101",
    "reentry": "no",
    "mortal_combat": "no",
    "compra": "no",
    "teams": "none",
    "fixed_hands": "none",
}

#: Switches whose values are a closed list of tokens (not any whole number).
ENUMERATED = [key for key in MATRIX if key not in ("opening_points", "fixed_hands")]

KEY_TOKENS = [
    pytest.param(key, token, id=f"{key}={token}") for key, tokens in MATRIX.items()
    for token in tokens
]


def test_rule_keys_are_exactly_the_matrix_keys_in_order() -> None:
    assert list(RULE_KEYS) == list(MATRIX)
    assert [f.name for f in dataclasses.fields(Rules)] == list(MATRIX)


def test_classic_is_the_first_token_of_every_switch() -> None:
    assert {key: tokens[0] for key, tokens in MATRIX.items()} == CLASSIC_TOKENS
    assert CLASSIC.as_tokens() == CLASSIC_TOKENS
    assert list(CLASSIC.as_tokens()) == list(CLASSIC_TOKENS)
    assert Rules() == CLASSIC


@pytest.mark.parametrize(("key", "token"), KEY_TOKENS)
def test_every_matrix_token_is_accepted_and_round_trips(key: str, token: str) -> None:
    value = parse_value(key, token)
    changed = with_values(CLASSIC, {key: token})
    assert getattr(changed, key) == value
    assert changed.as_tokens()[key] == token
    others = {k: v for k, v in changed.as_tokens().items() if k != key}
    assert others == {k: v for k, v in CLASSIC_TOKENS.items() if k != key}


TYPED = [
    # (key, token, typed value)
    pytest.param("jokers", "2", 2, id="jokers_int"),
    pytest.param("opening_points", "50", 50, id="opening_points_int"),
    pytest.param("opening_points", "30", 30, id="opening_points_30"),
    pytest.param("run_max", "13", 13, id="run_max_int"),
    pytest.param("winner_bonus", "-100", -100, id="winner_bonus_negative"),
    pytest.param("ace_penalty", "1", AcePenalty.ONE, id="ace_penalty_enum"),
    pytest.param("in_hand_bonus", "minus100", InHandBonus.MINUS100, id="in_hand_bonus_enum"),
    pytest.param("set_joker_suit", "declared", SetJokerSuit.DECLARED, id="set_joker_suit"),
    pytest.param("elimination", "50n+1", "50n+1", id="elimination_per_player"),
    pytest.param("fixed_hands", "none", None, id="fixed_hands_none"),
    pytest.param("fixed_hands", "8", 8, id="fixed_hands_int"),
]


@pytest.mark.parametrize(("key", "token", "value"), TYPED)
def test_parse_value_gives_the_typed_value(key: str, token: str, value: object) -> None:
    assert parse_value(key, token) == value


@pytest.mark.parametrize("key", ENUMERATED)
def test_allowed_values_lists_every_matrix_token(key: str) -> None:
    words = [word.strip() for word in allowed_values(key).split(",")]
    assert sorted(words) == sorted(MATRIX[key])


BAD_VALUES = [
    # (key, token)
    pytest.param("jokers", "3", id="jokers_3"),
    pytest.param("jokers", "four", id="jokers_word"),
    pytest.param("upcard_joker", "kept", id="upcard_joker"),
    pytest.param("opening_jokers", "maybe", id="opening_jokers"),
    pytest.param("opening_same_turn", "no", id="opening_same_turn_no"),
    pytest.param("jokers_per_meld", "2", id="jokers_per_meld_2"),
    pytest.param("run_max", "15", id="run_max_15"),
    pytest.param("take_before_opening", "always", id="take_before_opening"),
    pytest.param("discard_playable", "never", id="discard_playable"),
    pytest.param("in_hand_bonus", "tripled", id="in_hand_bonus"),
    pytest.param("winner_bonus", "-50", id="winner_bonus_-50"),
    pytest.param("ace_penalty", "12", id="ace_penalty_12"),
    pytest.param("unopened_penalty", "50", id="unopened_penalty_50"),
    pytest.param("elimination", "100", id="elimination_100"),
    pytest.param("elimination", "50n", id="elimination_50n"),
    pytest.param("teams", "trios", id="teams"),
    pytest.param("reentry", "", id="reentry_empty"),
    pytest.param("set_joker_suit", "some", id="set_joker_suit"),
]


@pytest.mark.parametrize(("key", "token"), BAD_VALUES)
def test_bad_value_error_names_key_value_and_allowed_values(key: str, token: str) -> None:
    with pytest.raises(RulesError) as raised:
        parse_value(key, token)
    message = str(raised.value)
    assert key in message
    assert repr(token) in message
    for allowed in MATRIX[key]:
        assert allowed in message


BAD_NUMBERS = [
    pytest.param("opening_points", "forty", id="opening_points_word"),
    pytest.param("opening_points", "-40", id="opening_points_negative"),
    pytest.param("opening_points", "0", id="opening_points_zero"),
    pytest.param("opening_points", "", id="opening_points_empty"),
    pytest.param("fixed_hands", "0", id="fixed_hands_zero"),
    pytest.param("fixed_hands", "ten", id="fixed_hands_word"),
    pytest.param("fixed_hands", "-3", id="fixed_hands_negative"),
]


@pytest.mark.parametrize(("key", "token"), BAD_NUMBERS)
def test_bad_number_error_names_key_value_and_what_is_allowed(key: str, token: str) -> None:
    with pytest.raises(RulesError) as raised:
        parse_value(key, token)
    message = str(raised.value)
    assert key in message
    assert repr(token) in message
    assert "whole number" in message


UNKNOWN_KEYS = ["jokerz", "", "Jokers", "opening", "rules"]


@pytest.mark.parametrize("key", UNKNOWN_KEYS, ids=[repr(k) for k in UNKNOWN_KEYS])
def test_unknown_key_error_names_the_key_and_the_known_keys(key: str) -> None:
    with pytest.raises(RulesError) as raised:
        parse_value(key, "4")
    message = str(raised.value)
    assert repr(key) in message
    for known in MATRIX:
        assert known in message


def test_allowed_values_of_an_unknown_key_raise() -> None:
    with pytest.raises(RulesError, match="jokerz"):
        allowed_values("jokerz")


# --- with_values ------------------------------------------------------------------------

OVERRIDES = [
    # (values, expected changed tokens)
    pytest.param({}, {}, id="nothing_changed"),
    pytest.param({"opening_points": "50"}, {"opening_points": "50"}, id="one_switch"),
    pytest.param([("run_max", "13"), ("ace_penalty", "1")],
                 {"run_max": "13", "ace_penalty": "1"}, id="pairs"),
    pytest.param([("run_max", "13"), ("run_max", "14")], {}, id="last_pair_wins"),
    pytest.param({"elimination": "none", "fixed_hands": "5"},
                 {"elimination": "none", "fixed_hands": "5"}, id="fixed_number_of_hands"),
]


@pytest.mark.parametrize(("values", "changed"), OVERRIDES)
def test_with_values_overrides_switches_and_keeps_the_rest(
    values: object, changed: dict[str, str]
) -> None:
    result = with_values(CLASSIC, values)  # type: ignore[arg-type]
    assert result.as_tokens() == {**CLASSIC_TOKENS, **changed}
    assert CLASSIC.as_tokens() == CLASSIC_TOKENS  # the preset itself is untouched


WITH_VALUES_BAD = [
    pytest.param({"jokers": "3"}, "jokers", id="bad_value"),
    pytest.param({"opening_points": "50", "nope": "1"}, "nope", id="unknown_key"),
]


@pytest.mark.parametrize(("values", "named"), WITH_VALUES_BAD)
def test_with_values_checks_every_pair(values: dict[str, str], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        with_values(CLASSIC, values)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.run_max = 13  # type: ignore[misc]


# --- presets ----------------------------------------------------------------------------


def test_preset_classic_is_the_classic_rules() -> None:
    assert preset("classic") is CLASSIC
    assert preset("classic").as_tokens() == CLASSIC_TOKENS


UNKNOWN_PRESETS = ["no_such_preset", "", "scala40"]


@pytest.mark.parametrize("name", UNKNOWN_PRESETS, ids=[repr(n) for n in UNKNOWN_PRESETS])
def test_unknown_preset_error_names_it_and_the_known_presets(name: str) -> None:
    with pytest.raises(RulesError) as raised:
        preset(name)
    message = str(raised.value)
    assert repr(name) in message
    assert "classic" in message


# --- elimination threshold ----------------------------------------------------------------

THRESHOLDS = [
    # (elimination token, players at the start, threshold)
    pytest.param("101", 2, 101, id="101"),
    pytest.param("151", 4, 151, id="151"),
    pytest.param("201", 3, 201, id="201"),
    pytest.param("301", 3, 301, id="301"),
    pytest.param("501", 6, 501, id="501"),
    pytest.param("50n+1", 2, 101, id="50n+1_two_players"),
    pytest.param("50n+1", 3, 151, id="50n+1_three_players"),
    pytest.param("50n+1", 6, 301, id="50n+1_six_players"),
    pytest.param("none", 4, None, id="none"),
]


@pytest.mark.parametrize(("token", "players", "threshold"), THRESHOLDS)
def test_elimination_threshold_per_switch(token: str, players: int, threshold: int | None) -> None:
    assert with_values(CLASSIC, {"elimination": token}).elimination_threshold(players) == threshold

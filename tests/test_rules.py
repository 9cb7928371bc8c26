"""Rule switches: keys and tokens exactly as specified (docs/rules.md), presets, overrides.

The switch table comes from tests/switch_table.py, written by hand from the rule texts
and docs/rules.md, not from the code: the point is that the code speaks those words and
that `classic` is the first token of every switch.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import ModuleType

import pytest
from helpers import load_script
from switch_table import CLASSIC_TOKENS, MATRIX, NUMBER_SWITCHES

from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    MEANINGS,
    PRESETS,
    RULE_KEYS,
    RULE_TEXTS,
    SWITCHES,
    AcePenalty,
    InHandBonus,
    Preset,
    ResolvedRules,
    RuleChoice,
    Rules,
    RulesError,
    SetJokerSuit,
    allowed_values,
    find_preset,
    inconsistency,
    parse_value,
    preset,
    resolve,
    value_tokens,
    with_values,
)

#: Numbers the whole-number switches are also tried with.
SAMPLE_NUMBERS: dict[str, tuple[str, ...]] = {"fixed_hands": ("1", "10")}

#: Switches whose values are a closed list of tokens (not any whole number).
ENUMERATED = [key for key in MATRIX if key not in NUMBER_SWITCHES]

KEY_TOKENS = [
    pytest.param(key, token, id=f"{key}={token}") for key, tokens in MATRIX.items()
    for token in (*tokens, *SAMPLE_NUMBERS.get(key, ()))
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


# --- every switch is described -----------------------------------------------------------


def test_every_switch_has_one_line_of_meaning() -> None:
    assert list(MEANINGS) == list(MATRIX)
    assert all(meaning and "\n" not in meaning for meaning in MEANINGS.values())


@pytest.mark.parametrize("key", list(MATRIX))
def test_value_tokens_are_the_matrix_tokens_classic_first(key: str) -> None:
    tokens = value_tokens(key)
    if key in ("opening_points", "fixed_hands"):
        assert tokens is None
    else:
        assert tokens == MATRIX[key]


def test_value_tokens_of_an_unknown_key_raise() -> None:
    with pytest.raises(RulesError, match="did you mean 'jokers'"):
        value_tokens("jokerz")


def test_bad_value_names_where_it_was_written() -> None:
    with pytest.raises(RulesError) as raised:
        parse_value("take_after_opening", "sometimes", "--set")
    assert str(raised.value) == (
        "bad value 'sometimes' for rule 'take_after_opening' in --set; allowed: must_use, free"
    )


def test_unknown_key_suggests_the_closest_one_and_says_where() -> None:
    with pytest.raises(RulesError) as raised:
        parse_value("opening_point", "40", "r.toml")
    assert "unknown rule key 'opening_point' (with value '40') in r.toml; " in str(raised.value)
    assert "did you mean 'opening_points'?" in str(raised.value)


# --- presets: exactly what the rule texts say ---------------------------------------------

#: What each preset changes from classic, copied by hand from the rule texts (A for
#: traditional; F's known values are classic's) and from docs/rules.md's preset table.
PRESET_CHANGES: dict[str, dict[str, str]] = {
    "classic": {},
    "traditional": {
        "opening_jokers": "forbidden",
        "take_before_opening": "forbidden",
        "take_after_opening": "free",
        "freed_joker": "must_use",
        "in_hand_bonus": "minus100",
        "ace_penalty": "1",
        "unopened_penalty": "cards",
        "stock_exhausted": "reshuffle",
    },
    "fisca": {},
    "strict": {
        "take_before_opening": "forbidden",
        "freed_joker": "must_use",
        "discard_joker": "not_closing",
        "closing_first_round": "not_allowed",
        "stock_exhausted": "reshuffle",
    },
    "rientro": {
        "discard_playable": "forbidden",
        "one_go_threshold": "waived",
        "elimination": "50n+1",
        "reentry": "yes",
    },
    "scala30": {"opening_points": "30"},
    "scala50": {"opening_points": "50"},
    "two-jokers": {"jokers": "2"},
    "compra": {"compra": "yes"},
    "teams": {"teams": "pairs"},
    "mortal-combat": {"mortal_combat": "yes"},
    "fixed-hands": {"elimination": "none", "fixed_hands": "10"},
}

#: Rule text A's values, where it is not silent and names one value.
COLUMN_A: dict[str, str] = {
    "jokers": "4",
    "upcard_joker": "returned",
    "opening_points": "40",
    "opening_jokers": "forbidden",
    "jokers_per_meld": "1",
    "take_before_opening": "forbidden",
    "take_after_opening": "free",
    "discard_taken_card": "forbidden",
    "opening_turn_plays": "anywhere",
    "joker_swap": "yes",
    "freed_joker": "must_use",
    "closing_discard": "needs",
    "in_hand_bonus": "minus100",
    "winner_bonus": "0",
    "ace_penalty": "1",
    "unopened_penalty": "cards",
    "stock_exhausted": "reshuffle",
    "elimination": "101",
}


#: Rule text C's column, where it is not silent: every value it names (its runs of "13
#: + joker" are run_max=14; its "no set of jokers" holds under jokers_per_meld=1).
COLUMN_C: dict[str, str] = {
    "jokers": "4",
    "opening_points": "40",
    "jokers_per_meld": "1",
    "run_max": "14",
    "take_before_opening": "forbidden",
    "take_after_opening": "must_use",
    "discard_taken_card": "forbidden",
    "joker_swap": "yes",
    "freed_joker": "must_use",
    "discard_joker": "not_closing",
    "closing_discard": "needs",
    "closing_first_round": "not_allowed",
    "in_hand_bonus": "doubled",
    "winner_bonus": "0",
    "ace_penalty": "11",
    "unopened_penalty": "100",
    "stock_exhausted": "reshuffle",
    "elimination": "101",
}

#: Rule text D's column, where it is not silent (mortal combat is its house rule, a
#: preset of its own, not part of D's rules).
COLUMN_D: dict[str, str] = {
    "jokers": "4",
    "opening_points": "40",
    "opening_jokers": "allowed",
    "opening_same_turn": "yes",
    "take_before_opening": "only_to_open",
    "joker_swap": "yes",
    "freed_joker": "to_hand",
    "set_joker_suit": "any",
    "discard_playable": "forbidden",
    "closing_discard": "needs",
    "one_go_threshold": "waived",
    "winner_bonus": "0",
    "elimination": "50n+1",
    "reentry": "yes",
    "mortal_combat": "no",
}


@pytest.mark.parametrize(("name", "column"), [("strict", COLUMN_C), ("rientro", COLUMN_D)])
def test_the_presets_of_texts_c_and_d_follow_their_columns(
    name: str, column: dict[str, str]
) -> None:
    tokens = preset(name).as_tokens()
    assert {key: tokens[key] for key in column} == column
    silent = {key: value for key, value in tokens.items() if key not in column}
    assert silent == {key: CLASSIC_TOKENS[key] for key in silent}


def test_every_rule_text_has_a_preset() -> None:
    assert [(text.label, text.preset) for text in RULE_TEXTS] == [
        ("A", "traditional"), ("A (Italian)", "traditional"), ("B", "classic"),
        ("C", "strict"), ("D", "rientro"),
    ]


def test_the_presets_are_the_ones_the_issue_asks_for() -> None:
    assert list(PRESETS) == list(PRESET_CHANGES)


@pytest.mark.parametrize("name", list(PRESET_CHANGES))
def test_preset_resolves_exactly(name: str) -> None:
    entry = find_preset(name)
    assert entry.name == name
    assert entry.rules.as_tokens() == {**CLASSIC_TOKENS, **PRESET_CHANGES[name]}
    assert entry.changes() == PRESET_CHANGES[name]
    assert preset(name) is entry.rules


def test_traditional_follows_rule_text_a() -> None:
    tokens = preset("traditional").as_tokens()
    assert {key: tokens[key] for key in COLUMN_A} == COLUMN_A


@pytest.mark.parametrize("entry", list(PRESETS.values()), ids=list(PRESETS))
def test_every_preset_is_described_and_consistent(entry: Preset) -> None:
    assert entry.summary and "\n" not in entry.summary
    assert entry.follows
    assert inconsistency(entry.rules) is None


def test_names_and_aliases_are_all_different() -> None:
    spellings = [s for entry in PRESETS.values() for s in (entry.name, *entry.aliases)]
    assert len(spellings) == len(set(spellings))
    assert "scala40" not in spellings


SPELLINGS = [
    ("CLASSIC", "classic"),
    ("default", "classic"),
    (" Scala50 ", "scala50"),
    ("scala_50", "scala50"),
    ("scala 30", "scala30"),
    ("Scala-Trenta", "scala30"),
    ("Two_Jokers", "two-jokers"),
    ("two jokers", "two-jokers"),
    ("mortal_combat", "mortal-combat"),
    ("natural", "traditional"),
    ("FIXED_HANDS", "fixed-hands"),
    ("federation", "fisca"),
]


@pytest.mark.parametrize(("spelling", "name"), SPELLINGS)
def test_presets_are_found_in_any_case_and_by_alias(spelling: str, name: str) -> None:
    assert find_preset(spelling).name == name


def test_unknown_preset_suggests_the_closest_and_never_falls_back() -> None:
    with pytest.raises(RulesError) as raised:
        find_preset("scala5O", "--rules")
    message = str(raised.value)
    assert message.startswith("unknown rules preset 'scala5O' in --rules; did you mean 'scala50'?")
    for name in PRESET_CHANGES:
        assert name in message


def test_an_inconsistent_preset_cannot_be_built() -> None:
    with pytest.raises(ValueError, match="fixed_hands=5 needs elimination=none"):
        Preset(name="bad", rules=with_values(CLASSIC, {"fixed_hands": "5"}), summary="s",
               follows="f")


INCONSISTENT = [
    pytest.param({"fixed_hands": "5"},
                 "fixed_hands=5 needs elimination=none, not elimination=101", id="hands_alone"),
    pytest.param({"elimination": "none"},
                 "elimination=none needs a number of hands (fixed_hands=N), not fixed_hands=none",
                 id="none_alone"),
    pytest.param({"elimination": "201", "fixed_hands": "3"},
                 "fixed_hands=3 needs elimination=none, not elimination=201", id="both_numbers"),
]


@pytest.mark.parametrize(("values", "message"), INCONSISTENT)
def test_inconsistency_says_what_does_not_go_together(
    values: dict[str, str], message: str
) -> None:
    assert inconsistency(with_values(CLASSIC, values)) == message


def test_consistent_match_lengths() -> None:
    assert inconsistency(CLASSIC) is None
    assert inconsistency(with_values(CLASSIC, {"elimination": "none", "fixed_hands": "3"})) is None


# --- resolve: preset < log < rules file < --set -------------------------------------------


def _resolve(
    log_preset: tuple[int, str] | None = None,
    log_values: tuple[tuple[int, str, str], ...] = (),
    choice: RuleChoice | None = None,
) -> ResolvedRules:
    return resolve(log_preset=log_preset, log_values=log_values, choice=choice)


def _set_elsewhere(resolved: ResolvedRules) -> dict[str, tuple[str, str]]:
    """key -> (token, source) for every key whose source is not the preset."""
    tokens = resolved.rules.as_tokens()
    return {key: (tokens[key], source) for key, source in resolved.sources.items()
            if not source.startswith("preset ")}


def test_nothing_chosen_is_classic_from_the_preset() -> None:
    resolved = _resolve()
    assert resolved.rules is CLASSIC
    assert resolved.sources == dict.fromkeys(RULE_KEYS, "preset classic")
    assert resolved.problems == ()
    assert resolved.preset == "classic"


def test_log_preset_is_the_base() -> None:
    resolved = _resolve(log_preset=(2, "Scala50"))
    assert resolved.rules == preset("scala50")
    assert resolved.sources == dict.fromkeys(RULE_KEYS, "preset scala50 (log line 2)")
    assert resolved.preset == "scala50"


def test_log_values_win_over_the_log_preset_in_order() -> None:
    resolved = _resolve(
        log_preset=(2, "traditional"),
        log_values=((3, "opening_points", "30"), (4, "ace_penalty", "11"),
                    (5, "opening_points", "50")),
    )
    assert resolved.rules == with_values(preset("traditional"),
                                         {"opening_points": "50", "ace_penalty": "11"})
    assert _set_elsewhere(resolved) == {
        "opening_points": ("50", "log line 5"),
        "ace_penalty": ("11", "log line 4"),
    }
    assert resolved.sources["opening_jokers"] == "preset traditional (log line 2)"


def test_command_line_preset_replaces_the_log_preset_but_not_the_log_values() -> None:
    resolved = _resolve(
        log_preset=(2, "scala50"),
        log_values=((3, "jokers", "2"),),
        choice=RuleChoice(preset="traditional"),
    )
    assert resolved.rules == with_values(preset("traditional"), {"jokers": "2"})
    assert resolved.sources["opening_points"] == "preset traditional (--rules)"
    assert resolved.sources["jokers"] == "log line 3"
    assert resolved.preset == "traditional"


def test_precedence_preset_then_log_then_file_then_set() -> None:
    choice = RuleChoice(
        preset="scala30",
        preset_source="rules file house.toml",
        values=(
            ("opening_points", "45", "rules file house.toml"),
            ("run_max", "13", "rules file house.toml"),
            ("run_max", "14", "--set"),
            ("compra", "yes", "--set"),
        ),
    )
    resolved = _resolve(
        log_preset=(1, "scala50"),
        log_values=((2, "opening_points", "60"), (3, "jokers", "2"), (4, "compra", "no")),
        choice=choice,
    )
    assert _set_elsewhere(resolved) == {
        "jokers": ("2", "log line 3"),            # only the log sets it: the log wins
        "opening_points": ("45", "rules file house.toml"),  # the file wins over the log
        "run_max": ("14", "--set"),               # --set wins over the file
        "compra": ("yes", "--set"),               # --set wins over the log
    }
    assert resolved.sources["ace_penalty"] == "preset scala30 (rules file house.toml)"
    assert resolved.problems == ()


def test_bad_log_tags_are_problems_on_their_lines_and_skipped() -> None:
    resolved = _resolve(
        log_preset=(2, "scala45"),
        log_values=((3, "jokerz", "2"), (4, "jokers", "3"), (5, "opening_points", "50")),
    )
    assert resolved.rules == with_values(CLASSIC, {"opening_points": "50"})
    assert resolved.preset == "classic"
    assert [line for line, _ in resolved.problems] == [2, 3, 4]
    preset_problem, key_problem, value_problem = (m for _, m in resolved.problems)
    assert "unknown rules preset 'scala45'" in preset_problem and "classic" in preset_problem
    assert "unknown rule key 'jokerz'" in key_problem and "did you mean 'jokers'?" in key_problem
    assert "bad value '3' for rule 'jokers'; allowed: 4, 2" in value_problem
    assert resolved.sources["jokers"] == "preset classic"


def test_a_bad_log_preset_under_a_command_line_preset_is_still_a_problem() -> None:
    resolved = _resolve(log_preset=(1, "nope"), choice=RuleChoice(preset="scala30"))
    assert resolved.rules == preset("scala30")
    assert [line for line, _ in resolved.problems] == [1]


BAD_CHOICES = [
    pytest.param(RuleChoice(preset="scala45"), ("scala45", "scala50"), id="unknown_preset"),
    pytest.param(RuleChoice(values=(("opening_point", "40", "--set"),)),
                 ("opening_point", "'40'", "opening_points", "--set"), id="unknown_key"),
    pytest.param(RuleChoice(values=(("take_after_opening", "sometimes", "--set"),)),
                 ("take_after_opening", "'sometimes'", "must_use, free"), id="bad_value"),
    pytest.param(RuleChoice(values=(("fixed_hands", "12", "--set"),)),
                 ("fixed_hands=12", "elimination=none", "--rules fixed-hands"),
                 id="hands_without_elimination_none"),
    pytest.param(RuleChoice(preset="fixed-hands",
                            values=(("elimination", "201", "rules file r.toml"),)),
                 ("fixed_hands=10", "elimination=201", "rules file r.toml"),
                 id="elimination_over_fixed_hands"),
]


@pytest.mark.parametrize(("choice", "named"), BAD_CHOICES)
def test_a_bad_command_line_choice_raises_before_any_game(
    choice: RuleChoice, named: tuple[str, ...]
) -> None:
    for log in (None, (1, "classic")):
        with pytest.raises(RulesError) as raised:
            _resolve(log_preset=log, choice=choice)
        for word in named:
            assert word in str(raised.value)


# --- elimination and fixed_hands go together ------------------------------------------------


def test_log_fixed_hands_alone_means_no_elimination() -> None:
    resolved = _resolve(log_values=((4, "fixed_hands", "8"),))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (8, "none")
    assert resolved.problems == ()
    assert resolved.sources["elimination"] == "log line 4, with fixed_hands=8"


def test_log_contradicting_itself_on_the_match_length_is_a_problem() -> None:
    resolved = _resolve(log_values=((3, "elimination", "201"), (4, "fixed_hands", "8")))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (8, "none")
    assert resolved.problems == ((4, "fixed_hands=8 needs elimination=none, not "
                                     "elimination=201; the one set last, fixed_hands=8, "
                                     "decides: the game is replayed with elimination=none"),)


def test_log_elimination_none_alone_brings_ten_hands() -> None:
    resolved = _resolve(log_values=((3, "elimination", "none"),))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (10, "none")
    assert resolved.problems == ()


def test_log_elimination_number_over_fixed_hands_drops_the_hands() -> None:
    resolved = _resolve(log_preset=(1, "fixed-hands"), log_values=((2, "elimination", "201"),))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (None, "201")
    assert resolved.problems == ()


def test_log_fixed_hands_none_over_fixed_hands_brings_back_101() -> None:
    resolved = _resolve(log_preset=(1, "fixed-hands"), log_values=((2, "fixed_hands", "none"),))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (None, "101")
    assert resolved.problems == ()


def test_log_setting_both_in_either_order_is_fine() -> None:
    for values in (((2, "elimination", "none"), (3, "fixed_hands", "6")),
                   ((2, "fixed_hands", "6"), (3, "elimination", "none"))):
        resolved = _resolve(log_values=values)
        assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (6, "none")
        assert resolved.problems == ()


def test_command_line_elimination_over_a_fixed_hands_log_wins_without_a_problem() -> None:
    resolved = _resolve(log_preset=(1, "fixed-hands"),
                        choice=RuleChoice(values=(("elimination", "201", "--set"),)))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (None, "201")
    assert resolved.problems == ()
    assert resolved.sources["fixed_hands"] == "--set, with elimination=201"


def test_command_line_hands_over_a_fixed_hands_log_is_fine() -> None:
    resolved = _resolve(log_values=((2, "elimination", "none"), (3, "fixed_hands", "10")),
                        choice=RuleChoice(preset="fixed-hands",
                                          values=(("fixed_hands", "4", "--set"),)))
    assert (resolved.rules.fixed_hands, resolved.rules.elimination) == (4, "none")
    assert resolved.problems == ()


# --- docs/rules.md's preset table says what the presets do ------------------------------------

RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def _preset_table() -> dict[str, tuple[list[str], dict[str, str]]]:
    """name -> (aliases, key -> token changed) from the table under "## Presets"."""
    text = RULES_DOC.read_text(encoding="utf-8").split("## Presets", 1)[1]
    rows: dict[str, tuple[list[str], dict[str, str]]] = {}
    for line in text.split("\n\n", 2)[2].splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) < 4 or not cells[0].startswith("`"):
            continue
        aliases = re.findall(r"`([^`]+)`", cells[1])
        changes = dict(re.findall(r"`([a-z_]+)=([^`]+)`", cells[2]))
        rows[cells[0].strip("`")] = (aliases, changes)
    return rows


def test_docs_preset_table_matches_the_presets() -> None:
    table = _preset_table()
    assert list(table) == list(PRESETS)
    for name, (aliases, changes) in table.items():
        assert aliases == list(PRESETS[name].aliases), name
        assert changes == PRESET_CHANGES[name], name


# --- the switch table is written once ---------------------------------------------------


def _rules_doc_generator() -> ModuleType:
    return load_script(Path(__file__).resolve().parent.parent / "tools" / "gen_rules_doc.py")


def test_docs_switch_table_is_generated_from_the_descriptors() -> None:
    """Regenerate with: python tools/gen_rules_doc.py"""
    page = RULES_DOC.read_text(encoding="utf-8")
    assert page == _rules_doc_generator().render(page)
    for switch in SWITCHES:
        assert f"| `{switch.key}` | " in page
        assert f"- `{switch.key}`: {switch.source}" in page


def test_one_descriptor_per_switch_is_the_rules_object() -> None:
    assert [switch.key for switch in SWITCHES] == list(MATRIX)
    assert {switch.key: switch.tokens[0] for switch in SWITCHES} == CLASSIC_TOKENS
    assert [field.name for field in dataclasses.fields(Rules)] == list(MATRIX)
    for switch in SWITCHES:
        assert switch.meaning and switch.texts and switch.source, switch.key
        assert switch.closed == (switch.key not in NUMBER_SWITCHES), switch.key
        assert allowed_values(switch.key) == switch.allowed()


@pytest.mark.parametrize("module", ["rules", "switches", "rule_enums", "rule_values",
                                    "presets"])
def test_the_rules_modules_stay_small(module: str) -> None:
    rulebook = Path(__file__).resolve().parent.parent / "scala40cli" / "judging" / "rulebook"
    path = rulebook / f"{module}.py"
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400

"""The switch table as the rules texts and docs/rules.md state it, written by hand once.

The tests take it from here (test_rules, test_switches, test_rulesfile), not from the
code: the point is that the code speaks these words, and that ``classic`` is the first
token of every switch. Keys in the documented order; the tokens of each switch, the
classic one first. ``opening_points`` and ``fixed_hands`` also take any whole number
from 1 (``fixed_hands``: ``none`` or a number of hands).
"""

from __future__ import annotations

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
    "one_go_threshold": ("applies", "waived"),
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
    "fixed_hands": ("none",),
}

#: The switches that take any whole number from 1 besides their tokens.
NUMBER_SWITCHES = ("opening_points", "fixed_hands")

#: The classic preset: the first token of every switch.
CLASSIC_TOKENS: dict[str, str] = {key: tokens[0] for key, tokens in MATRIX.items()}

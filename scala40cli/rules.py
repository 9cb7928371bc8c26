"""The rule switches of ``shared/spec/rules-matrix.md`` and the presets built from them.

One frozen :class:`Rules` object holds every switch. The referee and the scoring read
rule values from it and from nowhere else. Keys and value tokens are exactly those of
the matrix, so that ``[Rule "key" "value"]`` tags, rules files and ``--set`` all speak
the same words; the first token of every switch is the ``classic`` value.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class UpcardJoker(StrEnum):
    RETURNED = "returned"
    STAYS = "stays"


class OpeningJokers(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class OpeningSameTurn(StrEnum):
    YES = "yes"


class TakeBeforeOpening(StrEnum):
    ONLY_TO_OPEN = "only_to_open"
    FORBIDDEN = "forbidden"


class TakeAfterOpening(StrEnum):
    MUST_USE = "must_use"
    FREE = "free"


class DiscardTakenCard(StrEnum):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class OpeningTurnPlays(StrEnum):
    ANYWHERE = "anywhere"
    OWN_MELDS = "own_melds"
    NOTHING = "nothing"


class YesNo(StrEnum):
    YES = "yes"
    NO = "no"


class FreedJoker(StrEnum):
    TO_HAND = "to_hand"
    MUST_USE = "must_use"


class SetJokerSuit(StrEnum):
    ANY = "any"
    DECLARED = "declared"


class DiscardPlayable(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    FORBIDDEN_UNLESS_CLOSING = "forbidden_unless_closing"
    FORBIDDEN_BEFORE_OPENING = "forbidden_before_opening"


class DiscardJoker(StrEnum):
    ALLOWED = "allowed"
    NOT_CLOSING = "not_closing"
    CLOSING_ONLY = "closing_only"


class ClosingDiscard(StrEnum):
    NEEDS = "needs"
    OPTIONAL = "optional"


class ClosingFirstRound(StrEnum):
    ALLOWED = "allowed"
    NOT_ALLOWED = "not_allowed"


class InHandBonus(StrEnum):
    DOUBLED = "doubled"
    MINUS100 = "minus100"
    NONE = "none"


class AcePenalty(StrEnum):
    ELEVEN = "11"
    ONE = "1"
    ONE_IF_LAST = "1_if_last"


class UnopenedPenalty(StrEnum):
    HUNDRED = "100"
    CARDS = "cards"


class StockExhausted(StrEnum):
    ONCE_THEN_VOID = "once_then_void"
    RESHUFFLE = "reshuffle"


class Teams(StrEnum):
    NONE = "none"
    PAIRS = "pairs"


#: Values of ``elimination`` other than a plain number.
ELIMINATION_PER_PLAYER = "50n+1"
ELIMINATION_NONE = "none"
ELIMINATION_VALUES = ("101", "151", "201", "301", "501", ELIMINATION_PER_PLAYER, ELIMINATION_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule switch, with the ``classic`` values as defaults."""

    jokers: int = 4
    upcard_joker: UpcardJoker = UpcardJoker.RETURNED
    opening_points: int = 40
    opening_jokers: OpeningJokers = OpeningJokers.ALLOWED
    opening_same_turn: OpeningSameTurn = OpeningSameTurn.YES
    jokers_per_meld: int = 1
    run_max: int = 14
    take_before_opening: TakeBeforeOpening = TakeBeforeOpening.ONLY_TO_OPEN
    take_after_opening: TakeAfterOpening = TakeAfterOpening.MUST_USE
    discard_taken_card: DiscardTakenCard = DiscardTakenCard.FORBIDDEN
    opening_turn_plays: OpeningTurnPlays = OpeningTurnPlays.ANYWHERE
    joker_swap: YesNo = YesNo.YES
    freed_joker: FreedJoker = FreedJoker.TO_HAND
    set_joker_suit: SetJokerSuit = SetJokerSuit.ANY
    discard_playable: DiscardPlayable = DiscardPlayable.ALLOWED
    discard_joker: DiscardJoker = DiscardJoker.ALLOWED
    closing_discard: ClosingDiscard = ClosingDiscard.NEEDS
    closing_first_round: ClosingFirstRound = ClosingFirstRound.ALLOWED
    in_hand_bonus: InHandBonus = InHandBonus.DOUBLED
    winner_bonus: int = 0
    ace_penalty: AcePenalty = AcePenalty.ELEVEN
    unopened_penalty: UnopenedPenalty = UnopenedPenalty.HUNDRED
    stock_exhausted: StockExhausted = StockExhausted.ONCE_THEN_VOID
    elimination: str = "101"
    reentry: YesNo = YesNo.NO
    mortal_combat: YesNo = YesNo.NO
    compra: YesNo = YesNo.NO
    teams: Teams = Teams.NONE
    fixed_hands: int | None = None

    def elimination_threshold(self, players_at_start: int) -> int | None:
        """The total at which a player is out, or None when nobody is eliminated."""
        if self.elimination == ELIMINATION_NONE:
            return None
        if self.elimination == ELIMINATION_PER_PLAYER:
            return 50 * players_at_start + 1
        return int(self.elimination)

    def as_tokens(self) -> dict[str, str]:
        """Every switch as the token a user writes (``fixed_hands`` None is ``none``)."""
        return {field.name: _token(getattr(self, field.name)) for field in dataclasses.fields(self)}


def _token(value: object) -> str:
    if value is None:
        return "none"
    return str(value)


class RulesError(ValueError):
    """An unknown preset, key or value; the message names them and what is allowed."""


def _choices(enum_type: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum_type)


#: For each key, its allowed tokens (None for an integer key).
_ENUM_KEYS: dict[str, type[StrEnum]] = {
    "upcard_joker": UpcardJoker,
    "opening_jokers": OpeningJokers,
    "opening_same_turn": OpeningSameTurn,
    "take_before_opening": TakeBeforeOpening,
    "take_after_opening": TakeAfterOpening,
    "discard_taken_card": DiscardTakenCard,
    "opening_turn_plays": OpeningTurnPlays,
    "joker_swap": YesNo,
    "freed_joker": FreedJoker,
    "set_joker_suit": SetJokerSuit,
    "discard_playable": DiscardPlayable,
    "discard_joker": DiscardJoker,
    "closing_discard": ClosingDiscard,
    "closing_first_round": ClosingFirstRound,
    "in_hand_bonus": InHandBonus,
    "ace_penalty": AcePenalty,
    "unopened_penalty": UnopenedPenalty,
    "stock_exhausted": StockExhausted,
    "reentry": YesNo,
    "mortal_combat": YesNo,
    "compra": YesNo,
    "teams": Teams,
}
_INT_CHOICES: dict[str, tuple[str, ...]] = {
    "jokers": ("4", "2"),
    "jokers_per_meld": ("1",),
    "run_max": ("14", "13"),
    "winner_bonus": ("0", "-100"),
}
RULE_KEYS: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(Rules))


def allowed_values(key: str) -> str:
    """Words for the values a key takes, for error messages and ``scala40 rules``."""
    if key in _ENUM_KEYS:
        classic = str(getattr(CLASSIC, key))
        others = [token for token in _choices(_ENUM_KEYS[key]) if token != classic]
        return ", ".join([classic, *others])
    if key in _INT_CHOICES:
        return ", ".join(_INT_CHOICES[key])
    if key == "elimination":
        return ", ".join(ELIMINATION_VALUES)
    if key == "opening_points":
        return "a whole number of points, such as 30, 40 or 50"
    if key == "fixed_hands":
        return "none or a whole number of hands"
    raise RulesError(f"unknown rule key {key!r}")


def parse_value(key: str, token: str) -> object:
    """The typed value of ``key`` written as ``token``; RulesError names what is allowed."""
    if key not in RULE_KEYS:
        close = difflib.get_close_matches(key, RULE_KEYS, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise RulesError(f"unknown rule key {key!r} (with value {token!r}); {hint}"
                         f"known keys: {', '.join(RULE_KEYS)}")
    text = token.strip()
    bad = RulesError(f"bad value {token!r} for rule {key!r}; allowed: {allowed_values(key)}")
    if key in _ENUM_KEYS:
        try:
            return _ENUM_KEYS[key](text.lower())
        except ValueError:
            raise bad from None
    if key in _INT_CHOICES:
        if text not in _INT_CHOICES[key]:
            raise bad
        return int(text)
    if key == "elimination":
        if text.lower() not in ELIMINATION_VALUES:
            raise bad
        return text.lower()
    if key == "fixed_hands":
        if text.lower() == "none":
            return None
        if not text.isdigit() or int(text) < 1:
            raise bad
        return int(text)
    # opening_points
    if not text.isdigit() or int(text) < 1:
        raise bad
    return int(text)


CLASSIC = Rules()

PRESETS: dict[str, Rules] = {"classic": CLASSIC}


def preset(name: str) -> Rules:
    """The preset of this name; RulesError lists the known ones."""
    found = PRESETS.get(name.strip().lower())
    if found is None:
        raise RulesError(f"unknown rules preset {name!r}; known presets: {', '.join(PRESETS)}")
    return found


def with_values(base: Rules, values: Mapping[str, str] | Iterable[tuple[str, str]]) -> Rules:
    """``base`` with the switches of ``values`` (key -> token) set; checks every pair."""
    pairs = values.items() if isinstance(values, Mapping) else values
    changes = {key: parse_value(key, token) for key, token in pairs}
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]

"""The value types of the rule switches: one enum per switch that takes words.

A member's value is the token users write; :mod:`scala40cli.judging.rulebook.switches` says which
member
is the ``classic`` one and what each switch means.
"""

from __future__ import annotations

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


class OneGoThreshold(StrEnum):
    APPLIES = "applies"
    WAIVED = "waived"


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

"""The violation codes, and the shape of what the catalogue says of each.

:class:`Code` is the wire format: a code never changes meaning once published, and a
retired code is never reused. :class:`CodeInfo` is an entry of the catalogue
(:data:`scala40cli.model.violations.RULEBOOK`), whose areas are written in
:mod:`scala40cli.model.catalogue`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Code(StrEnum):
    """Every problem scala40 reports. The value is the wire format."""

    UNREADABLE_FILE = "F001"
    BAD_ENCODING = "F002"
    SYNTAX_ERROR = "F003"

    MISSING_PLAYERS = "G001"
    BAD_PLAYERS = "G002"
    UNKNOWN_PLAYER = "G003"
    BAD_RULES = "G004"
    AFTER_MATCH_END = "G005"
    UNFINISHED_HAND = "G006"
    UNREADABLE_HAND = "G007"
    BAD_REENTRY = "G008"
    LOOKALIKE_NAMES = "G009"
    RESULT_MISMATCH = "G010"

    HAND_NUMBER = "D001"
    MISSING_DEALER = "D002"
    WRONG_DEALER = "D003"
    MISSING_DEAL = "D004"
    DEAL_SIZE = "D005"
    DEAL_PLAYER = "D006"
    TOO_MANY_COPIES = "D007"
    MISSING_UPCARD = "D008"
    UPCARD_JOKER = "D009"
    DECK_MISMATCH = "D010"

    WRONG_TURN = "T001"
    PLAY_BEFORE_DRAW = "T002"
    SECOND_DRAW = "T003"
    NOT_IN_HAND = "T004"
    AFTER_HAND_END = "T005"
    OUT_OF_PLACE = "T006"

    DRAW_NOT_TOP = "S001"
    NOT_IN_STOCK = "S002"
    TAKE_NOT_TOP = "S003"
    EMPTY_DISCARD_PILE = "S004"
    EARLY_RESHUFFLE = "S005"
    MISSING_RESHUFFLE = "S006"
    TAKE_BEFORE_OPENING = "S007"
    TAKEN_CARD_UNUSED = "S008"
    DISCARD_TAKEN_CARD = "S009"
    DISCARD_PLAYABLE = "S010"
    DISCARD_JOKER = "S011"
    ILLEGAL_BUY = "S012"
    INCOMPLETE_BUY = "S013"

    INVALID_MELD = "M001"
    INVALID_ATTACH = "M002"
    INVALID_SWAP = "M003"
    NO_SUCH_MELD = "M004"
    NOT_OPENED = "M005"
    OPENING_TOO_LOW = "M006"
    OPENING_JOKER = "M007"
    FREED_JOKER_UNUSED = "M008"

    CLOSING_WITHOUT_DISCARD = "C001"
    SCORE_MISMATCH = "C002"
    SCORE_PLAYERS = "C003"
    EARLY_CLOSING = "C004"
    MISSING_SCORE = "C005"
    IMPOSSIBLE_SCORE = "C006"


@dataclass(frozen=True, slots=True, kw_only=True)
class CodeInfo:
    """What a code means, for reports, ``docs/violations.md`` and ``scala40 explain``.

    ``source`` is the rule the code enforces, in words a player reads (never a file
    name or a decision number); ``see`` is where the docs explain that rule, a path
    under ``docs/`` with its anchor (``decisions.md#d17``), so that the generated page
    and ``scala40 explain`` can both point a reader at it.
    """

    name: str
    summary: str
    source: str
    example: str
    see: str = ""

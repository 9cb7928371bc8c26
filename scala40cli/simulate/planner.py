"""Turn planning: the plays a bot makes this turn under its style, and its discard.

The planner turns a bot's intentions (open if possible, lay what can be laid, take
jokers back, attach) into a list of plays, and lists the discards left afterwards. It
decides no rule itself: every play is tried on a :class:`~scala40cli.simulate.board.Board`,
which asks the judging core's ``verify_*`` functions, and a plan the judge would
refuse at the end of the turn is dropped for a humbler one. What it reads of the rules
steers its search (the opening's threshold, the longest run, the ace's penalty). It
sees only a :class:`~scala40cli.simulate.view.PlayerView`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.scoring import hand_penalty
from scala40cli.judging.tabletop.melds import fits
from scala40cli.judging.tabletop.verify import freed_joker_must_be_used, laying_down_may_close
from scala40cli.model.cards import Card, parse_card
from scala40cli.simulate.board import Board, closing_allowed
from scala40cli.simulate.fitting import may_fit, meld_cards, spots
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.search import (
    INDEX_OF,
    Candidate,
    NodeBudget,
    best_packing,
    counts_of,
    penalty_of,
    sort_key,
    structure,
)
from scala40cli.simulate.view import PlayerView

#: Two aces: what one costs in a hand of more than one card is half their penalty.
_TWO_ACES = Counter({parse_card("AS"): 2})


def ace_points(rules: Rules) -> int:
    """What an ace left in hand costs, as the scoring says (the search keeps the costly
    cards out of hand; an ace alone as the last card may cost less, which it ignores)."""
    return hand_penalty(_TWO_ACES, rules) // 2


def legal_discards(board: Board) -> list[Card]:
    """The cards the judge lets the player discard now, to end the turn."""
    return [c for c in sorted(board.hand, key=sort_key) if not board.discard_refused(c)]


@dataclass(frozen=True, slots=True)
class Style:
    """What a bot does with its turn, beyond the rules: the knobs of the levels."""

    #: Lay melds and attach once opened (every level does).
    lay: bool = True
    attach: bool = True
    #: Take table jokers back with natural cards.
    swaps: bool = False
    #: Cards kept in hand beyond what the rules need (lay down less).
    keep_extra: int = 0
    #: Attach jokers before natural cards.
    jokers_first: bool = False


#: Chooses the discard among the legal ones, seeing the board after the plays.
Chooser = Callable[[Board, list[Card]], Card]


def min_left(view: PlayerView) -> int:
    """Cards the search leaves in hand after the plays (before the discard): one to
    discard, two where the player may not close now, none where laying down may close."""
    if view.buying:
        return 1
    if not closing_allowed(view):
        return 2
    return 0 if laying_down_may_close(view.rules) else 1


def build(view: PlayerView, style: Style, *, required: Card | None = None,
          open_with: Card | None = None, budget: NodeBudget | None = None) -> Board | None:
    """The plays of the turn under ``style``; None when they cannot meet the rules.

    ``required``: a card that must reach the table this turn (the card taken after
    opening, or a bought card). ``open_with``: a card that must be inside the opening
    melds (taken before opening).
    """
    board = Board.of(view)
    rules = view.rules
    keep = min_left(view) + style.keep_extra
    aces = ace_points(rules)
    jokers_ok = board.jokers_layable()
    if not view.opened_before:
        if style.lay:
            must = _must_index(open_with if open_with is not None else required)
            packing = best_packing(counts_of(board.hand.elements()), jokers_ok=jokers_ok,
                                   run_max=rules.run_max, threshold=rules.opening_points,
                                   must=must, min_left=keep, ace_points=aces,
                                   budget=budget)
            if packing is not None and packing.melds:
                for cand in _ordered(packing.melds):
                    board.lay_meld(cand.cards)
        if not board.opening_now:
            return board if open_with is None and required is None else None
        if open_with is not None and board.opening_cards[open_with] == 0:
            return None
        if required is not None and board.laid[required] > 0:
            board.required_use = "meld"
        if not any(board.may_touch(index) for index in range(len(board.table))):
            return _finish(board, required)
    if style.swaps:
        _swaps(board)
    if view.opened_before and style.lay:
        if (required is not None and board.laid[required] == 0
                and not _lay_required(board, required, keep, budget)):
            return None
        packing = best_packing(counts_of(board.hand.elements()), jokers_ok=jokers_ok,
                               run_max=rules.run_max, min_left=keep, ace_points=aces,
                               budget=budget)
        if packing is not None:
            for cand in _ordered(packing.melds):
                board.lay_meld(cand.cards)
    if style.attach or (required is not None and board.laid[required] == 0):
        _attach_all(board, keep, style, only=None if style.attach else required)
    return _finish(board, required)


def _finish(board: Board, required: Card | None) -> Board | None:
    """The board, unless the judge refuses the turn as planned or the bot's own aims
    are not met (the card it must lay, a hand that could never close)."""
    if required is not None and board.laid[required] == 0:
        return None
    if board.plays and 2 <= board.size() <= 3 and not table_open(board):
        return None  # one or two cards left and nothing can ever be attached: stuck
    if board.end_refused():
        return None
    return board


def table_open(board: Board) -> bool:
    """Could a card ever be attached to the table again? Only if a card that fits a
    meld is not all on the table or in this hand (it is in the stock, the pile or
    another hand, and may come round)."""
    rules = board.rules
    visible: Counter[Card] | None = None
    deck: Counter[Card] = Counter()
    for meld in board.table:
        for c in spots(meld):
            if visible is None:
                visible = Counter(board.hand)
                for other in board.table:
                    visible.update(meld_cards(other))
                deck = game_deck(rules)
            if visible[c] < deck[c] and fits(meld, c, rules):
                return True
    return False


def _must_index(c: Card | None) -> int | None:
    return None if c is None else INDEX_OF[c]


def _ordered(melds: Sequence[Candidate]) -> list[Candidate]:
    """Melds in a stable order (by their first card)."""
    return sorted(melds, key=lambda cand: (cand.low, len(cand.cards), cand.joker))


def _lay_required(board: Board, required: Card, keep: int,
                  budget: NodeBudget | None) -> bool:
    """Lay the required card: attach it, or lay it in a new meld of the hand."""
    if board.size() - 1 >= keep and (not required.is_joker or board.jokers_layable()):
        for index in range(len(board.table)):
            if board.may_touch(index) and board.try_attach(required, index):
                board.required_use = "attach"
                return True
    packing = best_packing(counts_of(board.hand.elements()), jokers_ok=board.jokers_layable(),
                           run_max=board.rules.run_max, must=INDEX_OF[required],
                           min_left=keep, ace_points=ace_points(board.rules), budget=budget)
    if packing is None:
        return False
    for cand in _ordered(packing.melds):
        board.lay_meld(cand.cards)
    board.required_use = "meld"
    return True


def _swaps(board: Board) -> None:
    """Take back every table joker the hand can replace (a natural card for a joker:
    the hand keeps its size). Not in a turn the bot keeps its jokers off the table
    when a freed joker must be laid down in the same turn."""
    if freed_joker_must_be_used(board.rules) and not board.jokers_layable():
        return
    for index in range(len(board.table)):
        if board.table[index].joker_count and board.may_touch(index):
            board.try_swap(index)


def _attach_all(board: Board, keep: int, style: Style, only: Card | None = None) -> None:
    """Attach every card that fits a meld the player may touch, keeping ``keep`` cards."""
    changed = True
    while changed:
        changed = False
        cards = sorted(board.hand, key=lambda c: _attach_order(c, style))
        table = board.table
        # The melds the player may touch, asked once a pass: only an attach changes
        # the answer, and an attach ends the pass.
        touchable = [board.may_touch(index) for index in range(len(table))]
        for c in cards:
            if only is not None and c is not only:
                continue
            if board.size() - 1 < keep:
                return
            if c.is_joker and not board.jokers_layable():
                continue
            for index in range(len(table)):
                if touchable[index] and may_fit(table[index], c) \
                        and board.try_attach(c, index):
                    changed = True
                    if only is not None:
                        board.required_use = "attach"
                        return
                    break
            if changed:
                break


def _attach_order(c: Card, style: Style) -> tuple[int, int, int]:
    """Jokers last (or first), natural cards the costliest first."""
    if c.is_joker:
        return (0 if style.jokers_first else 2, 0, 0)
    return (1, -penalty_of(INDEX_OF[c]), INDEX_OF[c])


def finish_plan(board: Board, choose: Chooser) -> TurnPlan | None:
    """The plan of a built board: its plays and a legal discard; None if none is legal."""
    if board.view.buying:
        return TurnPlan(tuple(board.plays), None)
    if board.size() == 0:
        return TurnPlan(tuple(board.plays), None)
    legal = legal_discards(board)
    if not legal:
        return None
    return TurnPlan(tuple(board.plays), choose(board, legal))


VARIANTS: tuple[Style, ...] = (
    Style(),
    Style(jokers_first=True),
    Style(keep_extra=1),
    Style(attach=False),
    Style(attach=False, keep_extra=1),
    Style(keep_extra=3),
    Style(attach=False, keep_extra=3),
    Style(lay=False, attach=False),
)


#: The search nodes of a decision (a turn's plans, or a buy's), all searches together.
TURN_NODES = 40000


@lru_cache(maxsize=256)
def _attempts(style: Style) -> tuple[Style, ...]:
    """The styles :func:`plan_turn` tries in turn: ``style``, then the humbler ones (a
    few styles recur: worked out once each)."""
    tried: list[Style] = [style]
    for variant in VARIANTS:
        humbler = Style(lay=variant.lay and style.lay, attach=variant.attach and style.attach,
                        swaps=False, keep_extra=style.keep_extra + variant.keep_extra,
                        jokers_first=variant.jokers_first or style.jokers_first)
        if humbler not in tried:
            tried.append(humbler)
    return tuple(tried)


def plan_turn(view: PlayerView, style: Style, choose: Chooser, *,
              required: Card | None = None, open_with: Card | None = None,
              budget: NodeBudget | None = None) -> tuple[TurnPlan, Board] | None:
    """A legal plan for the turn, under ``style`` or, failing that, a humbler one. The
    plans tried share ``budget`` (by default :data:`TURN_NODES` nodes): the first gets
    what a search may take, the humbler ones what is left."""
    if budget is None:
        budget = NodeBudget(TURN_NODES)
    for attempt in _attempts(style):
        board = build(view, attempt, required=required, open_with=open_with, budget=budget)
        if board is None:
            continue
        plan = finish_plan(board, choose)
        if plan is not None:
            return plan, board
    return None


def forced_plan(view: PlayerView, choose: Chooser) -> TurnPlan:
    """No legal end of turn exists: discard anyway (the rules leave no way out, such
    as every card fitting a table meld with ``discard_playable=forbidden``)."""
    board = Board.of(view)
    cards = sorted(board.hand, key=sort_key)
    return TurnPlan((), choose(board, cards), forced=True)


def kept_cards(board: Board) -> Counter[Card]:
    """Cards of the hand that belong to its best melds (a discard keeps them)."""
    rules = board.rules
    return structure(counts_of(board.hand.elements()), run_max=rules.run_max,
                     ace_points=ace_points(rules)).cards()


__all__ = ["TURN_NODES", "VARIANTS", "Chooser", "Style", "ace_points", "build", "finish_plan",
           "forced_plan", "kept_cards", "legal_discards", "min_left", "plan_turn",
           "table_open"]

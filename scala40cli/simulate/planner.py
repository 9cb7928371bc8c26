"""Legal turns: what a player may lay down this turn, and which discards are allowed.

The planner turns a bot's intentions (open if possible, lay what can be laid, take
jokers back, attach) into a list of plays that is legal under the rules of the game,
and lists the discards the rules allow afterwards. It follows the referee's reading of
every switch (``docs/rules.md``): the opening threshold over the melds of one turn,
the card taken from the discard pile, attaches and swaps in the opening turn, jokers
in the opening, freed jokers, discards of taken, playable and joker cards, closing in
the first round, closing without a discard. It sees only a :class:`PlayerView`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from scala40cli.judging.cards import JOKER, Card, card
from scala40cli.judging.melds import (
    Meld,
    MeldError,
    Run,
    attach,
    build_meld,
    fits,
    joker_stands_for,
    opening_value,
    swap,
)
from scala40cli.judging.rules import (
    AcePenalty,
    FreedJoker,
    OpeningJokers,
    OpeningTurnPlays,
    Rules,
    TakeBeforeOpening,
    YesNo,
)
from scala40cli.judging.verify import closing_allowed as may_close
from scala40cli.judging.verify import laying_down_may_close, verify_discard
from scala40cli.reading.events import Discard, TableCard
from scala40cli.simulate.search import (
    INDEX_OF,
    Candidate,
    best_packing,
    counts_of,
    penalty_of,
    sort_key,
)
from scala40cli.simulate.view import PlayerView


@dataclass(frozen=True, slots=True)
class MeldPlay:
    cards: tuple[TableCard, ...]


@dataclass(frozen=True, slots=True)
class AttachPlay:
    cards: tuple[TableCard, ...]
    #: The meld's number on the table (1-based, as in the log).
    meld: int


@dataclass(frozen=True, slots=True)
class SwapPlay:
    card: Card
    meld: int


Play = MeldPlay | AttachPlay | SwapPlay


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The plays of a turn and its discard (None: the hand closes by laying down, or a
    buy, which ends without a discard). ``forced`` marks a discard the rules forbid,
    made because no legal one was left."""

    plays: tuple[Play, ...]
    discard: Card | None
    forced: bool = False


def ace_points(rules: Rules) -> int:
    return 1 if rules.ace_penalty is AcePenalty.ONE else 11


def closing_allowed(view: PlayerView) -> bool:
    """May this player close now (empty the hand)? Never in a buy; with
    ``closing_first_round=not_allowed`` never in one's own first turn of the hand."""
    if view.buying:
        return False
    return may_close(first_of_hand=view.me not in view.played, rules=view.rules)


@dataclass(slots=True)
class Board:
    """A scratch copy of the player's hand and the table while a turn is planned."""

    view: PlayerView
    hand: Counter[Card]
    table: list[Meld]
    owners: list[str]
    plays: list[Play] = field(default_factory=list)
    laid: Counter[Card] = field(default_factory=Counter)
    opening_cards: Counter[Card] = field(default_factory=Counter)
    opening_value: int = 0
    opening_now: bool = False
    #: Swaps whose freed joker must still be laid down (freed_joker=must_use).
    freed_pending: int = 0
    #: How the card that must be laid was laid: "meld", "attach", "swap" or None.
    required_use: str | None = None

    @classmethod
    def of(cls, view: PlayerView) -> Board:
        return cls(view=view, hand=Counter(view.hand), table=list(view.table),
                   owners=list(view.owners))

    @property
    def rules(self) -> Rules:
        return self.view.rules

    @property
    def has_opened(self) -> bool:
        return self.view.opened_before or self.opening_now

    def size(self) -> int:
        return self.hand.total()

    def may_touch(self, index: int) -> bool:
        """May the player attach to or swap in table meld ``index`` now?"""
        if self.view.opened_before:
            return True
        if not self.opening_now:
            return False
        plays = self.rules.opening_turn_plays
        if plays is OpeningTurnPlays.ANYWHERE:
            return True
        if plays is OpeningTurnPlays.OWN_MELDS:
            return self.owners[index] == self.view.me
        return False

    def jokers_layable(self) -> bool:
        """Jokers may be laid down now (not in the opening turn with opening_jokers
        forbidden: natural cards only in the opening)."""
        return self.view.opened_before or self.rules.opening_jokers is OpeningJokers.ALLOWED

    # --- plays ----------------------------------------------------------------------------

    def lay_meld(self, cards: Sequence[TableCard]) -> None:
        meld = build_meld(cards, self.rules)  # raises MeldError: a planner bug
        plain = [tc.card for tc in cards]
        self.hand.subtract(plain)
        if any(n < 0 for n in self.hand.values()):
            raise MeldError("planned a meld with cards not in hand")
        self.hand = +self.hand
        self.table.append(meld)
        self.owners.append(self.view.me)
        self.laid.update(plain)
        if not self.view.opened_before:
            self.opening_now = True
            self.opening_cards.update(plain)
            self.opening_value += opening_value(meld)
        if JOKER in plain and self.freed_pending:
            self.freed_pending -= 1
        self.plays.append(MeldPlay(tuple(cards)))

    def try_attach(self, c: Card, index: int) -> bool:
        """Attach one card to meld ``index`` if it fits; a joker declares its card."""
        meld = self.table[index]
        if not may_fit(meld, c):
            return False
        for tc in _attach_forms(meld, c, self.rules):
            try:
                grown = attach(meld, (tc,), self.rules)
            except MeldError:
                continue
            self.table[index] = grown
            self.hand[c] -= 1
            self.hand = +self.hand
            self.laid[c] += 1
            if c.is_joker and self.freed_pending:
                self.freed_pending -= 1
            self.plays.append(AttachPlay((tc,), index + 1))
            return True
        return False

    def try_swap(self, index: int) -> bool:
        """Take back the joker of meld ``index`` with a natural card of the hand."""
        meld = self.table[index]
        for natural in sorted(joker_stands_for(meld, self.rules), key=sort_key):
            if self.hand[natural] <= 0:
                continue
            try:
                changed = swap(meld, natural, self.rules)
            except MeldError:
                continue
            self.table[index] = changed
            self.hand[natural] -= 1
            self.hand = +self.hand
            self.hand[JOKER] += 1
            self.laid[natural] += 1
            if self.rules.freed_joker is FreedJoker.MUST_USE:
                self.freed_pending += 1
            self.plays.append(SwapPlay(natural, index + 1))
            return True
        return False


def may_fit(meld: Meld, c: Card) -> bool:
    """A quick necessary condition for ``c`` to attach to ``meld`` alone (the real
    judgement is :func:`scala40cli.judging.melds.attach`)."""
    if isinstance(meld, Run):
        if c.is_joker:
            return meld.joker_count == 0
        if c.suit is not meld.suit or c.rank is None:
            return False
        rank = int(c.rank)
        ends = (meld.low - 1, meld.high + 1)
        return rank in ends or (rank == 1 and 14 in ends)
    if meld.size >= 4:
        return False
    if c.is_joker:
        return meld.jokers == 0
    return c.rank is meld.rank and c.suit not in meld.suits


def fits_fast(meld: Meld, c: Card, rules: Rules) -> bool:
    """:func:`scala40cli.judging.melds.fits` with :func:`may_fit` first, a quick refusal of
    most cards (a test proves the two always agree)."""
    return may_fit(meld, c) and fits(meld, c, rules)


def fits_table(table: Sequence[Meld], c: Card, rules: Rules) -> bool:
    """Whether ``c`` alone fits one of the melds (as the referee's discard rule says)."""
    return any(fits_fast(meld, c, rules) for meld in table)


def _attach_forms(meld: Meld, c: Card, rules: Rules) -> list[TableCard]:
    """How a card is written to attach it: a joker on a run says which card it stands
    for (the low end first, so that a run grows toward the ace high last)."""
    if not c.is_joker or not isinstance(meld, Run):
        return [TableCard(c)]
    forms: list[TableCard] = []
    for position in (meld.high + 1, meld.low - 1):
        if 1 <= position <= 14:
            forms.append(TableCard(JOKER, meld.card_at(position)))
    return forms


# --- discards ---------------------------------------------------------------------------


def discard_legal(board: Board, c: Card) -> bool:
    """May ``c`` be discarded now to end the turn? The referee's own checks
    (:func:`scala40cli.judging.verify.verify_discard`) on the board after the plays."""
    view = board.view
    closes = board.size() == 1
    if closes and not closing_allowed(view):
        return False
    event = Discard(player=view.me, card=c, line=0, column=0)
    return not verify_discard(event, taken=view.taken_now, laid=board.laid,
                              opened=board.has_opened, closes=closes, table=board.table,
                              rules=board.rules, fits=fits_fast)


def legal_discards(board: Board) -> list[Card]:
    return [c for c in sorted(board.hand, key=sort_key) if discard_legal(board, c)]


# --- planning ---------------------------------------------------------------------------


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
    """Cards that must stay in the hand after the plays of the turn (before the discard)."""
    if view.buying:
        return 1
    if not closing_allowed(view):
        return 2
    return 0 if laying_down_may_close(view.rules) else 1


def build(view: PlayerView, style: Style, *, required: Card | None = None,
          open_with: Card | None = None) -> Board | None:
    """The plays of the turn under ``style``; None when they cannot meet the rules.

    ``required``: a card that must reach the table this turn (the card taken after
    opening with ``take_after_opening=must_use``, or a bought card). ``open_with``: a
    card that must be inside the opening melds (taken before opening).
    """
    board = Board.of(view)
    rules = view.rules
    keep = min_left(view) + style.keep_extra
    aces = ace_points(rules)
    if not view.opened_before:
        if style.lay:
            jokers_ok = rules.opening_jokers is OpeningJokers.ALLOWED
            must = _must_index(open_with if open_with is not None else required)
            packing = best_packing(counts_of(board.hand.elements()), jokers_ok=jokers_ok,
                                   run_max=rules.run_max, threshold=rules.opening_points,
                                   must=must, min_left=keep, ace_points=aces)
            if packing is not None and packing.melds:
                for cand in _ordered(packing.melds):
                    board.lay_meld(cand.cards)
        if not board.opening_now:
            return board if open_with is None and required is None else None
        if open_with is not None and board.opening_cards[open_with] == 0:
            return None
        if required is not None and board.laid[required] > 0:
            board.required_use = "meld"
        if rules.opening_turn_plays is OpeningTurnPlays.NOTHING:
            return _finish(board, required)
    if style.swaps and rules.joker_swap is YesNo.YES:
        _swaps(board)
    if view.opened_before and style.lay:
        if (required is not None and board.laid[required] == 0
                and not _lay_required(board, required, keep)):
            return None
        jokers_ok = board.jokers_layable()
        packing = best_packing(counts_of(board.hand.elements()), jokers_ok=jokers_ok,
                               run_max=rules.run_max, min_left=keep, ace_points=aces)
        if packing is not None:
            for cand in _ordered(packing.melds):
                board.lay_meld(cand.cards)
    if style.attach or (required is not None and board.laid[required] == 0):
        _attach_all(board, keep, style, only=None if style.attach else required)
    return _finish(board, required)


def _finish(board: Board, required: Card | None) -> Board | None:
    if required is not None and board.laid[required] == 0:
        return None
    if board.freed_pending:
        return None
    if board.opening_now and board.opening_value < board.rules.opening_points:
        return None
    if board.plays and 2 <= board.size() <= 3 and not table_open(board):
        return None  # one or two cards left and nothing can ever be attached: stuck
    return board


def spots(meld: Meld, rules: Rules) -> list[Card]:
    """The cards that might still be attached to a meld alone (a joker included);
    :func:`~scala40cli.judging.melds.fits` has the last word."""
    found: list[Card] = []
    if isinstance(meld, Run):
        if len(meld.cards) >= rules.run_max:
            return found
        for position in (meld.low - 1, meld.high + 1):
            if 1 <= position <= 14:
                found.append(meld.card_at(position))
        if meld.joker_count == 0:
            found.append(JOKER)
        return found
    if meld.size >= 4:
        return found
    found += [card(meld.rank, s) for s in meld.missing_suits()]
    if meld.jokers == 0:
        found.append(JOKER)
    return found


def table_open(board: Board) -> bool:
    """Could a card ever be attached to the table again? Only if a card that fits a
    meld is not all on the table or in this hand (it is in the stock, the pile or
    another hand, and may come round)."""
    rules = board.rules
    visible: Counter[Card] | None = None
    for meld in board.table:
        for c in spots(meld, rules):
            if visible is None:
                visible = Counter(board.hand)
                for other in board.table:
                    visible.update(meld_cards(other))
            copies = rules.jokers if c.is_joker else 2
            if visible[c] < copies and fits(meld, c, rules):
                return True
    return False


def meld_cards(meld: Meld) -> list[Card]:
    """The cards of a table meld."""
    if isinstance(meld, Run):
        return list(meld.cards)
    return [card(meld.rank, s) for s in meld.suits] + [JOKER] * meld.jokers


def _must_index(c: Card | None) -> int | None:
    return None if c is None else INDEX_OF[c]


def _ordered(melds: Sequence[Candidate]) -> list[Candidate]:
    """Melds in a stable order (by their first card)."""
    return sorted(melds, key=lambda cand: (cand.low, len(cand.cards), cand.joker))


def _lay_required(board: Board, required: Card, keep: int) -> bool:
    """Lay the required card: attach it, or lay it in a new meld of the hand."""
    if board.size() - 1 >= keep and (not required.is_joker or board.jokers_layable()):
        for index in range(len(board.table)):
            if board.may_touch(index) and board.try_attach(required, index):
                board.required_use = "attach"
                return True
    packing = best_packing(counts_of(board.hand.elements()), jokers_ok=board.jokers_layable(),
                           run_max=board.rules.run_max, must=INDEX_OF[required],
                           min_left=keep, ace_points=ace_points(board.rules))
    if packing is None:
        return False
    for cand in _ordered(packing.melds):
        board.lay_meld(cand.cards)
    board.required_use = "meld"
    return True


def _swaps(board: Board) -> None:
    """Take back every table joker the hand can replace (a natural card for a joker:
    the hand keeps its size). With ``freed_joker=must_use`` only when jokers may be
    laid down this turn."""
    if board.rules.freed_joker is FreedJoker.MUST_USE and not board.jokers_layable():
        return
    for index in range(len(board.table)):
        if board.may_touch(index) and board.table[index].joker_count:
            board.try_swap(index)


def _attach_all(board: Board, keep: int, style: Style, only: Card | None = None) -> None:
    """Attach every card that fits a meld the player may touch, keeping ``keep`` cards."""
    changed = True
    while changed:
        changed = False
        cards = sorted(board.hand, key=lambda c: _attach_order(c, style))
        for c in cards:
            if only is not None and c is not only:
                continue
            if board.size() - 1 < keep:
                return
            if c.is_joker and not board.jokers_layable():
                continue
            for index in range(len(board.table)):
                if board.may_touch(index) and board.try_attach(c, index):
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


def plan_turn(view: PlayerView, style: Style, choose: Chooser, *,
              required: Card | None = None, open_with: Card | None = None
              ) -> tuple[TurnPlan, Board] | None:
    """A legal plan for the turn, under ``style`` or, failing that, a humbler one."""
    tried: list[Style] = [style]
    for variant in VARIANTS:
        humbler = Style(lay=variant.lay and style.lay, attach=variant.attach and style.attach,
                        swaps=False, keep_extra=style.keep_extra + variant.keep_extra,
                        jokers_first=variant.jokers_first or style.jokers_first)
        if humbler not in tried:
            tried.append(humbler)
    for attempt in tried:
        board = build(view, attempt, required=required, open_with=open_with)
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


def take_allowed(view: PlayerView) -> bool:
    """May the player take the top of the discard pile at all now?"""
    if not view.discard_pile:
        return False
    return view.opened_before or view.rules.take_before_opening is TakeBeforeOpening.ONLY_TO_OPEN


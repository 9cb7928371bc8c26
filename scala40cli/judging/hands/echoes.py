"""The counterfactual test of D28: is a later problem an echo of an earlier one?

A later problem is an echo only if it would not arise had the earlier event been legal
(or absent). Doubting a whole part of the hand after a mistake over-attributes: a
joker attached to a set that is full whatever happened before, or another player's
attach to a meld that never existed, would be hidden as notes. So each doubt here is
tied to what the mistake touched, with the table as it could be without it:

- a meld changed by a refused attach or swap, an attach before opening, a card not
  held, or an opening that fell short keeps its *twins*: the melds it could be had
  the line been legal (the same number of cards that fit) or absent. A later move
  refused on the meld is an echo only if a twin takes it (and the twins follow it);
- the cards of a move refused for want of its meld (*strays*) may belong to another:
  a move refused on a meld is an echo if the meld would take it with them;
- a meld line the log most likely lost (an opening short of a meld, a take whose meld
  is missing) makes the log's numbers run one ahead from there: a move refused on a
  meld laid after it is an echo if the meld before takes it (and is made there);
- a stock out of step with the log (a second draw, a draw under the top, a card with
  no copy left, a take or a lost line where a draw was) keeps its twin, the stock had
  the line been legal or absent. The first draw that does not match is an echo when
  its card is on top of the twin; the stock then becomes the twin (back in step), and
  later draws are judged as usual. A matching draw puts it back in step too;
- the discard pile's top is uncertain only until another card covers it, and the
  number of a player's cards only after a problem that can change it
  (:data:`COUNT_CODES`): a hand emptied without its discard echoes nothing else.

Nothing here is asked on a clean log: every entry is made by a reported problem.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import MeldError, attach, swap
from scala40cli.judging.tabletop.verify import verify_attach, verify_swap
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Swap, TableCard


@dataclass(slots=True)
class MeldDoubt:
    """A meld changed by a reported problem, and the melds it could be had the line
    been legal or absent (its *twins*; none: it cannot be told, so any later problem
    with the meld is an echo)."""

    cause: Problem
    twins: list[TableMeld]


class Echoes:
    """What one hand's reported problems touched on the table and in the stock.

    A plain class, made for every hand: compiled, its constructor is native, where a
    dataclass's is generated Python that sets each field in turn."""

    def __init__(self) -> None:
        #: Meld index -> its doubt.
        self.melds: dict[int, MeldDoubt] = {}
        #: Attaches and swaps refused (no such meld): had the line been legal their
        #: cards would be in some meld, and a later move may fail only because they are
        #: not.
        self.strays: list[tuple[Problem, Attach | Swap]] = []
        #: Problems of moves on the table held until the turn is over (D28): the
        #: finding, the meld's index and its twins should it be a violation.
        self.held: list[tuple[Finding, int, list[TableMeld]]] = []
        #: A meld line most likely lost: its cause, and the index of the first meld
        #: whose number it shifts.
        self.lost_meld: Problem | None = None
        self.shifted_from = 0
        self.shifted_to = 0
        #: The stock's order had the stock-problem been legal (top last), while the
        #: stock is out of step with the log; None: not known.
        self.stock_twin: list[Card] | None = None
        #: The discard pile's size while its top is the card a problem left uncertain
        #: (a discard of a card not held, or one the log lost); None: no such card.
        self.pile_mark: int | None = None
        #: Cards a hand may lack because of a card not held (line, column -> cards).
        self.owed: dict[tuple[int, int], tuple[Card, ...]] = {}
        #: Cards the log moved where they most likely did not go, with the problem.
        self.misplaced: dict[Card, Problem] = {}
        #: Cards counted out of those nobody had seen on a line a reported problem
        #: makes doubtful (shown by a hand doubted since, or dealt by a deal line too
        #: long), with the problem: had the line been legal that copy may never have
        #: been shown, so a later copy beyond the deck or the stock may be its echo.
        self.shown: dict[Card, Problem] = {}
        #: Those shown on the very line found wrong (player, card, line): shown again
        #: later by the same hand in doubt, each is most likely the same card.
        self.phantoms: list[tuple[str, Card, int]] = []
        #: The melds the referee refused (None on the table), by index: the jokers
        #: lying among their cards (D27: a swap there takes one). Their doubts in
        #: ``melds`` hold the melds their cards make
        #: (:mod:`~scala40cli.judging.hands.refused_melds`).
        self.refused: dict[int, int] = {}

    # --- the melds ------------------------------------------------------------------

    def doubt_meld(self, index: int, cause: Problem, twins: list[TableMeld]) -> None:
        """A reported problem changed meld ``index``; ``twins``: the melds it could be
        without it. A meld already doubted keeps its twins (the meld without both)."""
        if index not in self.melds:
            self.melds[index] = MeldDoubt(cause, twins)

    def settled(self, finding: Finding, problem: Problem) -> None:
        """A problem of a move on the table, held until the turn was over, reported as
        a violation: the meld the move went to is doubted."""
        for held, index, twins in self.held:
            if held is finding:
                self.doubt_meld(index, problem, twins)

    def stray(self, cause: Problem, move: Attach | Swap) -> None:
        """A move refused for want of its meld: its cards may belong to another."""
        self.strays.append((cause, move))

    def lose_meld(self, cause: Problem, first_index: int, last_index: int) -> None:
        """A meld line maybe missing from the log, at an index from ``first_index`` to
        ``last_index`` (the turn's melds; -1: a turn that laid none, where a take may
        rather stand for a draw, so only a move the meld before would take is its
        echo): the melds from there on carry a number one more in the log than on the
        table, the last one most likely the lost meld's."""
        if self.lost_meld is None:
            self.lost_meld = cause
            self.shifted_from, self.shifted_to = first_index, last_index

    def confirm_numbers(self, index: int, move: Attach | Swap,
                        table: list[TableMeld | None], rules: Rules) -> None:
        """A move made on meld ``index`` as the log numbers it, which the meld it would
        name were a meld line lost (the one before) would refuse: the log's numbers
        run as the table's, so the lost-line reading is dropped, and a later move on
        these melds is judged as written (D28)."""
        lost = self.lost_meld
        # Only a meld past every place the lost line may have had is surely shifted.
        first_shifted = self.shifted_to + 1 if self.shifted_to >= 0 else self.shifted_from
        if lost is None or lost.line >= move.line or index < max(first_shifted, 1):
            return
        meant = table[index - 1]
        if meant is not None and moved(meant, move, rules) is None:
            self.lost_meld = None

    def missing_meld_cause(self, move: Attach | Swap, table: list[TableMeld | None],
                           rules: Rules) -> Problem | None:
        """A move on a meld number past the table: an echo only when a meld line was
        lost, so that the log's numbers run one ahead, and the move is made on the
        meld the log would number so (:meth:`shifted_cause`)."""
        if move.meld == len(table) + 1 and self.shifted_to >= 0:  # a likely lost meld
            return self.shifted_cause(len(table), move, table, rules)
        return None

    def shifted_cause(self, index: int, move: Attach | Swap,
                      table: list[TableMeld | None], rules: Rules) -> Problem | None:
        """The lost meld line a move refused on meld ``index`` echoes: the melds laid
        after it carry a number one less on the table than in the log, and the move
        is made on the meld before (it would carry the number written)."""
        lost = self.lost_meld
        if lost is None or lost.line >= move.line or index < self.shifted_from:
            return None
        if index == self.shifted_to:  # the number the lost meld most likely carries
            return lost
        if index == 0:
            return None
        meant = table[index - 1]
        if meant is None:
            return lost
        made = moved(meant, move, rules)
        if made is None:
            return None
        table[index - 1] = made  # the most likely table: the move was made there
        return lost

    def move_cause(self, index: int, table: list[TableMeld | None], move: Attach | Swap,
                   rules: Rules) -> Problem | None:
        """The earlier problem a move refused on meld ``index`` (``meld``, as it is)
        echoes: it would be made on the meld as it could be without that problem, or
        the meld's number may be shifted; None: it is independent."""
        doubt = self.melds.get(index)
        if doubt is not None and doubt.cause.line < move.line:
            if not doubt.twins:
                return doubt.cause
            after = [m for m in (moved(twin, move, rules) for twin in doubt.twins)
                     if m is not None]
            if after:  # the move is on the table as it could be: its twins grow
                doubt.twins = after
                return doubt.cause
        shifted = self.shifted_cause(index, move, table, rules)
        if shifted is not None:
            return shifted
        for cause, stray in self.strays:
            meld = table[index]
            if cause.line < move.line and meld is not None:
                with_it = moved(meld, stray, rules)
                if with_it is not None and moved(with_it, move, rules) is not None:
                    return cause
        return None

    def moved_twins(self, index: int, move: Attach | Swap, rules: Rules) -> None:
        """A move made on a doubted meld: its twins make it too; a twin that cannot
        is not what the table was (unless none can)."""
        doubt = self.melds.get(index)
        if doubt is None or not doubt.twins or doubt.cause.line >= move.line:
            return
        after = [m for m in (moved(twin, move, rules) for twin in doubt.twins) if m is not None]
        if after:
            doubt.twins = after

    # --- the cards of a hand ---------------------------------------------------------

    def may_lack(self, doubt: Problem, cards: list[Card]) -> bool:
        """Whether the referee's picture of a hand doubted since ``doubt`` may lack
        ``cards`` only because of it. A card not held leaves the picture with a card
        too many (the one the log misnamed), never one too few: a later card not
        held is its echo only if it is a card the line would have given (the joker of
        a swap)."""
        if doubt.code is not Code.NOT_IN_HAND:
            return True
        owed = self.owed.get((doubt.line, doubt.column), ())
        return all(card in owed for card in cards)

    def owe(self, doubt: Problem, card: Card) -> None:
        """The hand doubted since ``doubt`` may lack ``card`` because of it."""
        key = (doubt.line, doubt.column)
        self.owed[key] = (*self.owed.get(key, ()), card)

    # --- the stock ------------------------------------------------------------------

    def resync(self, drawn: Card) -> list[Card] | None:
        """The stock put back in step for a draw of ``drawn`` that is not its top
        while it is out of step: the stock as it would be had the earlier problem not
        happened, the drawn card taken out; None when the card is not on its top (an
        independent problem, or a stock whose twin is not known)."""
        twin = self.stock_twin
        if twin is None:
            return None
        self.stock_twin = None
        if not twin or twin[-1] is not drawn:
            return None
        return twin[:-1]

    def misplaced_cause(self, card: Card, line: int) -> Problem | None:
        """The problem that left ``card`` somewhere else than the log says (a card
        taken from the pile by a take that stood for a draw stayed in the pile)."""
        cause = self.misplaced.get(card)
        return cause if cause is not None and cause.line < line else None

    def doubt_shown(self, revealed: list[tuple[str, Card]], player: str | None,
                    problem: Problem) -> None:
        """The cards ``player``'s hidden hand showed on the line of its violation
        (``revealed``) may never have been there (format 1.1)."""
        for shower, card in revealed:
            if shower == player:
                self.shown.setdefault(card, problem)
                self.phantoms.append((shower, card, problem.line))

    def shown_again(self, player: str, card: Card, line: int) -> bool:
        """``card`` shown by ``player`` on ``line`` is one a wrong line of theirs before
        showed out of their unknown cards (then it is no longer owed)."""
        for phantom in self.phantoms:
            if phantom[0] == player and phantom[1] == card and phantom[2] < line:
                self.phantoms.remove(phantom)
                return True
        return False

    def shown_cause(self, card: Card, line: int) -> Problem | None:
        """The problem that may have shown a copy of ``card`` that was never there
        (format 1.1: a card out of a hidden hand, or a deal line too long)."""
        cause = self.shown.get(card)
        return cause if cause is not None and cause.line < line else None


#: Problems after which how many cards a player holds is uncertain (a draw or discard
#: lost or doubled, a card played that was not held, a deal of the wrong size): a hand
#: emptied without its closing discard may only follow from them. A card taken for
#: another changes which cards, not how many.
COUNT_CODES: Final[frozenset[Code]] = frozenset({
    Code.WRONG_TURN, Code.PLAY_BEFORE_DRAW, Code.SECOND_DRAW, Code.NOT_IN_HAND,
    Code.DEAL_SIZE, Code.UNREADABLE_HAND,
})


def moved(meld: TableMeld, move: Attach | Swap, rules: Rules) -> TableMeld | None:
    """The meld after the move, or None when the move is refused on it."""
    if isinstance(move, Attach):
        return verify_attach(move, meld, rules)[0]
    return verify_swap(move, meld, rules)[0]


def legal_versions(meld: TableMeld, move: Attach | Swap, rules: Rules) -> list[TableMeld]:
    """The melds a refused move could have made had it been legal, with the meld it
    was made on (had it been absent): the same number of natural cards that fit, or
    the swap of the card the joker stands for. Empty when too many to tell."""
    return grown_versions(meld, 1 if isinstance(move, Swap) else len(move.cards),
                          isinstance(move, Swap), rules)


def grown_versions(meld: TableMeld, cards: int, swapped: bool, rules: Rules
                   ) -> list[TableMeld]:
    """The meld, and the melds it makes with ``cards`` more that fit it (or, with
    ``swapped``, with its joker swapped for its card). Empty when too many to tell."""
    level = [meld]
    for _ in range(cards):
        grown: list[TableMeld] = []
        for twin in level:
            for natural in NATURAL_CARDS:
                try:
                    made = (swap(twin, natural, rules) if swapped
                            else attach(twin, (TableCard(natural),), rules))
                except MeldError:
                    continue
                if made not in grown:
                    grown.append(made)
            for natural in () if swapped else NATURAL_CARDS:
                try:  # a joker that stands for the card
                    made = attach(twin, (TableCard(JOKER, natural),), rules)
                except MeldError:
                    continue
                if made not in grown:
                    grown.append(made)
        if len(grown) > _MOST_TWINS:
            return []
        level = grown
    return [meld, *level]


#: More ways than this for a refused move to have been legal: the meld is not judged.
_MOST_TWINS: Final = 24


def recount(order: list[Card], stock: Counter[Card]) -> None:
    """Make the stock's counts those of its order again (after :meth:`Echoes.resync`)."""
    stock.clear()
    for card in order:
        stock[card] = stock.get(card, 0) + 1

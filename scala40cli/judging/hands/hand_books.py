"""The books of one hand: what its referee knows, how it reports, and the turn's accounts.

:class:`HandBooks` is the state a hand referee keeps on top of the cards where they are
(:class:`~scala40cli.judging.tabletop.table.TableState`): the players and their order, the deal
being written, the turn going on (:class:`~scala40cli.judging.tabletop.turn.Turn`), who has
played, and what is uncertain since a reported problem
(:class:`~scala40cli.judging.hands.doubts.Doubts`).
It reports each :class:`~scala40cli.judging.tabletop.findings.Finding` (a violation, or a note
when it only follows from an earlier problem, D28), and keeps the accounts every move
shares: a draw the log lost, cards taken out of a hand, the checks made when a turn is
over. The moves themselves are in :mod:`~scala40cli.judging.hands.draw_moves` and
:mod:`~scala40cli.judging.hands.play_moves`, the end of the hand in
:mod:`~scala40cli.judging.hands.hand_end`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40cli.judging.hands.deal import HAND_SIZE, DealChecker, card_codes
from scala40cli.judging.hands.doubts import UNSETTLING, Doubts
from scala40cli.judging.hands.echoes import Echoes, grown_versions
from scala40cli.judging.hands.phases import Phase
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.scoring import Bounds
from scala40cli.judging.tabletop.findings import Finding, Flag
from scala40cli.judging.tabletop.held_cards import held_before, holding_hint
from scala40cli.judging.tabletop.table import TableState, add_card
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import short_as_laid, verify_end_of_turn
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Discard, Event, PlayerEvent, Take

#: The problems of the card taken from the pile, reported when the turn is over.
_TAKE_CODES: Final = frozenset({Code.TAKE_BEFORE_OPENING, Code.TAKEN_CARD_UNUSED})
#: End-of-turn problems that may mean a meld line missing from the log.
_LOSES_MELD: Final = frozenset({*_TAKE_CODES, Code.OPENING_TOO_LOW})


class HandBooks(TableState):
    """The state and accounts of one hand's referee (see the module docstring)."""

    def __init__(
        self,
        *,
        number: int,
        start: Event,
        still_in: Sequence[str],
        game_players: Sequence[str],
        expected_dealer: str | None,
        rules: Rules,
        flag: Flag,
        reentry: dict[str, str | None] | None = None,
    ) -> None:
        super().__init__()
        self.number = number
        self.start = start
        self.rules = rules
        self._flag = flag
        self.game_players = frozenset(game_players)
        self.seats = tuple(game_players)
        self.expected_dealer = expected_dealer
        #: D28: the parts of the hand uncertain since a reported problem.
        self.doubts = Doubts()
        #: D28: the melds and stock cards a reported problem touched (counterfactual).
        self.echoes = Echoes()
        self.setup: DealChecker | None = DealChecker(
            number=number, start=start, still_in=still_in, game_players=game_players,
            expected_dealer=expected_dealer, rules=rules, flag=self.flag, reentry=reentry)
        self.phase = Phase.SETUP
        self.dealer: str | None = None
        #: Players whose penalty is taken as declared, with why (set when the hand closes).
        self.unverified: dict[str, str] = {}
        #: For those: the least and most the declared penalty may be (None: no bound).
        self.bounds: dict[str, Bounds | None] = {}
        #: The line of the event that ended the hand.
        self.end_line = start.line
        #: The rest of the game's events and where this one is, to see who plays next.
        self.upcoming: Sequence[Event] = ()
        self.position = 0
        self.order: tuple[str, ...] = ()
        self.reentered: tuple[str, ...] = ()
        self.current = ""
        self.turn: Turn | None = None
        #: Players who have had a turn of their own (closing_first_round).
        self.played: set[str] = set()
        #: How many turns of their own each player has begun (a buy is not one).
        self.turns_begun: dict[str, int] = {}
        #: Each player who opened in this hand -> in which of their own turns.
        self.openings: dict[str, int] = {}
        #: Who discarded last, while nobody has played since (a buy may follow).
        self.last_discarder: str | None = None
        #: The line of the last discard (where a player who plays again discarded).
        self.last_discard_line = 0
        #: The player whose turn comes after a buy.
        self.resume = ""
        self.void_after_turn = False
        self.closer: str | None = None
        self.closing = Closing.UNFINISHED
        self.penalties: dict[str, int] = {}
        self.flagged_after_end = False
        #: The line being judged found the hand over before it (D16): once its handler
        #: has ended the hand, it goes back to the gate, to be turned away (T005).
        self.over_before_line = False
        #: The hand was ended by its score line (see
        #: :meth:`~scala40cli.judging.hands.hand_end.HandEnding.end_as_declared`).
        self.declared_end = False
        #: A line that could not be read since the last turn ended: an opening of the
        #: turn that falls short may have lost a meld in it (D28).
        self.unread: Problem | None = None
        #: The hand is one of a paper score sheet: nothing written but its score line
        #: (and maybe its dealer), whose penalties are judged as a hand's can be.
        self.paper = False
        #: The penalties of the hand's score line, once it is read (D25).
        self.declared: dict[str, int] | None = None
        #: The cards shown out of hidden hands on the line being judged (format 1.1),
        #: by whom, while no problem has doubted them (D28: see Echoes.shown).
        self.revealed: list[tuple[str, Card]] = []
        self.revealed_line = 0

    # --- reporting --------------------------------------------------------------------

    def flag(self, finding: Finding, player: str | None = None,
             cause: Problem | None = None, *, independent: bool = False) -> Problem:
        """Report a problem; a note instead when it only follows from an earlier one
        (``independent``: the counterfactual test found it would happen anyway)."""
        doubts = self.doubts
        if cause is None and not independent:
            cause = doubts.cause(finding.code, player, finding.event.line)
        problem = self._flag(finding, player, cause)
        if cause is None:
            doubts.after(problem, player)
            if self.revealed and finding.event.line == self.revealed_line \
                    and problem.code in UNSETTLING:
                self.echoes.doubt_shown(self.revealed, player, problem)
            if self.echoes.held:
                self.echoes.settled(finding, problem)
        return problem

    def doubt_long_deals(self, doubts: dict[str, Problem]) -> None:
        """D28: a deal line of too many cards shows one that was never dealt, any of
        them: a later copy of one beyond the deck or the stock may be its echo, and
        without a stock line, so may the stock's running out a draw early or late (a
        deal of a copy beyond the deck too)."""
        for player, doubt in doubts.items():
            if doubt.code is Code.DEAL_SIZE and self.size(player) > HAND_SIZE:
                for card in self.hands[player]:
                    self.echoes.shown.setdefault(card, doubt)
            elif doubt.code is not Code.TOO_MANY_COPIES:  # a copy beyond the deck,
                continue  # which the deck's count leaves out of the stock's size
            if self.stock_order is None:  # its size is counted from the deal's
                self.doubts.doubt_stock(doubt)

    def report(self, findings: list[Finding], player: str) -> list[Problem]:
        """Report what a check found, each finding as a violation of ``player`` (or a
        note, when it follows from an earlier problem)."""
        return [self.flag(f, player) for f in findings]

    def report_or_hold(self, turn: Turn, finding: Finding | None, player: str) -> None:
        """Report a finding of ``player``'s turn, or hold it until the turn is over when
        it may only follow from an end-of-turn problem (:attr:`Finding.held`, D28)."""
        if finding is not None and finding.held:
            turn.deferred.append(finding)
        elif finding is not None:
            self.report([finding], player)

    # --- whose turn comes next ----------------------------------------------------------

    def first_player(self) -> str:
        """The player after the dealer; "" (whoever plays first) when no dealer is known."""
        if not self.order or self.dealer is None:
            return ""
        return self.next_after(self.dealer)

    def next_after(self, player: str | None) -> str:
        """The next player dealt in, after ``player`` in the order of the Players tag."""
        if player in self.order:
            return self.order[(self.order.index(player) + 1) % len(self.order)]
        seats = self.seats
        if player in seats:
            position = seats.index(player)
            for step in range(1, len(seats) + 1):
                candidate = seats[(position + step) % len(seats)]
                if candidate in self.order:
                    return candidate
        return self.order[0]

    # --- the cards of the player in turn ------------------------------------------------

    def need_draw(self, turn: Turn, event: PlayerEvent, cards: Sequence[Card] = ()) -> None:
        """A play before the draw is reported; the most likely table is that the draw
        line is missing: the top of the pile if the play uses it, else a stock card."""
        if not turn.drew and not turn.flagged_no_draw:
            turn.flagged_no_draw = True
            problem = self.flag(Finding(Code.PLAY_BEFORE_DRAW, event,
                                        f"{event.player} must draw or take before playing"),
                                event.player, turn.after_own_discard)
            if turn.buy is not None:
                return
            turn.drew = True
            self.doubts.doubt_hand(event.player, problem)
            pile, player = self.discard_pile, event.player
            lacking = [c for c in cards if not self.holds(player, c)]
            if pile and pile[-1] in lacking:
                add_card(self.hands[player], pile.pop())
            elif len(lacking) == 1 and self.stock.get(lacking[0], 0) > 0 and self.stock_count > 0:
                self.draw_known(player, lacking[0])  # the play shows the card drawn
            else:  # drawn from the stock at the end of the turn, unless the draw comes
                turn.owes_draw = True
                self.doubts.doubt_stock(problem)

    def pay_draw(self, turn: Turn) -> None:
        """The draw a turn lacked is taken as a stock draw the log lost."""
        if turn.owes_draw:
            turn.owes_draw = False
            if self.stock_count > 0:
                if self.stock_order:  # D28: had the lost line been a take instead
                    self.echoes.stock_twin = list(self.stock_order)
                self.draw_unseen(turn.player)

    def take_out(self, event: PlayerEvent, card: Card) -> bool:
        """Take a card out of the player's hand: a seen one, else one of their unknown
        cards; False if they hold neither (then nothing is taken out)."""
        player = event.player
        known = self.hands[player]
        count = known.get(card, 0)
        if count > 0:
            if count == 1:
                del known[card]  # no zero counts in a hand (see TableState.hands)
            else:
                known[card] = count - 1
            return True
        doubt = self.doubts.of_hand(player)
        if doubt is not None and self.echoes.phantoms \
                and self.echoes.shown_again(player, card, event.line):
            return True  # the same card (the full log finds the first was never held)
        held = self.unknown.get(player, 0)
        if held <= 0:
            return False
        self.unknown[player] = held - 1
        if not self.reveal(player, card):  # never a third copy among all the cards seen
            cause = doubt or self.echoes.shown_cause(card, event.line) \
                or self.echoes.misplaced_cause(card, event.line)
            turn = self.turn
            deferred = cause is None and turn is not None \
                and isinstance(turn.take_event, Take)
            copies = Finding(Code.TOO_MANY_COPIES, event, f"more copies than the deck holds: "
                             f"{card}", held=deferred)
            if deferred and turn is not None:  # as a card not in hand: the take may be found
                turn.deferred.append(copies)  # at the turn's end to stand for its draw
            else:
                self.flag(copies, player, cause)
        elif doubt is not None:  # D28: a card of a hand in doubt may be a phantom
            self.echoes.shown.setdefault(card, doubt)
            if doubt.line == event.line:  # shown by the very line found wrong
                self.echoes.phantoms.append((player, card, event.line))
        elif self.revealed_line == event.line:
            self.revealed.append((player, card))
        else:
            self.revealed_line, self.revealed = event.line, [(player, card)]
        return True

    def remove_from_hand(self, event: PlayerEvent, cards: Sequence[Card]) -> Problem | None:
        """Take the cards out of the player's hand; those not there are reported (the
        problem is returned when reported now)."""
        known = self.hands[event.player]
        missing: list[Card] = []
        for c in cards:
            held = known.get(c, 0)
            if held > 1:  # the common cases, inline
                known[c] = held - 1
            elif held == 1:
                del known[c]  # no zero counts in a hand (see TableState.hands)
            elif not self.take_out(event, c):
                missing.append(c)
        if not missing:
            return None
        turn = self.turn
        message = f"{event.player} does not hold {card_codes(missing)}" + holding_hint(
            event.player, held_before(known, cards, missing), missing)
        if turn is not None and turn.take_event is not None \
                and isinstance(turn.take_event, Take) \
                and self.doubts.cause(Code.NOT_IN_HAND, event.player, event.line) is None:
            # Held until the turn is over: if the take breaks a rule, this most likely
            # is the card the turn drew, the take line standing for a draw.
            turn.deferred.append(Finding(Code.NOT_IN_HAND, event, message, held=True))
            order = self.stock_order
            if order and order[-1] in missing:
                self.stock[order.pop()] -= 1
                self.stock_count -= 1
            return None
        doubt = self.doubts.cause(Code.NOT_IN_HAND, event.player, event.line)
        if doubt is not None and not self.echoes.may_lack(doubt, missing):
            doubt = None  # D28: it would be missing had the earlier line been legal too
        problem = self.flag(Finding(Code.NOT_IN_HAND, event, message), event.player, doubt,
                            independent=True)
        self.doubts.doubt_hand(event.player, problem)
        if isinstance(event, Discard) and problem.caused_by is None:
            # the line may name the wrong card (a note: the line is right, the referee's
            # picture of the hand was not), and it goes on top of the pile
            self.doubts.doubt_pile(problem)
            self.echoes.pile_mark = len(self.discard_pile) + 1
        return problem

    # --- the end of a turn ---------------------------------------------------------------

    def unread_line(self, problem: Problem) -> None:
        """A line of the hand could not be read (``problem``, its G007): what it may
        have been (a line of the deal, a meld of an opening) is not missing for sure,
        so a problem that only its absence explains is a note of it (D28)."""
        self.unread = self.unread or problem
        if self.setup is not None:
            self.setup.unread = self.setup.unread or problem

    def end_turn(self) -> None:
        """End-of-turn checks (:func:`~scala40cli.judging.tabletop.verify.verify_end_of_turn`)."""
        turn = self.turn
        if turn is None:
            return
        self.turn = None
        unread, self.unread = self.unread, None
        if turn.opening:
            if turn.player not in self.opened:
                self.openings[turn.player] = max(self.turns_begun.get(turn.player, 0), 1)
            self.opened.add(turn.player)  # D8: even a refused opening counts
        findings = verify_end_of_turn(turn, self.rules)
        if not findings and not turn.deferred and turn.take_problem is None:
            return
        taken = [f for f in findings if f.code in _TAKE_CODES]
        opening = [f for f in findings if f.code is Code.OPENING_TOO_LOW]
        bought = [f for f in findings if f.code is Code.INCOMPLETE_BUY]
        rest = [f for f in findings if f not in taken and f not in opening and f not in bought]
        for problem in self.report(taken, turn.player):
            turn.take_problem = turn.take_problem or problem
        unlaid = next(iter(self.report(bought, turn.player)), None)
        # D28: an opening short only by an invalid meld (not when short even laid as its
        # cards make one), or with the meld of the card taken or bought missing.
        invalid = None if short_as_laid(turn, self.rules) else turn.invalid_meld
        opening_cause = invalid or turn.take_problem or unlaid or unread
        too_low = [self.flag(f, turn.player, opening_cause) for f in opening]
        lost = turn.take_problem if turn.take_problem is not None else next(iter(too_low), None)
        for short in too_low:  # D28: a meld of the opening may have been longer
            if short.caused_by is None and turn.first_meld >= 0:
                self._doubt_opening(turn, short)
        if lost is not None and lost.caused_by is None and lost.code in _LOSES_MELD:
            first = turn.first_meld if turn.first_meld >= 0 else len(self.table)
            likely = _lost_meld(turn, lost, too_low)  # else only where the log shows it
            self.echoes.lose_meld(lost, first, len(self.table) if likely else -1)
        self.report(rest, turn.player)
        self.settle_deferred(turn, too_low[0] if too_low else None)

    def _doubt_opening(self, turn: Turn, short: Problem) -> None:
        """An opening that fell short: each of its melds may have held a card more."""
        for index in range(turn.first_meld, len(self.table)):
            meld = self.table[index]
            if meld is not None and self.owners[index] == turn.player:
                self.echoes.doubt_meld(index, short, grown_versions(meld, 1, False, self.rules))

    def settle_deferred(self, turn: Turn, too_low: Problem | None) -> None:
        """Report what the turn held back: a card not in hand after a take that broke
        a rule (the take most likely was a draw), an attach before an opening that fell
        short (its consequence), or else as violations of their own."""
        take = turn.take_problem
        if take is not None:
            order = self.stock_order
            if order and self.doubts.stock is None:  # D28: had the take been a draw
                self.echoes.stock_twin = order[:-1]
            elif order is None:  # a stock nobody sees the order of: counted as drawn
                self.stock_count -= 1  # from, so a reshuffle comes when it is empty
            if turn.taken is not None:  # ... the card taken would be in the pile
                self.echoes.misplaced.setdefault(turn.taken, take)
            self.doubts.doubt_stock(take)
            self.doubts.doubt_hand(turn.player, take)
        for held in turn.deferred:
            code, where = held.code, held.event
            cause = too_low if code is Code.NOT_OPENED else take
            earlier = cause if cause is not None and cause.line < where.line else None
            problem = self.flag(held, turn.player, earlier)
            if code is Code.NOT_IN_HAND and isinstance(where, Discard) \
                    and problem.caused_by is None:  # the line may name the wrong card
                self.doubts.doubt_pile(problem)
                self.echoes.pile_mark = len(self.discard_pile)  # its card is on top
        turn.deferred.clear()
        self.echoes.held.clear()


def _lost_meld(turn: Turn, problem: Problem, too_low: list[Problem]) -> bool:
    """An end-of-turn problem most likely means a meld line missing from the log (the
    numbers of the melds laid after it then run one ahead in the log, D28): an opening
    that fell short, or a card taken from the pile and not laid in a turn that laid
    melds. A take in a turn that laid none, or whose opening is whole, rather stands
    for a draw."""
    if problem.code is Code.OPENING_TOO_LOW or (problem.code is Code.TAKE_BEFORE_OPENING
                                                 and too_low):
        return True
    return problem.code is Code.TAKEN_CARD_UNUSED and turn.first_meld >= 0

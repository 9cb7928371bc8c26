"""Totals the referee doubts, and what follows from them: who is in, who deals (D28).

A score line that leaves out a player whose penalty the referee cannot compute (they
end the hand with cards it has not seen, format 1.1) leaves that player's total
uncertain: the referee charges the cards it saw. Whether the player is still in then
follows from that problem, and so does everything that hangs on who is in: a player
not dealt, or dealt while out, the dealer the rotation names, the partner's standing
in teams, the player put out by mortal combat, a re-entry's total (the highest of
those still in). Each is a note of that problem, and the standings follow the table:
a doubted player dealt in is in, one not dealt who does not play is out, one the
dealer's rotation passes over was out (and dealt in, re-entered); a match those totals
ended goes on while the table deals, and one the log stops before its end ends where
their going out would end it. What every player sees (a dealer out of turn whatever
the totals) is judged as always.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from scala40cli.judging.hands.deal import DealChecker
from scala40cli.judging.scores.standings import Standings
from scala40cli.model.results import Problem


def next_dealer(players: Sequence[str], last: str | None,
                still_in: Collection[str]) -> str | None:
    """The next of ``players`` still in after ``last`` (None: the first hand, or nobody)."""
    if last is None:
        return None
    seat = players.index(last)
    for step in range(1, len(players) + 1):
        candidate = players[(seat + step) % len(players)]
        if candidate in still_in:
            return candidate
    return None


def doubted_dealers(players: Sequence[str], last: str | None, still_in: Collection[str],
                    doubted: Mapping[str, Problem]) -> dict[str, Problem]:
    """Each dealer the rotation could name had the doubted players' standings gone
    another way (each player after the last dealer is a possible dealer while all
    before it may be out), with the first doubted player's problem on the way; the
    dealer it names as things stand is not among them."""
    if last is None:
        return {}
    expected = next_dealer(players, last, still_in)
    found: dict[str, Problem] = {}
    cause: Problem | None = None
    seat = players.index(last)
    for step in range(1, len(players) + 1):
        candidate = players[(seat + step) % len(players)]
        doubt = doubted.get(candidate)
        cause = cause or doubt
        if (candidate in still_in or doubt is not None) and candidate != expected \
                and cause is not None:
            found[candidate] = cause
        if candidate in still_in and doubt is None:
            break  # surely in: no later player deals before them
    return found


def passed_over(players: Sequence[str], last: str | None, dealer: str | None,
                doubted_dealers: Collection[str]) -> list[str]:
    """The players between the last dealer and this hand's ``dealer`` when the
    rotation names that dealer only had doubted standings gone another way: they were
    out (none when the dealer is the one expected, or either is unknown)."""
    if last is None or dealer is None or dealer not in doubted_dealers:
        return []
    seat = players.index(last)
    between = [players[(seat + step) % len(players)] for step in range(1, len(players))]
    return between[:between.index(dealer)] if dealer in between else []


def doubted_by(uncertain: Mapping[str, Problem], dealt: Sequence[str],
               standings: Standings) -> dict[str, Problem]:
    """Whose standing the players whose total is ``uncertain`` put in doubt: theirs;
    under mortal combat, that of everybody ``dealt`` in the hand (its highest penalty
    goes out); in teams, their partners'."""
    if not uncertain:
        return {}
    cause = next(iter(uncertain.values()))
    found = dict(uncertain)
    if standings.puts_out_highest_penalty():
        found.update((player, cause) for player in dealt if player not in found)
    for player in uncertain:
        found.update((partner, cause) for partner in standings.partners(player)
                     if partner not in found)
    return found


class DoubtedTotals:
    """The players whose total a match's referee doubts, each with the problem that
    made it uncertain, and the deal of the hand being set up while there are any."""

    def __init__(self) -> None:
        self.players: dict[str, Problem] = {}
        self.deal: DealChecker | None = None
        self.last_dealer: str | None = None
        #: Of those, the players a score line left out (the others' doubt follows from
        #: theirs: a partner, mortal combat, a re-entry's total).
        self.left_out: dict[str, Problem] = {}

    def first(self) -> Problem | None:
        """The problem the first doubted total follows from (None: none is doubted)."""
        return next(iter(self.players.values()), None)

    def scored(self, uncertain: Mapping[str, Problem], dealt: Sequence[str],
               standings: Standings) -> None:
        """A score line left totals ``uncertain`` (see :func:`doubted_by`)."""
        self.players.update(doubted_by(uncertain, dealt, standings))
        self.left_out.update(uncertain)

    def new_hand(self, setup: DealChecker | None, last_dealer: str | None,
                 standings: Standings) -> None:
        """Tell a new hand's deal whose standing is in doubt and which dealers follow
        from it."""
        self.deal, self.last_dealer = (setup if self.players else None), last_dealer
        if setup is not None and self.players:
            setup.doubted_totals = dict(self.players)
            setup.doubted_dealers = doubted_dealers(standings.players, last_dealer,
                                                    standings.still_in, self.players)

    def go_on(self, standings: Standings) -> bool:
        """The match ended on the standings while a total is in doubt, and the table
        deals again: it most likely went on (the doubted totals ended it early). It
        goes on, and every player put out since the doubt is in doubt too: dealt in,
        they are in (True). False: no total is in doubt, the match has ended."""
        cause = self.first()
        if cause is None:
            return False
        since = cause.hand if cause.hand is not None else 0
        for elimination in standings.eliminated:
            if elimination.hand >= since:
                self.players.setdefault(elimination.player, cause)
        standings.reopen()
        return True

    def log_ended(self, standings: Standings, hand: int) -> None:
        """The log ends after ``hand`` (not a match saved while played): where the
        match has not ended, the players in doubt still in may have gone out after it,
        and the table stopping says they did when that ends the match
        (:meth:`Standings.stopped`): the players left out of a score line, or failing
        that, every player in doubt."""
        for doubted in (self.left_out, self.players):
            still_in = [player for player in standings.still_in if player in doubted]
            if standings.finished or (still_in and standings.stopped(still_in, hand)):
                return

    def dealt(self, standings: Standings, hand: int) -> None:
        """Once the deal is done: the standings follow the table, and a player re-entered
        with the highest total of those still in has a total as doubtful as theirs."""
        setup, cause = self.deal, self.first()
        if setup is None or cause is None:
            return
        standings.follow_table(restored=setup.restored, withdrawn=setup.withdrawn, hand=hand)
        for player in passed_over(standings.players, self.last_dealer, setup.dealer,
                                  setup.doubted_dealers):
            if player in setup.hands and player in standings.still_in:
                standings.rejoin(player, hand)  # out after the last hand, dealt in again
        for player in setup.reentered:
            self.players.setdefault(player, cause)

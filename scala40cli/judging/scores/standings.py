"""The standings of a match: totals, who is still in, and when the match is over.

:class:`Standings` takes the result of each hand and applies the match rules in the
order of the "Scoring, in order" of docs/rules.md and the variant switches: totals,
elimination at the threshold (per team with ``teams=pairs``), mortal combat,
re-entry, and a fixed number of hands with its tie-breaks and play-off hands. It
knows nothing of events or lines: the referee asks it who is to be dealt in and tells
it how each hand ended. Whether a match is played in teams is decided here
(:func:`teams_problem`, :func:`plays_in_teams`) for the referee and the simulator.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from scala40cli.judging.rulebook.rules import Rules, Teams, YesNo
from scala40cli.model.results import Closing, Elimination, TeamResult

#: Players at the start needed for re-entry (text D: "giocando in tre o più persone").
REENTRY_MIN_PLAYERS: Final = 3
#: Players a match in teams has (``teams=pairs``): two pairs.
TEAM_PLAYERS: Final = 4


def teams_problem(rules: Rules, players: int) -> str | None:
    """Why a match of ``players`` cannot be played in the teams ``rules`` ask for, or
    None. The one place of the rule "teams=pairs needs 4 players": the referee reports
    it and plays without teams, the simulator refuses such a run."""
    if rules.teams is not Teams.PAIRS or players == TEAM_PLAYERS:
        return None
    return f"teams=pairs needs exactly {TEAM_PLAYERS} players"


def plays_in_teams(rules: Rules, players: int) -> bool:
    """The match is played in two teams: ``teams=pairs`` with the 4 players it needs."""
    return rules.teams is Teams.PAIRS and teams_problem(rules, players) is None


@dataclass(frozen=True, slots=True)
class Team:
    name: str
    players: tuple[str, ...]


def make_teams(players: Sequence[str], names: Sequence[str]) -> tuple[Team, ...]:
    """The two pairs of ``teams=pairs``: 1st and 3rd, 2nd and 4th player."""
    pairs = ((players[0], players[2]), (players[1], players[3]))
    return tuple(Team(name=names[i] if i < len(names) else " & ".join(pair), players=pair)
                 for i, pair in enumerate(pairs))


class Standings:
    """Totals and the state of the match, hand after hand (see the module docstring)."""

    def __init__(self, players: Sequence[str], rules: Rules,
                 team_names: Sequence[str] = ()) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.still_in = list(players)
        self.totals = dict.fromkeys(players, 0)
        self.eliminated: list[Elimination] = []
        self.reentered: set[str] = set()
        self.barred: set[str] = set()  # out by mortal combat: never back
        #: The hands each player ended without opening, and the hands each closed (the
        #: tie-breaks of fixed hands), a player not in them at 0: plain dicts, as a
        #: Counter is made by Python code, twice a game.
        self.unopened: dict[str, int] = {}
        self.closed: dict[str, int] = {}
        self.regular_hands = 0
        self.playoff: tuple[str, ...] | None = None
        self.finished = False
        self.winner: str | None = None
        self.teams = (make_teams(players, team_names) if plays_in_teams(rules, len(players))
                      else ())
        self.threshold = rules.elimination_threshold(len(players))

    # --- before a hand ----------------------------------------------------------------

    def dealt_in(self) -> tuple[str, ...]:
        """Who the next hand is dealt to: the play-off group, or everyone still in."""
        return self.playoff if self.playoff is not None else tuple(self.still_in)

    def reentry_options(self) -> dict[str, str | None]:
        """For each player out: None if they may be dealt in again now, else why not."""
        if self.rules.reentry is YesNo.NO:
            return {}
        options: dict[str, str | None] = {}
        for player in self.players:
            if player in self.still_in:
                continue
            if player in self.barred:
                options[player] = "put out by mortal combat"
            elif player in self.reentered:
                options[player] = "a player re-enters once"
            elif len(self.players) < REENTRY_MIN_PLAYERS:
                options[player] = f"re-entry needs {REENTRY_MIN_PLAYERS} or more players"
            elif len(self.still_in) < 2 or self.playoff is not None:
                options[player] = "the match is being decided"
            else:
                options[player] = None
        return options

    def reenter(self, players: Iterable[str]) -> None:
        """Players dealt in again come back with the highest total of those still in."""
        for player in players:
            self.totals[player] = max(self.totals[p] for p in self.still_in)
            self.reentered.add(player)
            self.still_in = [p for p in self.players if p in self.still_in or p == player]

    def puts_out_highest_penalty(self) -> bool:
        """Mortal combat: each hand puts out its highest penalty, so one player's
        penalty decides the others' standing."""
        return self.rules.mortal_combat is YesNo.YES

    def partners(self, player: str) -> tuple[str, ...]:
        """The other players of ``player``'s team (none when not played in teams)."""
        return tuple(p for team in self.teams if player in team.players
                     for p in team.players if p != player)

    def follow_table(self, *, restored: Iterable[str], withdrawn: Iterable[str],
                     hand: int) -> None:
        """D28: where a total is uncertain (a reported problem), who is in follows the
        table: a player put out on such a total and dealt in again was most likely never
        out (``restored``); one kept in on such a total, not dealt and not playing, most
        likely went out after the hand before ``hand`` (``withdrawn``)."""
        back, gone = set(restored), set(withdrawn) - set(restored)
        for player in back:  # their last elimination (an earlier one stands)
            put_out = [i for i, e in enumerate(self.eliminated) if e.player == player]
            if put_out:
                del self.eliminated[put_out[-1]]
        self.barred -= back
        self.eliminated += [Elimination(player=p, hand=hand - 1) for p in self.players
                            if p in gone and p in self.still_in]
        self.eliminated.sort(key=lambda e: (e.hand, self.players.index(e.player)))
        self.still_in = [p for p in self.players
                         if (p in self.still_in or p in back) and p not in gone]

    def reopen(self) -> None:
        """D28: the match ended on totals in doubt, yet the table deals again: it goes
        on (who is in then follows the table, :meth:`follow_table`)."""
        self.finished, self.winner = False, None

    def rejoin(self, player: str, hand: int) -> None:
        """D28: a player kept in on an uncertain total whom the dealer's rotation passed
        over in ``hand`` went out after the hand before; dealt in, they re-entered, when
        re-entry allows it (else they stay in: the table and the rules disagree)."""
        others = [p for p in self.still_in if p != player]
        if self.rules.reentry is YesNo.NO or player in self.reentered or len(others) < 2 \
                or len(self.players) < REENTRY_MIN_PLAYERS or self.playoff is not None:
            return
        self.eliminated.append(Elimination(player=player, hand=hand - 1))
        self.eliminated.sort(key=lambda e: (e.hand, self.players.index(e.player)))
        self.still_in = others
        self.reenter([player])

    def stopped(self, doubted: Collection[str], hand: int) -> bool:
        """D28: the log ends after ``hand`` before the match has, while the totals of
        the players ``doubted`` are uncertain: a match most likely stops at its end, so
        where their going out after that hand ends it (one player or team left, not
        among them), they are taken as out and it ends (True)."""
        left = [p for p in self.still_in if p not in doubted]
        alive = [t.name for t in self.teams if any(p in left for p in t.players)] \
            if self.teams else left
        if len(alive) != 1 or self.playoff is not None or len(left) == len(self.still_in):
            return False
        self.follow_table(restored=(), withdrawn=doubted, hand=hand + 1)
        self.finished, self.winner = True, alive[0]
        return True

    # --- after a hand -----------------------------------------------------------------

    def record(self, *, number: int, closing: Closing, penalties: Mapping[str, int],
               closer: str | None, opened: Iterable[str]) -> list[Elimination]:
        """Add a finished hand; returns who is out after it."""
        for player, penalty in penalties.items():
            self.totals[player] += penalty
        if closing in (Closing.NORMAL, Closing.IN_ONE_GO):
            opened_set = set(opened)
            for player in penalties:
                if player not in opened_set:
                    self.unopened[player] = self.unopened.get(player, 0) + 1
            if closer is not None:
                self.closed[closer] = self.closed.get(closer, 0) + 1
        out = self._over_threshold()
        if self.rules.mortal_combat is YesNo.YES and closing is not Closing.VOID:
            killed = self._highest_penalty(penalties)
            self.barred.update(killed)  # only mortal combat bars re-entry
            out += [p for p in killed if p not in out]
        for player in out:
            self.still_in.remove(player)
        news = [Elimination(player=p, hand=number) for p in self.players if p in out]
        self.eliminated += news
        self._settle(playoff_hand=self.playoff is not None)
        return news

    def _over_threshold(self) -> list[str]:
        if self.threshold is None:
            return []
        if self.teams:
            return [p for team in self.teams
                    if sum(self.totals[q] for q in team.players) >= self.threshold
                    for p in team.players if p in self.still_in]
        return [p for p in self.still_in if self.totals[p] >= self.threshold]

    def _highest_penalty(self, penalties: Mapping[str, int]) -> list[str]:
        """Mortal combat: the player(s) with the highest penalty of the hand, if any > 0."""
        scores = {p: v for p, v in penalties.items() if p in self.still_in}
        top = max(scores.values(), default=0)
        return [p for p, v in scores.items() if v == top] if top > 0 else []

    def _settle(self, *, playoff_hand: bool) -> None:
        """Is the match over, and who won? Sets ``playoff`` when a play-off is needed."""
        if self.teams:
            alive = [t for t in self.teams if any(p in self.still_in for p in t.players)]
            if len(alive) <= 1:
                self.finished = True
                self.winner = alive[0].name if alive else None
                return
        elif len(self.still_in) <= 1:
            self.finished = True
            self.winner = self.still_in[0] if self.still_in else None
            return
        fixed = self.rules.fixed_hands
        if not playoff_hand:
            self.regular_hands += 1
        if fixed is None or (self.regular_hands < fixed and not playoff_hand):
            return
        self._rank(self.playoff if self.playoff is not None else tuple(self.still_in))

    def _rank(self, contenders: Sequence[str]) -> None:
        """Fixed hands: lowest total, then fewer hands never opened, then more hands
        closed; players still tied play a play-off hand."""
        if self.teams:
            totals = {t.name: sum(self.totals[p] for p in t.players) for t in self.teams}
            best = min(totals.values())
            leaders = [name for name, total in totals.items() if total == best]
            if len(leaders) == 1:
                self.finished, self.winner = True, leaders[0]
            else:
                self.playoff = tuple(self.still_in)
            return

        def key(player: str) -> tuple[int, int, int]:
            return (self.totals[player], self.unopened.get(player, 0),
                    -self.closed.get(player, 0))

        best_key = min(key(p) for p in contenders)
        tied = tuple(p for p in contenders if key(p) == best_key)
        if len(tied) == 1:
            self.finished, self.winner, self.playoff = True, tied[0], None
        else:
            self.playoff = tied

    def team_results(self) -> tuple[TeamResult, ...]:
        return tuple(TeamResult(name=t.name, players=t.players,
                                total=sum(self.totals[p] for p in t.players))
                     for t in self.teams)

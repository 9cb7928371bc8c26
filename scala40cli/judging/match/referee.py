"""The referee of a match: header tags, the sequence of hands, totals and eliminations.

:func:`replay` takes one parsed game and returns everything found in it. Each hand is
judged by a :class:`~scala40cli.judging.hands.hand.HandReferee`; this module checks what spans hands
(numbering, the dealer's rotation, totals, who is out, the end of the match) and
sends every line of a hand to that hand. The header tags are read by
:mod:`~scala40cli.judging.match.header`, the ``score`` lines judged by
:mod:`~scala40cli.judging.match.scorelines`, and whether a line may come now is the gate's
question (:func:`~scala40cli.judging.hands.phases.gate`).
"""

from __future__ import annotations

from typing import Final

from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.hands.lookahead import next_hand_number
from scala40cli.judging.hands.phases import Phase, gate
from scala40cli.judging.match.doubted_totals import DoubtedTotals, next_dealer
from scala40cli.judging.match.header import read_header, result_mismatch, rule_tokens
from scala40cli.judging.match.names import (
    as_spelled,
    closest_player,
    misspelt_name,
    nfc,
    score_names_read,
)
from scala40cli.judging.match.scorelines import judge_score_line, report_missing_score
from scala40cli.judging.rulebook.presets import RULES_VERSION
from scala40cli.judging.rulebook.rules import CLASSIC, RuleChoice
from scala40cli.judging.scores.standings import Standings
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.model.results import GameResult, HandResult, Problem, TagValue
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import Place, replace
from scala40cli.reading.events import (
    Deal,
    Dealer,
    Event,
    GameLog,
    HandStart,
    PlayerEvent,
    Score,
    Tag,
    Unparsed,
)

_ENDED: Final = Phase.ENDED


def replay(game: GameLog, choice: RuleChoice | None = None) -> GameResult:
    """Judge one game under its own rule tags and the command line's ``choice``, which
    wins over them (check the choice beforehand: a bad one raises RulesError). The
    host's garbage collector is left as the host set it."""
    return MatchReferee(game, choice).run()


class MatchReferee:
    """Replays one game; build it and call :meth:`run` once."""

    #: Totals and who is still in, from :meth:`begin` on (made there, for the players
    #: the header names, not first made empty and thrown away for every game).
    standings: Standings

    def __init__(self, game: GameLog, choice: RuleChoice | None = None) -> None:
        self.game = game
        self.choice = choice
        self.rules = CLASSIC
        self.rule_sources: dict[str, str] = {}
        self.preset: str | None = None
        self.violations: list[Problem] = []
        #: Consequences of reported problems (D28), each with its cause.
        self.notes: list[Problem] = []
        self.players: tuple[str, ...] = ()
        #: Each player's name in NFC -> as the [Players] tag spells it.
        self._spelling: dict[str, str] = {}
        #: The players' names as the [Players] tag spells them: a line naming one so
        #: is read as written (:meth:`_as_read`).
        self._as_tagged: frozenset[str] = frozenset()
        self.hand: HandReferee | None = None
        self.hand_is_playoff = False
        self.reentry_applied = False
        self.hand_scored = False
        self.hands: list[HandResult] = []
        self.last_dealer: str | None = None
        self.unknown_dealer = False
        self.flagged_after_match = False
        self.last_line = game.line
        #: The events after the tags and the index of the one being judged (look-ahead).
        self.body: list[Event] = []
        self.at = 0
        #: ``[Result "*"]``: a match saved while it is played, whose last hand may stop
        #: anywhere (see :meth:`_finish_hand`).
        self.in_progress = False
        #: D28: players whose total is uncertain since a reported problem, with it.
        self.doubted = DoubtedTotals()

    # --- reporting --------------------------------------------------------------------

    def flag(self, finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        """Report a violation; with ``cause``, keep a note of a consequence of it instead."""
        hand = self.hand.number if self.hand is not None else None
        while cause is not None and cause.caused_by is not None:
            cause = cause.caused_by  # a note goes back to the violation it follows from
        event = finding.event
        problem = Problem(code=finding.code, message=finding.message, line=event.line,
                          column=event.column, hand=hand, player=player, caused_by=cause)
        (self.violations if cause is None else self.notes).append(problem)
        return problem

    # --- the header -------------------------------------------------------------------

    def _read_header(self, tags: list[Tag]) -> bool:
        """Players and rules from the tags; False when the game cannot be replayed."""
        header = read_header(self.game, tags, self.choice, self.flag)
        self.rules, self.rule_sources, self.preset = header.rules, header.rule_sources, \
            header.preset
        if not header.players:
            self.standings = Standings((), CLASSIC)  # nobody to score: a match of none
            return False
        self.players = header.players
        self._spelling = {nfc(name): name for name in header.players}
        self._as_tagged = frozenset(header.players)
        self.standings = Standings(header.players, self.rules, header.teams)
        return True

    # --- the match --------------------------------------------------------------------

    def run(self) -> GameResult:
        tags = self.begin()
        for index, written in enumerate(self.body):
            if not self.judge(index, written):  # compiled: a native call, not a lookup
                break
        return self.finish(tags)

    # The three steps of :meth:`run`, public so that a viewer (``scala40cli.viewing``)
    # or a review can look at the table between two lines; the replay pays nothing.

    def begin(self) -> list[Tag]:
        """Read the header; the game's lines to judge are then :attr:`body` (none when
        the game cannot be replayed). Returns the tags, for :meth:`finish`."""
        events = self.game.events
        tags = [e for e in events if isinstance(e, Tag)]
        self.in_progress = any(t.name == "Result" and t.values == ("*",) for t in tags)
        if self._read_header(tags):
            self.body = [e for e in events if not isinstance(e, Tag)]
        return tags

    def judge(self, index: int, written: Event) -> bool:
        """Judge ``body[index]``; False when the match ended before it (nothing more is
        judged)."""
        self.at = index
        if self.flagged_after_match:
            return False
        event = self._as_read(written)
        if isinstance(event, HandStart):
            self.on_hand(event)
        elif isinstance(event, Unparsed):
            self.on_unparsed(event)
        elif isinstance(event, Score):
            self.on_score(event)
        elif self.hand is None:
            gate(None, event, self.flag)  # out of place before the first hand
        else:
            if self.hand.phase is _ENDED and isinstance(event, (Dealer, Deal)) \
                    and not self._hand_line_missing(event):
                return True
            self.hand.feed(event, index)
            self._after_hand_event()
        self.last_line = event.line
        return True

    def _hand_line_missing(self, event: Dealer | Deal) -> bool:
        """A dealer or deal line after the hand ended: the next hand's ``hand`` line is
        most likely missing. It is reported (D001) and the lines from there are judged
        as that hand (True), rather than the whole hand ignored as after the end; after
        the end of the match, the line is reported as such (False: nothing judged)."""
        self._score_pending()
        if self._ended_before(event):
            return False
        assert self.hand is not None
        number = self.hand.number + 1
        self._finish_hand(at_end=False)
        self._new_hand(number, event, self._expected_dealer())
        self.flag(Finding(Code.HAND_NUMBER, event, f"a 'hand {number}' line seems to be "
                          f"missing before this line: what follows is judged as hand {number}"))
        return True

    def _ended_before(self, event: Event) -> bool:
        """The match ended before this line: reported (unless it goes on, see
        :meth:`DoubtedTotals.go_on`)."""
        self.flagged_after_match = self.standings.finished \
            and not self.doubted.go_on(self.standings)
        if self.flagged_after_match:
            self.flag(Finding(Code.AFTER_MATCH_END, event, "the match has ended; the rest is "
                              "ignored"))
        return self.flagged_after_match

    def finish(self, tags: list[Tag]) -> GameResult:
        """Close the last hand and return the game's result."""
        self._finish_hand(at_end=True)
        if not self.in_progress and self.hands:
            self.doubted.log_ended(self.standings, self.hands[-1].number)
        return self._result(tags)

    def reads_as(self, index: int, written: Event) -> Event:
        """``body[index]`` as :meth:`judge` will read it (a misspelt or mistyped name as
        its author's), reporting nothing: a review reads each line so before judging it."""
        event = self._as_read(written, report=False)
        hand = self.hand
        if hand is None or hand.phase is not Phase.PLAY or not isinstance(event, PlayerEvent):
            return event
        author = hand.author(event, index)
        return event if author == event.player else replace(event, player=author)

    def _as_read(self, event: Event, *, report: bool = True) -> Event:
        """The event as judged: its names spelled as the [Players] tag spells them
        (:func:`~scala40cli.judging.match.names.as_spelled`), a misspelt one read as the
        player it most likely means (:meth:`_read_name`). The common case, a line naming
        a player as the tag spells them, or naming nobody (a score line names players
        too), costs one look-up."""
        player = event.named_player()
        if player in self._as_tagged or (player is None and not isinstance(event, Score)):
            return event
        return self._read_name(as_spelled(event, self._as_tagged, self._spelling), report)

    def _read_name(self, event: Event, report: bool) -> Event:
        """A turn line under a name close to exactly one player's (``Guilia`` for
        ``Giulia``) is reported (if ``report``) and judged as that player's, so that one
        typo is one violation (docs/decisions.md, "A misspelt name"); so is a score
        line's name close to a player's it does not name."""
        if isinstance(event, Score):
            return self._read_score_names(event, report)
        if not isinstance(event, PlayerEvent) or event.player in self._as_tagged:
            return event
        meant = closest_player(event.player, self.players)
        if meant is None:
            return event
        if report:
            self.flag(misspelt_name(event, event.player, meant), event.player)
        return replace(event, player=meant)

    def _read_score_names(self, event: Score, report: bool) -> Score:
        read, typos = score_names_read(event, self._as_tagged, self.players)
        for name, meant in typos if report else ():
            self.flag(misspelt_name(event, name, meant), None)
        return read

    def _after_hand_event(self) -> None:
        hand = self.hand
        if hand is None:
            return
        if not self.reentry_applied and hand.phase is not Phase.SETUP:
            self.reentry_applied = True
            self.standings.reenter(hand.reentered)
            self.doubted.dealt(self.standings, hand.number)

    def _score_pending(self) -> None:
        """Score the hand that has ended, if not yet (its score line may have used the
        declared penalties where the referee could not compute them)."""
        hand = self.hand
        if hand is not None and hand.phase is Phase.ENDED and not self.hand_scored:
            self._score_hand(hand)

    def on_hand(self, event: HandStart) -> None:
        self._score_pending()
        if self._ended_before(event):
            return
        self._finish_hand(at_end=False)
        expected = self.hands[-1].number + 1 if self.hands else 1
        number = event.number
        if number != expected:
            self.flag(Finding(Code.HAND_NUMBER, event, f"this hand should be numbered {expected}"))
            if next_hand_number(self.body, self.at) == expected + 1:
                number = expected  # the next hand follows on: this number was a slip
        self._new_hand(number, event, self._expected_dealer())

    def _new_hand(self, number: int, start: Event, expected_dealer: str | None) -> None:
        standings = self.standings
        self.hand_is_playoff = standings.playoff is not None
        self.hand = HandReferee(
            number=number, start=start, still_in=standings.dealt_in(), game_players=self.players,
            expected_dealer=expected_dealer, rules=self.rules, flag=self.flag,
            reentry=standings.reentry_options())
        self.hand.upcoming = self.body
        self.doubted.new_hand(self.hand.setup, self.last_dealer, standings)
        self.hand_scored, self.reentry_applied = False, False

    def _expected_dealer(self) -> str | None:
        """The next player still in after the last dealer (D20, docs/decisions.md)."""
        return next_dealer(self.players, self.last_dealer, self.standings.still_in)

    def on_unparsed(self, event: Unparsed) -> None:
        """A line the parser could not read is skipped and the hand judged without it.

        What the line did is unknown, so from there on the referee doubts its picture
        of the hand (D28): a card "not in hand", a turn out of order or a score
        that differs is a note, a consequence of the unreadable line; what the table
        shows (melds, attaches, swaps, the opening) is judged as always. An unreadable
        ``hand`` line still stands for a hand: it is counted, so the next hand's number
        is judged against it, and its dealer is unknown, so the next dealer is not
        judged.
        """
        if event.starts_hand and not self.standings.finished:
            self._score_pending()
            self._finish_hand(at_end=False)
            self._new_hand(self.hands[-1].number + 1 if self.hands else 1, event, None)
            self.last_dealer, self.unknown_dealer = None, True
        hand = self.hand
        in_play = hand is not None and hand.phase is not Phase.ENDED
        if hand is not None and in_play and event.rest_of_hand:
            self.flag(Finding(Code.UNREADABLE_HAND, event, f"line {event.line} could not be read; "
                              "this hand is not judged further"), event.player)
            hand.give_up()
            self.hand_scored = True
            return
        problem = self.flag(Finding(Code.UNREADABLE_HAND, event,
                                    f"line {event.line} could not be read; "
                                    + ("the hand is judged without it" if in_play
                               else "see the file's errors")), event.player)
        if hand is not None and in_play and not event.starts_hand:
            hand.doubts.everything = hand.doubts.everything or problem
            hand.unread_line(problem)

    def _score_hand(self, hand: HandReferee) -> None:
        """Add the hand's penalties to the totals and put out who reached the threshold."""
        self.hand_scored = True
        self.standings.record(number=hand.number, closing=hand.closing,
                              penalties=hand.penalties, closer=hand.closer, opened=hand.opened)

    def on_score(self, event: Score) -> None:
        """Decision D25: a score line names every player of the hand once; each
        difference with the referee's penalties is reported. Whether it may come now is
        the gate's question (:func:`~scala40cli.judging.hands.phases.gate`)."""
        hand = self.hand
        if gate(hand, event, self.flag) is None or hand is None:
            return
        self._after_hand_event()  # a paper hand's re-entries come before its penalties
        hand.declared = dict(event.entries)
        uncertain = judge_score_line(hand, event, self.standings.totals, self.flag)
        self.doubted.scored(uncertain, hand.order, self.standings)
        self._score_pending()

    def _finish_hand(self, *, at_end: bool) -> None:
        """Close the books of the current hand and write its score sheet row.

        The last hand of a match in progress (``[Result "*"]``, as PGN marks a game
        being played) may stop anywhere, before its end or its score line: it is
        unfinished, not a violation. A hand cut short before another still is."""
        hand = self.hand
        if hand is None:
            return
        saved_while_played = at_end and self.in_progress
        if hand.phase is not Phase.ENDED and saved_while_played:
            hand.give_up()
            self.hand_scored = True
        elif hand.phase is not Phase.ENDED:
            where = Place(line=self.game.last_line if at_end else self.last_line, column=1)
            self.flag(Finding(Code.UNFINISHED_HAND, where,
                              f"hand {hand.number} did not end" + (" before the end of the game"
                                                          if at_end else "")), None,
                      hand.doubts.earliest())
            hand.give_up()
            self.hand_scored = True
        elif not self.hand_scored:
            if hand.declared is None and not saved_while_played:
                report_missing_score(hand, self.flag)
            self._score_hand(hand)
        if self.unknown_dealer:
            self.unknown_dealer = False
        elif hand.dealer is not None:
            self.last_dealer = hand.dealer
        elif hand.expected_dealer is not None:
            self.last_dealer = hand.expected_dealer
        self.hands.append(HandResult(
            number=hand.number, line=hand.start.line, dealer=hand.dealer, closer=hand.closer,
            closing=hand.closing, penalties=dict(hand.penalties), declared=hand.declared,
            totals=dict(self.standings.totals), playoff=self.hand_is_playoff,
            unverified=dict(hand.unverified), openings=dict(hand.openings)))
        self.hand = None

    def _result(self, tags: list[Tag]) -> GameResult:
        standings = self.standings
        recorded = result_mismatch(tags, standings.finished, standings.winner)
        if recorded is not None and self.players:  # a game that could not be replayed: none
            self.hand = None  # a problem of the match, in no hand
            self.flag(recorded, None, self.doubted.first())
        return GameResult(
            index=self.game.index, line=self.game.line,
            tags=tuple(TagValue(name=t.name, values=t.values, line=t.line) for t in tags),
            players=self.players, rules=rule_tokens(self.rules),
            violations=tuple(sorted(self.violations, key=lambda p: (p.line, p.column))),
            notes=tuple(sorted(self.notes, key=lambda p: (p.line, p.column))),
            hands=tuple(self.hands), eliminated=tuple(standings.eliminated),
            totals=dict(standings.totals), finished=standings.finished, winner=standings.winner,
            teams=standings.team_results(), rule_sources=dict(self.rule_sources),
            preset=self.preset, elimination_threshold=standings.threshold,
            rules_version=RULES_VERSION)

"""Whose turn it is: the line's most likely author, and the turn each line belongs to.

Every line of play is someone's: :meth:`TurnOrder.attribute` reads a line written
under a mistyped name as the player's in turn when the next lines go on with that
player (D28, with :mod:`~scala40cli.judging.hands.lookahead`), and :meth:`TurnOrder.accept`
finds the turn a line belongs to (D19: a stranger's line is reported and ignored,
another player's line ends the turn going on and takes the turn over, the end of a
buy gives the turn back). The moves (:mod:`~scala40cli.judging.hands.draw_moves`,
:mod:`~scala40cli.judging.hands.play_moves`) start from :meth:`TurnOrder.accept`.
"""

from __future__ import annotations

from scala40cli.judging.hands.hand_end import HandEnding
from scala40cli.judging.hands.lookahead import mistyped, next_player_event
from scala40cli.judging.tabletop.findings import Finding, said_name
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_touch
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import replace
from scala40cli.reading.events import Attach, Discard, Draw, Event, Meld, PlayerEvent, Swap, Take

#: The lines of a turn, which a mistyped name does not take from the player in turn.
_TURN_EVENTS = (Draw, Take, Meld, Attach, Swap, Discard)


class TurnOrder(HandEnding):
    """Who made a line, and the turn it belongs to (see the module docstring)."""

    def author(self, event: PlayerEvent, position: int) -> str:
        """Who :meth:`attribute` judges ``upcoming[position]`` as made by, reporting
        nothing: the name as written, or the player in turn for a mistyped one (the
        review reads every line as the referee judges it)."""
        current, player = self.current, event.player
        if (not isinstance(event, _TURN_EVENTS) or not current or player == current
                or not self._mistyped(event, position)):
            return player
        return current

    def attribute(self, event: Event) -> Event:
        """The event as the most likely table reads it: a turn event written under a
        name that is no player's, or another player's in the middle of a turn, while
        the next line goes on with the player whose turn it is, is that player's: the
        name was mistyped. It is reported once and judged as theirs. (The gate asks,
        for a line of play once play has started.)"""
        if not isinstance(event, _TURN_EVENTS):
            return event
        player, current = event.player, self.author(event, self.position)
        if current == player:
            return event  # the common case, judged as written
        if player in self.game_players:
            self.flag(Finding(Code.WRONG_TURN, event,
                              f"it is {current}'s turn, not {player}'s"), player)
            if isinstance(event, (Attach, Swap)):
                # as written, the line may break D9 too (on the same line)
                turn = Turn(player=player, opened_before=player in self.opened)
                self.report_or_hold(turn, verify_touch(turn, event, None, self.rules), player)
        else:
            self.flag(Finding(Code.UNKNOWN_PLAYER, event,
                              f"{said_name(player)} is not a player of this game"), player)
        return replace(event, player=current)

    def _mistyped(self, event: PlayerEvent, position: int) -> bool:
        turn = self.turn
        in_turn = turn is not None and turn.player == self.current and turn.drew
        return mistyped(event, next_player_event(self.upcoming, position), self.current,
                        in_turn=in_turn, known=event.player in self.game_players)

    # --- the turn a line belongs to -----------------------------------------------------

    def accept(self, event: PlayerEvent) -> Turn | None:
        """What every turn event checks after the gate: the player, whose turn (D19)."""
        player = event.player
        if player not in self.hands or player not in self.order:
            known = player in self.game_players
            why = "is not in this hand" if known else "is not a player of this game"
            self.flag(Finding(Code.UNKNOWN_PLAYER, event,
                              f"{said_name(player)} {why}"), player)
            if self.turn is not None and self.turn.cut_at is None:
                self.turn.cut_at = event
            return None
        if self.turn is not None and self.turn.buy is not None and player != self.turn.player:
            self.end_turn()  # the buy is over: play goes on with whose turn it was
            self.current = self.resume
            if self.void_after_turn:  # the buy's extra draw emptied the reshuffled stock
                self.void_before_line()
                return None
        if not self.current:  # nobody knows who plays first (no dealer): whoever does
            self.current = player
        again = player == self.last_discarder and player != self.current
        if player != self.current:
            message = (f"it is {self.current}'s turn: {player} has already discarded (on line "
                       f"{self.last_discard_line})" if again
                       else f"it is {self.current}'s turn, not {player}'s")
            problem = self.flag(Finding(Code.WRONG_TURN, event, message), player)
            if self.turn is not None:
                self.turn.cut_at = event
                if self._discard_unseen(self.turn, problem) \
                        and self.doubts.hands.get(player) is problem:
                    # D28: the turn cut short lost its discard; the line is the next
                    # player's own, whose cards are what the log says
                    del self.doubts.hands[player]
                self.end_turn()
                if self.void_after_turn:
                    self.end_void()
                    return None
            self.current = player
        if self.turn is None:
            self.turn = Turn(player=player, opened_before=player in self.opened,
                             first_of_hand=player not in self.played)
            self.played.add(player)
            self.turns_begun[player] = self.turns_begun.get(player, 0) + 1
            self.last_discarder = None
            if again:
                self.turn.after_own_discard = problem
        return self.turn

    def _discard_unseen(self, turn: Turn, cause: Problem) -> bool:
        """A turn cut short after its draw most likely ended with a discard the log
        lost: the player's cards and the pile's top are uncertain from there (True)."""
        if turn.drew and turn.buy is None:
            self.doubts.doubt_hand(turn.player, cause)
            self.doubts.doubt_pile(cause)
            self.echoes.pile_mark = len(self.discard_pile)  # the lost discard is on top
            return True
        return False

    def buying(self, player: str) -> bool:
        """``player`` bought the discard out of turn, and the buy's turn goes on."""
        turn = self.turn
        return turn is not None and turn.buy is not None and turn.player == player

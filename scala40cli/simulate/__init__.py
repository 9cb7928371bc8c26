"""The simulator: complete matches between bots, under any rules, written as game logs.

- :mod:`~scala40cli.simulate.search`: the meld search over a hand (openings, what to lay);
- :mod:`~scala40cli.simulate.view`: what a player sees, the only input of a bot;
- :mod:`~scala40cli.simulate.plays`: the plays of a turn, from the planner to the engine;
- :mod:`~scala40cli.simulate.fitting`: quick refusals of cards that cannot fit a meld;
- :mod:`~scala40cli.simulate.board`: the turn being planned, every legality question
  put to the judging core's ``verify_*`` functions;
- :mod:`~scala40cli.simulate.planner`: a bot's turn under its style;
- :mod:`~scala40cli.simulate.bots`: the three levels of rules of thumb (easy, normal,
  hard), and :mod:`~scala40cli.simulate.levels`, every level by name, the expert too;
- :mod:`~scala40cli.simulate.expert`: the level that searches, on
  :mod:`~scala40cli.simulate.sightings` (what the table has seen of the hidden cards),
  :mod:`~scala40cli.simulate.sampling` (the worlds a seat cannot tell apart),
  :mod:`~scala40cli.simulate.candidates`, :mod:`~scala40cli.simulate.playout`,
  :mod:`~scala40cli.simulate.evaluation`, :mod:`~scala40cli.simulate.worth` and
  :mod:`~scala40cli.simulate.equity`;
- :mod:`~scala40cli.simulate.moves`: a bot's plays checked and carried out;
- :mod:`~scala40cli.simulate.engine`: one hand at the table;
- :mod:`~scala40cli.simulate.match`: whole matches;
- :mod:`~scala40cli.simulate.runner`: runs of games, header tags, seeds;
- :mod:`~scala40cli.simulate.seats`, :mod:`~scala40cli.simulate.outside`,
  :mod:`~scala40cli.simulate.protocol` and :mod:`~scala40cli.simulate.program`: outside
  programs at a seat through the table protocol (``docs/protocol.md``), and
  :mod:`~scala40cli.simulate.greedy`, the greedy baseline that speaks it.

The simulator decides no rule of play itself: it asks
:mod:`scala40cli.judging.tabletop.verify`, as the referee does.

``scala40 simulate`` is the command line over :func:`simulate_game`.
"""

from __future__ import annotations

from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.levels import make_bot, make_bots
from scala40cli.simulate.match import HandRecord, MatchRecord, play_match
from scala40cli.simulate.moves import IllegalMove
from scala40cli.simulate.runner import (
    DEFAULT_NAMES,
    Setup,
    game_seed,
    game_text,
    header_tags,
    make_setup,
    parse_levels,
    simulate_game,
)
from scala40cli.simulate.view import PlayerView

__all__ = ["DEFAULT_NAMES", "Bot", "HandRecord", "IllegalMove", "Level", "MatchRecord",
           "PlayerView", "Setup", "SimulationStuck", "game_seed", "game_text", "header_tags",
           "make_bot", "make_bots", "make_setup", "parse_levels", "play_match", "simulate_game"]

"""The simulator: complete matches between bots, under any rules, written as game logs.

- :mod:`~scala40cli.simulate.search`: the meld search over a hand (openings, what to lay);
- :mod:`~scala40cli.simulate.view`: what a player sees, the only input of a bot;
- :mod:`~scala40cli.simulate.planner`: legal turns under every rule switch;
- :mod:`~scala40cli.simulate.bots`: the three levels (easy, normal, hard);
- :mod:`~scala40cli.simulate.engine`: the table, the hands and the match;
- :mod:`~scala40cli.simulate.runner`: runs of games, header tags, seeds.

``scala40 simulate`` is the command line over :func:`simulate_game`.
"""

from __future__ import annotations

from scala40cli.simulate.bots import Bot, Level, make_bots
from scala40cli.simulate.engine import (
    HandRecord,
    IllegalMove,
    MatchRecord,
    SimulationStuck,
    play_match,
)
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
           "make_bots", "make_setup", "parse_levels", "play_match", "simulate_game"]

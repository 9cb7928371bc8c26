"""Judging: the rules of Scala 40 and the referee that applies them, in five rooms, each
importing only the rooms above it in this list (and :mod:`scala40cli.model`, the events
of :mod:`scala40cli.reading`):

- :mod:`.rulebook`: the rule switches, their values and enums, the presets, and how a
  game's rules are resolved;
- :mod:`.tabletop`: the table and the moves that change it, melds and where cards go,
  one ``verify_*`` function a move, a player's turn, and the shape of a finding;
- :mod:`.scores`: scoring one hand, and the standings of a match;
- :mod:`.hands`: the referee of one hand: its phases, deal, moves, books, turn order
  and end;
- :mod:`.match`: the referee of a match: header tags, player names, the hands in turn,
  score lines, totals and eliminations.

This layer never imports click, lark or jsonschema: the simulator and library users
share it.
"""

"""The arena: engines measured against each other (``scala40 arena``, ``docs/arena.md``).

- :mod:`~scala40cli.arena.engines`: a level of the simulator's registry, or an outside
  program through the table protocol;
- :mod:`~scala40cli.arena.schedule`: the groups of engines, the deals, the seatings of
  each duplicate deal;
- :mod:`~scala40cli.arena.settings`: what every match of a run shares;
- :mod:`~scala40cli.arena.play`: one match played (what a worker runs);
- :mod:`~scala40cli.arena.outcome`: a match's places and forfeits;
- :mod:`~scala40cli.arena.running`: matches in turn, in processes or on Dask;
- :mod:`~scala40cli.arena.tally`, :mod:`~scala40cli.arena.stats`,
  :mod:`~scala40cli.arena.sprt` and :mod:`~scala40cli.arena.ranking`: the figures;
- :mod:`~scala40cli.arena.report`, :mod:`~scala40cli.arena.formats` and
  :mod:`~scala40cli.arena.progress`: what is written;
- :mod:`~scala40cli.arena.run`: a run from its settings to its tally.

It decides no rule of play: the matches are the simulator's, every move judged by the
judging layer's ``verify_*`` functions.
"""

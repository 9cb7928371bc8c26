"""The review of a recorded game (``scala40 review``, ``docs/review.md``): each decision
of a seat weighed by an engine from what the seat saw, the move played against the
engine's, its cost, its class, and each player's summary.

- :mod:`~scala40cli.review.walk`: the decisions of a game, read by the referee a line
  at a time, with :mod:`~scala40cli.review.seat_view` (the seat's view at a line) and
  :mod:`~scala40cli.review.choices` (the move played, as the engine's candidates are);

It decides no rule of play: the referee judges the log, the engine's candidates are
the simulator's, every one legal by the judging layer's ``verify_*`` functions.
"""

"""The closed vocabularies of the command line's options, in a module that imports nothing.

The command line is built at every start (``scala40 --version`` runs in every pre-commit
hook), so the choices its options offer live here rather than in the modules that act on
them: building the command imports no parser, referee or reporter. Those modules take
their names from here too, so each vocabulary is written once.
"""

from __future__ import annotations

#: ``replay --input-format``: a ``.s40`` log or JSON Lines events (None: by extension).
INPUT_FORMATS = ("s40", "jsonl")

#: ``--color``: colour the text report on a terminal, always, or never.
COLOR_CHOICES = ("auto", "always", "never")

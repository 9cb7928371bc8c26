"""The violation codes: a stable code and name for every kind of problem.

Like a linter's rule table. Codes never change meaning once published; a retired
code is never reused. The letter says the area: ``G`` game and match, ``D`` deal,
``T`` turn order and phases, ``S`` stock and discard pile, ``M`` melds and opening,
``C`` closing and scores; ``F`` problems of a file as a whole (it cannot be read or
parsed), which the report lists under the file rather than under a game.
``docs/violations.md`` explains each one; a test keeps the two in step.

The codes and the shape of an entry are in :mod:`scala40cli.model.codes`; the entries,
an area a module, in :mod:`scala40cli.model.catalogue`. This module is where the rest
of the package finds them.
"""

from __future__ import annotations

from scala40cli.model.catalogue import (
    deal_and_turns,
    files_and_match,
    melds_and_closing,
    stock_and_pile,
)
from scala40cli.model.codes import Code, CodeInfo

__all__ = ["RULEBOOK", "Code", "CodeInfo"]

_ENTRIES = {**files_and_match.ENTRIES, **deal_and_turns.ENTRIES, **stock_and_pile.ENTRIES,
            **melds_and_closing.ENTRIES}

#: What every code means, in the order of the codes (the order of ``docs/violations.md``
#: and of ``scala40 explain --list``); a code without an entry fails here, at import.
RULEBOOK: dict[Code, CodeInfo] = {code: _ENTRIES[code] for code in Code}

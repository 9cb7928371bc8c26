"""The line a run keeps up to date on a terminal: matches played, the first pair's
running score and Elo, and the SPRT's log-likelihood ratio between its bounds."""

from __future__ import annotations

from scala40cli.arena.formats import elo_text
from scala40cli.arena.sprt import Sprt
from scala40cli.arena.tally import Tally


def progress_line(tally: Tally, total: int, sprt: Sprt | None) -> str:
    """``412/2000 matches  hard vs normal 70.9% Elo +155.3 (206 deals)  LLR 1.20 [-2.94, 2.94]``"""
    parts = [f"{tally.played}/{total} matches"]
    pair = tally.first_pair()
    found = pair.estimate()
    if found is not None:
        elo = elo_text(found.elo, found.score)
        parts.append(f"{pair.first} vs {pair.second} {100 * found.score:.1f}% Elo {elo}"
                     f" ({found.deals} deal{'' if found.deals == 1 else 's'})")
    if sprt is not None:
        state = tally.sprt(sprt)
        parts.append(f"LLR {state.llr:.2f} [{state.lower:.2f}, {state.upper:.2f}]")
    return "  ".join(parts)


__all__ = ["progress_line"]

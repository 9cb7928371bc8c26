"""The hint of ``scala40 play``: what the expert would play now, said in words, never
played for the person.

``H`` (and the page's hint button) asks :func:`person_hint`: at the person's own
decision (to draw or take the discard; once drawn, the plays and the discard), the
expert level weighs its candidates from the person's
:class:`~scala40cli.simulate.view.PlayerView` only, the view a bot at that seat would
be given (:func:`scala40cli.review.hint.hint`, with the expert as the review's engine,
at the review's default budget).
:func:`hint_words` says the move in the page's language, from the catalogues
(``assets/locale/*.po``): "Discard KH: it fits nothing and costs 10." The cards are
named by the page (:func:`~scala40cli.playing.card_text.sentence_parts`). Nothing of the
match changes: the hint reads the table, it does not move a card. At the end of a match,
"Review this match" asks :func:`match_review`: the log saved, reviewed for the person.
"""

from __future__ import annotations

from typing import Any

from scala40cli.playing.card_text import sentence_parts
from scala40cli.playing.catalogue import catalogue
from scala40cli.playing.session import Session
from scala40cli.review.choices import PlanChoice, Stage
from scala40cli.review.expert_engine import ExpertScorer
from scala40cli.review.hint import Hint, Reason, hint
from scala40cli.review.page import log_review_page
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.scorer import BUDGETS, REVIEW_BUDGET
from scala40cli.simulate.plays import AttachPlay, MeldPlay, SwapPlay
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: The sentence of each reason, as the catalogues' ``msgid``.
SENTENCES = {
    Reason.TAKE: "Take the {card}: it goes with your cards.",
    Reason.DRAW: "Draw: the {card} would not help you now.",
    Reason.CLOSE: "Close: lay all your cards.",
    Reason.DISCARD_LOOSE: "Discard {card}: it fits nothing and costs {points}.",
    Reason.DISCARD: "Discard {card}: it costs {points}, and your other cards go together "
                    "better.",
    Reason.BUY: "Buy the {card}.",
    Reason.LET_GO: "Let the {card} go.",
}
#: The draw when no discard may be taken.
DRAW_ONLY = "Draw."
#: Before the discard, what the expert would lay.
LAY_FIRST = "Lay {cards} first."
#: When it is not the person's decision.
NO_HINT = "There is no move of yours to hint now."


def person_hint(session: Session) -> Hint | None:
    """The expert's move at the person's decision now (None: it is not theirs)."""
    engine, turn = session.engine, session.turn
    if (engine is None or turn is None or session.current != session.me
            or session.phase not in ("draw", "play") or session.staged):
        return None
    view = engine.view(session.me, turn)
    stage = Stage.TAKE if session.phase == "draw" else Stage.PLAN
    return hint(view, stage, ExpertScorer(), budget=REVIEW_BUDGET,
                seed=f"{session.setup.seed}:hint:{session.number}:{len(session.events)}")


def hint_words(found: Hint | None, language: str) -> dict[str, Any]:
    """The hint in ``language``: its sentence and the sentence's parts (words and
    cards) for the page."""
    words = catalogue(language)
    if found is None:
        message = words.gettext(NO_HINT)
    elif found.reason is Reason.DRAW and found.card is None:
        message = words.gettext(DRAW_ONLY)
    else:
        message = words.gettext(SENTENCES[found.reason], card=found.card or "",
                                points=found.points if found.points is not None else 0)
        laid = _laid(found)
        if laid and found.reason is not Reason.CLOSE:
            message = words.gettext(LAY_FIRST, cards=" ".join(laid)) + " " + message
    return {"message": message, "parts": sentence_parts(message),
            "lines": list(found.lines) if found is not None else []}


def match_review(controller_log: bytes, name: str, seed: str,
                 words: Catalogue = ENGLISH) -> str:
    """The review of a match played here, of the person's decisions, on the viewer's
    page ("Review this match") in the language of ``words``: the expert at its
    ``quick`` budget, so that the page comes in seconds rather than minutes
    (``scala40 review`` gives the default)."""
    settings = ReviewSettings(engine="expert", budget=BUDGETS["quick"], seed=seed)
    return log_review_page(controller_log, name, settings, words)


def _laid(found: Hint) -> list[str]:
    """The codes of the cards the hinted plays lay (a swap: the card given for the
    joker)."""
    if not isinstance(found.choice, PlanChoice):
        return []
    codes: list[str] = []
    for play in found.choice.plan.plays:
        if isinstance(play, (MeldPlay, AttachPlay)):
            codes.extend(tc.code for tc in play.cards)
        elif isinstance(play, SwapPlay):
            codes.append(play.card.code)
    return codes


__all__ = ["DRAW_ONLY", "LAY_FIRST", "NO_HINT", "SENTENCES", "hint_words", "match_review",
           "person_hint"]

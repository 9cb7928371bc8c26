"""The review's moves in the words of its language: ``scala40 review --lang it`` wrote
``imprecisione: discard 6H; motore: discard AH`` for every log, an Italian one too, and
``lay nothing`` and ``let 6H go``, which no log line writes, in English. The text and
the page now say them with the format's words of the language (docs/log-format.md "The
words in Italian and French"); the JSON document stays English, for programs.
"""

from __future__ import annotations

import pytest

from scala40cli.review.choices import Stage
from scala40cli.review.document import decision_json
from scala40cli.review.grading import Verdict
from scala40cli.review.moves_said import move_said
from scala40cli.review.page import page_decision
from scala40cli.review.records import Reviewed
from scala40cli.review.text import decision_line
from scala40cli.translation.catalogue import ENGLISH, catalogue

MOVES = ["draw", "take 8H", "meld 8S 8H JK(8D)", "attach 7S 8S to 4", "swap AD in 1",
         "discard QH", "buy 5D", "let 5D go", "lay nothing"]


@pytest.mark.parametrize(("language", "said"), [
    ("en", MOVES),
    ("it", ["pesca", "prende 8H", "cala 8S 8H JK(8D)", "attacca 7S 8S a 4", "scambia AD in 1",
            "scarta QH", "compra 5D", "lascia passare 5D", "non cala nulla"]),
    ("fr", ["pioche", "prend 8H", "pose 8S 8H JK(8D)", "ajoute 7S 8S à 4",
            "échange AD dans 1", "défausse QH", "achète 5D", "laisse passer 5D",
            "ne pose rien"])])
def test_each_move_is_said_with_the_format_s_words_of_the_language(
        language: str, said: list[str]) -> None:
    words = ENGLISH if language == "en" else catalogue(language)
    assert [move_said(move, words) for move in MOVES] == said


DECISION = Reviewed(seat="Anna", stage=Stage.PLAN, hand=1, lines=(12, 13), played=("discard 6H",),
                    best=("attach 7S to 4", "discard AH"), agreed=False, loss=5.0,
                    loss_error=0.5, match_loss=0.019, point_worth=0.004,
                    verdict=Verdict.INACCURACY, candidates=())


def test_the_text_says_the_moves_in_its_language() -> None:
    assert decision_line("game.s40", DECISION, catalogue("it")) == (
        "game.s40:12: Anna ?! imprecisione: scarta 6H; motore: attacca 7S a 4; scarta AH; "
        "perde 5,0 punti (± 0,5), il 1,9% della partita")
    assert "discard 6H; engine: attach 7S to 4; discard AH;" in decision_line(
        "game.s40", DECISION)


def test_the_page_says_the_moves_in_its_language_and_the_json_keeps_english() -> None:
    shown = page_decision(DECISION, catalogue("fr"))
    assert (shown["played"], shown["engine"]) == (["défausse 6H"], ["ajoute 7S à 4",
                                                                   "défausse AH"])
    document = decision_json(DECISION)
    assert (document["played"], document["engine"]) == (["discard 6H"],
                                                        ["attach 7S to 4", "discard AH"])

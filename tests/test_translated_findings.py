"""The referee's newer sentences said in Italian and French: paper score sheets (C006,
C002, C003), unknown cards left in several hands (C005), the [Result] tag (G010), a
missing ``hand`` line (D001), a player who discards twice (T001), copies beyond the
deck (D007) and moves on a refused meld (D28's echoes); and words that assume no
gender of a player.

Each English sentence is made by the referee from a small log (or by the function that
words it), so that a change of its wording shows here as a sentence that no template
of the catalogues matches any more. Each fails on the catalogues before they had these
templates: the sentence came out in English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_refused_melds import HAND as REFUSED_MELD_HAND

from scala40cli.judging.match.header import result_mismatch
from scala40cli.judging.match.referee import replay
from scala40cli.reading.events import Tag
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.text_report import outcome_lines
from scala40cli.translation.catalogue import catalogue

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _said(text: str) -> list[str]:
    """The messages of the first game of ``text``: violations, then notes."""
    parsed = parse_text(text)
    assert parsed.errors == ()
    result = replay(parsed.games[0])
    return [problem.message for problem in (*result.violations, *result.notes)]


def _sheet(*lines: str, rules: dict[str, str] | None = None) -> str:
    """A paper score sheet of Anna, Bruno and Carla, one hand a score line."""
    head = '[Players "Anna" "Bruno" "Carla"]\n' + "".join(
        f'[Rule "{key}" "{value}"]\n' for key, value in (rules or {}).items())
    return head + "".join(f"hand {n}\nscore {line}\n" for n, line in enumerate(lines, 1))


def _check(english: str, italian: str, french: str) -> None:
    assert (catalogue("it").translate(english), catalogue("fr").translate(english)) == \
        (italian, french)


# --- paper score sheets -----------------------------------------------------------------------

SHEETS = [
    (_sheet("Anna 5 Bruno 70 Carla 12"),
     "nessuno ha chiuso: chi chiude segna 0, e in una mano nulla tutti segnano 0",
     "personne n'a terminé : celui qui termine marque 0, et dans une manche nulle tout le "
     "monde marque 0"),
    (_sheet("Anna 5 Bruno 70 Carla 12", rules={"in_hand_bonus": "minus100"}),
     "nessuno ha chiuso: chi chiude segna 0 o -100, e in una mano nulla tutti segnano 0",
     "personne n'a terminé : celui qui termine marque 0 ou -100, et dans une manche nulle "
     "tout le monde marque 0"),
    (_sheet("Anna 0 Bruno 0 Carla 30"),
     "Anna, Bruno segnano quanto chi chiude (0): una mano la chiude un solo giocatore",
     "Anna, Bruno marquent comme celui qui termine (0) : un seul joueur termine une manche"),
    (_sheet("Anna 0 Bruno 1 Carla 30"),
     "Bruno segna 1, ma chi non ha chiuso paga almeno 2",
     "Bruno marque 1, mais un joueur qui n'a pas terminé paie au moins 2"),
    (_sheet("Anna 0 Bruno 167 Carla 30", rules={"in_hand_bonus": "none"}),
     "Bruno segna 167, ma una mano costa a un giocatore al massimo 166",
     "Bruno marque 167, mais une manche coûte au plus 166 à un joueur"),
    (_sheet("Anna 0 Bruno 333 Carla 30"),
     "Bruno segna 333, ma una mano costa a un giocatore al massimo 166, 332 se una chiusura "
     "in mano la raddoppia",
     "Bruno marque 333, mais une manche coûte au plus 166 à un joueur, 332 si elle est "
     "terminée d'un coup"),
    (_sheet("Anna 0 Bruno 200 Carla 31"),
     "Bruno segna 200, più di quanto costi una mano (166) a meno che una chiusura in mano non "
     "abbia raddoppiato le penalità, ma la penalità di Carla, 31, non è raddoppiata: è dispari",
     "Bruno marque 200, plus que ne coûte une manche (166) à moins que les pénalités n'aient "
     "été doublées par une manche terminée d'un coup, mais la pénalité de Carla, 31, "
     "n'est pas doublée : elle est impaire"),
    (_sheet("Anna 0 Bruno 200 Carla 2"),
     "Bruno segna 200, più di quanto costi una mano (166) a meno che una chiusura in mano non "
     "abbia raddoppiato le penalità, ma la penalità di Carla, 2, non è raddoppiata: una "
     "penalità raddoppiata va da 4 a 332",
     "Bruno marque 200, plus que ne coûte une manche (166) à moins que les pénalités n'aient "
     "été doublées par une manche terminée d'un coup, mais la pénalité de Carla, 2, "
     "n'est pas doublée : une pénalité doublée va de 4 à 332"),
    (_sheet("Anna 0 Bruno 120 Carla 10", "Anna 0 Bruno 5 Carla 10"),
     "la riga dei punti deve nominare una volta ogni giocatore della mano: già fuori Bruno",
     "la ligne des points doit nommer une fois chaque joueur de la manche : déjà hors jeu "
     "Bruno"),
    ('[Players "Franco" "Elena" "Dario" "Sara"]\nhand 1\nscore Franco 35 Elena 0 Dario 50 '
     "Sara 40\nhand 2\nscore Franco 35 Elena 45 Dario 112 Sara 82\n",
     "sembrano totali progressivi: una riga dei punti dà le penalità della mano 2, qui molto "
     "probabilmente Franco 0, Elena 45, Dario 62, Sara 42",
     "on dirait des totaux cumulés : une ligne des points donne les pénalités de la manche 2, "
     "ici très probablement Franco 0, Elena 45, Dario 62, Sara 42"),
]


@pytest.mark.parametrize(("log", "italian", "french"), SHEETS)
def test_a_paper_sheet_s_line_is_said_in_the_language(log: str, italian: str,
                                                      french: str) -> None:
    [english] = _said(log)
    _check(english, italian, french)


def test_a_score_that_differs_says_no_article_that_a_number_would_change() -> None:
    """Italian says "non 40", not "non il 40" (l'8, l'11): the number keeps its form."""
    text = (FIXTURES / "illegal" / "C002-score-mismatch.s40").read_text(encoding="utf-8")
    [english] = _said(text)
    _check(english, "il punteggio di Anna è 44, non 40 come scritto sulla riga dei punti",
           "Anna marque 44, et non 40 comme écrit sur la ligne des points")


#: A hand written from Anna's seat: Bruno and Carla end it holding cards nobody saw.
UNSEEN = """[Players "Anna" "Bruno" "Carla"]
hand 1
dealer Carla
deal Anna 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C
deal Bruno ?
deal Carla ?
upcard 5S
Anna draw 8H
Anna meld 2H 3H 4H 5H 6H
Anna meld 7S 7D 7C
Anna discard 9D
Bruno draw ?
Bruno meld QH QS QC
Bruno meld 9S 10S JS
Bruno discard AH
Carla draw ?
Carla meld KH KC KS
Carla meld 8C 9C 10C
Carla discard AS
Anna draw 7H
Anna attach 7H 8H to 1
Anna meld KS KD KC
Anna discard 4C
"""


def test_unknown_cards_in_two_hands_are_said_with_the_language_s_and() -> None:
    [english] = _said(UNSEEN)
    _check(english, "la mano 1 finisce con carte sconosciute in mano a Bruno e Carla: una riga "
                    "dei punti deve dare le penalità",
           "la manche 1 finit avec des cartes inconnues dans les mains de Bruno et Carla : une "
           "ligne des points doit donner les pénalités")
    [one] = _said((FIXTURES / "illegal" / "C005-missing-score.s40").read_text(encoding="utf-8"))
    assert catalogue("it").translate(one).startswith(
        "la mano 1 finisce con carte sconosciute in mano a Bruno: ")


# --- the [Result] tag, a missing hand line, a second discard ----------------------------------


@pytest.mark.parametrize(("finished", "winner", "italian", "french"), [
    (True, "Bruno", "l'etichetta [Result] dà la vittoria ad Anna; le mani la danno a Bruno",
     "l'étiquette [Result] donne la victoire à Anna ; les manches la donnent à Bruno"),
    (True, None, "l'etichetta [Result] dà la vittoria ad Anna; secondo le mani non vince nessuno",
     "l'étiquette [Result] donne la victoire à Anna ; selon les manches, personne ne gagne"),
    (False, None, "l'etichetta [Result] dà la vittoria ad Anna, ma la partita non è finita",
     "l'étiquette [Result] donne la victoire à Anna, mais la partie n'est pas finie"),
])
def test_a_result_tag_that_names_another_winner_is_said_in_the_language(
        finished: bool, winner: str | None, italian: str, french: str) -> None:
    finding = result_mismatch([Tag(1, 1, "Result", ("Anna",))], finished, winner)
    assert finding is not None
    _check(finding.message, italian, french)


FOUR = (FIXTURES / "legal" / "four-players.s40").read_text(encoding="utf-8")


def test_a_missing_hand_line_is_said_with_the_log_s_word_in_the_language() -> None:
    [english] = _said(FOUR.replace("\nhand 2\n", "\n", 1))
    _check(english, "sembra mancare una riga 'mano 2' prima di questa: ciò che segue viene "
                    "giudicato come mano 2",
           "une ligne 'manche 2' semble manquer avant celle-ci : la suite est jugée comme la "
           "manche 2")


def test_a_second_discard_is_said_in_the_language() -> None:
    log = """[Players "Lucia" "Marco"]
hand 1
dealer Marco
deal Lucia QS QH QD 2C 3C 4C 5C 9H 9D 9S KD 7S 8H
deal Marco 2S 3S 4S 5S 6H 7H 8D 9C 10C JC QC KC AH
upcard 6S
Lucia draw 4H
Lucia discard 8H
Lucia discard 7S
Marco draw 5D
Marco discard 5D
"""
    english = _said(log)[0]
    _check(english, "tocca a Marco: Lucia ha già scartato (alla riga 8)",
           "c'est le tour de Marco : Lucia a déjà défaussé (à la ligne 8)")


# --- copies beyond the deck -------------------------------------------------------------------


def test_the_lines_of_the_other_copies_are_said_card_by_card() -> None:
    """Two cards, each on two lines before: the parts are cut at ';' before each list is
    cut at its 'and'."""
    log = """[Players "Anna" "Bruno" "Carla"]
hand 1
dealer Anna
deal Anna 5S 6S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH
deal Bruno 5S 6S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD
deal Carla 5S 6S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC
upcard KD
"""
    english = _said(log)[0]
    assert english == ("more copies than the deck holds: 5S 6S (5S also on lines 4 and 5; 6S "
                       "also on lines 4 and 5)")
    _check(english, "più copie di quante ne abbia il mazzo: 5S 6S (5S anche alle righe 4 e 5; "
                    "6S anche alle righe 4 e 5)",
           "plus d'exemplaires que le jeu n'en contient : 5S 6S (5S aussi aux lignes 4 et 5 ; "
           "6S aussi aux lignes 4 et 5)")
    [one] = _said((FIXTURES / "hostile" / "third-copy.s40").read_text(encoding="utf-8"))
    _check(one, "più copie di quante ne abbia il mazzo: 9C (9C anche alla riga 9)",
           "plus d'exemplaires que le jeu n'en contient : 9C (9C aussi à la ligne 9)")


# --- moves on a refused meld ------------------------------------------------------------------

#: Bruno's run of diamonds is written out of order (line 16); Anna swaps the 7D for its
#: joker (19) and attaches the 6D below it (20): tests/test_refused_melds.py's hand.
REFUSED = REFUSED_MELD_HAND


def test_a_swap_and_an_attach_on_a_refused_meld_are_said_each_with_its_noun() -> None:
    _, swap, attach = _said(REFUSED)
    _check(swap, "la combinazione 5 è stata rifiutata alla riga 16: lo scambio viene giudicato "
                 "su di essa come è stata verosimilmente calata; dopo lo scambio è 7D 8D 9D "
                 "10D",
           "la combinaison 5 a été refusée à la ligne 16 : l'échange est jugé sur elle telle "
           "qu'elle a vraisemblablement été posée ; après l'échange, elle est 7D 8D 9D 10D")
    _check(attach, "la combinazione 5 è stata rifiutata alla riga 16: l'attacco viene "
                   "giudicato su di essa come è stata verosimilmente calata; dopo l'attacco "
                   "è 6D 7D 8D 9D 10D",
           "la combinaison 5 a été refusée à la ligne 16 : l'ajout est jugé sur elle telle "
           "qu'elle a vraisemblablement été posée ; après l'ajout, elle est 6D 7D 8D 9D 10D")


def test_moves_on_a_meld_that_cannot_be_told_are_said_each_with_its_noun() -> None:
    log = REFUSED.replace("Bruno discard KS", "Bruno discard 8D").replace(
        "Bruno meld 9D 10D 8D JK(7D)", "Bruno meld 9D 10D KS JK(7D)").replace(
        "Anna attach 6D to 5", "Anna attach 8C to 5").replace("score Anna 33", "score Anna 31")
    swap, attach = [m for m in _said(log) if m.startswith("meld 5")]
    _check(swap, "la combinazione 5 non è valida dalla riga 16 e non si può dire cosa dovrebbe "
                 "essere: lo scambio non viene giudicato",
           "la combinaison 5 n'est pas valide depuis la ligne 16 et on ne peut pas dire ce "
           "qu'elle devrait être : l'échange n'est pas jugé")
    _check(attach, "la combinazione 5 non è valida dalla riga 16 e non si può dire cosa "
                   "dovrebbe essere: l'attacco non viene giudicato",
           "la combinaison 5 n'est pas valide depuis la ligne 16 et on ne peut pas dire ce "
           "qu'elle devrait être : l'ajout n'est pas jugé")


def test_a_refusal_on_the_meld_as_most_likely_laid_says_its_reason_in_the_language() -> None:
    refusal = _said(REFUSED.replace("Anna attach 6D to 5", "Anna attach 8C to 5"))[1]
    _check(refusal, "non si può attaccare alla combinazione 5: 8C non è del seme della scala "
                    "(quadri) (la combinazione come è stata verosimilmente calata: 7D 8D 9D "
                    "10D)",
           "impossible d'ajouter à la combinaison 5 : 8C n'est pas de la couleur de la suite "
           "(carreau) (la combinaison telle qu'elle a vraisemblablement été posée : 7D 8D 9D "
           "10D)")


# --- no gender assumed about a player ---------------------------------------------------------


def test_the_outcome_and_a_discard_just_taken_assume_no_gender() -> None:
    """"Vincitore: Anna", "Éliminés : Carla" and "qu'il vient de prendre" said a man."""
    game = replay(parse_text(FOUR).games[0])
    assert outcome_lines(game, catalogue("it"))[:2] == [
        "Eliminazioni: Carla nella mano 2, Bruno nella mano 8, Dario nella mano 9", "Vince: Anna"]
    assert outcome_lines(game, catalogue("fr"))[:2] == [
        "Éliminations : Carla à la manche 2, Bruno à la manche 8, Dario à la manche 9",
        "Victoire : Anna"]
    assert catalogue("fr").translate("Anna discards the 9C just taken") == \
        "Anna défausse 9C, la carte qui vient d'être prise"
    assert catalogue("it").translate("Anna discards the 9C just taken") == \
        "Anna scarta 9C, la carta appena presa"


# --- French elision before a name, and the cards a player holds ---------------------------


def test_french_elides_de_before_a_name_or_card_with_a_vowel() -> None:
    """"c'est le tour de Anna" is "d'Anna" in French; a name with a consonant, a card
    written with a digit, keep "de". Italian puts its euphonic d only before the same
    vowel: "tocca ad Anna", "Anna ed Elena", but "a Elena"."""
    french = catalogue("fr")
    assert french.translate("it is Anna's turn, not Bruno's") == \
        "c'est le tour d'Anna, pas de Bruno"
    assert french.translate("it is Bruno's turn, not Elsa's") == \
        "c'est le tour de Bruno, pas d'Elsa"
    assert french.translate("the dealer of hand 2 is Ugo, not Anna") == \
        "le donneur de la manche 2 est Ugo, pas Anna"
    assert catalogue("it").translate("it is Anna's turn, not Bruno's") == \
        "tocca ad Anna, non a Bruno"
    assert catalogue("it").translate("it is Bruno's turn, not Elena's") == \
        "tocca a Bruno, non a Elena"
    assert catalogue("it").gettext("{first} and {last}", first="Anna", last="Elena") == \
        "Anna ed Elena"


def test_the_cards_a_player_holds_are_not_an_invisible_character() -> None:
    """"Anna holds QC, QH and QS" was said "Anna contiene QC, QH e QS" (the template of a
    name holding an invisible character matched it first)."""
    english = "Anna does not hold QD; Anna holds QC, QH and QS"
    assert catalogue("it").translate(english) == "Anna non ha QD; Anna ha QC, QH e QS"
    assert catalogue("fr").translate(english) == "Anna n'a pas QD ; Anna a QC, QH et QS"
    named = "the player name 'An\\u200dna' holds an invisible character U+200D ZERO WIDTH JOINER"
    assert catalogue("it").translate(named) == ("il nome di giocatore 'An\\u200dna' contiene "
                                                "un carattere invisibile U+200D ZERO WIDTH "
                                                "JOINER")

"""The small hand many tests read, in its parts, written once.

Anna deals. Bruno opens with 41 (a run of hearts and three sevens) in his first turn,
Anna opens with 57 (three queens and a run of spades) in hers, and Bruno closes in his
second turn; Anna pays 44 for the cards left in her hand. Tests change a line of it
(``.replace``) to make the one mistake they are about.
"""

from __future__ import annotations

DEAL = """\
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C
upcard 5S"""
BRUNO_OPENS = """\
Bruno draw 8H
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D 7C
Bruno discard 9D"""
ANNA_OPENS = """\
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard AH"""
BRUNO_CLOSES = """\
Bruno draw 7H
Bruno attach 7H 8H to 1
Bruno meld KS KD KC
Bruno discard 4C"""
PLAY = f"{BRUNO_OPENS}\n{ANNA_OPENS}\n{BRUNO_CLOSES}"
SCORE = "score Anna 44 Bruno 0"
#: The whole hand as a log's text, header and score line included.
LOG = f'[Players "Anna" "Bruno"]\nhand 1\n{DEAL}\n{PLAY}\n{SCORE}\n'

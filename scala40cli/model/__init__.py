"""The plain data every layer stands on, importing no other layer: cards and card
counts (:mod:`.cards`, :mod:`.card_counts`), the violation codes and their catalogue
(:mod:`.violations`, :mod:`.codes`, :mod:`.catalogue`), and what a replay finds
(:mod:`.results`, carried to and from worker processes by :mod:`.result_pickling`).

Reading builds events of these cards, judging gives these results, reporting writes
them: none of those layers is needed to use them.
"""

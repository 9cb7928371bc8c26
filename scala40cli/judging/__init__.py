"""Judging: the rules of Scala 40 and the referee that applies them.

Cards and melds (:mod:`.cards`, :mod:`.melds`), the rule switches and presets
(:mod:`.switches`, :mod:`.rules`, :mod:`.presets`), the table and the moves that change it
(:mod:`.table`), one ``verify_*`` function a move (:mod:`.verify`), the referee
(:mod:`.referee`, :mod:`.phases`, and the hand referee :mod:`.hand` with its moves, its
books and its end), scores and standings (:mod:`.scoring`,
:mod:`.standings`), and the catalogue of violations (:mod:`.violations`). This layer never
imports click, lark or jsonschema: the simulator and library users share it.
"""

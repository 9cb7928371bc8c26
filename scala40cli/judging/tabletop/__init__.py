"""The table and the moves: where every card is (:mod:`.table`), sets and runs
(:mod:`.melds`, :mod:`.meld_values`, :mod:`.placement`, :mod:`.run_problems`), one
``verify_*`` function a move (:mod:`.verify`), what a turn did so far (:mod:`.turn`),
and the one shape of a problem a check finds (:mod:`.findings`)."""

"""The referee of one hand (:mod:`.hand`): what may happen when (:mod:`.phases`), the
deal (:mod:`.deal`), the moves (:mod:`.draw_moves`, :mod:`.play_moves`), whose turn it
is (:mod:`.turn_order`, :mod:`.lookahead`), its books and doubts (:mod:`.hand_books`,
:mod:`.doubts`) and its end (:mod:`.hand_end`)."""

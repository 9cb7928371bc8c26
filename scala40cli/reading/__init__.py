"""Reading: from the bytes of a log (``.s40`` or JSON Lines) to typed events, and back.

The Lark grammar and its fast path (:mod:`.parser`, :mod:`.fastlines`), the events
(:mod:`.events`), the games a log holds (:mod:`.chunks`), the writer and ``fmt``'s layout
(:mod:`.writer`, :mod:`.layout`, :mod:`.comments`) and the files given on the command
line (:mod:`.inputs`).
"""

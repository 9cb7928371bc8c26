"""Seeing the table: the referee's state after each line of a game, as data, text and
a page (``scala40 show`` and ``scala40 view``).

The states are read off the referee itself, between two lines it judges
(:mod:`scala40cli.viewing.stepping`), never worked out again: what the viewer draws is
what the referee held when it judged the line.
"""

"""The words scala40 says to people, in English, Italian and French.

A layer of its own at the ground, importing no other, so that every command can speak
the user's language: ``replay``'s reports, ``explain`` and ``show`` from the referee's
catalogues (``locale/<language>/*.po``), and ``play``'s page from its own, read by the
same :mod:`.po` reader. :mod:`.catalogue` holds a language's messages and says the
referee's English sentences again in it; :mod:`.language` chooses the language from
``--lang`` and the environment.
"""

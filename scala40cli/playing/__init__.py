"""Playing Scala 40 against the computer: a game session judged as it is played.

``session`` holds a match between one person and the simulator's bots, ``human`` the
person's moves, each put to the judging core's ``verify_*`` functions before it is
applied, ``seat`` what the person's seat may see, ``saving`` the log written after every
move and read back by ``--resume``, ``catalogue`` the page's words in three languages.
``server`` (Starlette) and ``launch`` (uvicorn) are imported only by ``scala40 play``.
"""

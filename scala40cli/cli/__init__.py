"""The command line: ``scala40`` and its commands (:mod:`.main`), the options they share
and where their defaults come from (:mod:`.settings`, :mod:`.config`), and the files they
write (:mod:`.output`). Nothing here is needed by the library API.
"""

"""The language of a command's words: ``--lang`` (or ``SCALA40_LANG``), else the
environment's (:mod:`scala40cli.translation.language`), as a catalogue of the referee's
words in it."""

from __future__ import annotations

import os

from scala40cli.translation.catalogue import Catalogue, catalogue
from scala40cli.translation.language import chosen_language


def chosen_words(lang_option: str | None) -> Catalogue:
    """The catalogue of ``--lang``, else of the environment's language."""
    return catalogue(chosen_language(lang_option, os.environ))

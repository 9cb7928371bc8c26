"""Which language a command speaks: ``--lang``, else the environment's.

``--lang it|fr|en`` (or ``SCALA40_LANG``, read by the option itself) wins; without it
the language is the one of the usual variables, read as gettext reads them: the first
of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``LANGUAGE`` may
list several, ``fr:it``: the first known one). A variable naming a language without a
catalogue, or the C locale, means English; so does an environment without any.
"""

from __future__ import annotations

from collections.abc import Mapping

from scala40cli.translation.catalogue import LANGUAGES

#: The variables that name the language of messages, in the order gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _language_of(locale: str) -> str | None:
    """``it`` for ``it_IT.UTF-8``, ``fr`` for ``fr-CA``, ``en`` for ``C``; None when the
    locale names a language without a catalogue."""
    code = locale.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def environment_language(environ: Mapping[str, str]) -> str:
    """The language the environment asks for (see the module docstring)."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            found = [language for part in value.split(":")
                     if (language := _language_of(part)) is not None]
            return found[0] if found else "en"
    return "en"


def chosen_language(option: str | None, environ: Mapping[str, str]) -> str:
    """``--lang`` (or ``SCALA40_LANG``) when given, else the environment's language."""
    return option if option in LANGUAGES else environment_language(environ)


__all__ = ["LOCALE_VARIABLES", "chosen_language", "environment_language"]

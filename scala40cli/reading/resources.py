"""Files shipped with the package (the Lark grammar, the JSON Schemas and the pages of
the docs that ``scala40 explain`` quotes), and the user's cache folder, where the built
parser is kept between runs.

The files live at the top of the repository (``grammar/``, ``schemas/``, ``docs/``)
and are copied into the wheel as ``scala40cli/grammar``, ``scala40cli/schemas`` and
``scala40cli/docs``. An installed wheel finds them inside the package; a source
checkout or an editable install finds them at the top of the repository.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parents[2]


def _read(folder: str, name: str) -> str:
    packaged = resources.files("scala40cli").joinpath(folder, name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (_REPO_ROOT / folder / name).read_text(encoding="utf-8")


@cache
def grammar_text() -> str:
    """The text of ``grammar/scala40.lark``."""
    return _read("grammar", "scala40.lark")


@cache
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema of ``schemas/`` by file name, e.g. ``report.schema.json``."""
    loaded: dict[str, Any] = json.loads(_read("schemas", name))
    return loaded


@cache
def doc_page(name: str) -> str:
    """A page of ``docs/`` that the wheel ships (``decisions.md``, ``rules.md``,
    ``log-format.md``): ``scala40 explain`` quotes the rule behind a code from it."""
    return _read("docs", name)


# --- the user's cache folder ------------------------------------------------------------

#: The folder of scala40's caches inside the user's cache folder.
CACHE_FOLDER_NAME = "scala40"


def cache_folder() -> Path | None:
    """``$XDG_CACHE_HOME/scala40``, else ``~/.cache/scala40``; None when neither can be
    known (no home folder, or a relative ``XDG_CACHE_HOME``, which the XDG rules say to
    ignore). Never a folder of the installed package: that may be shared or read-only."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        try:
            home = Path.home()
        except (RuntimeError, KeyError):  # no HOME and no entry in the password database
            return None
        if not home.is_absolute():
            return None
        base = str(home / ".cache")
    return Path(base) / CACHE_FOLDER_NAME


def keyed_cache_file(stem: str, *parts: str) -> Path | None:
    """A file of the cache folder named after the hash of ``parts`` (the grammar, the
    versions it was built with...), so that a change of any part reads another file."""
    folder = cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:24]
    return folder / f"{stem}-{digest}.cache"

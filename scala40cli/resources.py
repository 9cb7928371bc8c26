"""Files shipped with the package: the Lark grammar and the JSON Schemas.

They live at the top of the repository (``grammar/``, ``schemas/``) and are copied into
the wheel as ``scala40cli/grammar`` and ``scala40cli/schemas``. An installed wheel finds
them inside the package; a source checkout or an editable install finds them at the
top of the repository.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parent.parent


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

"""Embed schemas/report.schema.json in schemas/jsonl.schema.json, so that it validates
offline as shipped.

A jsonl record's game and file error are those of the report schema. A ``$ref`` to
another file would make a plain validator fetch it from the schema's ``$id`` (a host
that does not exist), so the report schema is carried inside the jsonl schema, under
``$defs/report`` with its own ``$id``: JSON Schema 2020-12 resolves a reference to that
``$id`` to the embedded copy (a "compound schema document"), with no network. This
script writes that copy; tests/test_schemas_offline.py checks that it is current.

    python tools/bundle_schemas.py          # rewrite schemas/jsonl.schema.json
    python tools/bundle_schemas.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
JSONL = SCHEMAS / "jsonl.schema.json"


def _load(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return loaded


def bundled() -> str:
    """The text of the jsonl schema with the current report schema embedded."""
    jsonl = _load("jsonl.schema.json")
    report = _load("report.schema.json")
    report.pop("$schema", None)  # an embedded resource inherits the dialect
    jsonl["$defs"] = {**jsonl.get("$defs", {}), "report": report}
    return json.dumps(jsonl, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = bundled()
    if "--check" in argv:
        if JSONL.read_text(encoding="utf-8") != text:
            print(f"{JSONL} is out of date: run python tools/bundle_schemas.py")
            return 1
        return 0
    JSONL.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

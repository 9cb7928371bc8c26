"""An atheris harness for long fuzzing runs of the whole audit (see fuzz/README.md).

Each input is audited as a log followed by a clean game, and must give what
tests/test_fuzz.py asks of every input: no exception, a JSON report that validates
against schemas/report.schema.json, a text report, and the clean game judged ``ok``. A
failure is an exception, which atheris reports with its traceback and saves as a
``crash-*`` file to replay with ``python fuzz/fuzz_replay.py crash-...``.

:func:`check` needs no atheris, so tests/test_fuzz.py runs it too and the harness
cannot rot between long runs.
"""

from __future__ import annotations

import json
import sys
from typing import Any

#: Bruno closes in one go in hand 1 and wins: after any input, this game must be ok.
CLEAN_EVENT = "the clean game after the bad one"
CLEAN = f"""[Event "{CLEAN_EVENT}"]
[Players "Anna" "Bruno" "Carla"]
[Rules "classic"]

hand 1
dealer Anna
deal Anna 4S 8S JS KS 8H JH KH 4D 7D 9C 9C JC QC
deal Bruno AS 3S JS QS KS 2H 3H 3H 4H 10H 10D 3C 10C
deal Carla 7S AH 5H 6H 9H 4D 10D 2C 6C 8C KC JK JK
upcard 8D
Bruno draw 6D
Bruno meld JS QS KS AS
Bruno meld 3S 3C 3H
Bruno meld 2H 3H 4H
Bruno meld 10C 10H 10D
Bruno discard 6D
score Anna 200 Bruno 0 Carla 200
""".encode()
#: An event between the input and the clean game: tags after tags would be one header.
SEPARATOR = b"\nhand 1\n\n"
_validator: Any = None


def check(data: bytes) -> None:
    """Audit ``data`` and the clean game; raise AssertionError when anything is wrong."""
    global _validator
    from jsonschema import Draft202012Validator

    from scala40cli.audit.pipeline import audit_bytes
    from scala40cli.reading.resources import schema
    from scala40cli.reporting.json_report import report_document
    from scala40cli.reporting.text_report import render_text

    if _validator is None:
        _validator = Draft202012Validator(schema("report.schema.json"))
    log = data + SEPARATOR + CLEAN
    result = audit_bytes(log, "fuzz.s40")
    _validator.validate(json.loads(json.dumps(report_document([result]), ensure_ascii=False)))
    if not render_text([result]).endswith("\n"):
        raise AssertionError("the text report does not end with a line end")
    last = result.games[-1] if result.games else None
    if last is None or not last.tags or last.tags[0].values != (CLEAN_EVENT,):
        raise AssertionError(f"the clean game was not read as a game of its own: {result}")
    if not last.ok or last.winner != "Bruno":
        raise AssertionError(f"the clean game is not ok: {last.violations}")


def main() -> None:
    import atheris

    with atheris.instrument_imports(include=["scala40cli"]):
        import scala40cli.audit.pipeline
        import scala40cli.reporting.json_report
        import scala40cli.reporting.text_report  # noqa: F401
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

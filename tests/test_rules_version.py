"""A result names the rules it was judged under: the preset, the switches, and
``RULES_VERSION``, which must change whenever a switch's meaning or a preset's values do
(issue 34, part 4)."""

from __future__ import annotations

import hashlib
import json

from scala40cli.judging.rulebook.presets import PRESETS, RULES_VERSION
from scala40cli.judging.rulebook.switches import SWITCHES

#: RULES_VERSION -> the fingerprint of the switches and presets it names. A change to
#: either fails the test below: raise RULES_VERSION and add its fingerprint here.
FINGERPRINTS = {
    "1": "44895c0c3932d068",
}


def fingerprint() -> str:
    switches = [[s.key, list(s.tokens), s.kind.value, s.meaning, s.minimum, s.maximum]
                for s in SWITCHES]
    presets = {name: preset.rules.as_tokens() for name, preset in sorted(PRESETS.items())}
    text = json.dumps([switches, presets], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def test_the_rules_version_changes_with_the_rules() -> None:
    assert FINGERPRINTS.get(RULES_VERSION) == fingerprint(), (
        f"the switches or presets changed: raise RULES_VERSION in judging/rulebook/presets.py "
        f"and add {{{RULES_VERSION!r}+1: {fingerprint()!r}}} to FINGERPRINTS")


def test_a_result_names_its_preset_and_rules_version() -> None:
    from scala40cli.api import audit_text

    game = audit_text('[Players "A" "B"]\n[Rules "scala50"]\nhand 1\n').games[0]
    written = game.to_dict()
    assert (written["preset"], written["rules_version"]) == ("scala50", RULES_VERSION)
    assert written["schema_version"] == game.schema_version == "1.0"

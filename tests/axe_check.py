"""axe-core in the browser tests: the WCAG 2.1 A and AA rules run on a page as it is.

axe-core comes from npm (``tests/axe/package.json``, pinned; ``.ci/run`` installs it
with ``npm ci``) and is evaluated in the page through the browser's debugging protocol,
so the page's own Content-Security-Policy, which allows no script but its own, stays
as it is. In CI (``CI`` set) a missing axe-core fails the test instead of skipping it.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
#: The rule sets of WCAG 2.1 levels A and AA.
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: The impacts a page may not have: axe's two highest.
BLOCKING = ("serious", "critical")

_RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
}"""


@cache
def axe_source() -> str:
    """The text of axe-core, or a skip (a failure in CI) when npm has not installed it."""
    if not AXE.is_file():
        why = "axe-core is not installed (npm ci --prefix tests/axe)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Any, impacts: tuple[str, ...] = BLOCKING) -> list[dict[str, Any]]:
    """The WCAG 2.1 AA violations axe-core finds on ``page`` (a Playwright page) now, of
    the given impacts: each with its rule ``id``, ``impact``, ``help`` and the first
    nodes it names."""
    page.evaluate(axe_source())
    found: list[dict[str, Any]] = page.evaluate(_RUN, WCAG_21_AA)
    return [violation for violation in found if violation["impact"] in impacts]

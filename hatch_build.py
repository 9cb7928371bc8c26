"""Wheel build hook: the judging core compiled with mypyc when a C compiler is found.

``pip install .`` (or ``pip wheel .``) on a machine with a C compiler builds a wheel in
which the modules of :data:`COMPILED` are C extensions made by mypyc from the very same
sources (the ``.py`` files ship too; Python imports the extension first). Without a
compiler, or with ``SCALA40_PURE=1`` in the environment, or for an editable install
(``pip install -e``, where a compiled module would hide later edits of its source), the
wheel is pure Python and works the same, only slower; so it is, with a warning, when
the compilation fails. ``SCALA40_REQUIRE_COMPILED=1`` (set by CI) makes either an
error instead: CI must know which build it tested.

What ``--jobs`` sends to workers and back (results, chunks, rule choices) is pickled
through each class's constructor (``parallel.keep_picklable``): a frozen dataclass
compiled by mypyc cannot be unpickled field by field. Events are plain classes
(``reading/event_base.py``), native classes here, pickled through their constructor
too. The command line and the reporters (but for ``reporting/json_indent``, the indented
JSON writer) stay Python.

Of the simulator, the hard level's play is compiled, for the expert spends nearly all
its time in playouts where every seat plays it (docs/expert.md, "What it costs"): the
search of a hand's melds, the fitting, the outs, the feeding, the board, the planner, the
bot, and the view and plays they pass around. ``Bot`` may be subclassed by Python
classes (the expert, the opening race, the play server's seat, tests' spies):
``mypyc_attr(allow_interpreted_subclasses=True)``. The hand engine and the playout stay
Python (tests subclass ``HandEngine`` and patch its ``view``), and so do the sampling,
the expert itself and the rest: little of the time is theirs.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled, in ``scala40cli``: the parser, the referee and what they use;
#: the simulator's hard level, on which the expert's playouts spend their time.
COMPILED = ("model/cards", "model/results", "model/result_pickling", "model/violations",
            "model/codes", "model/catalogue/files_and_match",
            "model/catalogue/deal_and_turns", "model/catalogue/stock_and_pile",
            "model/catalogue/melds_and_closing",
            "reading/events", "reading/fastlines", "reading/chunks", "reading/parser",
            "reading/lark_parser", "reading/lark_events", "reading/games",
            "reading/limits", "reading/syntax_errors",
            "reading/event_base", "reading/event_objects", "reading/json_games",
            "reading/json_words", "reading/json_objects", "reading/log_files",
            "judging/rulebook/rules",
            "judging/tabletop/turn", "judging/tabletop/melds", "judging/tabletop/table",
            "judging/tabletop/verify", "judging/tabletop/findings", "judging/tabletop/buying",
            "judging/tabletop/placement", "judging/tabletop/meld_values",
            "judging/tabletop/copy_sources", "judging/tabletop/held_cards",
            "judging/scores/standings", "judging/scores/scoring",
            "judging/hands/hand", "judging/hands/deal", "judging/hands/phases",
            "judging/hands/hand_books", "judging/hands/hand_end", "judging/hands/turn_order",
            "judging/hands/draw_moves", "judging/hands/play_moves", "judging/hands/lookahead",
            "judging/hands/doubts", "judging/hands/echoes", "judging/hands/refused_melds",
            "judging/match/referee", "judging/match/header", "judging/match/scorelines",
            "judging/match/names", "judging/match/doubted_totals", "reporting/json_indent",
            "simulate/search", "simulate/fitting", "simulate/outlook", "simulate/feeding",
            "simulate/board", "simulate/planner", "simulate/view", "simulate/plays",
            "simulate/evaluation", "simulate/bots", "simulate/pairs", "simulate/discarding")
#: What mypyc needs to type-check and compile them: it follows the package's imports,
#: ``scala40cli/__init__.py``'s typed API included, down to openskill's (the seasons').
BUILD_DEPENDENCIES = ["mypy>=1.10", "setuptools>=68", "lark>=1.1.9", "click>=8.2",
                      "openskill>=6.0"]


def c_compiler() -> str | None:
    """The C compiler Python was built with (``CC``), if it and Python's headers can be
    found on this machine."""
    if os.environ.get("SCALA40_PURE"):
        return None
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(command[0]) if command and headers.is_file() else None


def compiled_required() -> bool:
    """``SCALA40_REQUIRE_COMPILED=1`` (CI): no compiler, or a failed compilation, is an
    error rather than a pure wheel."""
    return bool(os.environ.get("SCALA40_REQUIRE_COMPILED"))


class CustomBuildHook(BuildHookInterface):
    """Compiles :data:`COMPILED` into the wheel when :func:`c_compiler` finds one."""

    def dependencies(self) -> list[str]:
        return BUILD_DEPENDENCIES if c_compiler() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if not c_compiler():
            if compiled_required():
                raise RuntimeError("SCALA40_REQUIRE_COMPILED: no C compiler or Python.h")
            return
        try:
            self._compile(build_data)
        except (Exception, SystemExit) as error:  # mypyc exits on a type error
            self.finalize(version, build_data, "")
            if compiled_required():
                raise
            print(f"scala40: mypyc could not compile the package ({error}); "
                  "building the pure Python wheel", file=sys.stderr)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _compile(self, build_data: dict[str, Any]) -> None:
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext

        root = Path(self.root)
        self._work = tempfile.mkdtemp(prefix="scala40-mypyc-")
        work = Path(self._work)
        previous = Path.cwd()
        os.chdir(root)  # mypyc names modules after their paths from here
        try:
            modules = mypycify([f"scala40cli/{name}.py" for name in COMPILED],
                               opt_level="3", target_dir=str(work / "c"))
            command = build_ext(Distribution({"ext_modules": modules}))
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(previous)
        for built in (work / "lib").rglob("*"):
            if built.suffix in (".so", ".pyd"):
                build_data["force_include"][str(built)] = str(built.relative_to(work / "lib"))

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
            self._work = None

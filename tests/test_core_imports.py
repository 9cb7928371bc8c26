"""The judging core never needs the command line, the parser or the schemas.

The referee and the simulator's rules of play (every module of ``scala40cli/judging``,
the simulator's engine, match loop and planner) must run where click, lark and
jsonschema are absent: they judge events, whoever read them.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scala40cli"
FORBIDDEN = ("click", "lark", "jsonschema")
#: Every module of the judging layer, the package included.
JUDGING = tuple(sorted(
    ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
    for path in (PACKAGE / "judging").rglob("*.py")))
SIMULATOR = ("simulate.engine", "simulate.match", "simulate.moves", "simulate.planner",
             "simulate.board", "simulate.fitting", "simulate.plays")


def _source(module: str) -> Path:
    path = PACKAGE.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _module_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements run when the module is imported: its body, the bodies of its
    classes and of its ``if``/``try`` blocks (an import inside a function runs only when
    that function is called: ``results.GameResult.to_dict`` imports the reporting layer
    so, which judging never calls)."""
    found: list[ast.stmt] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, ast.ClassDef):
            todo += node.body
        elif isinstance(node, ast.If | ast.Try):
            todo += node.body + node.orelse
            if isinstance(node, ast.Try):
                todo += node.finalbody + [s for h in node.handlers for s in h.body]
    return found


def _imports(module: str) -> set[str]:
    """The modules importing ``module`` imports, package-relative ones resolved."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    package = module.split(".")[:-1]
    found: set[str] = set()
    for node in _module_level(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
                continue
            base = package[:len(package) - node.level + 1]
            target = ".".join(["scala40cli", *base, *(node.module or "").split(".")]).strip(".")
            if node.module is None:  # from . import x
                found.update(f"{target}.{alias.name}" for alias in node.names)
            else:
                found.add(target)
    return found


def _reachable(start: str) -> dict[str, str]:
    """Every module ``start`` imports, directly or through the package's own modules,
    with the module of the package that imports it."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        module = todo.pop()
        for name in _imports(module):
            if name in seen:
                continue
            seen[name] = module
            if name.startswith("scala40cli.") and _source(name[len("scala40cli."):]).exists():
                todo.append(name[len("scala40cli."):])
    return seen


@pytest.mark.parametrize("module", JUDGING + SIMULATOR)
def test_a_judging_module_imports_neither_click_nor_lark_nor_jsonschema(module: str) -> None:
    reached = _reachable(module)
    bad = {name: by for name, by in reached.items() if name.split(".")[0] in FORBIDDEN}
    assert not bad, f"{module} reaches {bad}"


def test_the_scan_finds_the_parsers_lark() -> None:
    """The scan above sees a forbidden import when there is one."""
    assert "lark" in _reachable("reading.lark_parser")


def test_the_referee_replays_with_click_lark_and_jsonschema_blocked() -> None:
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in FORBIDDEN)
    modules = ", ".join(f"scala40cli.{name}" for name in JUDGING)
    script = f"import sys; {blocked}; import {modules}; print('imported')"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"

"""The package's layout: small modules, and layers that import only what lies under them.

README's "Where the code lives" describes the layers; these tests keep the description
true. Only the imports run when a module is imported are checked (an import inside a
function, such as ``GameResult.to_dict`` reaching the JSON serialisers, runs only when
it is called).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scala40cli"
MAX_LINES = 400

#: What each layer may import from the package, by dotted prefix below ``scala40cli``.
ALLOWED = {
    "judging": ("judging", "reading.events", "reading.event_base"),
    "reading": ("judging", "reading"),
    "audit": ("judging", "reading", "audit"),
    "reporting": ("judging", "reading", "audit", "reporting"),
    "api": ("judging", "reading", "audit", "reporting", "api"),
    "dask_audit": ("judging", "reading", "audit", "reporting", "api"),
    "simulate": ("judging", "reading", "simulate", "cli.output"),
    "viewing": ("judging", "reading", "reporting.escape", "viewing"),
    "cli": ("judging", "reading", "audit", "reporting", "api", "dask_audit",
            "simulate", "viewing", "cli"),
}
#: The package's root (``__version__``), the vocabularies of the options and the
#: escapers import nothing of the package: any layer may use them.
LEAVES = ("__init__", "cli.choices", "reporting.escape")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def _top_level_imports(path: Path) -> set[str]:
    """The package's modules that importing ``path`` imports, below ``scala40cli.``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If | ast.Try):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            todo += node.body + node.orelse
        elif isinstance(node, ast.ClassDef):
            todo += node.body
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "scala40cli":  # __version__, from the package's root
                found.add("__init__")
            elif node.module.startswith("scala40cli."):
                found.add(node.module.removeprefix("scala40cli."))
        elif isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("scala40cli.") for alias in node.names
                         if alias.name.startswith("scala40cli."))
    return found


def _layer(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_no_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{_name(path)} has {lines} lines: split it along a concept"


@pytest.mark.parametrize("path", [p for p in _modules() if _layer(_name(p)) in ALLOWED],
                         ids=_name)
def test_a_layer_imports_only_the_layers_under_it(path: Path) -> None:
    module = _name(path)
    allowed = ALLOWED[_layer(module)] + LEAVES
    wrong = sorted(name for name in _top_level_imports(path)
                   if not any(name == prefix or name.startswith(prefix + ".")
                              for prefix in allowed))
    assert not wrong, f"{module} imports {wrong}"


@pytest.mark.parametrize("leaf", LEAVES)
def test_the_shared_leaves_import_nothing_of_the_package(leaf: str) -> None:
    path = PACKAGE.joinpath(*leaf.split(".")).with_suffix(".py")
    assert _top_level_imports(path) == set()


def test_only_the_library_sits_at_the_top_of_the_package() -> None:
    top = {path.stem for path in PACKAGE.glob("*.py")}
    assert top == {"__init__", "__main__", "api", "dask_audit"}


def test_the_scan_sees_a_layer_breach() -> None:
    """The check above would fail on a judging module importing the reporters."""
    assert "reporting.json_report" in _top_level_imports(PACKAGE / "dask_audit.py")
    assert not any(prefix == "reporting" for prefix in ALLOWED["judging"])


def _compiled_modules() -> list[str]:
    """The modules hatch_build.py compiles with mypyc, as paths below ``scala40cli``."""
    source = (PACKAGE.parent / "hatch_build.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "COMPILED"
                for target in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return [str(name) for name in value]
    raise AssertionError("hatch_build.py has no COMPILED")


#: Where the events are defined.
EVENT_MODULES = ("reading/event_base", "reading/events")


def test_events_are_plain_classes_compiled_as_native_ones() -> None:
    """No event class is made by a decorator: mypyc cannot see what a decorator makes,
    so such a class stays a Python class in the compiled build, every field read a
    generic attribute look-up and an isinstance against its base class always False
    (compiled modules ask ``isinstance(event, PlayerEvent)``)."""
    assert set(EVENT_MODULES) <= set(_compiled_modules())
    for module in EVENT_MODULES:
        tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
        events = [node for node in tree.body if isinstance(node, ast.ClassDef)
                  and (node.name == "Event" or any(isinstance(base, ast.Name) and base.id
                                                   in ("Event", "PlayerEvent")
                                                   for base in node.bases))]
        assert events
        decorated = [node.name for node in events if node.decorator_list]
        assert not decorated, f"{module}: event classes made by a decorator: {decorated}"


def test_player_events_are_every_class_a_player_writes() -> None:
    from scala40cli.reading.events import PLAYER_EVENTS, PlayerEvent

    # (plain classes: no dataclass(slots=True) leaves a first copy of a class behind,
    # a subclass until the collector runs)
    assert set(PLAYER_EVENTS) == set(PlayerEvent.__subclasses__())

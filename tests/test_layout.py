"""The package's layout: small modules, layers that import only what lies under them,
and no circle of imports.

README's "Where the code lives" describes the layers; these tests keep the description
true. Every import counts, wherever it is written: at the top of a module, inside a
function (run only when it is called, but a dependence all the same), or under
``TYPE_CHECKING`` (a dependence of the types). The graph is drawn module by module.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scala40cli"
MAX_LINES = 400

#: The layers, from the ground up, and what each may import of the package, by dotted
#: prefix below ``scala40cli``: itself and what lies under it.
ALLOWED = {
    "translation": ("translation",),
    "model": ("model",),
    "reading": ("model", "reading"),
    "judging": ("model", "reading", "judging"),
    "audit": ("model", "reading", "judging", "audit"),
    "reporting": ("model", "reading", "judging", "audit", "reporting", "translation"),
    "api": ("model", "reading", "judging", "audit", "reporting", "translation", "season", "api"),
    "dask_audit": ("model", "reading", "judging", "audit", "reporting", "translation", "api",
                   "dask_audit"),
    "__init__": ("api",),
    "simulate": ("model", "reading", "judging", "simulate"),
    "viewing": ("model", "reading", "judging", "reporting.escape", "translation", "viewing"),
    "review": ("model", "reading", "judging", "simulate", "viewing", "translation", "review"),
    "playing": ("model", "reading", "judging", "simulate", "viewing", "translation",
                "review", "playing"),
    "arena": ("model", "reading", "judging", "simulate", "arena"),
    # beside reporting: on the audit, with reporting's escapers and chart drawing only
    "season": ("model", "reading", "judging", "audit", "reporting.escape", "translation",
               "reporting.charts", "reporting.svg_chart", "season"),
    "cli": ("model", "reading", "judging", "audit", "reporting", "api", "dask_audit",
            "simulate", "viewing", "playing", "arena", "season", "review", "translation", "cli"),
}
#: The version, the vocabularies of the options, the escapers and the terminal widths
#: import nothing of the package: any layer may use them.
LEAVES = ("version", "cli.choices", "reporting.escape", "reporting.widths")
#: The rooms of ``judging``, from the ground up: a room imports only the rooms under it.
JUDGING_ROOMS = ("rulebook", "tabletop", "scores", "hands", "match")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    """A module's dotted name below ``scala40cli`` (a package by its folder's name; the
    package itself is ``__init__``)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


@cache
def _known() -> frozenset[str]:
    return frozenset(_name(path) for path in _modules())


def _target(name: str) -> str | None:
    """The package's module that an absolute import of ``name`` loads, below
    ``scala40cli.``; ``__init__`` for the package itself, None for another package."""
    if name == "scala40cli":
        return "__init__"
    if not name.startswith("scala40cli."):
        return None
    return name.removeprefix("scala40cli.")


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    is_package = (PACKAGE.joinpath(*module.split(".")) / "__init__.py").is_file()
    base = ["scala40cli", *module.split(".")][:None if is_package else -1]
    base = base[:len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path) -> set[str]:
    """Every module of the package that ``path`` imports, anywhere in it: a name
    imported from a package counts as that package's submodule when it is one."""
    module = _name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(t for alias in node.names if (t := _target(alias.name)))
        elif isinstance(node, ast.ImportFrom):
            target = _target(_absolute(module, node))
            if target is None:
                continue
            for alias in node.names:
                sub = alias.name if target == "__init__" else f"{target}.{alias.name}"
                found.add(sub if sub in _known() else target)
    found.discard(module)
    return found


@cache
def import_graph() -> dict[str, frozenset[str]]:
    return {_name(path): frozenset(imports_of(path)) for path in _modules()}


def circles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # iterative, so that a long chain of imports does not reach Python's limit
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _layer(module: str) -> str:
    return module.split(".")[0]


def _is_under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_no_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{_name(path)} has {lines} lines: split it along a concept"


@pytest.mark.slow
def test_no_circle_of_imports() -> None:
    """Not even through an import inside a function: a module that needs another
    only when a function runs still needs it."""
    assert circles(import_graph()) == []


@pytest.mark.parametrize("path", [p for p in _modules()
                                  if _layer(_name(p)) in ALLOWED
                                  and _name(p) not in LEAVES], ids=_name)
def test_a_layer_imports_only_the_layers_under_it(path: Path) -> None:
    module = _name(path)
    allowed = ALLOWED[_layer(module)] + LEAVES
    wrong = sorted(name for name in imports_of(path) if not _is_under(name, allowed))
    assert not wrong, f"{module} imports {wrong}"


def test_every_module_is_in_a_layer() -> None:
    assert {_layer(name) for name in _known()} - set(ALLOWED) == {"__main__", "version"}


#: The floors under the audit: they import no leaf of a higher floor either (the
#: options' vocabularies, the escapers), which would tie reading a log to the command
#: line or to a report's output.
GROUND_FLOORS = ("model", "reading", "judging")


@pytest.mark.parametrize("path", [p for p in _modules() if _layer(_name(p)) in GROUND_FLOORS],
                         ids=_name)
def test_the_ground_floors_import_no_leaf_from_above(path: Path) -> None:
    module = _name(path)
    upward = sorted(name for name in imports_of(path)
                    if name in LEAVES and name != "version")
    assert not upward, f"{module} imports {upward} from a higher floor"


@pytest.mark.parametrize("leaf", LEAVES)
def test_the_shared_leaves_import_nothing_of_the_package(leaf: str) -> None:
    path = PACKAGE.joinpath(*leaf.split(".")).with_suffix(".py")
    assert imports_of(path) == set()


def _room(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "judging" or len(parts) < 2:
        return None
    return JUDGING_ROOMS.index(parts[1])


def test_judging_is_grouped_in_rooms() -> None:
    """No module lies loose in ``judging/``: each is in a room of JUDGING_ROOMS."""
    loose = sorted(path.name for path in (PACKAGE / "judging").glob("*.py")
                   if path.name != "__init__.py")
    assert loose == []
    rooms = {path.name for path in (PACKAGE / "judging").iterdir()
             if (path / "__init__.py").is_file()}
    assert rooms == set(JUDGING_ROOMS)


@pytest.mark.parametrize("path", sorted((PACKAGE / "judging").rglob("*.py")), ids=_name)
def test_a_room_of_judging_imports_only_the_rooms_under_it(path: Path) -> None:
    module = _name(path)
    room = _room(module)
    if room is None:  # the package itself
        assert imports_of(path) == set()
        return
    above = sorted(name for name in imports_of(path)
                   if (other := _room(name)) is not None and other > room)
    assert not above, f"{module} imports {above}, in rooms above its own"


def test_only_the_library_sits_at_the_top_of_the_package() -> None:
    top = {path.stem for path in PACKAGE.glob("*.py")}
    assert top == {"__init__", "__main__", "api", "dask_audit", "version"}


# --- the scan itself ------------------------------------------------------------------


def test_the_scan_sees_imports_inside_functions_and_for_types() -> None:
    """``pipeline`` imports the process pool only inside a function, and the JSON Lines
    chunks also for its types; the package's ``__init__`` loads the API on first use."""
    assert "audit.pipeline" in imports_of(PACKAGE / "api.py")
    pipeline = imports_of(PACKAGE / "audit" / "pipeline.py")
    assert {"reading.json_games", "audit.parallel"} <= pipeline
    assert "api" in imports_of(PACKAGE / "__init__.py")


def test_the_scan_sees_a_circle() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}),
             "d": frozenset({"a"})}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": frozenset({"b"}), "b": frozenset()}) == []


def test_the_scan_resolves_a_submodule_imported_from_its_package() -> None:
    """``from scala40cli.model import results`` is an import of ``model.results``."""
    assert "model.results" in imports_of(PACKAGE / "audit" / "pipeline.py")


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


def test_every_compiled_module_exists() -> None:
    """A module moved without its entry in hatch_build.py would silently stay Python."""
    missing = [name for name in _compiled_modules()
               if not (PACKAGE / f"{name}.py").is_file()]
    assert missing == []


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

"""The project configuration of ``scala40 replay``: ``[tool.scala40]`` in ``pyproject.toml``.

As ruff and mypy do, the configuration is found from the current folder upwards: the
first ``pyproject.toml`` holding a ``[tool.scala40]`` table, looking no higher than the
root of the repository (a folder holding ``.git``) or of the file system. ``--config
PATH`` names the file instead (a ``pyproject.toml``, or any TOML file whose top level
is the table). The command line, and then the ``SCALA40_*`` environment variables, win
over the file; the file wins over the built-in defaults::

    [tool.scala40]
    rules = "scala50"                 # a preset, or a rules file (relative to this file)
    set = { opening_points = 60 }     # switches over it, as --set
    format = "text"                   # as --format
    select = ["T", "S"]               # as --select: codes or prefixes
    ignore = ["T004"]                 # as --ignore
    exclude = ["drafts/**", "*.tmp.s40"]  # files a folder or pattern is not to audit
    color = "auto"                    # as --color
    jobs = 2                          # as --jobs

The file is read with :mod:`tomllib` only: nothing in it can run code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scala40cli.audit.exclusions import Exclusions

PYPROJECT = "pyproject.toml"
#: Keys of ``[tool.scala40]`` and the kind of value each takes, in words.
KEYS = {
    "rules": "a preset name or the path of a rules file",
    "set": "a table of rule switches",
    "format": "a report format",
    "select": "a list of codes",
    "ignore": "a list of codes",
    "exclude": "a list of file patterns",
    "color": "auto, always or never",
    "jobs": "a whole number of at least 1",
}


class ConfigError(ValueError):
    """A configuration that cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Config:
    """The settings of one configuration file (all empty when there is none)."""

    path: Path | None = None
    rules: str | None = None
    sets: tuple[str, ...] = ()
    format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    color: str | None = None
    jobs: int | None = None

    @property
    def exclusions(self) -> Exclusions:
        """The ``exclude`` patterns, matched relative to the configuration's folder."""
        return Exclusions(self.exclude, None if self.path is None else self.path.parent)

    def excludes(self, path: str) -> bool:
        """Does an ``exclude`` pattern match ``path``: the path as given, relative to
        the configuration's folder, or any tail of its folders and name?"""
        return self.exclusions.excludes(path)


def find_config(start: Path | None = None) -> Path | None:
    """The ``pyproject.toml`` with a ``[tool.scala40]`` table nearest above ``start``."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        file = candidate / PYPROJECT
        if file.is_file() and _has_table(file):
            return file
        if (candidate / ".git").exists():
            return None
    return None


def _has_table(file: Path) -> bool:
    import tomllib  # here: most runs find no pyproject.toml to read

    try:
        document = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False  # not ours to judge unless named by --config
    tool = document.get("tool")
    return isinstance(tool, dict) and isinstance(tool.get("scala40"), dict)


def load_config(path: str | Path | None = None, *, start: Path | None = None) -> Config:
    """The configuration named by ``--config``, or found from ``start`` upwards."""
    file = Path(path) if path is not None else find_config(start)
    if file is None:
        return Config()
    import tomllib

    try:
        document = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {file}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{file} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{file} is not valid TOML: {error}") from None
    tool = document.get("tool")
    table = tool.get("scala40") if isinstance(tool, dict) else None
    if table is None:
        if file.name == PYPROJECT:
            raise ConfigError(f"{file} has no [tool.scala40] table")
        table = document
    if not isinstance(table, dict):
        raise ConfigError(f"[tool.scala40] in {file} must be a table")
    return _config(table, file)


def _config(table: Mapping[str, object], file: Path) -> Config:
    where = f"[tool.scala40] in {file}" if file.name == PYPROJECT else str(file)
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"unknown key {unknown[0]!r} in {where}; the keys are "
                          f"{', '.join(KEYS)}")

    def wrong(key: str) -> ConfigError:
        return ConfigError(f"{key} in {where} must be {KEYS[key]}, not {table[key]!r}")

    rules = table.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise wrong("rules")
    if isinstance(rules, str) and rules.lower().endswith((".toml", ".json")):
        rules = str(file.parent / rules)  # a rules file is found beside the configuration
    sets = table.get("set", {})
    if not isinstance(sets, dict) or not all(
            isinstance(v, str | int) and not isinstance(v, bool) for v in sets.values()):
        raise wrong("set")
    jobs = table.get("jobs")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise wrong("jobs")
    color = table.get("color")
    if color is not None and color not in ("auto", "always", "never"):
        raise wrong("color")
    report_format = table.get("format")
    if report_format is not None and not isinstance(report_format, str):
        raise wrong("format")
    return Config(path=file, rules=rules, sets=tuple(f"{k}={v}" for k, v in sets.items()),
                  format=report_format, select=_strings(table, "select", wrong),
                  ignore=_strings(table, "ignore", wrong),
                  exclude=_strings(table, "exclude", wrong), color=color, jobs=jobs)


def _strings(table: Mapping[str, object], key: str,
             wrong: Callable[[str], ConfigError]) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise wrong(key)
    return tuple(value)

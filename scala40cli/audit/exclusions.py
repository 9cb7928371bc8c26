"""The files an audit leaves out of what a folder or a pattern brings: the
``exclude`` patterns of the configuration (``[tool.scala40]``).

Apart from :mod:`scala40cli.audit.sources`, so that reading the configuration loads
nothing of the audit itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from scala40cli.reading.inputs import Missing


@dataclass(frozen=True, slots=True)
class Exclusions:
    """File patterns a folder or a pattern is not to bring (``exclude`` of the
    configuration), matched against a path as given, relative to ``base`` (the
    configuration's folder), or any tail of its folders and name."""

    patterns: tuple[str, ...] = ()
    base: Path | None = None

    def excludes(self, path: str) -> bool:
        """Does a pattern match ``path``? A pattern matches a file, or a folder and so
        everything below it."""
        if not self.patterns:
            return False
        candidates = {PurePosixPath(path).as_posix()}
        if self.base is not None:
            try:
                relative = Path(path).resolve().relative_to(self.base.resolve())
                candidates.add(relative.as_posix())
            except ValueError:
                pass
        for candidate in list(candidates):
            parts = candidate.split("/")
            candidates.update("/".join(parts[i:]) for i in range(1, len(parts)))
        patterns = [pattern.removeprefix("./").rstrip("/") for pattern in self.patterns]
        return any(fnmatchcase(candidate, pattern) or fnmatchcase(candidate, pattern + "/*")
                   for pattern in patterns for candidate in candidates)

    def keeps(self, item: str | Missing, named: set[str]) -> bool:
        """Is ``item``, found for the arguments ``named``, to be read? An argument that
        names nothing, and a file named itself, always are."""
        return isinstance(item, Missing) or item in named or not self.excludes(item)

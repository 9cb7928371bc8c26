"""What the package ships: its licence, its type hints (py.typed), its metadata."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_mit_with_the_project_copyright() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The scala40 developers\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_pyproject_names_the_licence_as_spdx() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    # SPDX license expressions (PEP 639) need hatchling 1.27 or later
    assert PYPROJECT["build-system"]["requires"] == ["hatchling>=1.27"]
    assert "LICENSE" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_the_package_is_marked_typed() -> None:
    """PEP 561: py.typed in the package tells type checkers to read its hints; the wheel
    takes every file of the package folder."""
    assert (ROOT / "scala40cli" / "py.typed").is_file()
    assert (ROOT / "scala40" / "py.typed").is_file()  # the alias package of the API
    assert PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "scala40cli", "scala40"]


@pytest.mark.slow
def test_the_built_wheel_holds_py_typed_the_licence_and_its_metadata(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
         str(ROOT)],
        capture_output=True, text=True, check=False, timeout=600)
    assert built.returncode == 0, built.stderr
    [wheel] = tmp_path.glob("scala40-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        [metadata] = [name for name in names if name.endswith(".dist-info/METADATA")]
        fields = archive.read(metadata).decode("utf-8").split("\n\n")[0].splitlines()
        [licence] = [name for name in names if name.endswith(".dist-info/licenses/LICENSE")]
        shipped = archive.read(licence).decode("utf-8")
    assert "scala40cli/py.typed" in names
    assert {"scala40/__init__.py", "scala40/py.typed"} <= set(names)  # `import scala40`
    assert "scala40cli/grammar/scala40.lark" in names
    assert {"scala40cli/docs/decisions.md", "scala40cli/docs/rules.md",
            "scala40cli/docs/log-format.md"} <= set(names)  # what `scala40 explain` quotes
    assert {"scala40cli/schemas/show.schema.json", "scala40cli/viewing/assets/viewer.js",
            "scala40cli/viewing/assets/viewer.css"} <= set(names)  # the viewer's page
    assert {f"scala40cli/translation/locale/{language}/{domain}.po"
            for language in ("it", "fr") for domain in ("messages", "explanations", "reports")
            } <= set(names)  # the referee's words in Italian and French
    assert "License-Expression: MIT" in fields
    assert "License-File: LICENSE" in fields
    assert shipped == (ROOT / "LICENSE").read_text(encoding="utf-8")

"""Run ``scala40`` in a fresh process and measure its peak memory.

The peak is the process's own high-water mark (``VmHWM`` of /proc/self/status), not
``ru_maxrss``: Linux keeps ``ru_maxrss`` across ``exec``, and Python starts a child with
``vfork``, so a child's ``ru_maxrss`` starts at the peak of the test process that
spawned it (hundreds of MB late in a test run). ``VmHWM`` belongs to the new program.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CODE = """
import sys
from scala40cli.cli.main import main
try:
    main()
except SystemExit as done:
    status = done.code
with open("/proc/self/status", encoding="ascii") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM:"))
print("peak-kb", peak, file=sys.stderr)
sys.exit(status)
"""


#: The program :func:`run_measured` runs (``python -c PROGRAM ARGS``), for a test that
#: starts the process itself (to feed its standard input through a pipe, say).
PROGRAM = _CODE


def split_peak(stderr: str) -> tuple[str, int]:
    """The standard error of :data:`PROGRAM` without its last line, and the peak (KB)
    that line gives."""
    rest, _, peak = stderr.rpartition("peak-kb ")
    return rest, int(peak)


@dataclass(frozen=True)
class Run:
    status: int
    stdout: str
    stderr: str
    peak_kb: int


def run_measured(*args: str, stdout_to: Path | None = None) -> Run:
    """``scala40 ARGS`` in a new process: exit status, output and peak memory (KB).
    With ``stdout_to``, standard output goes to that file (and ``stdout`` is empty)."""
    out = stdout_to.open("w", encoding="utf-8") if stdout_to else subprocess.PIPE
    try:
        completed = subprocess.run([sys.executable, "-c", _CODE, *args], cwd=ROOT,
                                   stdout=out, stderr=subprocess.PIPE, text=True,
                                   check=False)
    finally:
        if stdout_to:
            out.close()  # type: ignore[union-attr]
    stderr, peak = split_peak(completed.stderr)
    return Run(completed.returncode, completed.stdout or "", stderr, peak)

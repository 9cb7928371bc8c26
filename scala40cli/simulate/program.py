"""An outside program at the table: started, spoken to one JSON line at a time, stopped.

:class:`Program` owns the child process of one outside seat. It never blocks the
match: every answer is awaited with a deadline (``selectors`` on the program's standard
output), its standard error is drained by a thread so a chatty program cannot fill the
pipe and stall, and :meth:`Program.stop` ends the whole process group (a shell script's
children too). What a line means is :mod:`~scala40cli.simulate.protocol`'s business.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

#: The longest answer line read (a move is a few dozen bytes).
MAX_LINE = 64 * 1024
#: Lines of the program's standard error kept, to show when it dies.
STDERR_KEPT = 20


class ProgramFailed(Exception):
    """The program did not answer: it died, stayed silent past the deadline, or wrote a
    line that is not one JSON object. ``restart`` says whether it must be started afresh
    (its output can no longer be trusted to be in step with the table)."""

    def __init__(self, reason: str, *, restart: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.restart = restart


class Program:
    """One outside program, started lazily by :meth:`send` (see the module docstring)."""

    def __init__(self, command: str, *, timeout: float) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("an empty command")
        self.timeout = timeout
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._stderr: deque[str] = deque(maxlen=STDERR_KEPT)
        self._drainer: threading.Thread | None = None
        #: When a list: every message each way, ("table" or "program", message), for
        #: the tests and the documented exchange.
        self.transcript: list[tuple[str, dict[str, object]]] | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the program in a process group of its own."""
        try:
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)
        except OSError as error:
            raise ProgramFailed(f"cannot start {self.argv[0]!r}: "
                                f"{error.strerror or error}", restart=True) from None
        self._buffer = b""
        stderr = self._process.stderr
        assert stderr is not None
        self._drainer = threading.Thread(target=self._drain, args=(stderr,), daemon=True)
        self._drainer.start()

    def _drain(self, stream: Any) -> None:
        for raw in iter(stream.readline, b""):
            self._stderr.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def send(self, message: dict[str, object]) -> None:
        """Write one message; a program that is gone fails with ProgramFailed."""
        if self._process is None:
            self.start()
        process = self._process
        assert process is not None and process.stdin is not None
        if self.transcript is not None:
            self.transcript.append(("table", message))
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            process.stdin.write(line.encode("utf-8"))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise ProgramFailed(self._gone(), restart=True) from None

    def receive(self) -> dict[str, object]:
        """The next line as a JSON object, within the deadline, or ProgramFailed."""
        line = self._read_line()
        try:
            value = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            shown = line[:80].decode("utf-8", "replace")
            raise ProgramFailed(f"answered a line that is not JSON: {shown!r}",
                                restart=False) from None
        if not isinstance(value, dict):
            raise ProgramFailed("answered JSON that is not an object", restart=False)
        if self.transcript is not None:
            self.transcript.append(("program", value))
        return value

    def _read_line(self) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        stdout = process.stdout
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    raise ProgramFailed(f"answered a line longer than {MAX_LINE} bytes",
                                        restart=True)
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise ProgramFailed(f"no answer within {self.timeout:g} s "
                                        "(--move-timeout)", restart=True)
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise ProgramFailed(self._gone(), restart=True)
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _gone(self) -> str:
        process = self._process
        code: int | None = None
        if process is not None:
            try:
                code = process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        said = f"; its last words: {self._stderr[-1]!r}" if self._stderr else ""
        return f"the program ended (exit status {code}){said}"

    def stop(self) -> None:
        """End the program and everything it started (its process group)."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=0.5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if process.stdout is not None:
            process.stdout.close()
        if self._drainer is not None:
            self._drainer.join(timeout=1)
        if process.stderr is not None:
            process.stderr.close()


__all__ = ["MAX_LINE", "Program", "ProgramFailed"]

"""An outside program at the table: started, spoken to one JSON line at a time, stopped.

:class:`Program` owns the child process of one outside seat. It never blocks the
match, and nothing the program starts can make it wait:

- every line is awaited with a deadline (``selectors`` on the raw pipes, never a
  blocking read), and its standard error is drained while the table waits for a
  line, so a chatty program cannot fill that pipe and stall;
- :meth:`Program.stop` ends the program's process group (a shell script's children
  too) and every process it started that is still its descendant (found in
  ``/proc`` before the kill, on Linux, so a child that left the group with
  ``setsid`` is stopped as well), then closes the pipes without reading them to
  their end: a process that escaped both (a daemon whose parent has already ended)
  cannot hold the table, it only finds its pipes closed.

What a line means is :mod:`~scala40cli.simulate.protocol`'s business, and which line
answers which ask :mod:`~scala40cli.simulate.asking`'s.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from collections import deque
from pathlib import Path

from scala40cli.reading.json_objects import key_written_twice

#: The longest answer line read (a move is a few dozen bytes).
MAX_LINE = 64 * 1024
#: Lines of the program's standard error kept, to show when it dies.
STDERR_KEPT = 20
#: The most read at once of what a program wrote before an ask (all of it dropped).
DRAINED = 1024 * 1024
#: Seconds a program is given to end on its own once its input is closed.
GRACE = 0.2


def cannot_start(command: str) -> str | None:
    """Why ``command`` cannot start at all (no such program, a quote left open), in
    words, or None when it may. Asked once, before any match: a typo in a program's
    path is then said at once, not found as a forfeit of every hand it is dealt."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        return f"the command cannot be read: {error}"
    if not argv:
        return "an empty command"
    program = argv[0]
    if os.sep in program or (os.altsep is not None and os.altsep in program):
        if not os.path.isfile(program):
            return f"no program {program!r}"
        return None if os.access(program, os.X_OK) else f"{program!r} is not executable"
    return None if shutil.which(program) else f"no program {program!r} on the PATH"


class ProgramFailed(Exception):
    """The program did not answer: it died, stayed silent past the deadline, or wrote a
    line that is not one JSON object. ``restart`` says whether it must be started afresh
    (its output can no longer be trusted to be in step with the table)."""

    def __init__(self, reason: str, *, restart: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.restart = restart


class _TwiceWritten(ValueError):
    """A key written twice in one object of an answer (its name is the message)."""


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object that writes no key twice (:func:`key_written_twice`), so
    ``{"move": "draw", "move": "take"}`` is no answer."""
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _TwiceWritten(str(key_written_twice(pairs))[:40])
    return found


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
        self._errors = b""
        self._ended = self._errors_ended = False
        #: The rest of a line begun before an ask was sent is dropped with it.
        self._skip_rest = False
        self._stderr: deque[str] = deque(maxlen=STDERR_KEPT)
        #: When a list: every message each way, ("table" or "program", message), for
        #: the tests and the documented exchange.
        self.transcript: list[tuple[str, dict[str, object]]] | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Start the program in a session (and process group) of its own."""
        try:
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)
        except OSError as error:
            raise ProgramFailed(f"cannot start {self.argv[0]!r}: "
                                f"{error.strerror or error}", restart=True) from None
        self._buffer, self._errors, self._skip_rest = b"", b"", False
        self._ended = self._errors_ended = False
        self._stderr.clear()

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
            self._write(process.stdin.fileno(), line.encode("utf-8"))
        except (BrokenPipeError, OSError):
            raise ProgramFailed(self._gone(), restart=True) from None

    def _write(self, fd: int, data: bytes) -> None:
        """Write ``data`` to the program's standard input within the move timeout. A
        program that reads none of it fills the pipe: a blocking write would wait for
        ever (and the program too, when it writes and the table no longer reads), so
        the write waits at most the timeout, reading meanwhile what the program writes
        (up to DRAINED bytes: a program that writes while it reads its input slowly is
        not held by the table), then fails."""
        os.set_blocking(fd, False)
        view = memoryview(data)
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while view:
                try:
                    view = view[os.write(fd, view):]
                    continue
                except BlockingIOError:
                    pass
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ProgramFailed("reads none of what the table writes: its standard "
                                        f"input was still full after {self.timeout:g} s "
                                        "(--move-timeout)", restart=True)
                if len(self._buffer) < DRAINED and not self._ended:
                    self._pump(0.0)
                selector.select(min(left, 0.05))

    def receive(self) -> dict[str, object]:
        """The next line as a JSON object, within the move timeout, or ProgramFailed."""
        return self.decode(self.read_line(time.monotonic() + self.timeout))

    def decode(self, line: bytes) -> dict[str, object]:
        """A line read as one JSON object (kept in the transcript), or ProgramFailed."""
        shown = line[:80].decode("utf-8", "replace")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:  # said as such: its JSON may look right
            raise ProgramFailed(f"answered a line that is not UTF-8 (byte "
                                f"0x{line[error.start]:02X} at byte {error.start + 1}): "
                                f"{shown!r}", restart=False) from None
        try:
            value = json.loads(text, object_pairs_hook=_once_each)
        except _TwiceWritten as twice:
            raise ProgramFailed(f"answered a JSON object with the key {str(twice)!r} written "
                                f"twice (one move to one reader, another to the next): "
                                f"{shown!r}", restart=False) from None
        except ValueError:
            raise ProgramFailed(f"answered a line that is not JSON: {shown!r}",
                                restart=False) from None
        if not isinstance(value, dict):
            raise ProgramFailed("answered JSON that is not an object", restart=False)
        if self.transcript is not None:
            self.transcript.append(("program", value))
        return value

    # --- reading -------------------------------------------------------------------------

    def drain(self) -> list[bytes]:
        """The lines the program has written so far, read without waiting: written
        before the table's next message, they answer nothing it is about to ask. A
        line not ended yet is among them, and its rest is dropped when it comes."""
        if self._process is None:
            return []
        for _ in range(DRAINED // 65536):  # what the pipe holds, and no flood beyond
            if not self._pump(0.0) or self._ended:
                break
        lines = self._take_lines()
        if self._buffer:
            lines.append(self._buffer)
            self._buffer, self._skip_rest = b"", True
        return lines

    def read_line(self, deadline: float) -> bytes:
        """The next line by ``deadline`` (``time.monotonic()``), or ProgramFailed."""
        process = self._process
        assert process is not None
        while True:
            lines = self._take_lines(1)
            if lines:
                return lines[0]
            if len(self._buffer) > MAX_LINE:
                raise ProgramFailed(f"answered a line longer than {MAX_LINE} bytes",
                                    restart=True)
            if self._ended:
                raise ProgramFailed(self._gone(), restart=True)
            left = deadline - time.monotonic()
            if left <= 0 or not self._pump(left):
                raise ProgramFailed(f"no answer within {self.timeout:g} s "
                                    "(--move-timeout)", restart=True)

    def _take_lines(self, most: int = -1) -> list[bytes]:
        lines: list[bytes] = []
        while b"\n" in self._buffer and most != 0:
            line, _, self._buffer = self._buffer.partition(b"\n")
            if self._skip_rest:
                self._skip_rest = False
                continue
            lines.append(line)
            most -= 1
        return lines

    def _pump(self, wait: float) -> bool:
        """Read what the program's pipes hold, waiting up to ``wait`` seconds for
        something to come on standard output (standard error is read meanwhile);
        whether anything came there (or it ended)."""
        process = self._process
        assert process is not None and process.stdout is not None
        end = time.monotonic() + wait
        with selectors.DefaultSelector() as selector:
            if not self._ended:
                selector.register(process.stdout, selectors.EVENT_READ)
            if process.stderr is not None and not self._errors_ended:
                selector.register(process.stderr, selectors.EVENT_READ)
            while selector.get_map():
                ready = selector.select(max(0.0, end - time.monotonic()))
                came = False
                for key, _ in ready:
                    chunk = os.read(key.fd, 65536)
                    if key.fileobj is process.stdout:
                        came = True
                        self._buffer += chunk
                        self._ended = not chunk
                    elif chunk:
                        self._keep_errors(chunk)
                    else:
                        self._errors_ended = True
                    if not chunk:
                        selector.unregister(key.fileobj)
                if came:
                    return True
                if not ready or time.monotonic() >= end:
                    return False
        return self._ended

    def _keep_errors(self, chunk: bytes) -> None:
        """Keep the last lines of standard error (what a dying program said)."""
        self._errors = (self._errors + chunk)[-MAX_LINE:]
        *lines, self._errors = self._errors.split(b"\n")
        self._stderr.extend(line.decode("utf-8", "replace") for line in lines)

    def _gone(self) -> str:
        process = self._process
        code: int | None = None
        if process is not None:
            try:
                code = process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            with contextlib.suppress(OSError, ValueError):
                self._pump(0.0)
        said = f"; its last words: {self._stderr[-1]!r}" if self._stderr else ""
        return f"the program ended (exit status {code}){said}"

    # --- stopping ------------------------------------------------------------------------

    def stop(self) -> None:
        """End the program and everything it started (see the module docstring)."""
        process, self._process = self._process, None
        if process is None:
            return
        started = descendants(process.pid)  # while they are still its descendants
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=GRACE)
        started += descendants(process.pid)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        for pid in started:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def descendants(pid: int) -> list[int]:
    """Every process whose chain of parents leads to ``pid`` (Linux's ``/proc``;
    elsewhere none are found and the process group alone is stopped)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


__all__ = ["MAX_LINE", "Program", "ProgramFailed", "descendants"]

"""Worker processes forked from this one, fed messages (bytes) through pipes (``--jobs``).

A :class:`Workers` forks its processes once; each answers the messages it is sent, one
answer a message, in order. This process never blocks on a pipe but to wait for an
answer it needs: it writes and reads what the pipes take between its own work
(:meth:`Workers.pump`), so a worker busy writing a long answer and this process
sending it more can never wait on each other.

It is lean on purpose. A ``concurrent.futures`` pool starts two threads here, and
every message then wakes a thread on the other core, which a virtual machine pays for
dearly; a process with threads also makes each page it copies after the fork flush
the other core's cache of the page tables. Here one thread does it all, and a message
costs a write and a read.

Each worker gets at most :data:`SENT_AHEAD` messages at a time; what is submitted
beyond waits here, where it can be taken back (:meth:`Workers.take_back`) and done
by this process when the workers are behind. SIGINT and SIGTERM wait while the
workers fork or are killed (:mod:`scala40cli.audit.signals`), so that this process's
handlers never run in a worker and a stop finds every worker to kill. It needs
``os.fork``: where the system has none, :data:`CAN_FORK` is false and the caller
works alone.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import struct
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

from scala40cli.audit.signals import stops_deferred

try:
    import fcntl
except ImportError:  # not a POSIX system: no fork either
    fcntl = None  # type: ignore[assignment]

#: A message's length, before it: 8 bytes, little-endian.
HEADER = struct.Struct("<Q")
#: Messages sent to a worker and not yet answered, at most: the one it works on and the
#: next, so it never waits for this process between two.
SENT_AHEAD = 2
#: The capacity asked for each pipe (Linux; the system's default elsewhere): room for a
#: whole batch of logs, so that a message goes in one write and comes out in one read.
PIPE_SIZE = 1 << 20
#: Whether workers can be forked here at all.
CAN_FORK = hasattr(os, "fork")


class WorkerLost(Exception):
    """A worker process ended while it judged (killed by the system, out of memory...)."""

    def __str__(self) -> str:
        return ("a worker process stopped unexpectedly (killed by the system, perhaps "
                "out of memory): the run is incomplete")


class Job:
    """What a worker is to do (``payload``, made into a message only when it is sent, and
    dropped then: one taken back before costs nothing to send, and a batch sent is not
    held here), then its answer once the worker has sent it."""

    __slots__ = ("answer", "payload", "worker")

    def __init__(self, payload: Any, worker: _Worker) -> None:
        self.payload = payload
        self.worker = worker
        self.answer: bytearray | None = None


class _Worker:
    """One forked process, the two pipes to it, and the jobs it has and will have."""

    __slots__ = ("_got", "_header", "_incoming", "_outgoing", "encode", "from_worker",
                 "pid", "queued", "sent", "to_worker")

    pid: int
    to_worker: int  # this process's ends of the pipes: non-blocking
    from_worker: int

    def __init__(self, serve: Callable[[bytes], bytes], start: Callable[[], None],
                 encode: Callable[[Any], bytes], others: list[_Worker],
                 mask: Iterable[int] | None) -> None:
        """Fork the worker; SIGINT and SIGTERM are held meanwhile, and ``mask`` is the
        signal mask to go back to (in the worker once ``start`` has set its handlers)."""
        down_read, down_write = os.pipe()
        up_read, up_write = os.pipe()
        for descriptor in (down_write, up_write):
            _widen(descriptor)
        inherited = [down_write, up_read]
        for other in others:
            inherited += [other.to_worker, other.from_worker]
        pid = os.fork()
        if pid == 0:  # the worker: it never returns from here
            _worker_main(serve, start, down_read, up_write, inherited, mask)
        os.close(down_read)
        os.close(up_write)
        os.set_blocking(down_write, False)
        os.set_blocking(up_read, False)
        self.pid = pid
        self.encode = encode
        self.to_worker = down_write
        self.from_worker = up_read
        self.queued: deque[Job] = deque()  # submitted, not sent: can be taken back
        self.sent: deque[Job] = deque()  # sent, waiting for their answers in this order
        self._outgoing: deque[memoryview] = deque()
        self._header = bytearray(HEADER.size)
        self._incoming: bytearray | None = None  # the answer being read, once its size is
        self._got = 0  # bytes of the header, or of the answer, read so far

    def load(self) -> int:
        """Jobs given to it and not answered."""
        return len(self.queued) + len(self.sent)

    def pump(self) -> None:
        """Send what it has room for and read what it has answered, without waiting."""
        while self.queued and len(self.sent) < SENT_AHEAD:
            job = self.queued.popleft()
            message = self.encode(job.payload)
            self._outgoing.append(memoryview(HEADER.pack(len(message))))
            self._outgoing.append(memoryview(message))
            job.payload = None
            self.sent.append(job)
        self._write()
        self._read()

    def wants_to_write(self) -> bool:
        return bool(self._outgoing)

    def _write(self) -> None:
        outgoing = self._outgoing
        while outgoing:
            try:
                written = os.write(self.to_worker, outgoing[0])
            except BlockingIOError:
                return
            except BrokenPipeError:
                raise WorkerLost from None
            if written < len(outgoing[0]):
                outgoing[0] = outgoing[0][written:]
                return
            outgoing.popleft()

    def _read(self) -> None:
        while True:
            target = self._header if self._incoming is None else self._incoming
            if self._got < len(target):
                try:
                    count = os.readv(self.from_worker, [memoryview(target)[self._got:]])
                except BlockingIOError:
                    return
                if count == 0:  # the worker is gone: it answers until this side closes
                    raise WorkerLost
                self._got += count
                if self._got < len(target):
                    continue
            if self._incoming is None:  # a header: the answer's size
                self._incoming, self._got = bytearray(HEADER.unpack(self._header)[0]), 0
                continue
            if not self.sent:  # an answer to nothing: not a worker of ours any more
                raise WorkerLost
            self.sent.popleft().answer = self._incoming
            self._incoming, self._got = None, 0

    def close(self) -> None:
        """Let it finish (it ends once its pipe closes) and reap it."""
        self.to_worker = _closed(self.to_worker)
        self._reap()
        self.from_worker = _closed(self.from_worker)

    def kill(self) -> None:
        """End it now, and reap it."""
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self._reap()
        self.to_worker = _closed(self.to_worker)
        self.from_worker = _closed(self.from_worker)

    def _reap(self) -> None:
        if self.pid:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
            self.pid = 0  # reaped: its number may be another process's now


def _closed(descriptor: int) -> int:
    """Close ``descriptor`` unless it is -1 (closed already), and give -1: a number closed
    may be another file's at once, and must not be closed again."""
    if descriptor >= 0:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    return -1


class Workers:
    """Worker processes (none until :meth:`fork`), each answering a message with
    ``serve(message)``; a job's payload is sent as the message ``encode(payload)``.
    Jobs go to the least busy worker.

    Raises :class:`WorkerLost` from any method when a worker has died. Then, as after
    any error or a stop, the caller ends the others with :meth:`kill`: made before the
    ``try`` whose ``finally`` kills them, this object knows every worker forked."""

    def __init__(self, encode: Callable[[Any], bytes] = bytes) -> None:
        self._encode = encode
        self._workers: list[_Worker] = []

    def fork(self, count: int, serve: Callable[[bytes], bytes],
             start: Callable[[], None]) -> None:
        """Fork ``count`` workers, each running ``start()`` once before it serves.

        SIGINT and SIGTERM are held meanwhile, so that this process's handlers never
        run in a worker, and a stop is raised only once every worker is noted down
        here (``audit/signals.py``)."""
        with stops_deferred() as mask:
            for _ in range(count):
                self._workers.append(
                    _Worker(serve, start, self._encode, self._workers, mask))

    def load(self) -> int:
        """Jobs submitted and not answered."""
        return sum(worker.load() for worker in self._workers)

    def submit(self, payload: Any) -> Job:
        """Give a worker ``payload``, sent as ``encode(payload)`` once it has room."""
        worker = min(self._workers, key=_Worker.load)
        job = Job(payload, worker)
        worker.queued.append(job)
        worker.pump()
        return job

    def take_back(self, job: Job) -> bool:
        """Withdraw ``job`` if no worker has been sent it yet (then the caller does it:
        its ``payload`` is still there)."""
        queued = job.worker.queued
        if job.answer is None and job in queued:
            queued.remove(job)
            return True
        return False

    def pump(self) -> None:
        """Move what the pipes take, both ways, without waiting."""
        for worker in self._workers:
            worker.pump()

    def done(self, job: Job) -> bool:
        if job.answer is None:
            job.worker.pump()
        return job.answer is not None

    def answer(self, job: Job) -> bytearray:
        """The answer to ``job``, waiting for it if need be (and moving the others')."""
        self.pump()
        while job.answer is None:
            self._wait()
            self.pump()
        return job.answer

    def _wait(self) -> None:
        """Sleep until a worker has written to this process or can be written to."""
        poller = select.poll()
        for worker in self._workers:
            poller.register(worker.from_worker, select.POLLIN)
            if worker.wants_to_write():
                poller.register(worker.to_worker, select.POLLOUT)
        poller.poll()

    def close(self) -> None:
        """Every job answered: let the workers end, and reap them (a stop meanwhile
        is raised once they all are)."""
        with stops_deferred():
            for worker in self._workers:
                worker.close()
            self._workers = []

    def kill(self) -> None:
        """End the workers now, whatever they were doing, and reap them (a stop
        meanwhile is raised once they all are)."""
        with stops_deferred():
            for worker in self._workers:
                worker.kill()
            self._workers = []


#: ``fcntl``'s command to set a pipe's capacity, where there is one (Linux).
_SET_PIPE_SIZE: int | None = getattr(fcntl, "F_SETPIPE_SZ", None)


def _widen(descriptor: int) -> None:
    """Ask for :data:`PIPE_SIZE` bytes of pipe where the system lets a process choose
    (a smaller maximum, set by the administrator, leaves the default)."""
    if _SET_PIPE_SIZE is not None:
        with contextlib.suppress(OSError):
            fcntl.fcntl(descriptor, _SET_PIPE_SIZE, PIPE_SIZE)


def _worker_main(serve: Callable[[bytes], bytes], start: Callable[[], None],
                 reading: int, writing: int, inherited: list[int],
                 mask: Iterable[int] | None) -> None:
    """In a worker: answer every message until the pipe closes, then end the process
    (at once: the parent's buffers, exit handlers and ``finally`` blocks are not the
    worker's to run). Signals are held until ``start`` has set the worker's handlers."""
    status = 1
    try:
        for descriptor in inherited:  # the other ends: a pipe ends only when all close
            os.close(descriptor)
        start()
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        with open(reading, "rb") as messages, open(writing, "wb") as answers:
            for message in _messages(messages):
                answer = serve(message)
                answers.write(HEADER.pack(len(answer)))
                answers.write(answer)
                answers.flush()
        status = 0
    finally:
        os._exit(status)


def _messages(stream: BinaryIO) -> Iterator[bytes]:
    """The messages of a worker's pipe, until it is closed."""
    read = stream.read
    while True:
        header = read(HEADER.size)
        if len(header) < HEADER.size:
            return
        size = HEADER.unpack(header)[0]
        message = read(size)
        if len(message) < size:
            return
        yield message

"""Where a bulk audit's records are audited: here, on this machine's cores, or on Dask.

Records are cut into chunks (a few hundred each, so the cost of sending a chunk
to another process stays small beside auditing it) and at most a few chunks per
worker are in flight at once: input is read only as fast as results are
written, so memory stays flat in the number of records. Results come back in
input order whichever worker finishes first.

- ``jobs=1``: in this process, no pool.
- ``jobs>1``: the standard library's process pool, one process per job (an
  input of one chunk or less is audited here: processes would cost more).
- ``dask="local"`` or ``dask="tcp://scheduler:8786"``: a ``dask.distributed``
  cluster (a ``LocalCluster`` of ``jobs`` worker processes, or one already
  running: every worker needs this package installed).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from functools import partial
from itertools import chain, islice
from typing import Any, Protocol

from hearts_referee.languages import SOURCE

from .inputs import Item
from .lines import Outcome, audit_chunk

CHUNK = 250
"""Records per chunk sent to a worker."""
IN_FLIGHT_PER_WORKER = 3
"""Chunks queued per worker: enough to keep it busy, few enough to keep memory flat."""


class CouldNotRun(Exception):
    """The audit could not start (no such cluster, no Dask installed)."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def chunks(items: Iterable[Item], size: int = CHUNK) -> Iterator[list[Item]]:
    """The records, ``size`` at a time, read lazily."""
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


class _Pending(Protocol):
    def result(self) -> list[Outcome]: ...


def _ordered(
    submit: Callable[[list[Item]], _Pending], batches: Iterable[list[Item]], window: int
) -> Iterator[Outcome]:
    """Submit chunks keeping at most ``window`` in flight; yield results in input order."""
    pending: deque[_Pending] = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def local(items: Iterable[Item], jobs: int, chunk: int = CHUNK, language: str = SOURCE) -> Iterator[Outcome]:
    """Audit on this machine: in this process for one job, else on a process pool; the
    explanations in ``language``."""
    batches = chunks(items, chunk)
    audit = partial(audit_chunk, language=language)
    if jobs <= 1:
        for batch in batches:
            yield from audit(batch)
        return
    first = next(batches, None)
    second = next(batches, None)
    if second is None:  # one chunk or less: starting processes would cost more than it saves
        yield from audit(first or [])
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:

        def submit(batch: list[Item]) -> Future[list[Outcome]]:
            return pool.submit(audit_chunk, batch, language)

        ahead = chain((first or [], second), batches)
        yield from _ordered(submit, ahead, jobs * IN_FLIGHT_PER_WORKER)


QUIET_LOGS = {"distributed.admin.low-level-log-length": 0}
"""Without it, ``distributed`` keeps every submitted chunk alive in its scheduler's low-level
event log, and memory grows with every chunk (docs/performance.md, "Why the code is shaped
so"). Set for the client and any local scheduler; a remote scheduler needs it too
(docs/auditing.md, "On a Dask cluster")."""


@contextmanager
def _client(address: str, jobs: int, timeout: float) -> Iterator[Any]:
    try:
        import dask
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise CouldNotRun("Dask is not installed: pip install 'hearts-referee[dask]'") from None
    with dask.config.set(QUIET_LOGS):
        if address == "local":
            cluster = LocalCluster(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None
            )
            with cluster, Client(cluster) as client:
                yield client
            return
        try:
            client = Client(address, timeout=f"{timeout}s")
        except OSError as error:
            raise CouldNotRun(f"no Dask scheduler at {address}: {error}") from None
        with client:
            yield client


def on_dask(
    items: Iterable[Item],
    address: str,
    jobs: int,
    chunk: int = CHUNK,
    timeout: float = 10.0,
    language: str = SOURCE,
) -> Iterator[Outcome]:
    """Audit on a Dask cluster: each chunk a task, at most a few per worker in flight; the
    explanations in ``language``."""
    with _client(address, jobs, timeout) as client:
        workers = max(1, len(client.scheduler_info().get("workers", {})))

        def submit(batch: list[Item]) -> Any:
            return client.submit(audit_chunk, batch, language, pure=False)

        yield from _ordered(submit, chunks(items, chunk), workers * IN_FLIGHT_PER_WORKER)

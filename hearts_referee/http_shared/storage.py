"""Storage faults as answers: 503 with ``Retry-After``, each fault its own problem type.

A full disk, a read-only archive, a write lock held past the wait and a
missing file are the machine's state, not a bug (``usecases.Fault``): the API
answers ``application/problem+json`` and the pages an error page, both 503
with the fault's code as the problem's ``type`` and ``errors[].code``, and
``Retry-After``. Nothing the request sent was stored (the write rolled back),
so it may be sent again as it was; reads that SQLite can still do go on being
answered. The service keeps no state about the fault: the next request tries
the file again, so it recovers by itself once the fault clears. Each fault is
logged as a warning for the operator, with SQLite's or the system's own words.
"""

from __future__ import annotations

from flask import current_app, request
from werkzeug.exceptions import ServiceUnavailable

from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID
from hearts_referee.usecases import Fault, fault_of

RETRY_AFTER = 30
"""Seconds a client is told to wait: an operator freeing space or remounting takes minutes, a
lock held past the busy timeout seconds; a client that retries sooner only gets 503 again."""


class StorageUnavailable(ServiceUnavailable):
    """The archive's storage cannot do what the request needs right now (``fault``)."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(
            SAID.gettext("The archive is unavailable: %(reason)s.", reason=fault.reason),
            retry_after=RETRY_AFTER,
        )
        self.fault = fault
        self.problem_type = fault.value
        self.problems = (Problem("", fault.value, fault.reason),)


def unavailable(error: BaseException) -> StorageUnavailable | None:
    """``error`` as a 503, when it is a storage fault of this app's archive; ``None`` otherwise."""
    fault = fault_of(error, current_app.config["DATABASE"])
    if fault is None:
        return None
    current_app.logger.warning(
        "storage fault %s on %s %s: %s", fault.value, request.method, request.path, error
    )
    return StorageUnavailable(fault)

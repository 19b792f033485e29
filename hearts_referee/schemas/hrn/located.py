"""A hand read from HRN, refused where it was written: the problems of a hand as read, each
with the line and column of the text it is about, for every face that takes HRN (the API,
the pages, the bulk audit).

A hand is taken only whole: an error diagnostic (something written that did not read) is a
problem at the root pointer, at the diagnostic's place, and the referee's problems with what
did read follow, at the places their pointers were written (:meth:`ReadHand.where`), so a
person sees both what the reader left out and what the referee makes of the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hearts_referee.referee.errorcodes import ROOT_POINTER
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.usecases.errors import Rejected

from .reader import ReadHand
from .syntax import Diagnostic

Place = tuple[int, int]
"""A line and a column of the text, from 1."""

Located = tuple[Problem, Place]
"""A problem, and where in the text it is."""


def located(hand: ReadHand, problems: Iterable[Problem]) -> list[Located]:
    """The referee's ``problems`` with ``hand``, each at the place its pointer was written."""
    return [(problem, hand.where(problem.pointer)) for problem in problems]


def unread(
    hand: ReadHand,
    diagnostics: Iterable[Diagnostic],
    load: Callable[[ReadHand], object],
    also: Iterable[Located] = (),
) -> list[Located]:
    """Why ``hand`` cannot be taken as read: its ``error`` diagnostics, then ``also`` (what
    the text says against what a face gives it), then, if there was any, what ``load`` (the
    face's reading of the record: a ``RecordError`` or ``Rejected``) finds wrong with what
    did read. Empty: the hand is whole, for ``load`` to take."""
    found: list[Located] = [
        (Problem(ROOT_POINTER, diagnostic.code, diagnostic.message), (diagnostic.line, diagnostic.column))
        for diagnostic in diagnostics
        if diagnostic.severity == "error"
    ]
    found += also
    if found:
        try:
            load(hand)
        except (RecordError, Rejected) as error:
            found += located(hand, error.problems)
    return found


def of_hand(diagnostics: Iterable[Diagnostic], index: int) -> list[Diagnostic]:
    """The diagnostics of the ``index``-th hand of a reading."""
    return [diagnostic for diagnostic in diagnostics if diagnostic.hand == index]


__all__ = ["Located", "Place", "located", "of_hand", "unread"]

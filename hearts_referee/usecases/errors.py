"""What a use case refuses, as values each face turns into its own error shape.

- ``Rejected`` (422): the request can never be accepted as it stands; every
  problem is listed with a JSON pointer into what was sent.
- ``NotFound`` (404): no such hand, game or key, or none this key may see;
  the two read alike, so a key learns nothing about what it may not see.
- ``Conflict`` (409): the request no longer fits what is stored;
  ``Unchanged`` (409, its own problem type) is a decision that would change
  nothing for its ruling as it stands now (``rulings.life.unchanged``).
- ``Forbidden`` (403): the key's role may not do this at all.

A hand record that cannot have happened is ``referee.RecordError`` (422).
"""

from __future__ import annotations

from collections.abc import Iterable

from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import SAID
from hearts_referee.stored.errors import ArchiveError, Conflict, NotFound

NOT_AS_IT_STANDS = SAID.gettext("The request cannot be accepted as it stands; see errors.")


class Rejected(ValueError):
    """A well-formed request that cannot be accepted; ``problems`` say why and where."""

    def __init__(
        self,
        problems: Iterable[Problem],
        detail: str = NOT_AS_IT_STANDS,
    ) -> None:
        self.problems = tuple(problems)
        self.detail = detail
        super().__init__("; ".join(f"{shown_pointer(p.pointer)}: {p.message}" for p in self.problems))


class Unchanged(Conflict):
    """A decision that changes nothing for its ruling as the hand stands now (the same
    decision again, a waive with no penalty to waive, an adjustment of no points)."""

    problem_type = "decision_changes_nothing"

    def __init__(self, hand_id: int, problem: Problem) -> None:
        super().__init__(
            SAID.gettext(
                "Hand %(hand)s: the decision would change nothing (%(why)s); nothing was recorded.",
                hand=hand_id,
                why=problem.message,
            ),
            [problem],
        )


class Forbidden(PermissionError):
    """The key's role may not do this, whatever it is done to; ``problems`` point at the
    part of the request it may not send, when only a part is forbidden (a scorer's
    ``irregularities``)."""

    def __init__(self, detail: str, problems: Iterable[Problem] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.problems = tuple(problems)


__all__ = ["ArchiveError", "Conflict", "Forbidden", "NotFound", "RecordError", "Rejected", "Unchanged"]

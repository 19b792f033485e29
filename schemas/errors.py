"""The 422 for request bodies other than a hand record (games, decisions, signatures, keys).

Same shape as ``referee.RecordError`` (every problem, each with a JSON
pointer into the body) but its own ``detail``: a decision naming a ruling
the hand does not have is not "a record that cannot have happened".
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.record import Problem


class Unprocessable(ValueError):
    """A well-formed JSON body that cannot be accepted; ``problems`` say why and where."""

    def __init__(
        self,
        problems: Iterable[Problem],
        detail: str = "The request cannot be accepted as it stands; see errors.",
    ) -> None:
        self.problems = tuple(problems)
        self.detail = detail
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message}" for p in self.problems))

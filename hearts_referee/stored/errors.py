"""What the archive refuses, as values each face turns into its own error shape.

``NotFound`` names what is missing; ``Conflict`` is a request that was fine
when it was sent but no longer fits what is stored (another hand got there
first). The use-case layer raises the same two for its own reasons (a game
that is over, a hand a key may not see), with the same wording, so that a
hand a key may not see and a hand that does not exist answer alike.

They live with the stored values, not in ``archive``, so that a use case can
name them without loading storage (and sqlite-utils): a bulk audit of files
imports the use-case errors and never opens an archive.
"""

from __future__ import annotations

from collections.abc import Iterable

from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID


class ArchiveError(Exception):
    """Base of the archive's refusals; ``problems`` locate them in the request body."""

    def __init__(self, detail: str, problems: Iterable[Problem] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.problems = tuple(problems)


class NotFound(ArchiveError):
    """No such hand, game or key (or none this key may see)."""

    @classmethod
    def hand(cls, hand_id: int) -> NotFound:
        return cls(SAID.gettext("No hand %(hand)s.", hand=hand_id))

    @classmethod
    def game(cls, game_id: int) -> NotFound:
        return cls(SAID.gettext("No game %(game)s.", game=game_id))

    @classmethod
    def event(cls, event_id: int) -> NotFound:
        return cls(SAID.gettext("No event %(event)s.", event=event_id))

    @classmethod
    def key(cls, key_id: int) -> NotFound:
        return cls(SAID.gettext("No key %(key)s.", key=key_id))

    @classmethod
    def pairing(cls, pairing_id: int) -> NotFound:
        return cls(SAID.gettext("No phone pairing %(pairing)s.", pairing=pairing_id))


class Conflict(ArchiveError):
    """The request no longer fits the archive's state (a lost race, a finished game)."""

    @classmethod
    def position_taken(cls, game_id: int, seq: int) -> Conflict:
        return cls(
            SAID.gettext(
                "Another hand became position %(position)s of game %(game)s first; "
                "read the game again and resend this hand if it still belongs there.",
                position=seq,
                game=game_id,
            ),
            [
                Problem(
                    "",
                    "concurrent_append",
                    SAID.gettext("position %(position)s was taken meanwhile", position=seq),
                )
            ],
        )

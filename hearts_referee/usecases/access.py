"""Who may do what: the one access rule, for every face (API, pages, command line).

Two questions, each answered here and nowhere else:

1. May this key's role do this at all? (:func:`require`; 403 when not.)
2. May this key send what it sends? Irregularities reach the archive only from a
   director's key (:func:`require_to_report`): the schedule prices them as penalties.
3. May this key see this hand or game? A scorer sees the games and hands
   its own key created, by key id, and every hand of a game it started;
   at an event, the games of its tables too when the event names the key
   among its ``scorers`` (set when the event is created, or by a
   ``scorers`` override logged with its reason): there the scoring app
   submits, signs and reads as if it had started the game;
   auditors and directors see everything; an admin manages keys and reads
   nothing. A hand or game a key may not see is reported exactly as a
   missing one (:func:`visible_hand`, :func:`visible_game`). An event
   (its players, pairings and standings) is posted for everyone at it: every
   key that reads the archive sees every event (:func:`visible_event`); only
   a director runs one (``events``: create, seat, override).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from hearts_referee.referee.record import Problem, Reported
from hearts_referee.referee.translator import N_, SAID
from hearts_referee.stored import Game, Key, Role, StoredEvent, StoredHand
from hearts_referee.stored.errors import NotFound

from .errors import Forbidden


class Permission(StrEnum):
    VALIDATE = "validate"
    READ = "read"
    SUBMIT = "submit"
    SIGN = "sign"
    DECIDE = "decide"
    RUN_EVENTS = "events"
    KEYS_READ = "keys:read"
    KEYS_WRITE = "keys:write"
    AUDIT = "audit"
    PAIR = "pair"


_SCORER = frozenset({Permission.VALIDATE, Permission.READ, Permission.SUBMIT, Permission.SIGN})

PERMISSIONS: Mapping[Role, frozenset[Permission]] = MappingProxyType(
    {
        Role.SCORER: _SCORER,
        Role.DIRECTOR: _SCORER
        | {Permission.DECIDE, Permission.RUN_EVENTS, Permission.AUDIT, Permission.PAIR},
        Role.AUDITOR: frozenset(
            {Permission.VALIDATE, Permission.READ, Permission.KEYS_READ, Permission.AUDIT}
        ),
        Role.ADMIN: frozenset({Permission.VALIDATE, Permission.KEYS_READ, Permission.KEYS_WRITE}),
    }
)
"""Role -> what it may do. ``read``: hands, games, logs; ``submit``: hands and games;
``sign``: signatures; ``decide``: director's decisions; ``events``: create events, seat
their rounds, override them; ``keys:*``: the key list; ``audit``: many records at once
(``POST /v1/audits``: seconds of CPU a batch, so not for every scoring app's key); ``pair``:
sign a phone in with one's own key by a one-time link (``usecases.pairings``), which only a
director may: a scorer's app has its key already."""

WHAT = {
    Permission.VALIDATE: N_("A %(role)s key may not validate hands."),
    Permission.READ: N_("A %(role)s key may not read the archive."),
    Permission.SUBMIT: N_("A %(role)s key may not submit hands and games."),
    Permission.SIGN: N_("A %(role)s key may not sign hands."),
    Permission.DECIDE: N_("A %(role)s key may not decide rulings."),
    Permission.RUN_EVENTS: N_("A %(role)s key may not run events."),
    Permission.KEYS_READ: N_("A %(role)s key may not list API keys."),
    Permission.KEYS_WRITE: N_("A %(role)s key may not manage API keys."),
    Permission.AUDIT: N_("A %(role)s key may not audit records in bulk."),
    Permission.PAIR: N_("A %(role)s key may not pair a phone."),
}
"""Why a key's role may not do each thing: the 403's detail, its role named by its code."""


def may(key: Key, permission: Permission) -> bool:
    """Whether ``key`` is live and its role may do ``permission``."""
    return key.revoked_at is None and permission in PERMISSIONS[key.role]


def require(key: Key, permission: Permission) -> Key:
    """``key`` if its role may do ``permission``; ``Forbidden`` otherwise."""
    if not may(key, permission):
        raise Forbidden(SAID.gettext(WHAT[permission], role=key.role.value))
    return key


def require_to_report(key: Key, reported: Sequence[Reported]) -> None:
    """Refuse (403, located at ``/irregularities``) irregularities sent to the archive
    with a key that may not decide: a reported irregularity is priced by the variant's
    schedule as penalty points, which only a director imposes (``Permission.DECIDE``).
    Whether a stored hand takes them is this rule, on every path that stores, previews
    or checks a game's hand."""
    if reported and not may(key, Permission.DECIDE):
        raise Forbidden(
            SAID.gettext(
                "A %(role)s key may not record irregularities; only a director records one.",
                role=key.role.value,
            ),
            [
                Problem(
                    "/irregularities",
                    "director_only",
                    SAID.gettext(
                        "irregularities are recorded by a director: send the hand without them, "
                        "then ask the director to record what the table reported"
                    ),
                )
            ],
        )


def scope(key: Key) -> int | None:
    """Whose hands and games ``key`` sees: its own id for a scorer, ``None`` for all."""
    return key.id if key.role == Role.SCORER else None


def keeps(key: Key, owners: Collection[int | None]) -> bool:
    """Whether ``key`` may see what ``owners`` keep: any key but a scorer; a scorer only
    when it is one of them (the key that stored it, started its game, or an event's
    scorer keys for its tables' games)."""
    owner = scope(key)
    return owner is None or owner in owners


def visible_hand(
    key: Key, hand: StoredHand, game_owner: int | None = None, scorers: frozenset[int] = frozenset()
) -> StoredHand:
    """``hand`` if ``key`` may see it (``game_owner``: who started its game, if any;
    ``scorers``: the scorer keys its event lets score that game)."""
    if not keeps(key, {hand.owner, game_owner, *scorers}):
        raise NotFound.hand(hand.id)
    return hand


def visible_event(key: Key, event: StoredEvent) -> StoredEvent:
    """``event`` for any key that reads the archive (pairings and standings are public at
    the event); ``Forbidden`` for one that does not."""
    require(key, Permission.READ)
    return event


def visible_game(key: Key, game: Game, scorers: frozenset[int] = frozenset()) -> Game:
    """``game`` if ``key`` may see it (``scorers``: the scorer keys its event lets score it,
    ``archive.game_scorers``)."""
    if not keeps(key, {game.owner, *scorers}):
        raise NotFound.game(game.id)
    return game

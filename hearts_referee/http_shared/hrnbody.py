"""A hand record sent as HRN text (``Content-Type: text/x-hrn``, docs/notation.md), for both
faces: read by the one body reader (:func:`jsonbody.body_bytes`: the size limit, gzip), one
hand a body, and every problem with it located by line and column as well as by pointer.

What the notation's reader could not read is a 422 :class:`NotationError` (problem type
``invalid_notation``): its error diagnostics, each at its line and column, then the
referee's problems with what could be read, each at the line and column its pointer was
written at. A hand that reads is loaded as the same hand sent as JSON would be, and so gets
the same answer, byte for byte; a refusal of it later in the request (the referee's 422)
is located in the text by :func:`places`, the pointers mapped by the hand's
:meth:`~hearts_referee.schemas.hrn.ReadHand.where`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from flask import g, request

from hearts_referee.referee.errorcodes import ROOT_POINTER
from hearts_referee.referee.notation import variant_data
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.game import SUPPLIED, load_game_hand
from hearts_referee.schemas.hrn import MEDIA_TYPE, Diagnostic, ReadHand, read
from hearts_referee.schemas.hrn.located import Located, Place, located, unread
from hearts_referee.usecases import Game
from hearts_referee.usecases.errors import Rejected
from hearts_referee.usecases.games import GameHand, not_this_game

from .jsonbody import body_bytes

T = TypeVar("T")

NOTATION_DETAIL = SAID.gettext("The HRN text does not read as one whole hand; see errors.")


class NotationError(Rejected):
    """An HRN body that does not read as one whole hand: each problem with its place."""

    problem_type = "invalid_notation"

    def __init__(self, problems: Sequence[Problem], places: Sequence[Place | None]) -> None:
        super().__init__(problems, NOTATION_DETAIL)
        self.places = tuple(places)


def sent_as_hrn() -> bool:
    """Whether the request's body is sent as HRN (``text/x-hrn``)."""
    return request.mimetype == MEDIA_TYPE


def hrn_text() -> str:
    """The request's body as text: the one body reader's bytes (413 past the size limit, a
    gzip body inflated), read as UTF-8 (a byte order mark left out); a 422 located at the
    first byte that is not UTF-8."""
    data = body_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        message = SAID.gettext("byte %(byte)s is not UTF-8: send the text as UTF-8", byte=error.start + 1)
        raise NotationError([Problem(ROOT_POINTER, "not_utf8", message)], [(line, column)]) from None


def hrn_hand(
    load: Callable[[ReadHand], T],
    given: Mapping[str, Any] | None = None,
    against: Callable[[ReadHand], list[Located]] | None = None,
    text: str | None = None,
) -> T:
    """The request's one hand in HRN, loaded by ``load`` (from the hand as read: its record,
    a dict as it would be sent as JSON, and where each part was written) to what the view
    takes. ``given``: the header tags the hand takes where it gives none
    (:func:`~hearts_referee.schemas.hrn.read`); ``against``: problems with what the text
    writes against what is given (a game's seats), each at its place.

    A 422 :class:`NotationError` for a body that is not one hand, or whose reading left
    something out, with the referee's problems (``load``'s) with what did read after the
    notation's; otherwise the hand is kept for :func:`places` and loaded. ``text``: the
    text, where a page's form field holds it (the request's body otherwise); what the
    reader said of it, warnings included, is :func:`said`."""
    reading = read(hrn_text() if text is None else text, given)
    g.hrn_said = reading.diagnostics
    if len(reading.hands) != 1:
        if reading.hands:
            message = SAID.ngettext(
                "the text holds %(count)s hand: send one hand a request",
                "the text holds %(count)s hands: send one hand a request",
                len(reading.hands),
                count=len(reading.hands),
            )
        else:
            message = SAID.gettext("the text holds no hand: send one hand a request")
        raise NotationError([Problem(ROOT_POINTER, "not_one_hand", message)], [(1, 1)])
    (hand,) = reading.hands
    found = unread(hand, reading.diagnostics, load, against(hand) if against is not None else ())
    if found:
        raise NotationError([problem for problem, _ in found], [place for _, place in found])
    g.hrn_hand = hand
    return load(hand)


def said() -> list[Diagnostic]:
    """Every diagnostic the reader gave this request's HRN text (none if it sent none)."""
    diagnostics: list[Diagnostic] = g.get("hrn_said", [])
    return diagnostics


def game_hand(game: Game, text: str | None = None) -> GameHand:
    """The request's one hand in HRN as ``game``'s next hand: the text's first hand takes the
    game's variant, seats and dealer (and its next hand number, to be read by), which a game
    hand sent as JSON leaves out. Tags the text does write must be the game's (a 422
    ``not_this_game`` at the tag otherwise); a ``[Hand]`` written is the table's check, as
    ``hand_number`` is in JSON. The dealer and totals before it (``[Before]``) are checked
    on the game's next hand; a hand written with an earlier number is a resend, found by
    what happened at the table (or a 409 ``wrong_hand_number``), as in JSON. ``text``: as
    :func:`hrn_hand`'s."""
    setup, deal = game.setup, game.next_deal
    given = {
        "Variant": game.variant,
        "Seats": list(setup.seats),
        "Dealer": deal.dealer,
        "Hand": deal.hand_number,
    }

    def against(hand: ReadHand) -> list[Located]:
        record, written = hand.record, hand.places
        differs = []
        if "/variant" in written and record["variant"] not in (game.variant, variant_data(setup.variant)):
            differs.append("/variant")
        if "/seats" in written and record["seats"] != list(setup.seats):
            differs.append("/seats")
        next_one = record.get("hand_number") == deal.hand_number
        if "/dealer" in written and next_one and record["dealer"] != deal.dealer:
            differs.append("/dealer")
        if "/scores_before" in written and next_one and record["scores_before"] != dict(game.sheet.totals):
            differs.append("/scores_before")
        return [(not_this_game(game, at), written[at]) for at in differs]

    def load(hand: ReadHand) -> GameHand:
        supplied = SUPPLIED if "/hand_number" not in hand.places else SUPPLIED_BUT_CHECKED
        return load_game_hand({key: value for key, value in hand.record.items() if key not in supplied})

    return hrn_hand(load, given, against, text)


SUPPLIED_BUT_CHECKED = tuple(key for key in SUPPLIED if key != "hand_number")
"""What a game supplies to its hand, less the hand number a table may send as its check."""


def places(error: BaseException, problems: Sequence[Problem]) -> list[Place | None]:
    """Where in the text each of ``problems`` of a refusal was written, when the request
    sent its hand as HRN (none otherwise): a :class:`NotationError`'s own places, and a
    record's problems (the referee's 422s) at the line and column of their pointers."""
    if isinstance(error, NotationError):
        return list(error.places[: len(problems)])
    hand: ReadHand | None = g.get("hrn_hand")
    if hand is None or not isinstance(error, RecordError | Rejected):
        return []
    return [place for _, place in located(hand, problems)]


__all__ = [
    "NOTATION_DETAIL",
    "NotationError",
    "game_hand",
    "hrn_hand",
    "hrn_text",
    "places",
    "said",
    "sent_as_hrn",
]

"""Legality: the one cascade of play filters, over the table state as masks.

Whether a card may be played is an ordered cascade of filters: the joker waits for the
last trick, follow suit, the opening lead, hearts broken, first-trick points. The first
filter a card fails names the rule it broke, and the cards every filter lets through are
the ones a seat may play: :func:`cascade` answers both at once. Each filter looks only at the cards
the filters before it let through, so a card an earlier rule bars (the joker before the
last trick) is no alternative for a later one: a seat holding only hearts and the joker
may lead a heart, and on trick 1 may play a point card when the joker is all it has
besides.

Everything that asks about legality asks here: the replay's one play path
(``referee.play.play_card``, through :meth:`Table.fault <referee.table.Table.fault>`), a
penalty card's first legal chance, :meth:`Table.legal <referee.table.Table.legal>`, the
claim solver's every node (``referee.solver``) and the linear claim check's every lead
(``referee.claims``). The state is plain ints, so the
replay's table and the solver's node pass it alike: the seat's cards held once and
twice (``referee.masks.Hand``), the suit led as a mask (0 while the trick is being led),
the trick's number and the hand's size, hearts broken or not.
"""

from __future__ import annotations

from typing import Final

from .cards import JOKER
from .findings import Code
from .masks import HEARTS_MASK, NOT_HEARTS
from .variant import Variant

JOKER_BIT: Final = JOKER.bit
"""The joker's bit, the highest of any card (``Card.number`` 52): a mask holds it when it is at
least this."""
ALL_BUT_JOKER: Final = ~JOKER_BIT


def cascade(
    variant: Variant,
    hand_size: int,
    number: int,
    led: int,
    broken: bool,
    once: int,
    twice: int,
    bit: int,
) -> tuple[Code | None, int]:
    """The first rule that playing the card ``bit`` to trick ``number`` breaks (``None``:
    none, or ``bit`` is 0), and the cards the seat holding ``once`` and ``twice`` may play:
    those every filter lets through, or, when none passes (a seat left holding only the
    joker before the last trick, as an irregular record can leave it), every card held.

    ``led`` is the suit led as a mask (``Card.suit_mask``), 0 when the card leads. Each
    filter bars some cards; the card is checked against a filter as if held (the replay
    rules on a card a seat does not hold too), the cards left are those held. Ask with
    ``bit`` 0 for the cards alone (``Table.legal``, the claim solver)."""
    code: Code | None = None
    rest = once
    if (once >= JOKER_BIT or bit == JOKER_BIT) and number < hand_size:  # the joker is the top bit
        if bit == JOKER_BIT:  # the one card without a suit waits for the last trick
            code = Code.JOKER_PLAYED_EARLY
        rest &= ALL_BUT_JOKER
    if led:
        follow = rest & led
        if follow:  # follow suit
            if code is None and not bit & led:
                code = Code.REVOKE
            rest = follow
    else:
        first = variant.first_lead_card
        if number == 1 and first is not None and rest & first.bit:  # the opening lead
            if code is None and bit & ~first.bit:
                code = Code.WRONG_FIRST_LEAD
            rest = first.bit
        if (
            not broken and (rest | bit) & HEARTS_MASK and not variant.may_lead_hearts_holding(rest, twice)
        ):  # hearts broken
            if code is None and bit & HEARTS_MASK:
                code = Code.EARLY_HEART
            rest &= NOT_HEARTS
    if number == 1:
        points = variant.first_trick_point_mask
        if points and rest & ~points:  # first-trick points, while the seat has another card
            if code is None and bit & points:
                code = Code.POINT_CARD_ON_FIRST_TRICK
            rest &= ~points
    return code, rest if rest else once

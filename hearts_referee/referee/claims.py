"""Does a claim hold? The announced order against every legal defence.

A claim here is "the rest of the tricks are mine, played in this order".
The claimant leads every remaining trick (they must keep winning to go on
leading), so the defenders never choose what is led: each defender only
chooses which of their cards to keep. A defender beats the claimant's card
of suit X on a trick if they still hold a higher X then; they can keep their
highest X until that trick exactly when they hold more X cards than the
claimant leads before it (the earlier X leads each force one X from them).
That makes the check exact and linear, with no search. Whether each lead of the order is
legal at all is the one cascade's answer (``referee.legality``), not a rule of its own here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .cards import JOKER, Card, Suit
from .findings import Code
from .legality import cascade
from .masks import Hand
from .translator import SAID, Said

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table


def claim_holds(table: Table, claimant: int, order: Sequence[Card]) -> tuple[bool | None, str]:
    """``(holds, reason)`` of the claim by seat ``claimant`` (its index); ``holds`` is ``None``
    when the referee cannot judge it."""
    trick = table.current
    seat = table.seats[claimant]
    if table.variant.cancellation or table.deck.counts.get(JOKER):
        return None, SAID.gettext(
            "cancellation and the joker change who wins a trick; the referee "
            "leaves this claim to the director"
        )
    if trick.played:
        return None, SAID.gettext(
            "the claim was made during trick %(trick)s, with cards already on it; "
            "the referee only tests claims made on lead",
            trick=trick.number,
        )
    if trick.leader != claimant:
        return None, SAID.gettext(
            "%(seat)s was not on lead; the referee only tests claims made on lead", seat=seat
        )
    left_out = Counter(table.hands[claimant].cards()) - Counter(order)
    if left_out:
        return False, left_out_of_the_order(left_out.elements())
    variant = table.variant
    broken = table.broken
    led_before: Counter[Suit | None] = Counter()
    for k, card in enumerate(order):
        number = trick.number + k
        rest = Hand.of(order[k:])  # what the claimant still holds when it leads ``card``
        fault = cascade(variant, table.hand_size, number, 0, broken, rest.once, rest.twice, card.bit)[0]
        if fault is not None:  # the one legality cascade: the lead itself breaks a rule
            return False, _BARRED[fault](card, number)
        for other, hand in enumerate(table.hands):
            if other == claimant:
                continue
            defender = table.seats[other]
            same_suit = [c for c in hand.cards() if c.suit is card.suit]
            if len(same_suit) > led_before[card.suit]:
                best = max(same_suit, key=lambda c: c.rank)
                if best.rank > card.rank:
                    return False, SAID.gettext(
                        "%(defender)s can keep %(best)s and win trick %(trick)s against %(card)s",
                        defender=defender,
                        best=best.label,
                        trick=number,
                        card=card.label,
                    )
        led_before[card.suit] += 1
        broken = broken or bool(card.bit & variant.breaker_mask)
    return True, SAID.gettext("the announced order wins every remaining trick against any defence")


def left_out_of_the_order(cards: Iterable[Card]) -> Said:
    """Why an announced order fails before any search: it leaves out cards the claimant holds
    (the claim's test here and the solver's say it alike)."""
    names = ", ".join(c.label for c in sorted(cards))
    return SAID.gettext("the announced order leaves out %(cards)s", cards=names)


_BARRED: dict[Code, Callable[[Card, int], str]] = {
    Code.WRONG_FIRST_LEAD: lambda card, number: SAID.gettext(
        "trick 1 must be led with 2♣, not %(card)s", card=card.label
    ),
    Code.EARLY_HEART: lambda card, number: SAID.gettext(
        "%(card)s would be led to trick %(trick)s before hearts are broken", card=card.label, trick=number
    ),
    Code.POINT_CARD_ON_FIRST_TRICK: lambda card, number: SAID.gettext(
        "%(card)s would be led to trick 1, which may not take a point card", card=card.label
    ),
}
"""Why a claim's announced order fails when the cascade bars one of its leads, by the rule barred
(a claimant on lead neither follows suit nor plays the joker: both are ruled out before)."""

"""The play phase: every event the table recorded, applied in order.

A card is always applied, legal or not: the table played it. What it broke
is logged as a finding, which stays open while it can still be corrected (a
revoke taken back before the next trick is a renounce; a lead out of turn
taken back goes back to the right leader) and is settled once the trick is
established: a card has been played to the next trick, or the hand is over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from .cards import Card
from .claims import claim_holds
from .findings import (
    CardFaultFacts,
    ClaimFacts,
    Code,
    ExposedCardFacts,
    LeadOutOfTurnFacts,
    PenaltyCardNotPlayedFacts,
    PlayOutOfTurnFacts,
    RevokeFacts,
)
from .legality import cascade
from .masks import Hand, mask_of, trick_winner
from .record import ClaimKind, ClaimTerms, Event, EventAction, pointer
from .solver import Claim, Position, solve
from .table import OpenFinding, PenaltyCards, Table, TrickInPlay
from .translator import N_, SAID
from .variant import KittyTaker

_CARD: Final = EventAction.CARD


def play_phase(table: Table, events: tuple[Event, ...]) -> None:
    """Apply every play event in order, each through its one handler.

    There is one play path: every card, the common legal one included, goes through
    :func:`play_card` and so through the one cascade, :func:`referee.legality.cascade`.
    The event's seat id is read here, once, as the seat's index (``Table.index``)."""
    index_of = table.index
    for index, event in enumerate(events):
        action = event.action
        seat = index_of[event.seat]
        if action is _CARD:  # the common event: no hashing of the enum member
            play_card(table, index, seat, event.card)
        else:
            _EVENTS[action](table, index, seat, event)


def next_to_play(table: Table, trick: TrickInPlay) -> int:
    """Whose turn it is: the first seat clockwise from the leader that has not played.

    A seat skipped by a card played out of turn still owes its card, so the
    turn comes back to it.
    """
    seat = trick.leader
    played = trick.seats
    for _ in table.seats:
        if seat not in played:
            return seat
        seat = table.left_of(seat)
    return seat


def play_card(table: Table, index: int, seat: int, card: Card | None) -> None:
    """Check the card against the rules, then put it on the trick whatever they say.

    The one play path: every card comes here. The common card (held, in turn, by a
    seat owing no penalty card) costs only the cascade and a few mask operations; what
    is irregular is found on the way."""
    trick = table.current
    if trick.number > table.hand_size:
        table.problem(
            pointer("play", index),
            "after_hand_end",
            SAID.gettext("the hand is over: every trick has been played"),
        )
        return
    played = trick.seats
    in_turn = seat == trick.turn  # the seat whose turn it is has no card on the trick yet
    twice = not in_turn and seat in played
    hand = table.hands[seat]
    if card is None or not hand.once & card.bit:
        seat_id = table.seats[seat]
        table.problem(
            pointer("play", index, "card"),
            "not_held",
            _not_held(N_("%(seat)s plays %(card)s, which %(seat)s does not hold"), seat_id, card),
        )
        if card is not None and not twice:
            place_unheld(table, trick, seat, card, index)
        return
    if twice:
        table.problem(
            pointer("play", index, "seat"),
            "played_twice",
            SAID.gettext(
                "%(seat)s already has a card on trick %(trick)s",
                seat=table.seats[seat],
                trick=trick.number,
            ),
        )
        return
    fault: OpenFinding | None = None
    if not played:
        trick.led = card.suit_mask
        if table.tricks and table.tricks[-1].faults:
            settle(table.tricks[-1])
        if seat != trick.leader:
            facts = LeadOutOfTurnFacts(proper_leader=table.seats[trick.leader])
            fault = table.find(Code.LEAD_OUT_OF_TURN, seat, card, index, facts=facts, settled=False)
            trick.leader = seat
            trick.in_order = False
    else:
        lead = trick.fault_of(0) if trick.faults else None
        if lead is not None and lead.code == Code.LEAD_OUT_OF_TURN and not lead.settled:
            lead.settle(corrected=False)  # the table played on: the lead stands
        if not in_turn:
            facts_out = PlayOutOfTurnFacts(expected=table.seats[trick.turn])
            table.find(Code.PLAY_OUT_OF_TURN, seat, card, index, facts=facts_out)
            trick.in_order = False
    owed = table.penalty_cards.get(seat) if table.penalty_cards else None  # most hands have none
    if fault is None:
        if owed is not None and owed.owed.once:
            check_penalty_cards(table, seat, hand, owed, card, trick, index)
        led = trick.led if played else 0
        code = cascade(
            table.variant, table.hand_size, trick.number, led, table.broken, hand.once, hand.twice, card.bit
        )[0]
        if code is not None:
            facts_fault = (
                RevokeFacts(all_points_played=all_points_played(table, trick))
                if code == Code.REVOKE
                else CardFaultFacts()
            )
            fault = table.find(code, seat, card, index, facts=facts_fault, settled=False)
    if owed is not None:
        owed.remove(card)
    bit = card.bit
    if hand.twice & bit or hand.more:
        hand.remove(card)
    else:  # the one copy held: the common case, without a call
        hand.once ^= bit
    if fault is not None:
        trick.faults[index] = fault
    played.append(seat)
    trick.played.append(card)
    trick.events.append(index)
    count = len(table.seats)
    if len(played) == count:
        close_trick(table, trick)
    elif in_turn and trick.in_order:  # every card so far in turn: the next seat is to the left
        trick.turn = seat + 1 if seat + 1 < count else 0  # Table.left_of, without the call
    else:
        trick.turn = next_to_play(table, trick)


def place_unheld(table: Table, trick: TrickInPlay, seat: int, card: Card, index: int) -> None:
    """A card its seat did not hold (a problem already noted) still went on the trick as the
    record tells it, so that the tricks after it are read as the table played them and
    their own problems found; the record is refused whatever they are."""
    if not trick.played:
        trick.led = card.suit_mask
        trick.leader = seat
        if table.tricks:
            settle(table.tricks[-1])
    trick.in_order = False
    trick.place(seat, card, index)
    if len(trick.played) == len(table.seats):
        close_trick(table, trick)
    else:
        trick.turn = next_to_play(table, trick)


def check_penalty_cards(
    table: Table, seat: int, hand: Hand, owed: PenaltyCards, card: Card, trick: TrickInPlay, index: int
) -> None:
    """Log each of ``seat``'s penalty cards (``owed``) that could legally have been played
    from its ``hand`` now and was not, each copy once, in the order they became penalty cards."""
    if owed.owed.once & card.bit:
        return
    missed = owed.missed
    seen: dict[Card, int] = {}  # copies of each card met so far, oldest first
    for penalty in owed.made:
        copy = seen.get(penalty, 0)
        seen[penalty] = copy + 1
        if copy >= missed.count(penalty) and table.fault(hand, penalty, trick) is None:
            missed.add(penalty)
            table.find(
                Code.PENALTY_CARD_NOT_PLAYED,
                seat,
                penalty,
                index,
                facts=PenaltyCardNotPlayedFacts(played=card),
            )


def all_points_played(table: Table, trick: TrickInPlay) -> bool:
    """Whether every point card of the deck was on a trick before the card now played."""
    point_cards = table.variant.point_cards
    played = sum(1 for t in table.tricks for c in t.played if c in point_cards)
    played += sum(1 for c in trick.played if c in point_cards)
    return played >= table.deck.point_card_count


def close_trick(table: Table, trick: TrickInPlay) -> None:
    """Every seat has played: the one trick winner (:func:`referee.masks.trick_winner`)
    says who takes it; a trick whose led suit cancels out goes to the middle."""
    variant = table.variant
    cards = trick.played
    won, cancelled = trick_winner(cards, variant.cancellation)
    if cancelled:
        table.cancelled[trick.number] = cancelled
    by_number = variant.points_by_number
    on_it = points = 0
    for card in cards:
        on_it |= card.bit
        points += by_number[card.number]
    trick.points = points
    trick.cards = on_it
    has_point_cards = bool(on_it & variant.point_mask)
    if on_it & variant.breaker_mask:
        table.broken = True
    if has_point_cards and table.kitty_trick is None and variant.kitty_to is KittyTaker.FIRST_COUNTER_TRICK:
        table.kitty_trick = trick.number
    table.tricks.append(trick)
    last = trick.number == table.hand_size
    if won is None:  # every card of the suit led cancelled
        trick.winner = None
        table.middle.append(trick)
        if last:  # nothing left to win it: the most recent trick winner takes the pile
            last_winner = table.last_winner
            take(table, last_winner if last_winner is not None else trick.leader, trick)
        leader = trick.leader
    else:
        leader = trick.seats[won]
        trick.winner = table.last_winner = leader
        if table.middle or table.kitty:
            take(table, leader, trick)
        else:  # the common case: the winner takes this trick alone
            trick.taken_by = leader
            table.taken[leader] |= on_it
    table.current = TrickInPlay(trick.number + 1, leader)
    if last:
        settle(trick)  # the hand has ended: nothing is left to correct


def take(table: Table, seat: int, trick: TrickInPlay) -> None:
    """``seat`` takes the trick's cards, with any middle pile, and the kitty when it is due."""
    trick.taken_by = seat
    taken = [trick]
    cards = trick.cards
    if table.middle:
        pile = [t for t in table.middle if t is not trick]
        if pile:
            table.collects[trick.number] = [t.number for t in pile]
        for piled in pile:
            piled.taken_by = seat
            cards |= piled.cards
        taken += pile
        table.middle.clear()
    if table.kitty and table.kitty_taker is None:
        due = 1 if table.variant.kitty_to is KittyTaker.FIRST_TRICK else table.kitty_trick
        if any(t.number == due for t in taken):
            table.kitty_taker = seat
            table.kitty_with = trick.number
            cards |= mask_of(table.kitty)
    table.taken[seat] |= cards


def settle(trick: TrickInPlay) -> None:
    """The trick is established: its open findings stand as they are."""
    for fault in trick.faults.values():
        if not fault.settled:
            fault.settle(corrected=False)


def withdraw(table: Table, index: int, seat: int, event: Event) -> None:
    """A seat takes back a card it just played: a correction, or an exposed card."""
    card = event.card
    found = _withdrawn(table, seat, card) if card is not None else None
    if found is None or card is None:
        seat_id = table.seats[seat]
        table.problem(
            pointer("play", index, "withdraws"),
            "not_on_trick",
            SAID.gettext(
                "%(seat)s withdraws %(card)s, which %(seat)s has not just played to this trick",
                seat=seat_id,
                card=str(card),
            ),
        )
        return
    trick, k = found
    event_of = trick.events[k]
    trick.take_back(k)
    trick.in_order = False
    trick.turn = seat  # the seat that took back its card plays again
    table.hands[seat].add(card)
    fault = trick.faults.pop(event_of, None)
    if fault is not None and not fault.settled:
        fault.settle(corrected=True)
        trick.corrected = True
        if fault.code == Code.REVOKE:
            fault.code = Code.RENOUNCE
            table.make_penalty_card(seat, card, fault)
        elif fault.code in (Code.EARLY_HEART, Code.LEAD_OUT_OF_TURN):
            table.make_penalty_card(seat, card, fault)
        if isinstance(fault.facts, LeadOutOfTurnFacts):
            trick.leader = table.index[fault.facts.proper_leader]
    elif not trick.corrected:
        entry = table.find(Code.EXPOSED_CARD, seat, card, index, facts=ExposedCardFacts(withdrawn=True))
        table.make_penalty_card(seat, card, entry)
    if trick.played:
        trick.led = trick.played[0].suit_mask
    else:
        trick.leader = trick.turn = trick.proper_leader


def _withdrawn(table: Table, seat: int, card: Card) -> tuple[TrickInPlay, int] | None:
    """The trick and the place on it of the card a withdrawal takes back: on the trick in
    progress, or on the trick just completed (reopened), if no card has been played to the
    next one."""
    trick = table.current
    k = _find_play(trick, seat, card)
    if k < 0:
        reopened = reopen(table, seat, card)
        if reopened is None:
            return None
        trick, k = reopened, _find_play(reopened, seat, card)
    return (trick, k) if k >= 0 else None


def _find_play(trick: TrickInPlay, seat: int, card: Card) -> int:
    """Where ``seat``'s ``card`` is on the trick (its place in play order), or -1."""
    played = trick.played
    for k, by in enumerate(trick.seats):
        if by == seat and played[k] is card:
            return k
    return -1


def reopen(table: Table, seat: int, card: Card) -> TrickInPlay | None:
    """Take back the trick just completed, if no card has been played to the next one.

    What closing it decided (winner, middle pile, kitty, hearts broken) is
    undone by closing the tricks before it again from a clean slate.
    """
    if table.current.played or not table.tricks:
        return None
    last = table.tricks[-1]
    if last.number == table.hand_size or _find_play(last, seat, card) < 0:
        return None
    before = table.tricks[:-1]
    table.tricks = []
    table.middle = []
    table.cancelled = {}
    table.collects = {}
    table.taken = [0] * len(table.seats)
    table.last_winner = table.kitty_trick = table.kitty_taker = table.kitty_with = None
    table.broken = table.variant.hearts_broken_from_start
    for trick in before:
        close_trick(table, trick)
    last.winner = last.taken_by = None
    table.cancelled.pop(last.number, None)
    table.current = last
    return last


def expose(table: Table, index: int, seat: int, event: Event) -> None:
    """A card dropped or shown face up: an exposed card (a penalty card where there are any)."""
    card = event.card
    hand = table.hands[seat]
    if card is None or card not in hand:
        seat_id = table.seats[seat]
        table.problem(
            pointer("play", index, "exposes"),
            "not_held",
            _not_held(N_("%(seat)s exposes %(card)s, which %(seat)s does not hold"), seat_id, card),
        )
        return
    owed = table.penalty_cards.get(seat)
    already = owed.owed.count(card) if owed is not None else 0
    if already and already >= hand.count(card):
        return  # already face up as a penalty card: nothing new was shown
    entry = table.find(Code.EXPOSED_CARD, seat, card, index, facts=ExposedCardFacts(withdrawn=False))
    table.make_penalty_card(seat, card, entry)


def claim(table: Table, index: int, seat: int, event: Event) -> None:
    """A seat shows its hand and announces the order: logged with whether it holds."""
    seat_id = table.seats[seat]
    left = Counter(table.hands[seat].cards())
    for k, card in enumerate(event.order):
        left[card] = left.get(card, 0) - 1
        if left[card] < 0:
            table.problem(
                pointer("play", index, "claims", "order", k),
                "not_held",
                _not_held(N_("%(seat)s announces %(card)s, which %(seat)s does not hold"), seat_id, card),
            )
    if table.problems:
        return
    terms = event.terms or ClaimTerms()
    order = event.order if terms.ordered else None
    verdict = solve(
        Position.at(table, seat_id),
        Claim(seat_id, terms.what, order, terms.points),
        budget=CLAIM_BUDGET,
        exact_budget=CLAIM_EXACT_BUDGET,
    )
    holds, reason = verdict.holds, verdict.reason
    if holds is None and terms.what == ClaimKind.ALL_TRICKS and order is not None:
        linear, why = claim_holds(table, seat, order)  # exact where it applies, and instant
        if linear is not None:
            holds, reason = linear, why
    facts = ClaimFacts(
        order=event.order,
        holds=holds,
        reason=reason,
        what=terms.what,
        limit=terms.points,
        verdict=verdict,
        position=tuple((table.seats[i], tuple(sorted(hand.cards()))) for i, hand in enumerate(table.hands)),
    )
    table.find(Code.CLAIM, seat, None, index, facts=facts)
    table.last_claim = (index, seat, facts)


CLAIM_BUDGET = 50_000
"""Positions the solver may search to decide a claim in a replay (then: undecided)."""
CLAIM_EXACT_BUDGET = 5_000
"""Positions for each of the exact worst and best outcomes (then: not reported)."""


def plays_held(table: Table, events: tuple[Event, ...]) -> None:
    """What can be checked of a play whose order cannot be followed (an event the reader
    could not read, or a seat not at the table): that each seat showed, played and
    announced only cards it held, counting what it played and took back. Tricks, turns
    and rulings need the order, and are left out."""
    hands = {seat: dict(Counter(hand.cards())) for seat, hand in zip(table.seats, table.hands, strict=True)}
    out: dict[str, dict[Card, int]] = {seat: {} for seat in hands}
    for index, event in enumerate(events):
        seat, action, card, order = event.seat, event.action, event.card, event.order
        hand = hands.get(seat)
        if hand is None:
            continue  # a seat not at the table: a problem of its own
        if action == EventAction.CLAIMS:
            left = dict(hand)
            for k, claimed in enumerate(order):
                left[claimed] = left.get(claimed, 0) - 1
                if left[claimed] < 0:
                    table.problem(
                        pointer("play", index, "claims", "order", k),
                        "not_held",
                        _not_held(
                            N_("%(seat)s announces %(card)s, which %(seat)s does not hold"), seat, claimed
                        ),
                    )
            continue
        if card is None:
            continue
        if action == EventAction.WITHDRAWS:
            if out[seat].get(card, 0):
                out[seat][card] -= 1
                hand[card] = hand.get(card, 0) + 1
        elif hand.get(card, 0) <= 0:
            table.problem(
                pointer("play", index, action),
                "not_held",
                _not_held(N_("%(seat)s plays %(card)s, which %(seat)s does not hold"), seat, card)
                if action == EventAction.CARD
                else _not_held(N_("%(seat)s exposes %(card)s, which %(seat)s does not hold"), seat, card),
            )
        elif action == EventAction.CARD:
            hand[card] -= 1
            out[seat][card] = out[seat].get(card, 0) + 1


def _play_event(table: Table, index: int, seat: int, event: Event) -> None:
    play_card(table, index, seat, event.card)


_EVENTS: Final[dict[EventAction, Callable[[Table, int, int, Event], None]]] = {
    EventAction.CARD: _play_event,
    EventAction.WITHDRAWS: withdraw,
    EventAction.EXPOSES: expose,
    EventAction.CLAIMS: claim,
}


def _not_held(template: str, seat: str, card: Card | None) -> str:
    """A seat's play, exposure or announcement of a card it does not hold (``template``)."""
    return SAID.gettext(template, seat=seat, card=str(card))

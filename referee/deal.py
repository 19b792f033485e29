"""Before the first card: who is at the table, the deal against the deck, the pass.

Problems that make a record impossible (a card dealt twice, a seat that is
not at the table, a passed card the seat never held) are collected as
values; a deal that was merely irregular (a wrong count, a card exposed) is
a misdeal, and the hand is void.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from .cards import TWO_OF_CLUBS, Card
from .record import HandRecord, Problem, pointer
from .table import Table

_suit_of = attrgetter("suit")


def check_table(record: HandRecord) -> list[Problem]:
    """Seats, dealer and every seat named in the record must be at this table."""
    variant, seats = record.variant, record.seats
    problems: list[Problem] = []
    if len(seats) not in variant.seat_counts:
        counts = " or ".join(str(n) for n in variant.seat_counts)
        problems.append(Problem("/seats", "seat_count",
                                f"{variant.id} is played by {counts} players, not {len(seats)}"))
    if len(set(seats)) != len(seats):
        problems.append(Problem("/seats", "duplicate_seat", "a seat is listed twice"))
    at_table = set(seats)
    if record.dealer not in at_table:
        problems.append(Problem("/dealer", "unknown_seat", f"dealer {record.dealer!r} is not at the table"))
    for seat in record.deal:
        if seat not in at_table:
            problems.append(Problem(pointer("deal", seat), "unknown_seat", f"{seat!r} is not at the table"))
    for seat in seats:
        if seat not in record.deal:
            problems.append(Problem(pointer("deal", seat), "required", f"the deal has no cards for {seat}"))
    for seat, given in record.passes.items():
        if seat not in at_table:
            problems.append(Problem(pointer("passes", seat), "unknown_seat", f"{seat!r} is not at the table"))
        elif given.to is not None and given.to not in at_table:
            problems.append(Problem(pointer("passes", seat, "to"), "unknown_seat",
                                    f"{given.to!r} is not at the table"))
    for name, scores in (("scores_before", record.scores_before), ("claimed", record.claimed)):
        for seat in scores or ():
            if seat not in at_table:
                problems.append(Problem(pointer(name, seat), "unknown_seat", f"{seat!r} is not at the table"))
    for index, event in enumerate(record.play):
        if event.seat not in at_table:
            problems.append(Problem(pointer("play", index, "seat"), "unknown_seat",
                                    f"{event.seat!r} is not at the table"))
    return problems


def deal(table: Table, record: HandRecord) -> list[str]:
    """Check the dealt cards against the deck; return why the deal is void, if it is."""
    variant = table.variant
    dealt = [card for seat in record.seats for card in record.deal[seat]]
    dealt += record.kitty
    deck = variant.deck_counts
    if dict(Counter(dealt)) != deck:
        locate_deal_problems(table, record)
    for i, card in enumerate(record.exposed_in_deal):
        if card not in deck:
            table.problem(f"/exposed_in_deal/{i}", "not_in_deck", f"{card} is not in the {variant.id} deck")
    if table.problems:
        return []
    reasons = []
    size = table.hand_size
    for seat in record.seats:
        cards = record.deal[seat]
        table.hands[seat] = dict(Counter(cards))
        table.suits[seat] = dict(Counter(map(_suit_of, cards)))
        table.penalty_cards[seat] = []
        if len(cards) != size:
            reasons.append(f"{seat} was dealt {len(cards)} cards instead of {size}")
    kitty = variant.kitty_size(len(record.seats))
    if len(record.kitty) != kitty:
        reasons.append(f"the kitty holds {len(record.kitty)} cards instead of {kitty}")
    for card in record.exposed_in_deal:
        reasons.append(f"{card.label} was exposed during the deal")
    return reasons


def locate_deal_problems(table: Table, record: HandRecord) -> None:
    """The deal does not match the deck: name every stray, extra and missing card."""
    variant = table.variant
    deck = variant.deck_counts
    seen: Counter = Counter()
    first_at: dict[Card, str] = {}
    places = [(pointer("deal", seat), record.deal[seat]) for seat in record.seats]
    places.append(("/kitty", record.kitty))
    for at, cards in places:
        for i, card in enumerate(cards):
            seen[card] += 1
            if card not in deck:
                table.problem(f"{at}/{i}", "not_in_deck", f"{card} is not in the {variant.id} deck")
            elif seen[card] > deck[card]:
                also = first_at[card]
                copies = "twice" if deck[card] == 1 else f"more than {deck[card]} times"
                table.problem(f"{at}/{i}", "duplicate_card",
                              f"{card} is dealt {copies} (also at {also})")
            else:
                first_at.setdefault(card, f"{at}/{i}")
    for card, copies in deck.items():
        missing = copies - seen[card]
        if missing > 0:
            which = "" if copies == 1 else (f"{missing} of {copies} copies of " if missing > 1 else "one copy of ")
            table.problem("/deal", "missing_card", f"{which}{card} is missing from the deal and kitty")


def pass_cards(table: Table, record: HandRecord, offset: int) -> None:
    """Move the passed cards and log every incorrect pass."""
    variant, seats = table.variant, record.seats
    moves: list[tuple[str, str | None, tuple[Card, ...]]] = []
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        cards = given.cards if given else ()
        dealt = table.hands[seat]
        for k, card in enumerate(cards):
            if card not in dealt or cards.count(card) > dealt[card] and card not in cards[:k]:
                table.problem(f"{given.at}/{k}", "not_held", f"{seat} passes {card}, which {seat} was not dealt")
        recipient = seats[(i + offset) % len(seats)] if offset else None
        faults = []
        if recipient is None:
            if cards:
                faults.append(f"passed {len(cards)} cards on a hold hand")
        elif len(cards) != variant.pass_count:
            faults.append(f"passed {len(cards)} cards instead of {variant.pass_count}")
        to = given.to if given and given.to is not None else recipient
        if given and given.to is not None and given.to != recipient:
            faults.append(f"passed to {given.to} instead of {recipient or 'nobody (hold hand)'}")
        if given and given.looked_early:
            faults.append("looked at the cards received before their own pass was on the table")
        if faults:
            table.find("incorrect_pass", seat, trick=1, faults=tuple(faults), expected_to=recipient)
        if to is not None and to != seat:
            moves.append((seat, to, cards))
    if table.problems:
        return
    for seat, to, cards in moves:
        for card in cards:
            table.take(seat, card)
            table.give(to, card)


def first_leader(table: Table, record: HandRecord) -> str:
    """Who should lead trick 1 under the variant's rule."""
    if table.variant.first_lead == "two-of-clubs":
        for seat in record.seats:
            if table.holds(seat, TWO_OF_CLUBS):
                return seat
    return table.left_of[record.dealer]

"""Before the first card: who is at the table, the deal against the deck, the pass.

Problems that make a record impossible (a card dealt twice, a seat that is
not at the table, a passed card the seat never held) are collected as
values; a deal that was merely irregular (a wrong count, a card exposed) is
a misdeal, and the hand is void.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from .cards import Card
from .findings import Code, IncorrectPassFacts
from .masks import Hand, mask_of
from .names import distinct_seats, seat_key
from .record import HandRecord, Pass, Problem, pointer
from .table import Table
from .translator import SAID, alternatives
from .variant import Variant


def seat_count(variant: Variant, seats: int) -> Problem:
    """That ``variant`` is not played by ``seats`` players, and what it is played by."""
    return Problem(
        "/seats",
        "seat_count",
        SAID.gettext(
            "%(variant)s is played by %(counts)s players, not %(count)s",
            variant=variant.id,
            counts=alternatives([str(n) for n in variant.seat_counts]),
            count=seats,
        ),
    )


def check_table(record: HandRecord) -> list[Problem]:
    """Seats, dealer and every seat named in the record must be at this table.

    Each check asks first whether every seat a part names is at the table, and locates
    the problems only when one is not: a clean record costs a set test a part."""
    variant, seats = record.variant, record.seats
    problems: list[Problem] = []
    if len(seats) not in variant.seat_counts:
        problems.append(seat_count(variant, len(seats)))
    at_table = set(seats)
    if len(at_table) != len(seats) or not distinct_seats(seats):
        problems.append(
            Problem(
                "/seats",
                "duplicate_seat",
                SAID.gettext("a seat is listed twice (or looks the same as another)"),
            )
        )
    if record.dealer not in at_table:
        problems.append(
            Problem(
                "/dealer",
                "unknown_seat",
                SAID.gettext("dealer %(why)s", why=not_at_table(record.dealer, seats)),
            )
        )
    dealt = record.deal
    misspelt: set[str | None] = set()
    if not at_table.issuperset(dealt):
        for seat in dealt:
            if seat not in at_table:
                problems.append(Problem(pointer("deal", seat), "unknown_seat", not_at_table(seat, seats)))
        misspelt = {same_but_case(s, seats) for s in dealt}
    if not record.score_only and not at_table.issubset(dealt):
        for seat in seats:
            if seat not in dealt and seat not in misspelt:
                problems.append(
                    Problem(
                        pointer("deal", seat),
                        "required",
                        SAID.gettext("the deal has no cards for %(seat)s", seat=seat),
                    )
                )
    for seat, given in record.passes.items():
        if seat not in at_table:
            problems.append(Problem(pointer("passes", seat), "unknown_seat", not_at_table(seat, seats)))
        elif given.to is not None and given.to not in at_table:
            problems.append(
                Problem(pointer("passes", seat, "to"), "unknown_seat", not_at_table(given.to, seats))
            )
    _unknown_keys(problems, "scores_before", record.scores_before, at_table, seats)
    _unknown_keys(problems, "claimed", record.written, at_table, seats)
    _unknown_keys(problems, "backs", record.backs, at_table, seats)
    _unknown_keys(problems, "points", record.points, at_table, seats)
    for index, event in enumerate(record.play):  # compiled: each seat a struct read, its hash kept
        if event.seat not in at_table:
            problems.append(
                Problem(pointer("play", index, "seat"), "unknown_seat", not_at_table(event.seat, seats))
            )
    return problems


def _unknown_keys(
    problems: list[Problem],
    name: str,
    by_seat: Mapping[str, object] | None,
    at_table: set[str],
    seats: tuple[str, ...],
) -> None:
    """A problem for each seat that the record's ``name`` map names and is not at the table."""
    if not by_seat or at_table.issuperset(by_seat):
        return
    for seat in by_seat:
        if seat not in at_table:
            problems.append(Problem(pointer(name, seat), "unknown_seat", not_at_table(seat, seats)))


def not_at_table(seat: str, seats: tuple[str, ...]) -> str:
    """Why ``seat`` is not one of ``seats``: RECORD, seat ids are any short strings, so
    ``"n"`` is not ``"N"``; when only the case differs, the message names the seat meant."""
    meant = same_but_case(seat, seats)
    if meant is None:
        return SAID.gettext("%(seat)s is not at the table", seat=repr(seat))
    return SAID.gettext(
        "%(seat)s is not at the table: seat ids are case-sensitive, and the seat is %(meant)s",
        seat=repr(seat),
        meant=repr(meant),
    )


def not_in_deck(card: Card, variant: str) -> str:
    """Why ``card`` cannot be in a hand of ``variant``: its deck has no such card."""
    return SAID.gettext("%(card)s is not in the %(variant)s deck", card=str(card), variant=variant)


def same_but_case(seat: str, seats: tuple[str, ...]) -> str | None:
    """The one seat at the table that ``seat`` names in another case (or with a character a
    reader does not see, ``referee.names``), if there is one."""
    if seat in seats:
        return None
    folded = seat_key(seat).casefold()
    meant = [s for s in seats if seat_key(s).casefold() == folded]
    return meant[0] if len(meant) == 1 else None


class Misdeal(NamedTuple):
    """Why the deal was irregular, and whether that voids it by the variant's own text."""

    reasons: list[str]
    void: bool


def deal(table: Table, record: HandRecord, *, whole: bool = True) -> Misdeal:
    """Check the dealt cards against the deck; say why the deal is irregular, if it is.

    RULES, deal irregularities: a wrong count or a card exposed in the deal voids
    the hand only where the variant's text says so (MSO, ``misdeal_voids``);
    elsewhere it is referred with the suggestion to redeal and the hand is still
    played out and scored. Long John's text forbids one back colour only, so a
    seat holding one colour voids the deal there.

    Each seat's hand is taken as dealt even when the deal has problems, so that the
    pass and the play can still be checked against it. ``whole``: every card of the
    record was read (a reader that skipped an unreadable card says not, and then a
    card missing from the deal may be that one: it is not reported)."""
    deck = table.deck
    seats = record.seats
    given = [record.deal.get(seat, ()) for seat in seats]  # each seat's cards, read once
    dealt: list[Card] = []
    for cards in given:
        dealt += cards
    dealt += record.kitty
    if not deck.matches(dealt):
        every_seat = all(seat in record.deal for seat in seats)
        locate_deal_problems(table, record, report_missing=whole and every_seat)
    for i, card in enumerate(record.exposed_in_deal):
        if card not in deck.counts:
            table.problem(f"/exposed_in_deal/{i}", "not_in_deck", not_in_deck(card, table.variant.id))
    reasons = back_colour_faults(table, record)
    void = bool(reasons)  # back colours: the variant's own rule
    table.hands = [Hand.of(cards) for cards in given]
    for i, seat in enumerate(seats):
        cards = given[i]
        if len(cards) != deck.hand_size:
            reasons.append(
                SAID.gettext(
                    "%(seat)s was dealt %(count)s cards instead of %(size)s",
                    seat=seat,
                    count=len(cards),
                    size=deck.hand_size,
                )
            )
    if len(record.kitty) != deck.kitty_size:
        reasons.append(
            SAID.gettext(
                "the kitty holds %(count)s cards instead of %(size)s",
                count=len(record.kitty),
                size=deck.kitty_size,
            )
        )
    for card in record.exposed_in_deal:
        reasons.append(SAID.gettext("%(card)s was exposed during the deal", card=card.label))
    table.kitty = record.kitty
    return Misdeal(reasons, void or (bool(reasons) and table.variant.misdeal_voids))


def back_colour_faults(table: Table, record: HandRecord) -> list[str]:
    """Two decks with different backs: nobody may hold cards of one back colour only.

    Backs are optional; recorded backs that all show one colour mean the
    decks do not differ, and there is nothing to check.
    """
    backs = record.backs
    if not backs or not table.variant.backs_check:
        return []
    for seat, colours in backs.items():
        if seat in record.deal and len(colours) != len(record.deal[seat]):
            table.problem(
                pointer("backs", seat),
                "length",
                SAID.gettext(
                    "%(seat)s has %(colours)s back colours for %(cards)s cards",
                    seat=seat,
                    colours=len(colours),
                    cards=len(record.deal[seat]),
                ),
            )
    if len({colour for colours in backs.values() for colour in colours}) < 2:
        return []
    return [
        SAID.gettext("%(seat)s holds only %(colour)s backs", seat=seat, colour=colours[0])
        for seat, colours in backs.items()
        if colours and len(set(colours)) == 1
    ]


def locate_deal_problems(table: Table, record: HandRecord, *, report_missing: bool = True) -> None:
    """The deal does not match the deck: name every stray and extra card, and (with
    ``report_missing``) every card missing from it."""
    variant = table.variant
    deck = table.deck.counts
    seen: Counter[Card] = Counter()
    first_at: dict[Card, str] = {}
    places = [(pointer("deal", seat), record.deal[seat]) for seat in record.seats if seat in record.deal]
    places.append(("/kitty", record.kitty))
    for at, cards in places:
        for i, card in enumerate(cards):
            seen[card] += 1
            if card not in deck:
                table.problem(f"{at}/{i}", "not_in_deck", not_in_deck(card, variant.id))
            elif seen[card] > deck[card]:
                also = first_at[card]
                table.problem(
                    f"{at}/{i}",
                    "duplicate_card",
                    SAID.gettext("%(card)s is dealt twice (also at %(also)s)", card=str(card), also=also)
                    if deck[card] == 1
                    else SAID.gettext(
                        "%(card)s is dealt more than %(copies)s times (also at %(also)s)",
                        card=str(card),
                        copies=deck[card],
                        also=also,
                    ),
                )
            else:
                first_at.setdefault(card, f"{at}/{i}")
    if not report_missing:
        return
    for card, copies in deck.items():
        missing = copies - seen[card]
        if missing > 0:
            if copies == 1:
                what = SAID.gettext("%(card)s is missing from the deal and kitty", card=str(card))
            elif missing == copies:
                what = SAID.gettext(
                    "all %(copies)s copies of %(card)s are missing from the deal and kitty",
                    copies=copies,
                    card=str(card),
                )
            elif missing == 1:
                what = SAID.gettext("one copy of %(card)s is missing from the deal and kitty", card=str(card))
            else:
                what = SAID.gettext(
                    "%(missing)s copies of %(card)s are missing from the deal and kitty",
                    missing=missing,
                    card=str(card),
                )
            table.problem("/deal", "missing_card", what)


def pass_cards(table: Table, record: HandRecord) -> None:
    """Move the passed cards and log every incorrect pass.

    The cards go as the record says they went, even past a problem (a seat passing a
    card it was not dealt still hands it over), so that the play can be checked after
    it; a giver loses only what it held."""
    seats = record.seats
    variant, hand_number = record.variant, record.hand_number
    hands, index = table.hands, table.index
    moves: list[tuple[Hand, Hand, tuple[Card, ...]]] = []
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        recipient = variant.pass_recipient(hand_number, seats, i)
        cards: tuple[Card, ...]
        if given is None:
            cards, to = (), recipient
        else:
            cards, to = given.cards, given.sent_to(recipient)
            check_held(table, i, given)
        clean = (
            given is not None
            and len(cards) == table.variant.pass_count
            and recipient is not None
            and (given.to is None or given.to == recipient)
            and not given.looked_early
        )
        faults = () if clean else pass_faults(table, given, recipient)
        if faults:
            facts = IncorrectPassFacts(faults=faults, expected_to=recipient)
            table.find(Code.INCORRECT_PASS, i, trick=1, facts=facts)
        receiver = index.get(to) if cards and to is not None else None
        if receiver is not None and receiver != i:
            moves.append((hands[i], hands[receiver], cards))
    for from_hand, to_hand, cards in moves:
        mask = mask_of(cards)
        if mask.bit_count() == len(cards):  # each card once: as masks
            from_hand.remove_all(mask)
            to_hand.add_all(mask)
        else:
            for card in cards:
                from_hand.remove(card)
                to_hand.add(card)


def check_held(table: Table, giver: int, given: Pass) -> None:
    """Every passed card must have been dealt to the seat passing it (``giver``, its index),
    each copy once."""
    dealt = table.hands[giver]
    cards = given.cards
    given_mask = mask_of(cards)
    if given_mask.bit_count() == len(cards) and not given_mask & ~dealt.once:  # each once, all dealt
        return
    seat = table.seats[giver]
    for k, card in enumerate(cards):
        if card not in dealt:
            table.problem(
                f"{given.at}/{k}",
                "not_held",
                SAID.gettext(
                    "%(seat)s passes %(card)s, which %(seat)s was not dealt", seat=seat, card=str(card)
                ),
            )
        elif cards[: k + 1].count(card) > dealt.count(card):  # a card given twice: at its second mention
            also = f"{given.at}/{cards.index(card)}"
            table.problem(
                f"{given.at}/{k}",
                "duplicate_card",
                SAID.gettext(
                    "%(seat)s passes %(card)s twice (also at %(also)s), and was dealt it once",
                    seat=seat,
                    card=str(card),
                    also=also,
                )
                if dealt.count(card) == 1
                else SAID.gettext(
                    "%(seat)s passes %(card)s twice (also at %(also)s), and was dealt it %(times)s times",
                    seat=seat,
                    card=str(card),
                    also=also,
                    times=dealt.count(card),
                ),
            )


def pass_faults(table: Table, given: Pass | None, recipient: str | None) -> tuple[str, ...]:
    """What was wrong with a seat's pass: count, recipient, looking early."""
    count = len(given.cards) if given else 0
    faults = []
    if recipient is None:
        if count:
            faults.append(SAID.gettext("passed %(count)s cards on a hold hand", count=count))
    elif count != table.variant.pass_count:
        faults.append(
            SAID.gettext(
                "passed %(count)s cards instead of %(expected)s",
                count=count,
                expected=table.variant.pass_count,
            )
        )
    if given is not None:
        if given.to is not None and given.to != recipient:
            if recipient is None:
                faults.append(SAID.gettext("passed to %(to)s instead of nobody (hold hand)", to=given.to))
            else:
                faults.append(
                    SAID.gettext(
                        "passed to %(to)s instead of %(recipient)s", to=given.to, recipient=recipient
                    )
                )
        if given.looked_early:
            faults.append(SAID.gettext("looked at the cards received before their own pass was on the table"))
    return tuple(faults)


def first_leader(table: Table, record: HandRecord) -> int:
    """Who should lead trick 1 under the variant's rule (the seat's index)."""
    first = table.variant.first_lead_card
    if first is not None:
        bit = first.bit
        for i, hand in enumerate(table.hands):
            if hand.once & bit:
                return i
    dealer = table.index.get(record.dealer)
    return 0 if dealer is None else table.left_of(dealer)  # a dealer not at the table is a problem

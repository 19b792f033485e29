"""A complete record without its deal: what each seat held, derived from the play.

RECORD: a record whose play is complete (every card played, or the rest shown in a
claim) may leave ``deal`` out. What a seat held after the pass is every card it played
(a card it withdrew and played again counted once), or, once it claimed, what it had
played before the claim and the cards its claim showed; what it was dealt is that, less
the cards it received in the pass, plus the cards it passed. The undealt kitty
(omnibus-kitty, long-john at 6) is the record's ``kitty`` or, left out too, whatever of
the deck nobody held.

Where that does not say what every seat held (the play stops early, a claim shows only
the claimant's hand, a card exposed and never played, back colours that follow the
deal's order) the record needs its deal, and the problem says why (``deal_required``).
Where the passes cannot be undone (a passing hand without its passes, a pass of the wrong
size, a passed card its receiver never plays) the problem is at the pass. A card played
twice, or one no deck holds, is located at the play that names it. So a derived deal is
always the variant's deck dealt in full, and the replay checks the play against it as
against any deal.

A hand still being entered (``so_far``) has a deal as far as its play shows it: each seat
held at least what it has played or exposed and what it was passed, and was dealt that,
less what it received, plus what it passed. Every ruling that a seat's holding a card
proves (a revoke, a heart led or a point card played while holding another) is then found
at the card that proves it; until the first lead card (the 2 of clubs) is shown, nor after
a claim, which shows only the claimant's cards, does such a deal say enough.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import NamedTuple

from .cards import Card
from .deal import check_table, not_in_deck
from .record import EventAction, HandRecord, Pass, Problem, RecordError, pointer
from .translator import SAID, Direction
from .variant import Deck, pass_direction_name

_CLAIMS = EventAction.CLAIMS


class _Held(NamedTuple):
    """What a seat held after the pass, as far as the play shows it."""

    cards: Counter[Card]
    claim: int | None
    """Index of the claim whose shown cards complete it, if any."""


def derive_deal(record: HandRecord, *, so_far: bool = False) -> HandRecord:
    """``record`` (its ``deal`` left out, so empty) with the deal each seat must have held
    and, where the variant has one and the record left it out, the kitty; ``deal_derived``
    set. ``RecordError`` with every located reason where it cannot be derived.

    ``so_far``: the play is still being entered; the deal is what it shows so far (a seat
    may hold fewer cards than a hand, the kitty is left as sent), or ``RecordError`` where
    it shows too little to check the play against (the module's text)."""
    table = [p for p in check_table(record) if not (p.code == "required" and p.pointer.startswith("/deal/"))]
    if table:
        raise RecordError(table)
    deck = record.variant.deck(len(record.seats))
    problems: list[Problem] = []
    if record.backs is not None:
        problems.append(
            Problem(
                "/backs",
                "deal_required",
                SAID.gettext(
                    "back colours are given in the order of each seat's dealt cards: "
                    "a record with backs needs its deal"
                ),
            )
        )
    held = _held_after_pass(record, deck, problems, so_far)
    moves = _moves(record, problems)
    if problems:
        raise RecordError(problems)
    if so_far:
        for move in moves:  # held from the pass on, played or not
            held[move.receiver] |= Counter(move.given.cards)
        _shows_enough(record, held, problems)
    # the pass moves cards, never adds one
    kitty = _check_deck(record, deck, held, problems, derive=not so_far)
    if problems:
        raise RecordError(problems)
    dealt = _undo_passes(record, held, moves, problems)
    if problems:
        raise RecordError(problems)
    return replace(
        record,
        deal={seat: tuple(sorted(dealt[seat].elements())) for seat in record.seats},
        kitty=kitty,
        deal_derived=True,
    )


def _held_after_pass(
    record: HandRecord, deck: Deck, problems: list[Problem], so_far: bool = False
) -> dict[str, Counter[Card]]:
    """Each seat's hand after the pass, from its plays and its claim; a problem for each
    seat whose hand the play does not show whole (``so_far``: a card exposed and not yet
    played is held, and a hand shown in part is no problem)."""
    seats = record.seats
    played: dict[str, Counter[Card]] = {seat: Counter() for seat in seats}
    claims: dict[str, _Held] = {}
    exposed: dict[str, dict[Card, int]] = {seat: {} for seat in seats}
    last_claim: int | None = None
    for index, event in enumerate(record.play):
        seat, card = event.seat, event.card
        if event.action == _CLAIMS:
            last_claim = index
            if event.terms is None or event.terms.ordered:
                claims[seat] = _Held(played[seat] + Counter(event.order), index)
        elif card is None:
            continue
        elif event.action == EventAction.CARD:
            played[seat][card] += 1
        elif event.action == EventAction.WITHDRAWS:
            if played[seat][card]:
                played[seat][card] -= 1
        else:
            exposed[seat].setdefault(card, index)
    held = {seat: claims[seat].cards if seat in claims else played[seat] for seat in seats}
    short = []
    for seat in seats:
        cards = held[seat]
        for card, index in exposed[seat].items():
            if so_far:
                cards[card] = max(cards[card], 1)
            elif not cards[card]:
                problems.append(
                    Problem(
                        pointer("play", index, "exposes"),
                        "deal_required",
                        SAID.gettext(
                            "%(seat)s exposes %(card)s and never plays it: the play does not show "
                            "what %(seat)s held, so the record needs its deal",
                            seat=seat,
                            card=str(card),
                        ),
                    )
                )
        count = cards.total()
        if count > deck.hand_size:
            problems.append(
                Problem(
                    "/play",
                    "too_many_cards",
                    SAID.gettext(
                        "%(seat)s plays %(count)s cards; a hand of %(variant)s at %(seats)s is %(size)s",
                        seat=seat,
                        count=count,
                        variant=record.variant.id,
                        seats=len(seats),
                        size=deck.hand_size,
                    ),
                )
            )
        elif count < deck.hand_size:
            short.append(seat)
    if short and not (so_far and last_claim is None):
        problems.append(_not_shown(record, held, short, last_claim, deck))
    return held


def _shows_enough(record: HandRecord, held: dict[str, Counter[Card]], problems: list[Problem]) -> None:
    """A deal shown in part says who leads first only once the first lead card is shown."""
    first = record.variant.first_lead_card
    if first is not None and not any(cards[first] for cards in held.values()):
        problems.append(
            Problem(
                "/deal",
                "deal_required",
                SAID.gettext(
                    "who held %(card)s (and so leads first) is not shown yet: "
                    "the play is checked once it is, or once the deal is typed",
                    card=str(first),
                ),
            )
        )


def _not_shown(
    record: HandRecord,
    held: dict[str, Counter[Card]],
    short: list[str],
    claim: int | None,
    deck: Deck,
) -> Problem:
    """Why the play does not say what the ``short`` seats held."""
    counts = ", ".join(f"{seat} {held[seat].total()}" for seat in short)
    if claim is None:
        why = SAID.gettext(
            "the play stops early with no claim (cards shown of %(size)s: %(counts)s): "
            "the record needs its deal, or the rest of the play",
            size=deck.hand_size,
            counts=counts,
        )
    else:
        claimant = record.play[claim].seat
        facts = {"at": pointer("play", claim), "claimant": claimant, "short": ", ".join(short)}
        if claimant not in short:
            why = SAID.gettext(
                "the claim at %(at)s shows %(claimant)s's cards only: what %(short)s still held "
                "is not in the record (cards shown of %(size)s: %(counts)s), so it needs its deal",
                size=deck.hand_size,
                counts=counts,
                **facts,
            )
        else:
            why = SAID.gettext(
                "the claim at %(at)s by %(claimant)s shows no order of play: what %(short)s still "
                "held is not in the record (cards shown of %(size)s: %(counts)s), so it needs its deal",
                size=deck.hand_size,
                counts=counts,
                **facts,
            )
    return Problem("/deal", "deal_required", why)


class _Move(NamedTuple):
    giver: str
    receiver: str
    given: Pass


def _moves(record: HandRecord, problems: list[Problem]) -> list[_Move]:
    """Where each pass went, as ``deal.pass_cards`` moves it; a problem for each pass the
    deal cannot be undone through (missing on a passing hand, or of the wrong size)."""
    variant, seats = record.variant, record.seats
    offset = variant.pass_offset(record.hand_number, len(seats))
    count = variant.pass_count
    why = SAID.gettext("without the deal, the passes say what each seat was dealt")
    if offset and not record.passes:
        direction = Direction(pass_direction_name(offset, len(seats)))
        problems.append(
            Problem(
                "/passes",
                "passes_required",
                SAID.gettext(
                    "hand %(hand)s passes %(direction)s (%(count)s cards each): %(why)s",
                    hand=record.hand_number,
                    direction=direction,
                    count=count,
                    why=why,
                ),
            )
        )
        return []
    moves = []
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        recipient = variant.pass_recipient(record.hand_number, seats, i)
        if given is None:
            if offset:
                problems.append(
                    Problem(
                        pointer("passes", seat),
                        "passes_required",
                        SAID.gettext("%(seat)s's pass is missing: %(why)s", seat=seat, why=why),
                    )
                )
            continue
        if offset and len(given.cards) != count:
            problems.append(_wrong_size(seat, given, count, recipient))
        to = given.sent_to(recipient)
        if to is not None and to != seat and given.cards:
            moves.append(_Move(seat, to, given))
    return moves


def _wrong_size(seat: str, given: Pass, count: int, recipient: str | None) -> Problem:
    short = len(given.cards) < count
    facts = {"seat": seat, "passed": len(given.cards), "count": count}
    return Problem(
        given.at,
        "short_pass" if short else "long_pass",
        SAID.gettext(
            "%(seat)s passes %(passed)s cards; a pass here is %(count)s (to %(to)s)",
            to=recipient,
            **facts,
        )
        if recipient
        else SAID.gettext("%(seat)s passes %(passed)s cards; a pass here is %(count)s", **facts),
    )


def _undo_passes(
    record: HandRecord, held: dict[str, Counter[Card]], moves: list[_Move], problems: list[Problem]
) -> dict[str, Counter[Card]]:
    """What each seat was dealt: what it held after the pass, plus what it passed, less
    what it received (which it must have played: it held it)."""
    dealt = {seat: Counter(cards) for seat, cards in held.items()}
    for move in moves:
        dealt[move.giver].update(move.given.cards)
    for move in moves:
        hand = dealt[move.receiver]
        for k, card in enumerate(move.given.cards):
            if hand[card] > 0:
                hand[card] -= 1
                continue
            also = _played_by(record, move.giver, card)
            problems.append(
                Problem(
                    f"{move.given.at}/{k}",
                    "pass_mismatch",
                    SAID.gettext(
                        "%(giver)s passes %(card)s to %(receiver)s, who never plays it; "
                        "%(giver)s plays it at %(also)s: is the pass mistyped?",
                        giver=move.giver,
                        card=str(card),
                        receiver=move.receiver,
                        also=also,
                    )
                    if also
                    else SAID.gettext(
                        "%(giver)s passes %(card)s to %(receiver)s, who never plays it: "
                        "is the pass mistyped?",
                        giver=move.giver,
                        card=str(card),
                        receiver=move.receiver,
                    ),
                )
            )
    return dealt


def _played_by(record: HandRecord, seat: str, card: Card) -> str | None:
    for index, event in enumerate(record.play):
        if event.seat == seat and event.card is card and event.action == EventAction.CARD:
            return pointer("play", index, "card")
    return None


def _check_deck(
    record: HandRecord,
    deck: Deck,
    hands: dict[str, Counter[Card]],
    problems: list[Problem],
    derive: bool = True,
) -> tuple[Card, ...]:
    """The hands after the pass and the kitty must be the deck, every copy once: each card
    too many is located where the play names it. Returns the kitty (derived if left out
    and ``derive``)."""
    held = Counter[Card]()
    for cards in hands.values():
        held.update(cards)
    kitty = record.kitty
    derive_kitty = derive and not kitty and deck.kitty_size > 0
    total = held + Counter(kitty)
    missing = sorted((Counter(deck.counts) - total).elements())
    for card, count in total.items():
        copies = deck.counts.get(card, 0)
        if count <= copies:
            continue
        places = _places(record, card)
        at = places[copies] if len(places) > copies else (places[-1] if places else "/play")
        if not copies:
            problems.append(Problem(at, "not_in_deck", not_in_deck(card, record.variant.id)))
            continue
        times = (
            SAID.gettext("twice")
            if copies == 1
            else SAID.gettext("more than %(copies)s times", copies=copies)
        )
        elsewhere = [p for p in places if p != at]
        also = SAID.gettext(" (also at %(places)s)", places=", ".join(elsewhere)) if elsewhere else ""
        lost = (
            SAID.gettext("; no seat plays %(cards)s", cards=", ".join(map(str, missing))) if missing else ""
        )
        problems.append(
            Problem(
                at,
                "duplicate_card",
                SAID.gettext(
                    "%(card)s is held %(times)s%(also)s%(lost)s",
                    card=str(card),
                    times=times,
                    also=also,
                    lost=lost,
                ),
            )
        )
    if problems or not derive_kitty:
        return kitty
    if len(missing) != deck.kitty_size:  # pragma: no cover - every seat's count was checked
        problems.append(
            Problem(
                "/kitty", "required", SAID.gettext("the kitty holds %(size)s cards", size=deck.kitty_size)
            )
        )
    return tuple(missing)


def _places(record: HandRecord, card: Card) -> list[str]:
    """Every place the record names ``card`` as held after the pass: a play, a claim's
    order, the kitty."""
    places = []
    for index, event in enumerate(record.play):
        if event.action == EventAction.CARD and event.card is card:
            places.append(pointer("play", index, "card"))
        elif event.action == _CLAIMS:
            shown = enumerate(event.order)
            places += [pointer("play", index, "claims", "order", k) for k, c in shown if c is card]
    places += [f"/kitty/{k}" for k, c in enumerate(record.kitty) if c is card]
    return places

"""Writing hands for tests from card strings.

Tests think in the hands the players held *after* the pass (that is what the
play is about), so :func:`hand` takes those, picks a pass for each seat (the
first cards of what the recipient holds, unless the test gives one) and
works out the deal from them. Play is written as ``"N:2C E:3C S:4C W:5C"``;
``"E:~5H"`` is E withdrawing 5H and ``"E:!5H"`` is E exposing it.
"""

from __future__ import annotations

from typing import Any

SEATS = ("N", "E", "S", "W")

ROUND_ROBIN = {
    "N": "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS",
    "E": "3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS",
    "S": "4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS",
    "W": "5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS",
}
"""A deal in which everyone holds every suit; N holds 2♣, E the Q♠."""

SUIT_BLOCKS = {
    "N": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "E": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "S": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
}
"""Each seat holds one whole suit: W leads clubs and wins every trick."""

PASS_OFFSETS = {
    "standard": (1, -1, 2, 0),
    "mso-2000": (1, -1, 2),
}


def split(text: str) -> list[str]:
    return text.split()


def pass_offset(variant: str, hand_number: int) -> int:
    cycle = PASS_OFFSETS[variant]
    return cycle[(hand_number - 1) % len(cycle)]


def recipient(seat: str, offset: int) -> str:
    return SEATS[(SEATS.index(seat) + offset) % 4]


def events(play: str | list) -> list[dict[str, Any]]:
    """``"N:2C E:~3C W:!5H"`` → record play events (dicts pass through unchanged)."""
    items = play.split() if isinstance(play, str) else play
    out: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, dict):
            out.append(item)
            continue
        seat, card = item.split(":")
        if card.startswith("~"):
            out.append({"seat": seat, "withdraws": card[1:]})
        elif card.startswith("!"):
            out.append({"seat": seat, "exposes": card[1:]})
        else:
            out.append({"seat": seat, "card": card})
    return out


def tricks(*rows: str) -> str:
    """Join trick strings: ``tricks("N:2C E:3C S:4C W:5C", "W:9C ...")``."""
    return " ".join(rows)


RANKS = "23456789TJQKA"


def _low_first(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: RANKS.index(c[0]))


def play_out(play: str, held: dict[str, str] | None = None, *, queen_breaks: bool = True) -> str:
    """``play`` (plain cards, trick by trick), then the rest of the hand played out legally:
    the leader leads its lowest card that is not an unbroken heart, each follower follows
    with its lowest card of the suit or, void, throws its lowest (no point card on trick 1
    while it has another). A game takes only a whole hand, and so needs one.
    ``queen_breaks``: the Q♠ breaks hearts (mso-2000), as well as a heart."""
    left = {seat: split(cards) for seat, cards in (held or ROUND_ROBIN).items()}
    done = [item.split(":") for item in split(play)]
    order: list[list[str]] = [done[i : i + 4] for i in range(0, len(done), 4)]
    broken = False
    leader = next(seat for seat in SEATS if "2C" in left[seat])
    for trick in order:
        for seat, card in trick:
            left[seat].remove(card)
            broken = broken or card[-1] == "H" or (queen_breaks and card == "QS")
        if len(trick) == 4:
            led = trick[0][1][-1]
            leader = max((p for p in trick if p[1][-1] == led), key=lambda p: RANKS.index(p[1][0]))[0]
    rest: list[str] = []
    current = order[-1] if order and len(order[-1]) < 4 else []
    while any(left.values()):
        if not current:
            hand_ = left[leader]
            leadable = [c for c in hand_ if broken or c[-1] != "H"] or hand_
            current = [[leader, "2C" if "2C" in hand_ else _low_first(leadable)[0]]]
            rest.append(f"{leader}:{current[0][1]}")
            left[leader].remove(current[0][1])
        seat = SEATS[(SEATS.index(current[-1][0]) + 1) % 4]
        led = current[0][1][-1]
        suited = [c for c in left[seat] if c[-1] == led]
        first = sum(len(left[s]) for s in SEATS) + len(current) > 48
        safe = [c for c in left[seat] if c[-1] != "H" and c != "QS"] if first else []
        card = _low_first(suited)[0] if suited else _low_first(safe or left[seat])[0]
        left[seat].remove(card)
        rest.append(f"{seat}:{card}")
        current.append([seat, card])
        broken = broken or card[-1] == "H" or (queen_breaks and card == "QS")
        if len(current) == 4:
            leader = max((p for p in current if p[1][-1] == led), key=lambda p: RANKS.index(p[1][0]))[0]
            current = []
    return " ".join([*split(play), *rest])


def claim(seat: str, order: str) -> dict[str, Any]:
    return {"seat": seat, "claims": {"order": split(order)}}


def hand(
    variant: str = "mso-2000",
    *,
    held: dict[str, str] | None = None,
    play: str | list = "",
    hand_number: int = 1,
    dealer: str = "W",
    passes: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A hand record whose players hold ``held`` after the pass.

    Without ``passes``, each seat passes the first cards of what its
    recipient holds; the deal is then what each seat held, less what it
    received, plus what it gave.
    """
    held_cards = {seat: split(cards) for seat, cards in (held or ROUND_ROBIN).items()}
    offset = pass_offset(variant, hand_number)
    if passes is None:
        passes = {} if offset == 0 else {seat: held_cards[recipient(seat, offset)][:3] for seat in SEATS}
    given = {seat: (p["cards"] if isinstance(p, dict) else p) for seat, p in passes.items()}
    deal = {seat: list(cards) for seat, cards in held_cards.items()}
    if offset:
        for seat in SEATS:
            named = passes.get(seat)
            to = named["to"] if isinstance(named, dict) and "to" in named else recipient(seat, offset)
            for card in given.get(seat, []):
                deal[to].remove(card)
                deal[seat].append(card)
    record: dict[str, Any] = {
        "variant": variant,
        "seats": list(SEATS),
        "dealer": dealer,
        "hand_number": hand_number,
        "deal": deal,
        "passes": passes,
        "play": events(play),
    }
    record.update(extra)
    return record


def block_tricks(
    order: tuple[str, ...] = ("W", "N", "E", "S"), held: dict[str, str] = SUIT_BLOCKS, count: int = 13
) -> str:
    """Play a suit-block deal out: W leads its next club, the others play their next card."""
    cards = {seat: split(held[seat]) for seat in SEATS}
    rows = []
    for k in range(count):
        rows.append(" ".join(f"{seat}:{cards[seat][k]}" for seat in order))
    return tricks(*rows)


IN_PROGRESS = "play_incomplete"
"""The ruling on a hand whose play stops early (shown on its own in tests/test_incomplete_play.py)."""


def on_play(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The rulings on what was played. Most hands here stop once the rule they show has been
    met, so the ruling that says the hand is in progress is left out of what they compare."""
    return [ruling for ruling in result["rulings"] if ruling["code"] != IN_PROGRESS]


def codes(result: dict[str, Any]) -> list[str]:
    """The codes of :func:`on_play`'s rulings, in table order."""
    return [ruling["code"] for ruling in on_play(result)]


def ruling(result: dict[str, Any], code: str) -> dict[str, Any]:
    """The one ruling of ``code``; fails the test if there is not exactly one."""
    found = [r for r in result["rulings"] if r["code"] == code]
    assert len(found) == 1, f"expected one {code}, got {codes(result)}"
    return found[0]

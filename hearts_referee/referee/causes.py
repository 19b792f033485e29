"""The first cause first: a record's problems, each slip reported where it was made.

One slip in a record shows up many times later: a pass written with two cards makes its
receiver play a card "it does not hold"; a hand sent without its passes makes every
receiver do so a dozen times; two seats' cards exchanged in the deal make both of them
play nothing they hold. Listed in the order the replay meets them, a director reads a
dozen symptoms before (if ever) the cause. :func:`first_cause_first` finds the common
slips behind a record's problems (a card of the deal mistyped, a seat of the deal in the
wrong case, seats exchanged, a card given twice in the deal, a pass missing, short, long
or with a card mistyped, a card given twice in a pass) and puts each
first, at the place it was made, with the problems it explains named in its message and
left out of the list. Problems no slip explains stay as they were, after the causes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from .cards import Card
from .deal import same_but_case
from .record import EventAction, HandRecord, Pass, Problem, pointer
from .translator import SAID, Direction
from .variant import pass_direction_name

_PLAY_CARD = re.compile(r"^/play/(\d+)/card$")


class _Unheld(NamedTuple):
    """A play of a card its seat did not hold: the problem, who played what."""

    problem: Problem
    seat: str
    card: Card


class _Cause(NamedTuple):
    """A slip found: its problem, and the problems it explains."""

    problem: Problem
    explains: tuple[Problem, ...]
    replaces: tuple[Problem, ...] = ()
    """Problems of the list this cause says itself (so they are not listed again)."""
    grouped: tuple[Problem, ...] = ()
    """Problems of the same slip, listed right after the cause."""


def first_cause_first(record: HandRecord, problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` with each slip that explains others first, at its cause, the problems
    it explains named in its message and left out; the rest in their order."""
    problems = list(problems)
    unheld = _unheld_plays(record, problems)
    owners = _owners(record)
    causes = _unreadable_deal_cards(record, problems, unheld)
    causes += _misspelt_deal_seats(record, problems, unheld)
    swapped_causes, swapped = _swapped_seats(record, problems, unheld, owners, _held_after_pass(record))
    causes += swapped_causes
    causes += _deal_duplicates(record, problems, unheld)
    causes += _pass_slips(record, problems, unheld, owners, swapped)
    if not causes:
        return problems
    taken = {id(p) for cause in causes for p in cause.explains}
    taken |= {id(cause.problem) for cause in causes}
    taken |= {id(p) for cause in causes for p in cause.replaces + cause.grouped}
    first = [p for cause in causes for p in (_with_consequences(cause), *cause.grouped)]
    return first + [p for p in problems if id(p) not in taken]


def _unheld_plays(record: HandRecord, problems: list[Problem]) -> list[_Unheld]:
    found = []
    for problem in problems:
        match = _PLAY_CARD.match(problem.pointer) if problem.code == "not_held" else None
        if match is None:
            continue
        index = int(match.group(1))
        if index < len(record.play):
            event = record.play[index]
            if event.card is not None and event.action == EventAction.CARD:
                found.append(_Unheld(problem, event.seat, event.card))
    return found


def _owners(record: HandRecord) -> dict[Card, set[str]]:
    """Who was dealt each card."""
    owners: dict[Card, set[str]] = {}
    for seat, cards in record.deal.items():
        for card in cards:
            owners.setdefault(card, set()).add(seat)
    return owners


def _held_after_pass(record: HandRecord) -> dict[Card, set[str]]:
    """Who held each card once the passes the record gives were made."""
    seats = record.seats
    held: dict[Card, set[str]] = {}
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        listed = given.cards if given is not None else ()
        for card in record.deal.get(seat, ()):
            if card not in listed:
                held.setdefault(card, set()).add(seat)
        recipient = record.variant.pass_recipient(record.hand_number, seats, i)
        to = given.sent_to(recipient) if given is not None else recipient
        if to is not None:
            for card in listed:
                held.setdefault(card, set()).add(to)
    return held


# -- a card of the deal mistyped -----------------------------------------------------------


def _unreadable_deal_cards(
    record: HandRecord, problems: list[Problem], unheld: list[_Unheld]
) -> list[_Cause]:
    """A card of the deal its reader could not read (``"CJ"`` written for ``"JC"``): the
    seat's passes and plays of a card no seat was dealt are told at it."""
    deck = Counter(record.variant.deck(len(record.seats)).counts)
    dealt = Counter(card for cards in record.deal.values() for card in cards) + Counter(record.kitty)
    lost = set((deck - dealt).elements())
    causes = []
    for problem in problems:
        parts = problem.pointer.split("/")
        if problem.code != "unknown_card" or len(parts) != 4 or parts[1] != "deal":
            continue
        seat = parts[2].replace("~1", "/").replace("~0", "~")
        plays = [play for play in unheld if play.seat == seat and play.card in lost]
        passed = _passes_of(record, problems, seat, lost)
        if not plays and not passed:
            continue
        cards = sorted({play.card for play in plays} | {card for _, card in passed})
        facts = {
            "message": problem.message,
            "seat": seat,
            "passed": _named(c for _, c in passed),
            "played": _named(play.card for play in plays),
            "cards": _either(cards),
        }
        if passed and plays:
            message = SAID.gettext(
                "%(message)s; %(seat)s passes %(passed)s and plays %(played)s, which no seat was "
                "dealt: is it %(cards)s?",
                **facts,
            )
        elif passed:
            message = SAID.gettext(
                "%(message)s; %(seat)s passes %(passed)s, which no seat was dealt: is it %(cards)s?",
                **facts,
            )
        else:
            message = SAID.gettext(
                "%(message)s; %(seat)s plays %(played)s, which no seat was dealt: is it %(cards)s?",
                **facts,
            )
        explains = (*(p for p, _ in passed), *(play.problem for play in plays))
        causes.append(_Cause(Problem(problem.pointer, problem.code, message), explains, (problem,)))
    return causes


def _passes_of(
    record: HandRecord, problems: list[Problem], seat: str, cards: set[Card]
) -> list[tuple[Problem, Card]]:
    """The problems of ``seat`` passing one of ``cards`` it was not dealt."""
    given = record.passes.get(seat)
    if given is None:
        return []
    found = []
    for k, card in enumerate(given.cards):
        problem = next((p for p in problems if p.pointer == f"{given.at}/{k}" and p.code == "not_held"), None)
        if problem is not None and card in cards:
            found.append((problem, card))
    return found


# -- a seat of the deal in the wrong case ----------------------------------------------


def _misspelt_deal_seats(record: HandRecord, problems: list[Problem], unheld: list[_Unheld]) -> list[_Cause]:
    """A deal's seat written in another case (``"n"`` for ``"N"``) leaves that seat holding
    nothing: every card it passes or plays is explained by the misspelt seat."""
    causes = []
    by_pointer = {p.pointer: p for p in problems if p.code == "unknown_seat"}
    for written in record.deal:
        seat = same_but_case(written, record.seats)
        problem = by_pointer.get(pointer("deal", written))
        if seat is None or problem is None:
            continue
        given = record.passes.get(seat)
        at = given.at + "/" if given is not None else None
        passed = [p for p in problems if p.code == "not_held" and at is not None and p.pointer.startswith(at)]
        played = [play.problem for play in unheld if play.seat == seat]
        causes.append(_Cause(problem, (*passed, *played)))
    return causes


def _with_consequences(cause: _Cause) -> Problem:
    """The cause's problem, its message naming where the problems it explains were."""
    if not cause.explains:
        return cause.problem
    places = sorted((p.pointer for p in cause.explains), key=_in_record_order)
    shown = ", ".join(places[:4])
    if len(places) > 4:
        shown = SAID.gettext("%(places)s and %(more)s more", places=shown, more=len(places) - 4)
    problem = cause.problem
    if len(places) == 1:
        message = SAID.gettext(
            "%(message)s (this explains the problem at %(at)s)", message=problem.message, at=shown
        )
    else:
        message = SAID.gettext(
            "%(message)s (this explains the %(count)s problems at %(at)s)",
            message=problem.message,
            count=len(places),
            at=shown,
        )
    return Problem(problem.pointer, problem.code, message)


def _in_record_order(at: str) -> tuple[tuple[int, str], ...]:
    """A pointer's sort key: its parts in order, list indices as numbers."""
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in at.split("/"))


# -- two seats' cards exchanged ---------------------------------------------------------


def _swapped_seats(
    record: HandRecord,
    problems: list[Problem],
    unheld: list[_Unheld],
    owners: dict[Card, set[str]],
    held: dict[Card, set[str]],
) -> tuple[list[_Cause], set[str]]:
    """Two seats each playing (and passing) cards the deal gives the other: their cards, or
    the seats of their plays, were exchanged in the record. Also: the seats found so."""
    crossed: dict[tuple[str, str], list[Problem]] = {}
    for play in unheld:
        for owner in owners.get(play.card, set()) | held.get(play.card, set()):
            if owner != play.seat:
                crossed.setdefault((play.seat, owner), []).append(play.problem)
    causes = []
    done: set[str] = set()
    seats = record.seats
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            there, back = crossed.get((a, b), []), crossed.get((b, a), [])
            if len(there) < 2 or len(back) < 2 or a in done or b in done:
                continue
            done |= {a, b}
            passed = _passes_of_the_other(record, problems, a, b, owners)
            plays = there + back
            facts = {"a": a, "b": b, "there": len(there), "back": len(back)}
            if passed or not record.passes:
                at = pointer("deal", a)
                message = SAID.gettext(
                    "the cards dealt to %(a)s and %(b)s look exchanged: %(a)s plays %(there)s cards "
                    "%(b)s held, and %(b)s plays %(back)s that %(a)s held",
                    **facts,
                )
            else:
                first = min(plays, key=lambda p: int(p.pointer.split("/")[2]))
                at = first.pointer.rsplit("/", 1)[0] + "/seat"
                message = SAID.gettext(
                    "the seats of the plays of %(a)s and %(b)s look exchanged: %(a)s plays %(there)s "
                    "cards %(b)s held, and %(b)s plays %(back)s that %(a)s held",
                    **facts,
                )
            causes.append(_Cause(Problem(at, "seats_swapped", message), tuple(passed + plays)))
    return causes, done


def _passes_of_the_other(
    record: HandRecord, problems: list[Problem], a: str, b: str, owners: dict[Card, set[str]]
) -> list[Problem]:
    """The problems of ``a`` passing cards dealt to ``b``, and of ``b`` those dealt to ``a``."""
    by_pointer = {p.pointer: p for p in problems if p.code == "not_held"}
    found = []
    for giver, other in ((a, b), (b, a)):
        given = record.passes.get(giver)
        if given is None:
            continue
        for k, card in enumerate(given.cards):
            problem = by_pointer.get(f"{given.at}/{k}")
            if problem is not None and other in owners.get(card, ()):
                found.append(problem)
    return found


# -- a card given twice in the deal -----------------------------------------------------


def _deal_duplicates(record: HandRecord, problems: list[Problem], unheld: list[_Unheld]) -> list[_Cause]:
    """A card dealt twice and one missing: usually one card written for another. Each play
    of the missing card (by a seat the deal never gave it) is told at the duplicate, and the
    missing card is listed right after it."""
    twice = [p for p in problems if p.code == "duplicate_card" and p.pointer.startswith("/deal/")]
    missing = [p for p in problems if p.code == "missing_card"]
    if not twice or not missing:
        return []
    deck = record.variant.deck(len(record.seats)).counts
    dealt = Counter(card for cards in record.deal.values() for card in cards) + Counter(record.kitty)
    lost = sorted((Counter(deck) - dealt).elements())
    plays = [play for play in unheld if play.card in lost]
    first = twice[0]
    told = first.message
    for play in plays:
        facts = {"message": told, "card": str(play.card), "seat": play.seat, "at": play.problem.pointer}
        guess = _dealt_twice_to(record, play.seat, twice)
        if guess is None:
            told = SAID.gettext(
                "%(message)s; %(card)s is missing from the deal, and %(seat)s plays it at %(at)s", **facts
            )
        else:
            told = SAID.gettext(
                "%(message)s; %(card)s is missing from the deal, and %(seat)s plays it at %(at)s: "
                "is %(dealt)s at %(where)s really %(card)s?",
                dealt=str(guess[1]),
                where=guess[0],
                **facts,
            )
    explains = tuple(p.problem for p in plays)
    cause = Problem(first.pointer, first.code, told)
    return [_Cause(cause, explains, (first,), tuple(missing))]


def _dealt_twice_to(record: HandRecord, seat: str, twice: list[Problem]) -> tuple[str, Card] | None:
    """Where ``seat`` was dealt a card that was dealt twice, if it was."""
    cards = record.deal.get(seat, ())
    for problem in twice:
        for at in (problem.pointer, *re.findall(r"/deal/[^ ,)]+", problem.message)):
            parts = at.split("/")
            if len(parts) == 4 and parts[2] == pointer(seat)[1:] and parts[3].isdigit():
                index = int(parts[3])
                if index < len(cards):
                    return at, cards[index]
    return None


# -- a pass missing, short, long, mistyped or with a card twice ------------------------


class _Pass(NamedTuple):
    """One seat's pass as the play shows it: the plays of cards its receiver got and the
    pass does not list (``received``), and of cards it lists that the passer kept (``kept``)."""

    seat: str
    to: str
    given: Pass | None
    received: list[_Unheld]
    kept: list[_Unheld]

    @property
    def explains(self) -> tuple[Problem, ...]:
        return tuple(p.problem for p in self.received + self.kept)


def _pass_slips(
    record: HandRecord,
    problems: list[Problem],
    unheld: list[_Unheld],
    owners: dict[Card, set[str]],
    swapped: set[str],
) -> list[_Cause]:
    """A pass the play shows was not what the record says: its receiver plays cards dealt
    to the passer that the pass does not list, or the passer plays a card it lists."""
    seats = record.seats
    offset = record.variant.pass_offset(record.hand_number, len(seats))
    if not offset:
        return []
    passes = []
    for i, seat in enumerate(seats):
        recipient = record.variant.pass_recipient(record.hand_number, seats, i)
        if recipient is not None and seat not in swapped:  # a passing hand: every seat has one
            passes.append(_as_played(record, i, recipient, unheld, owners))
    if not record.passes:
        return _no_passes(record, offset, passes)
    causes = [_one_pass(record, problems, shown) for shown in passes]
    return [cause for cause in causes if cause is not None]


def _as_played(
    record: HandRecord, index: int, recipient: str, unheld: list[_Unheld], owners: dict[Card, set[str]]
) -> _Pass:
    seat = record.seats[index]
    given = record.passes.get(seat)
    to = given.sent_to(recipient) if given is not None else recipient
    listed = given.cards if given is not None else ()
    received = [p for p in unheld if p.seat == to and seat in owners.get(p.card, ()) and p.card not in listed]
    kept = [p for p in unheld if p.seat == seat and p.card in listed]
    return _Pass(seat, to, given, received, kept)


def _no_passes(record: HandRecord, offset: int, passes: list[_Pass]) -> list[_Cause]:
    """A passing hand sent without any pass: one problem, at ``/passes``."""
    explains = tuple(problem for shown in passes for problem in shown.explains)
    if not explains:
        return []
    message = SAID.gettext(
        "hand %(hand)s passes %(direction)s (%(count)s cards each) and the record has no passes; "
        "the play shows the cards passed",
        hand=record.hand_number,
        direction=Direction(pass_direction_name(offset, len(record.seats))),
        count=record.variant.pass_count,
    )
    return [_Cause(Problem("/passes", "passes_required", message), explains)]


def _one_pass(record: HandRecord, problems: list[Problem], shown: _Pass) -> _Cause | None:
    """The slip in one seat's pass that its plays show, if any."""
    seat, to, given, received, kept = shown
    if given is None:
        if not received:
            return None
        message = SAID.gettext(
            "%(seat)s's pass is missing; the play shows it: %(to)s plays %(cards)s, dealt to %(seat)s",
            seat=seat,
            to=to,
            cards=_cards(received),
        )
        return _Cause(Problem(pointer("passes", seat), "passes_required", message), shown.explains)
    listed, count = given.cards, record.variant.pass_count
    twice = [p for p in problems if p.code == "duplicate_card" and p.pointer.startswith(given.at + "/")]
    if twice:
        return _Cause(twice[0], shown.explains)
    if len(listed) != count and shown.explains:
        code = "short_pass" if len(listed) < count else "long_pass"
        message = SAID.gettext(
            "%(seat)s passes %(passed)s cards to %(to)s; a pass here is %(count)s%(received)s%(kept)s",
            seat=seat,
            passed=len(listed),
            to=to,
            count=count,
            received=SAID.gettext(
                "; %(to)s plays %(cards)s, dealt to %(seat)s and not in the pass",
                to=to,
                cards=_cards(received),
                seat=seat,
            )
            if received
            else "",
            kept=SAID.gettext(
                "; %(seat)s plays %(cards)s, which the pass lists", seat=seat, cards=_cards(kept)
            )
            if kept
            else "",
        )
        return _Cause(Problem(given.at, code, message), shown.explains)
    if received and kept:
        return _mistyped(problems, shown, given)
    return None


def _mistyped(problems: list[Problem], shown: _Pass, given: Pass) -> _Cause:
    """A pass of the right size whose passer plays a card it lists while its receiver plays
    one dealt to the passer and not listed: the card the receiver plays was the one passed."""
    seat, to = shown.seat, shown.to
    y, x = shown.kept[0], shown.received[0]
    at = f"{given.at}/{given.cards.index(y.card)}"
    unheld = next((p for p in problems if p.pointer == at and p.code == "not_held"), None)
    facts = {
        "seat": seat,
        "to": to,
        "listed": str(y.card),
        "kept_at": y.problem.pointer,
        "played": str(x.card),
        "played_at": x.problem.pointer,
    }
    if unheld is not None:
        message = SAID.gettext(
            "%(seat)s's pass lists %(listed)s, which %(seat)s was not dealt, but %(seat)s plays "
            "%(listed)s at %(kept_at)s, and %(to)s plays %(played)s, dealt to %(seat)s and not "
            "passed, at %(played_at)s: did %(seat)s pass %(played)s, not %(listed)s?",
            **facts,
        )
    else:
        message = SAID.gettext(
            "%(seat)s's pass lists %(listed)s, but %(seat)s plays %(listed)s at %(kept_at)s, and "
            "%(to)s plays %(played)s, dealt to %(seat)s and not passed, at %(played_at)s: did "
            "%(seat)s pass %(played)s, not %(listed)s?",
            **facts,
        )
    also = (unheld,) if unheld is not None else ()
    return _Cause(Problem(at, "pass_mismatch", message), shown.explains, also)


def _named(cards: Iterable[Card]) -> str:
    return ", ".join(str(card) for card in cards)


def _either(cards: list[Card]) -> str:
    """The cards it may be, as one alternative after another: ``2C or 3C``."""
    shown = str(cards[-1])
    for card in reversed(cards[:-1]):
        shown = SAID.gettext("%(one)s or %(other)s", one=str(card), other=shown)
    return shown


def _cards(plays: list[_Unheld]) -> str:

    return ", ".join(str(play.card) for play in plays)

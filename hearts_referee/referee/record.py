"""The typed hand record the referee replays, and the error for one that cannot be.

The web layer (``schemas/``) turns JSON into a :class:`HandRecord`; anything
that needs no JSON (tests, benchmarks, the bulk audit) may build one directly.
Each piece remembers where it came from as a JSON pointer, so a problem found
deep in the replay can still name ``/play/17/card``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from .cards import Card
from .errorcodes import shown_pointer
from .variant import MoonOption, Variant

_To = TypeVar("_To", bound=str | None)
"""A pass's recipient when the record names none: a seat, or ``None`` (a hold hand)."""


class Problem(NamedTuple):
    """Why a record cannot have happened, and where: ``pointer`` is a JSON pointer."""

    pointer: str
    code: str
    message: str


class RecordError(ValueError):
    """A record that cannot have happened at any table; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{shown_pointer(p.pointer)}: {p.message}" for p in self.problems))


def pointer(*parts: object) -> str:
    """A JSON pointer from path parts, escaping ``~`` and ``/`` in seat ids."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


class Pass:
    """What one seat handed over. ``to`` is set only when the record says whom to; ``at`` is
    the JSON pointer of the list of cards, such as ``/passes/N`` or ``/passes/N/cards``.

    A plain value with a class of its own, compared by value, as :class:`Event` is: a C
    struct when compiled (docs/performance.md, "Why the code is shaped so")."""

    __slots__ = ("at", "cards", "looked_early", "to")

    cards: tuple[Card, ...]
    to: str | None
    looked_early: bool
    at: str

    def __init__(
        self, cards: tuple[Card, ...], to: str | None = None, looked_early: bool = False, at: str = ""
    ) -> None:
        self.cards = cards
        self.to = to
        self.looked_early = looked_early
        self.at = at

    def sent_to(self, recipient: _To) -> str | _To:
        """Where the cards went: the seat the record names, else ``recipient`` (the variant's,
        ``Variant.pass_recipient``; ``None`` on a hold hand)."""
        return self.to if self.to is not None else recipient

    def _key(self) -> tuple[tuple[Card, ...], str | None, bool, str]:
        return (self.cards, self.to, self.looked_early, self.at)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Pass(cards={self.cards!r}, to={self.to!r}, looked_early={self.looked_early!r}, at={self.at!r})"
        )


class EventAction(StrEnum):
    """What a play event does, named as the record's JSON names it."""

    CARD = "card"
    """A card played to the trick."""
    EXPOSES = "exposes"
    """A card dropped or shown face up without being played."""
    WITHDRAWS = "withdraws"
    """A card just played, taken back."""
    CLAIMS = "claims"
    """The rest of the tricks claimed, in an announced order."""


class ClaimKind(StrEnum):
    """What a claim says about the rest of the hand (the record's ``claims.what``)."""

    ALL_TRICKS = "all-tricks"
    """Every remaining trick (every card still to be played) ends with the claimant."""
    NO_MORE_POINTS = "no-more-points"
    """The claimant takes no more point card (heart or Q♠)."""
    NO_MORE_TRICKS = "no-more-tricks"
    """The claimant takes no more trick."""
    POINTS = "points"
    """The claimant takes at most ``points`` more points (every card's value, J♦ included)."""
    CONCEDE = "concede"
    """The rest go to the others: the claimant takes no more trick."""


class ClaimTerms(NamedTuple):
    """What a claim event states beyond its order: ``what`` is claimed, the ``points``
    limit of a ``points`` claim, and whether an order was announced at all."""

    what: ClaimKind = ClaimKind.ALL_TRICKS
    points: int | None = None
    ordered: bool = True


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class Event:
    """One thing that happened at the table, in order.

    ``action`` is what the seat did (an :class:`EventAction`; the plain string of a member
    is accepted too, and kept as the member); ``card`` is the card concerned, ``order`` the
    announced order of a claim and ``terms`` what it claims (``None``: the rest of the
    tricks, the order announced). A plain value with a class of its own, not a tuple: a C
    struct when compiled (docs/performance.md, "Why the code is shaped so"), and it compares by value.
    """

    __slots__ = ("action", "card", "order", "seat", "terms")

    seat: str
    action: EventAction
    card: Card | None
    order: tuple[Card, ...]
    terms: ClaimTerms | None

    def __init__(
        self,
        seat: str,
        action: EventAction | str,
        card: Card | None = None,
        order: tuple[Card, ...] = (),
        terms: ClaimTerms | None = None,
    ) -> None:
        self.seat = seat
        self.action = action if type(action) is EventAction else EventAction(action)
        self.card = card
        self.order = order
        self.terms = terms

    def _key(self) -> tuple[str, EventAction, Card | None, tuple[Card, ...], ClaimTerms | None]:
        return (self.seat, self.action, self.card, self.order, self.terms)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Event(seat={self.seat!r}, action={self.action!r}, card={self.card!r}, "
            f"order={self.order!r}, terms={self.terms!r})"
        )


class Reported(NamedTuple):
    """An irregularity the director records on a score-only hand, as reported at the table
    (the play was not recorded, so nothing but the report says it happened). ``code`` is a
    ruling code (``referee.score_only.REPORTABLE`` says which may be reported); ``trick``
    and ``card``, when the report names them."""

    code: str
    seat: str
    trick: int | None = None
    card: Card | None = None


@dataclass(frozen=True, init=False)
class HandRecord:
    """One recorded hand, as it happened at the table (see RECORD in the docs).

    A *score-only* hand (``points`` set) is the table's scoresheet line instead: the card
    points each seat took, with no deal or play, and the ``irregularities`` the director
    recorded for it (``referee.score_only``).

    ``deal_derived``: the record left the deal out and the referee derived it from the
    play, the passes and the kitty (``referee.derive``): ``deal`` is what each seat must
    have held."""

    variant: Variant
    seats: tuple[str, ...]
    dealer: str
    hand_number: int
    deal: Mapping[str, tuple[Card, ...]]
    play: tuple[Event, ...]
    kitty: tuple[Card, ...]
    passes: Mapping[str, Pass]
    scores_before: Mapping[str, int] | None
    written: Mapping[str, int] | None
    moon_choice: MoonOption | None
    exposed_in_deal: tuple[Card, ...]
    backs: Mapping[str, tuple[str, ...]] | None
    deal_derived: bool
    points: Mapping[str, int] | None
    irregularities: tuple[Reported, ...]

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        variant: Variant,
        seats: tuple[str, ...],
        dealer: str,
        hand_number: int,
        deal: Mapping[str, tuple[Card, ...]] | None = None,
        play: tuple[Event, ...] = (),
        kitty: tuple[Card, ...] = (),
        passes: Mapping[str, Pass] | None = None,
        scores_before: Mapping[str, int] | None = None,
        written: Mapping[str, int] | None = None,
        moon_choice: MoonOption | None = None,
        exposed_in_deal: tuple[Card, ...] = (),
        backs: Mapping[str, tuple[str, ...]] | None = None,
        deal_derived: bool = False,
        points: Mapping[str, int] | None = None,
        irregularities: tuple[Reported, ...] = (),
    ) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "deal", {} if deal is None else deal)
        object.__setattr__(self, "play", play)
        object.__setattr__(self, "kitty", kitty)
        object.__setattr__(self, "passes", {} if passes is None else passes)
        object.__setattr__(self, "scores_before", scores_before)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "moon_choice", moon_choice)
        object.__setattr__(self, "exposed_in_deal", exposed_in_deal)
        object.__setattr__(self, "backs", backs)
        object.__setattr__(self, "deal_derived", deal_derived)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "irregularities", irregularities)

    @property
    def score_only(self) -> bool:
        """Whether this is a score-only hand: points as the scoresheet has them, no play."""
        return self.points is not None

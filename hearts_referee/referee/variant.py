"""What a variant is: one frozen definition holding every rule the replay asks about.

The replay never asks *which* variant it plays; it asks the definition a
question ("does the Q♠ break hearts?", "who leads trick 1?", "do identical
cards cancel?"). The definitions themselves live in ``referee/rulebook/``;
a house variant is a definition with some fields replaced (``referee.house``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .cards import JACK_OF_DIAMONDS, JOKER, QUEEN_OF_SPADES, STANDARD_DECK, TWO_OF_CLUBS, Card, Suit
from .masks import NOT_HEARTS, Hand, mask_of

if TYPE_CHECKING:  # pragma: no cover - findings imports MoonOption from here
    from .findings import Code


@dataclass(frozen=True)
class Clause:
    """One rule of a variant, citable from a ruling as ``<variant>/<key>``.

    ``title`` and ``text`` are our English reading, marked for translation where they are
    written (``N_``) and translated where they are read. ``original`` is the rule in the
    language of the variant's own text (the omnibus variant's Norwegian), where that is not
    English: shown beside the reading, never translated."""

    key: str
    title: str
    text: str
    original: str | None = None
    """The rule as the variant's own text says it, in its language (``None``: the text is
    English, and ``text`` is it)."""


# --- pass cycles -----------------------------------------------------------
# A cycle maps the number of seats to the pass offset of each hand in turn:
# +k passes k seats to the left (the next seats in clockwise order), -k to the
# right, 0 is a hold (keeper) hand. ``hand_number`` 1 uses the first entry.


def _left_right_across_hold(seats: int) -> tuple[int, ...]:
    return (1, -1, seats // 2, 0)


def _left_right_across(seats: int) -> tuple[int, ...]:
    return (1, -1, seats // 2)


def _right_left_across_hold(seats: int) -> tuple[int, ...]:
    """Across only at an even table; an odd table passes right, left, hold."""
    return (-1, 1, seats // 2, 0) if seats % 2 == 0 else (-1, 1, 0)


def _widening(seats: int) -> tuple[int, ...]:
    """Deal k of n: odd k passes ⌈k/2⌉ left, even k passes k/2 right, deal n keeps."""
    return tuple(0 if k == seats else ((k + 1) // 2 if k % 2 else -(k // 2)) for k in range(1, seats + 1))


def _never(seats: int) -> tuple[int, ...]:
    return (0,)


class PassCycle(StrEnum):
    """The named pass cycles a variant may use (``Variant.pass_cycle``; the house option
    ``pass_cycle`` takes the same strings)."""

    LEFT_RIGHT_ACROSS_HOLD = "left-right-across-hold"
    LEFT_RIGHT_ACROSS = "left-right-across"
    RIGHT_LEFT_ACROSS_HOLD = "right-left-across-hold"
    WIDENING_THEN_KEEP = "widening-then-keep"
    NO_PASS = "no-pass"


PASS_CYCLES: Mapping[PassCycle, Callable[[int], tuple[int, ...]]] = MappingProxyType(
    {
        PassCycle.LEFT_RIGHT_ACROSS_HOLD: _left_right_across_hold,
        PassCycle.LEFT_RIGHT_ACROSS: _left_right_across,
        PassCycle.RIGHT_LEFT_ACROSS_HOLD: _right_left_across_hold,
        PassCycle.WIDENING_THEN_KEEP: _widening,
        PassCycle.NO_PASS: _never,
    }
)
"""Each pass cycle's offsets at a table of so many seats."""


def pass_direction_name(offset: int, seats: int) -> str:
    """``left``, ``right``, ``across``, ``hold``, or ``2 left`` and the like."""
    if offset == 0:
        return "hold"
    if seats % 2 == 0 and abs(offset) == seats // 2:
        return "across"
    side = "left" if offset > 0 else "right"
    steps = abs(offset)
    return side if steps == 1 else f"{steps} {side}"


class FirstLead(StrEnum):
    """Who leads trick 1 (``Variant.first_lead``): the holder of 2♣ (who must lead it), the
    dealer's left, or the 2♣ holder unless 2♣ lies in the kitty (then the dealer's left)."""

    TWO_OF_CLUBS = "two-of-clubs"
    LEFT_OF_DEALER = "left-of-dealer"
    TWO_OF_CLUBS_ELSE_LEFT_OF_DEALER = "two-of-clubs-else-left-of-dealer"


FIRST_LEADS: tuple[FirstLead, ...] = tuple(FirstLead)
"""Who may lead trick 1, in the order the house option lists them."""


class KittyTaker(StrEnum):
    """Who takes the kitty (``Variant.kitty_to``): the winner of trick 1, or of the first
    trick a counter (a heart or a Q♠) is played to (or whoever takes that trick's pile)."""

    FIRST_TRICK = "first-trick"
    FIRST_COUNTER_TRICK = "first-counter-trick"


KITTY_TAKERS: tuple[KittyTaker, ...] = tuple(KittyTaker)
"""Who may take the kitty, in the order the house option lists them."""


class PenaltySchedule(StrEnum):
    """The penalty schedule a variant names (``Variant.penalty_schedule``): the id of one
    of ``rulings.schedules.SCHEDULES``, which prices its rulings."""

    REFER_ALL = "refer-all"
    MSO_2000 = "mso-2000"


class Signers(StrEnum):
    """Who signs a hand's scores (``Variant.signatures``) or a game's scoresheet at its end
    (``Variant.game_signatures``): nobody, every player, or the table's scorekeeper."""

    NONE = "none"
    ALL = "all"
    SCOREKEEPER = "scorekeeper"


SIGNATURES: tuple[Signers, ...] = tuple(Signers)
"""Who may sign, as ``Variant.signatures`` and ``Variant.game_signatures`` name it."""


class MoonOption(StrEnum):
    """What a moon scores: ``add`` gives every other seat the moon's points,
    ``subtract`` takes them off the shooter's own total."""

    ADD = "add"
    SUBTRACT = "subtract"


class MoonChooser(StrEnum):
    """How the referee chooses a moon option the record does not give: subtract
    whenever it is open (MSO), or the option best for the shooter (Long John)."""

    SUBTRACT_WHEN_OPEN = "subtract-when-open"
    BEST_FOR_SHOOTER = "best-for-shooter"


MOON_CHOOSERS: tuple[MoonChooser, ...] = tuple(MoonChooser)
"""How the referee chooses a moon option the record does not give."""

_SETTINGS: tuple[tuple[str, type[StrEnum], str], ...] = (
    ("pass_cycle", PassCycle, "pass cycle"),
    ("first_lead", FirstLead, "first lead"),
    ("kitty_to", KittyTaker, "kitty taker"),
    ("penalty_schedule", PenaltySchedule, "penalty schedule"),
    ("signatures", Signers, "signatures"),
    ("game_signatures", Signers, "game signatures"),
)
"""The rule settings of a :class:`Variant` that name one member of an enum: the field, its
enum, and how a refusal names it. A field takes the member or its plain string (a house
option arrives as the string): the variant refuses an unknown one and holds the member."""


def _is_setting(kind: type[StrEnum], value: object) -> bool:
    """Whether ``value`` is a member of ``kind`` or the string of one."""
    if not isinstance(value, str):
        return False
    try:
        kind(value)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Moon:
    """What happens when one seat takes every point card.

    ``options`` are the outcomes the variant knows: ``add`` (every other
    seat scores the moon's points) and ``subtract`` (the shooter takes them
    off their own total). ``subtract_from``: the total some seat must have
    had before the hand for ``subtract`` to be open (MSO's 74), ``None``
    when it is always open. ``chooser`` says how the referee picks when the
    record does not.
    """

    options: tuple[MoonOption, ...] = (MoonOption.ADD,)
    subtract_from: int | None = None
    chooser: MoonChooser = MoonChooser.SUBTRACT_WHEN_OPEN


@dataclass(frozen=True)
class Deck:
    """The cards of one table size: which cards, how many of each, what a hand holds."""

    cards: tuple[Card, ...]
    seats: int
    counts: Mapping[Card, int]
    single: bool
    hand_size: int
    kitty_size: int
    point_card_count: int
    moon_value: int
    pass_cycle: tuple[int, ...] = ()
    """The variant's pass offsets at this table, hand by hand (``Variant.pass_offset``)."""

    mask: int = 0
    """Every card of the deck, as a mask (``referee.masks``)."""
    twice_mask: int = 0
    """Every card the deck holds two of (a double deck), as a mask."""
    counted: bool = False
    """A card comes three times or more (no variant has that): the deal is matched by counts."""

    def matches(self, cards: list[Card]) -> bool:
        """Whether ``cards`` are exactly this deck, every copy once: as many cards as the deck
        and the same masks (a single deck: all of them its cards, so none twice; a double
        deck: the same cards once and twice, and none a third time)."""
        if len(cards) != len(self.cards):
            return False
        if self.single:
            return mask_of(cards) == self.mask
        if self.counted:
            return dict(Counter(cards)) == self.counts
        held = Hand.of(cards)
        return held.once == self.mask and held.twice == self.twice_mask and not held.more


@dataclass(frozen=True)
class Variant:
    """Everything the referee needs to know about one variant of Hearts."""

    id: str
    name: str
    source: str
    seat_counts: tuple[int, ...]
    pass_count: int
    pass_cycle: PassCycle | str
    first_lead: FirstLead | str
    no_points_on_first_trick: bool
    queen_breaks_hearts: bool
    may_lead_hearts_with_queen: bool
    penalty_cards: bool
    revoke_cannot_stop_moon: bool
    moon: Moon | None
    game_target: int
    penalty_schedule: PenaltySchedule | str
    clauses: tuple[Clause, ...]
    cites: Mapping[Code, str]
    signatures: Signers | str
    game_signatures: Signers | str = Signers.NONE
    """Who signs the game's scoresheet once the game is over (MSO: all four players)."""
    heart_points: int = 1
    queen_points: int = 13
    jack_of_diamonds_points: int = 0
    decks: int = 1
    jokers: Mapping[int, int] = field(default_factory=dict)
    hearts_broken_from_start: bool = False
    cancellation: bool = False
    kitty_to: KittyTaker | str = KittyTaker.FIRST_TRICK
    backs_check: bool = False
    totals_floor_zero: bool = False
    misdeal_voids: bool = False
    """Whether the variant's text voids a deal with a wrong count or a card exposed in it
    (MSO); elsewhere such a deal is referred and the hand still played out."""
    options: Mapping[str, Any] = field(default_factory=dict)
    card_points: Mapping[Card, int] = field(init=False, repr=False, compare=False)
    point_cards: frozenset[Card] = field(init=False, repr=False, compare=False)
    first_lead_card: Card | None = field(init=False, repr=False, compare=False)
    """The card trick 1 must be led with (2♣), or ``None`` when the lead is free."""
    point_mask: int = field(init=False, repr=False, compare=False)
    """:attr:`point_cards` as a mask (``referee.masks``)."""
    breaker_mask: int = field(init=False, repr=False, compare=False)
    """The cards that break hearts (:meth:`breaks_hearts`), as a mask."""
    first_trick_point_mask: int = field(init=False, repr=False, compare=False)
    """The cards trick 1 may not carry while a seat has another legal card, as a mask (0: no
    such rule)."""
    points_by_number: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """:attr:`card_points` by card number (``Card.number``, the joker's 52 included): a trick's
    points are a sum of tuple look-ups, no card hashed."""
    _decks: Mapping[int, Deck] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problems = self._problems()
        if problems:
            raise ValueError(f"variant {self.id!r}: " + "; ".join(problems))
        for name, kind, _ in _SETTINGS:  # each rule setting held as its member from here on
            object.__setattr__(self, name, kind(getattr(self, name)))
        points = {card: self.heart_points for card in STANDARD_DECK if card.suit is Suit.HEARTS}
        points[QUEEN_OF_SPADES] = self.queen_points
        if self.jack_of_diamonds_points:
            points[JACK_OF_DIAMONDS] = self.jack_of_diamonds_points
        object.__setattr__(self, "card_points", MappingProxyType(points))
        by_number = [0] * (JOKER.number + 1)
        for card, value in points.items():
            by_number[card.number] = value
        object.__setattr__(self, "points_by_number", tuple(by_number))
        object.__setattr__(
            self,
            "point_cards",
            frozenset(c for c in STANDARD_DECK if c.suit is Suit.HEARTS or c is QUEEN_OF_SPADES),
        )
        # compiled once for the legality cascade (``referee.table.Table.fault``)
        object.__setattr__(self, "first_lead_card", TWO_OF_CLUBS if self.two_of_clubs_leads else None)
        point_mask = mask_of(self.point_cards)
        object.__setattr__(self, "point_mask", point_mask)
        object.__setattr__(self, "breaker_mask", mask_of(c for c in STANDARD_DECK if self.breaks_hearts(c)))
        object.__setattr__(self, "first_trick_point_mask", point_mask if self.no_points_on_first_trick else 0)
        object.__setattr__(
            self, "_decks", MappingProxyType({n: self._build_deck(n) for n in self.seat_counts})
        )

    def _problems(self) -> list[str]:
        problems = []
        if not self.seat_counts or min(self.seat_counts) < 3:
            problems.append("a table needs at least three seats")
        for name, kind, what in _SETTINGS:
            value = getattr(self, name)
            if not _is_setting(kind, value):
                problems.append(f"unknown {what} {value!r}")
        if self.moon is not None:
            if not self.moon.options or not set(self.moon.options) <= set(MoonOption):
                problems.append("moon options are 'add' and 'subtract'")
            if self.moon.chooser not in MOON_CHOOSERS:
                problems.append(f"unknown moon chooser {self.moon.chooser!r}")
        keys = [c.key for c in self.clauses]
        if len(keys) != len(set(keys)):
            problems.append("clause keys repeat")
        for code, key in self.cites.items():
            if key not in keys:
                problems.append(f"{code} cites {key!r}, which is not a clause")
        for seats in self.seat_counts:
            if (52 * self.decks + self.jokers.get(seats, 0)) // seats < 1:
                problems.append(f"{seats} seats get no cards")
        return problems

    def _build_deck(self, seats: int) -> Deck:
        cards = STANDARD_DECK * self.decks + (JOKER,) * self.jokers.get(seats, 0)
        whole = Hand.of(cards)
        counts = dict(Counter(cards))
        point_cards = [c for c in cards if c in self.point_cards]
        return Deck(
            cards=cards,
            seats=seats,
            counts=MappingProxyType(counts),
            single=len(counts) == len(cards),
            hand_size=len(cards) // seats,
            kitty_size=len(cards) % seats,
            point_card_count=len(point_cards),
            moon_value=sum(self.card_points[c] for c in point_cards),
            pass_cycle=PASS_CYCLES[PassCycle(self.pass_cycle)](seats),
            mask=whole.once,
            twice_mask=whole.twice,
            counted=bool(whole.more),
        )

    # -- questions the replay asks ----------------------------------------
    def deck(self, seats: int) -> Deck:
        """The deck for a table of ``seats`` players (a joker may depend on it)."""
        deck = self._decks.get(seats)
        return deck if deck is not None else self._build_deck(seats)

    def hand_size(self, seats: int) -> int:
        return self.deck(seats).hand_size

    def kitty_size(self, seats: int) -> int:
        return self.deck(seats).kitty_size

    def pass_offset(self, hand_number: int, seats: int) -> int:
        deck = self._decks.get(seats)
        cycle = deck.pass_cycle if deck is not None else PASS_CYCLES[PassCycle(self.pass_cycle)](seats)
        return cycle[(hand_number - 1) % len(cycle)]

    def pass_recipient(self, hand_number: int, seats: Sequence[str], giver: int) -> str | None:
        """The seat that ``seats[giver]`` passes to on hand ``hand_number``: the one
        :meth:`pass_offset` seats on clockwise, or ``None`` on a hold hand. The one reading
        of where a pass goes, for the replay, deal derivation, first causes and the pages
        (a pass the record sends elsewhere: :meth:`Pass.sent_to <referee.record.Pass.sent_to>`)."""
        count = len(seats)
        offset = self.pass_offset(hand_number, count)
        return seats[(giver + offset) % count] if offset else None

    def breaks_hearts(self, card: Card) -> bool:
        return card.suit is Suit.HEARTS or (self.queen_breaks_hearts and card is QUEEN_OF_SPADES)

    def may_lead_hearts(self, cards: Iterable[Card]) -> bool:
        """Hearts unbroken: a leader holding ``cards`` may lead a heart when it holds only
        hearts (MSO, Long John: or only hearts and one Q♠). The one reading, for the
        replay's cascade, the claim check and the solver alike."""
        hand = Hand.of(cards)
        return self.may_lead_hearts_holding(hand.once, hand.twice)

    def may_lead_hearts_holding(self, once: int, twice: int) -> bool:
        """:meth:`may_lead_hearts` for a hand held as masks (``referee.masks.Hand``)."""
        others = once & NOT_HEARTS
        if not others:
            return True
        queen = QUEEN_OF_SPADES.bit
        return self.may_lead_hearts_with_queen and others == queen and not twice & queen

    @property
    def two_of_clubs_leads(self) -> bool:
        """Whether the holder of 2♣ must lead it to trick 1."""
        return self.first_lead is not FirstLead.LEFT_OF_DEALER

    def clause(self, key: str) -> Clause:
        for clause in self.clauses:
            if clause.key == key:
                return clause
        raise KeyError(f"{self.id} has no clause {key!r}")

    def rule_for(self, code: Code | str) -> str:
        """The stable clause id a ruling of ``code`` cites, such as ``mso-2000/revoke``.
        The plain string is taken too (``Code(code)``: compiled, the parameter is checked)."""
        from .findings import Code  # here: findings imports this module

        return f"{self.id}/{self.cites[Code(code)]}"

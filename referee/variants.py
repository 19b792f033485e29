"""Variants as data: one frozen definition per variant, looked up by id.

The replay never asks *which* variant it is playing; it asks the definition
a question ("does the Q♠ break hearts?", "who leads trick 1?"). A new house
variant is a new definition, not a new branch in the engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from .cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, STANDARD_DECK, Card, Suit


@dataclass(frozen=True)
class Clause:
    """One rule of a variant, citable from a ruling as ``<variant>/<key>``."""

    key: str
    title: str
    text: str


# --- pass cycles -----------------------------------------------------------
# A cycle maps the number of seats to the pass offset of each hand in turn:
# +k passes k seats to the left (the next seats in clockwise order), -k to the
# right, 0 is a hold hand. ``hand_number`` 1 uses the first entry.

def _left_right_across_hold(seats: int) -> tuple[int, ...]:
    return (1, -1, seats // 2, 0)


def _left_right_across(seats: int) -> tuple[int, ...]:
    return (1, -1, seats // 2)


PASS_CYCLES: Mapping[str, Callable[[int], tuple[int, ...]]] = MappingProxyType({
    "left-right-across-hold": _left_right_across_hold,
    "left-right-across": _left_right_across,
})
"""Named pass cycles a variant may use."""


def pass_direction_name(offset: int, seats: int) -> str:
    """``left``, ``right``, ``across``, ``hold``, or ``2 left`` and the like."""
    if offset == 0:
        return "hold"
    if seats % 2 == 0 and offset == seats // 2:
        return "across"
    side = "left" if offset > 0 else "right"
    steps = abs(offset)
    return side if steps == 1 else f"{steps} {side}"


FIRST_LEADS = ("two-of-clubs", "left-of-dealer")
"""Who leads trick 1: the holder of 2♣ (who must lead it) or the dealer's left."""


@dataclass(frozen=True)
class Moon:
    """What happens when one seat takes every point card.

    ``options`` are the outcomes the variant knows: ``add`` (every other
    seat scores the moon's points) and ``subtract`` (the shooter takes them
    off their own total). ``subtract_from`` is the total any seat must have
    had before the hand for ``subtract`` to be open (MSO's 74), ``None`` when
    the variant only adds.
    """

    options: tuple[str, ...] = ("add",)
    subtract_from: int | None = None


@dataclass(frozen=True)
class Variant:
    """Everything the referee needs to know about one variant of Hearts."""

    id: str
    name: str
    source: str
    seat_counts: tuple[int, ...]
    pass_count: int
    pass_cycle: str
    first_lead: str
    no_points_on_first_trick: bool
    queen_breaks_hearts: bool
    may_lead_hearts_with_queen: bool
    penalty_cards: bool
    revoke_cannot_stop_moon: bool
    moon: Moon | None
    game_target: int
    penalty_schedule: str
    clauses: tuple[Clause, ...]
    cites: Mapping[str, str]
    signatures: str
    heart_points: int = 1
    queen_points: int = 13
    jack_of_diamonds_points: int = 0
    deck: tuple[Card, ...] = STANDARD_DECK
    card_points: Mapping[Card, int] = field(init=False, repr=False, compare=False)
    point_cards: frozenset[Card] = field(init=False, repr=False, compare=False)
    deck_counts: Mapping[Card, int] = field(init=False, repr=False, compare=False)
    breakers: frozenset[Card] = field(init=False, repr=False, compare=False)
    single_deck: bool = field(init=False, repr=False, compare=False)
    point_card_count: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problems = []
        if not self.seat_counts or min(self.seat_counts) < 3:
            problems.append("a table needs at least three seats")
        if self.pass_cycle not in PASS_CYCLES:
            problems.append(f"unknown pass cycle {self.pass_cycle!r}")
        if self.first_lead not in FIRST_LEADS:
            problems.append(f"unknown first lead {self.first_lead!r}")
        if self.moon is not None and not set(self.moon.options) <= {"add", "subtract"}:
            problems.append("moon options are 'add' and 'subtract'")
        keys = [c.key for c in self.clauses]
        if len(keys) != len(set(keys)):
            problems.append("clause keys repeat")
        for code, key in self.cites.items():
            if key not in keys:
                problems.append(f"{code} cites {key!r}, which is not a clause")
        if problems:
            raise ValueError(f"variant {self.id!r}: " + "; ".join(problems))
        points: dict[Card, int] = {}
        for card in self.deck:
            if card.suit is Suit.HEARTS:
                points[card] = self.heart_points
        points[QUEEN_OF_SPADES] = self.queen_points
        if self.jack_of_diamonds_points:
            points[JACK_OF_DIAMONDS] = self.jack_of_diamonds_points
        object.__setattr__(self, "card_points", MappingProxyType(points))
        point_cards = frozenset(c for c in self.deck if c.suit is Suit.HEARTS or c is QUEEN_OF_SPADES)
        object.__setattr__(self, "point_cards", point_cards)
        object.__setattr__(self, "deck_counts", dict(Counter(self.deck)))
        object.__setattr__(self, "single_deck", len(set(self.deck)) == len(self.deck))
        object.__setattr__(self, "breakers", frozenset(c for c in self.deck if self.breaks_hearts(c)))
        object.__setattr__(self, "point_card_count", sum(1 for c in self.deck if c in point_cards))

    # -- questions the replay asks ----------------------------------------
    def hand_size(self, seats: int) -> int:
        return len(self.deck) // seats

    def kitty_size(self, seats: int) -> int:
        return len(self.deck) % seats

    def matches_deck(self, cards: list[Card]) -> bool:
        """Whether ``cards`` are exactly the deck, every copy once."""
        if len(cards) != len(self.deck):
            return False
        if self.single_deck:
            return len(set(cards)) == len(cards) and self.deck_counts.keys() >= set(cards)
        return dict(Counter(cards)) == self.deck_counts

    def pass_offset(self, hand_number: int, seats: int) -> int:
        cycle = PASS_CYCLES[self.pass_cycle](seats)
        return cycle[(hand_number - 1) % len(cycle)]

    def breaks_hearts(self, card: Card) -> bool:
        return card.suit is Suit.HEARTS or (self.queen_breaks_hearts and card is QUEEN_OF_SPADES)

    def clause(self, key: str) -> Clause:
        for clause in self.clauses:
            if clause.key == key:
                return clause
        raise KeyError(f"{self.id} has no clause {key!r}")

    def rule_for(self, code: str) -> str:
        """The stable clause id a ruling of ``code`` cites, such as ``mso-2000/revoke``."""
        return f"{self.id}/{self.cites[code]}"


# --- clause texts, in the project's own words of RULES.md -------------------

_COMMON = (
    Clause("follow-suit", "Following suit",
           "Cards rank ace high down to 2; there are no trumps. Each player must follow the suit "
           "led if able; a player who cannot may play any card, within the first-trick and "
           "hearts rules. The highest card of the suit led wins the trick and its winner leads next."),
    Clause("turn-order", "Order of play",
           "Play goes clockwise: the seats of a table are listed clockwise and the player on a "
           "seat's left is the next seat in the list. A card played out of turn to a trick that "
           "is already led is logged for the director."),
)

STANDARD_CLAUSES = _COMMON + (
    Clause("deal", "Deal",
           "Four players, one 52-card deck, 13 cards each. A wrong number of cards to any "
           "player, or a card turned face up during the deal, is a misdeal: the hand is not "
           "scored and is redealt once the director confirms it."),
    Clause("pass", "Pass",
           "Each player passes 3 cards: hand 1 to the left, hand 2 to the right, hand 3 across, "
           "hand 4 is held (no pass); then the cycle repeats. Passing the wrong number, to the "
           "wrong player, on a hold hand, or looking at the cards received before one's own "
           "pass is on the table is an incorrect pass."),
    Clause("opening-lead", "Opening lead",
           "The holder of 2♣ leads it to trick 1. Anyone else leading first is a lead out of "
           "turn; the 2♣ holder leading another card is a wrong opening lead."),
    Clause("first-trick", "No points on trick 1",
           "No heart and not the Q♠ may be played to trick 1 unless the player holds nothing "
           "else that is legal."),
    Clause("hearts-broken", "Breaking hearts",
           "Hearts may not be led until a heart or the Q♠ has been played to an earlier trick, "
           "unless the leader holds only hearts. A leader holding only hearts and the Q♠ must "
           "lead the Q♠."),
    Clause("moon", "Shooting the moon",
           "A player who takes all 13 hearts and the Q♠ scores 0 and every other player "
           "scores 26."),
    Clause("scoring", "Scoring",
           "Each heart taken scores 1 point and the Q♠ 13; the hand's points add up to 26. "
           "The scores written down must match the cards taken."),
    Clause("game-end", "End of the game",
           "The game ends after a hand in which someone reaches 100 or more; the lowest total wins."),
    Clause("no-penalties", "No penalty schedule",
           "The common game has no penalties of its own: every irregularity is found and "
           "logged for the director (referred), with no automatic points and no penalty cards."),
)

MSO_CLAUSES = _COMMON + (
    Clause("deal", "Deal and misdeal",
           "Four players seated N, E, S, W by cut; North keeps score. One 52-card deck, no "
           "jokers, 13 cards each. A card exposed during the deal, or a wrong number of cards "
           "to any player, voids the deal: the hand is not scored and is redealt."),
    Clause("pass", "Pass direction",
           "Each player passes 3 cards. The event has no hold hand: hand 1 passes left, hand 2 "
           "right, hand 3 across, hand 4 left again, and so on."),
    Clause("incorrect-pass", "Incorrect pass",
           "Passing the wrong number of cards, passing to the wrong opponent, or looking at "
           "the cards received before one's own pass is face down on the table costs the "
           "offender 26 penalty points."),
    Clause("opening-lead", "Opening lead",
           "The holder of 2♣ must lead it to trick 1. The rules give no penalty for getting "
           "this wrong: the director rules."),
    Clause("first-trick", "No points on trick 1",
           "No point card (a heart or the Q♠) may be discarded to trick 1 unless the player "
           "holds nothing else. The rules attach no penalty: the director rules."),
    Clause("hearts-broken", "Breaking hearts",
           "Hearts may not be led until they are broken: a heart or the Q♠ has been played to "
           "an earlier trick. A leader holding only hearts, or only hearts and the Q♠, may "
           "lead a heart."),
    Clause("revoke", "Revoke",
           "Failing to follow suit when able is a revoke: 26 penalty points to the offender, "
           "unless all 14 point cards had already been played before the revoking card (then "
           "no penalty). A revoke is established once any card is played to the next trick, "
           "or the hand has ended."),
    Clause("renounce", "Renounce",
           "A revoke corrected before it is established is a renounce: no points; the card "
           "wrongly played becomes a penalty card and the offender plays a legal card instead."),
    Clause("penalty-card", "Penalty card",
           "A penalty card stays face up in its owner's hand and must be played at the first "
           "legal opportunity (lead, follow or discard). Missing that opportunity is logged "
           "once per penalty card for the director."),
    Clause("exposed-card", "Exposed card",
           "A card dropped face up, or shown before its time, becomes a penalty card. No points."),
    Clause("lead-out-of-turn", "Lead out of turn",
           "A card led out of turn becomes a penalty card and the lead goes back to the right "
           "player. If the table played on without correcting it, the lead stands and the "
           "director rules."),
    Clause("premature-heart", "Prematurely played heart",
           "Leading a heart before hearts are broken, when not allowed, costs 5 penalty "
           "points, corrected or not. Corrected at the table, the heart becomes a penalty card "
           "and the leader leads again; if nobody noticed, the play stands."),
    Clause("revoke-cannot-stop-moon", "A revoke cannot stop a moon",
           "If one player took every point card except those the revoking player won in the "
           "revoke's trick or later, the director decides; the referee suggests awarding the "
           "moon to that player."),
    Clause("claims", "Claims and concessions",
           "A player who shows the rest of the hand must announce the order of play. The "
           "director decides; the referee reports whether that order wins every remaining "
           "trick against every legal defence."),
    Clause("moon", "Shooting the moon",
           "Taking all 13 hearts and the Q♠ adds 26 to each opponent. If anyone had 74 or more "
           "before the hand and adding would not win the game for the shooter, the shooter may "
           "instead take 26 off their own total; without a recorded choice the referee "
           "subtracts whenever it may."),
    Clause("scoring", "Scoring",
           "Each heart taken scores 1 point and the Q♠ 13 (no J♦ bonus), plus any "
           "penalty points. The scores written down must match."),
    Clause("game-end", "End of the game",
           "The game ends when a player has 100 or more at the end of a hand, but a game cannot "
           "end with a penalty assessment: reaching 100 only through that hand's penalty points "
           "does not end it."),
    Clause("match-points", "Match points",
           "At the end of the game the table's scores earn match points by place: lowest 5, "
           "then 3, 2 and 1. Tied players share the match points of the places they span."),
    Clause("signatures", "Scoresheet",
           "Each scoresheet is signed by all four players before it counts."),
)


STANDARD_CITES = MappingProxyType({
    "misdeal": "deal",
    "incorrect_pass": "pass",
    "lead_out_of_turn": "turn-order",
    "play_out_of_turn": "turn-order",
    "wrong_first_lead": "opening-lead",
    "revoke": "follow-suit",
    "renounce": "follow-suit",
    "point_card_on_first_trick": "first-trick",
    "early_heart": "hearts-broken",
    "exposed_card": "no-penalties",
    "penalty_card_not_played": "no-penalties",
    "claim": "no-penalties",
    "moon_choice_not_allowed": "moon",
    "score_mismatch": "scoring",
})

MSO_CITES = MappingProxyType({
    "misdeal": "deal",
    "incorrect_pass": "incorrect-pass",
    "lead_out_of_turn": "lead-out-of-turn",
    "play_out_of_turn": "turn-order",
    "wrong_first_lead": "opening-lead",
    "revoke": "revoke",
    "renounce": "renounce",
    "point_card_on_first_trick": "first-trick",
    "early_heart": "premature-heart",
    "exposed_card": "exposed-card",
    "penalty_card_not_played": "penalty-card",
    "claim": "claims",
    "moon_stopped_by_revoke": "revoke-cannot-stop-moon",
    "moon_choice_not_allowed": "moon",
    "score_mismatch": "scoring",
})

STANDARD = Variant(
    id="standard",
    name="Standard Hearts",
    source="The common four-player game (the reference for house rules; not a tournament text).",
    seat_counts=(4,),
    pass_count=3,
    pass_cycle="left-right-across-hold",
    first_lead="two-of-clubs",
    no_points_on_first_trick=True,
    queen_breaks_hearts=True,
    may_lead_hearts_with_queen=False,
    penalty_cards=False,
    revoke_cannot_stop_moon=False,
    moon=Moon(options=("add",)),
    game_target=100,
    penalty_schedule="refer-all",
    clauses=STANDARD_CLAUSES,
    cites=STANDARD_CITES,
    signatures="none",
)

MSO_2000 = Variant(
    id="mso-2000",
    name="MSO 2000 tournament Hearts",
    source="MSO Hearts event rules, August 2000.",
    seat_counts=(4,),
    pass_count=3,
    pass_cycle="left-right-across",
    first_lead="two-of-clubs",
    no_points_on_first_trick=True,
    queen_breaks_hearts=True,
    may_lead_hearts_with_queen=True,
    penalty_cards=True,
    revoke_cannot_stop_moon=True,
    moon=Moon(options=("add", "subtract"), subtract_from=74),
    game_target=100,
    penalty_schedule="mso-2000",
    clauses=MSO_CLAUSES,
    cites=MSO_CITES,
    signatures="all",
)

VARIANTS: Mapping[str, Variant] = MappingProxyType({v.id: v for v in (STANDARD, MSO_2000)})
"""Every variant the referee knows, by id."""


def get_variant(variant_id: str) -> Variant:
    """The variant called ``variant_id``; ``KeyError`` names the known ones."""
    try:
        return VARIANTS[variant_id]
    except KeyError:
        raise KeyError(f"unknown variant {variant_id!r}; known: {', '.join(VARIANTS)}") from None

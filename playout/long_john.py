"""Long John (double-deck cancellation hearts) restated from RULES.md, and scored from a record.

Six to eight seats, two decks (each card twice) and, for seven seats, a
joker. The rules the generator plays by and the scorer counts by are here:

- the pass: deal k of every n widens, odd k ⌈k/2⌉ seats left, even k k/2
  seats right, deal n a keeper;
- any card may be led (hearts are broken from the start), never the joker
  before the last trick; follow suit if able;
- identical cards of the suit led cancel; the highest card of the suit led
  left wins; a trick whose led suit cancels out goes to the middle, the same
  player leads again, and the next trick won takes the pile (the last trick
  cancelled: the most recent trick winner takes it); a led joker takes the
  last trick, any other joker is dead;
- six seats: the kitty goes with the first trick a heart or Q♠ is played to;
- hearts 1, each Q♠ 13: 52 a hand; taking all 28 point cards is a moon.

The scorer reads only ``seats``, ``kitty``, ``play``, ``scores_before`` and
``moon_choice``: it knows nothing of how the hand was made.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, is_point, points, rank, suit

JOKER = "JK"
HAND_SIZE = {6: 17, 7: 15, 8: 13}
KITTY_SIZE = {6: 2, 7: 0, 8: 0}
HAND_TOTAL = 52  # 26 hearts and two Q♠
POINT_CARD_COUNT = 28
GAME_TARGET = 100


def double_deck(count: int) -> list[str]:
    """Every card twice, and the joker for seven seats."""
    return [card for card in DECK for _ in range(2)] + ([JOKER] if count == 7 else [])


def pass_offset(count: int, hand_number: int) -> int:
    """Seats to the left the pass goes (negative: right), 0 on the keeper deal."""
    k = (hand_number - 1) % count + 1
    if k == count:
        return 0
    return (k + 1) // 2 if k % 2 else -(k // 2)


def card_suit(card: str) -> str | None:
    """The suit letter; the joker has none."""
    return None if card == JOKER else suit(card)


def legal_cards(hand: Sequence[str], led: str | None) -> list[str]:
    """What a seat may play: follow ``led`` if able (None: a lead), the joker only as the last card."""
    others = [card for card in hand if card != JOKER]
    if not others:
        return list(hand)
    if led is None:
        return others
    return [card for card in others if suit(card) == led] or others


def resolve(plays: Sequence[tuple[str, str]]) -> tuple[str | None, list[str]]:
    """(winner, cancelled cards) of a full trick; winner None when the suit led cancelled out."""
    lead = plays[0][1]
    if lead == JOKER:
        return plays[0][0], []
    led = suit(lead)
    copies = Counter(card for _, card in plays if card_suit(card) == led)
    cancelled = sorted(card for card, n in copies.items() if n > 1 for _ in range(n))
    live = [(seat, card) for seat, card in plays if card_suit(card) == led and copies[card] == 1]
    if not live:
        return None, cancelled
    return max(live, key=lambda play: rank(play[1]))[0], cancelled


# -- scoring a record ---------------------------------------------------------------


@dataclass
class Trick:
    """One trick as the rules settle it: who won it (None: to the middle) and who took it."""

    number: int
    plays: list[tuple[str, str]]
    winner: str | None
    cancelled: list[str]
    taken_by: str | None = None
    collects: list[int] = field(default_factory=list)

    @property
    def leader(self) -> str:
        return self.plays[0][0]

    @property
    def to_middle(self) -> bool:
        return self.winner is None

    @property
    def points(self) -> int:
        return sum(points(card) for _, card in self.plays)


def tricks_of(record: Mapping[str, Any]) -> list[Trick]:
    """The record's cards cut into tricks, each settled: winner, taker, middle piles collected."""
    seats = record["seats"]
    plays = [(event["seat"], event["card"]) for event in record["play"] if "card" in event]
    cut = [plays[i : i + len(seats)] for i in range(0, len(plays), len(seats))]
    tricks: list[Trick] = []
    middle: list[Trick] = []
    last_winner: str | None = None
    for number, trick_plays in enumerate(cut, start=1):
        winner, cancelled = resolve(trick_plays)
        trick = Trick(number, trick_plays, winner, cancelled)
        tricks.append(trick)
        if winner is None:
            if number < len(cut):
                middle.append(trick)
                continue
            taker = last_winner or trick.leader  # the last trick cancelled out
        else:
            taker = last_winner = winner
        trick.taken_by = taker
        trick.collects = [piled.number for piled in middle]
        for piled in middle:
            piled.taken_by = taker
        middle = []
    return tricks


def kitty_taken(record: Mapping[str, Any], tricks: Sequence[Trick] | None = None) -> tuple[str, int] | None:
    """(seat, trick that took it) for the kitty: it goes with the first trick a counter is
    played to, to whoever takes that trick's cards. None without a kitty or such a trick."""
    if not record.get("kitty"):
        return None
    tricks = tricks_of(record) if tricks is None else tricks
    first = next((t for t in tricks if any(is_point(card) for _, card in t.plays)), None)
    if first is None or first.taken_by is None:
        return None
    taken_with = next((t.number for t in tricks if first.number in t.collects), first.number)
    return first.taken_by, taken_with


def card_points(record: Mapping[str, Any]) -> dict[str, int]:
    """Points each seat took: its tricks, the middle piles it took, and the kitty if it took it."""
    tricks = tricks_of(record)
    taken = dict.fromkeys(record["seats"], 0)
    for trick in tricks:
        if trick.taken_by is not None:
            taken[trick.taken_by] += trick.points
    kitty = kitty_taken(record, tricks)
    if kitty is not None:
        taken[kitty[0]] += sum(points(card) for card in record["kitty"])
    return taken


def moon_shooter(taken: Mapping[str, int]) -> str | None:
    """The seat that took all 52 points, which means all 28 point cards."""
    return next((seat for seat, n in taken.items() if n == HAND_TOTAL), None)


def moon_totals(before: Mapping[str, int], shooter: str, option: str) -> dict[str, int]:
    """Game totals after the moon: ``add`` gives every other seat 52, ``subtract`` takes up
    to 52 off the shooter's total, never below zero."""
    if option == "add":
        return {seat: total + (0 if seat == shooter else HAND_TOTAL) for seat, total in before.items()}
    return {
        seat: total - (min(HAND_TOTAL, total) if seat == shooter else 0) for seat, total in before.items()
    }


def moon_option(record: Mapping[str, Any], shooter: str) -> tuple[str, str]:
    """(option, chosen_by): the record's choice, else the referee's pick for the shooter.

    The pick, as RULES words it: an option that wins the table now (the game
    ends, the shooter lowest alone or tied); else one that does not end the
    game with someone else lowest; among those left, the one leaving the
    shooter furthest below the lowest other total, a tie going to add.
    """
    choice = record.get("moon_choice")
    if choice in ("add", "subtract"):
        return choice, "record"
    before = {seat: (record.get("scores_before") or {}).get(seat, 0) for seat in record["seats"]}
    after = {option: moon_totals(before, shooter, option) for option in ("add", "subtract")}

    def ends(totals: dict[str, int]) -> bool:
        return max(totals.values()) >= GAME_TARGET

    def wins(totals: dict[str, int]) -> bool:
        return ends(totals) and totals[shooter] == min(totals.values())

    def margin(option: str) -> int:
        totals = after[option]
        return min(t for seat, t in totals.items() if seat != shooter) - totals[shooter]

    options = [o for o in after if wins(after[o])] or [o for o in after if not ends(after[o])] or list(after)
    return max(options, key=lambda o: (margin(o), o == "add")), "referee"


def expected_score(record: Mapping[str, Any]) -> dict[str, int]:
    """The hand's score for a complete clean hand: card points, or the moon's outcome."""
    taken = card_points(record)
    shooter = moon_shooter(taken)
    if shooter is None:
        return taken
    option, _ = moon_option(record, shooter)
    before = {seat: (record.get("scores_before") or {}).get(seat, 0) for seat in record["seats"]}
    return {seat: after - before[seat] for seat, after in moon_totals(before, shooter, option).items()}

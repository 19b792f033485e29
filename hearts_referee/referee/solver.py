"""Claims decided by search: the announced order against every legal defence.

A claim is a statement about the rest of the hand ("all the remaining tricks
are mine", "I take no more points", "at most N points", "no more tricks", a
concession). From the position at the claim (every seat's remaining cards,
the cards already on the current trick, hearts broken, penalty cards owed,
the middle pile and the kitty still to be taken) the solver plays every legal
continuation:

- the claimant plays the announced order. RULES, claims clause: the next
  announced card is played when it is legal at that turn; when it is not, the
  earliest announced card that is legal then, the rest of the order kept; a
  turn at which no announced card is legal breaks the claim (the line fails).
  A claim without an order lets the claimant play any legal card, and the
  search gives the claimant the line least favourable to the claim;
- every other seat plays any legal card (a penalty card owed is played at the
  first turn it is legal); hearts break on whatever any seat plays;
- tricks are won as the replay wins them (``referee.play``): cancellation,
  a trick to the middle, its pile to the next trick won (the last trick's to
  the most recent winner), the kitty with the trick its rule names, a joker
  that takes its trick only when led.

The defence acts together against the claim, so the worst case is a single
minimisation over the defenders' choices (alpha-beta with the claimant's
moves forced reduces to branch and bound): the solver searches depth first,
merges cards that are equivalent (adjacent among the cards still live, same
points), and keeps a transposition table keyed by the remaining cards and
the state between tricks. The best case is the same search maximising. The
bound: once a line is found, another is followed only while the rest of the
hand could still do better (the most it could give, less what the tricks so
far gave), and a position that cannot is remembered as such; the outcomes
stay exact. A node budget answers ``undecided`` rather than hanging.

The result is a :class:`Verdict`: worst and best outcome for the claimant
(tricks, points, point cards, moon or not), whether the claim holds against
every defence, a refuting line trick by trick when it does not, and the
sentence the ruling reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .cards import Card
from .claims import left_out_of_the_order
from .legality import cascade
from .masks import trick_winner
from .record import ClaimKind
from .translator import SAID, Said
from .variant import KittyTaker

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table
    from .variant import Variant

BROKE = -(10**6)
"""The key of a line on which the announced order broke down: worse than any other."""
UNBOUNDED = 10**9
"""A need every line beats (``-UNBOUNDED`` when maximising): the exact search's first bound."""


class Claim(NamedTuple):
    """A claim as the record states it: who, what, and the announced order (``None``: none given)."""

    seat: str
    kind: ClaimKind = ClaimKind.ALL_TRICKS
    order: tuple[Card, ...] | None = None
    points: int | None = None


class Outcome(NamedTuple):
    """What the claimant takes from the claim to the end of the hand on one line.

    ``tricks``: remaining tricks whose cards end with the claimant (a middle
    pile counts for whoever takes it); ``points`` and ``point_cards``: what
    those tricks and the kitty give the claimant; ``moon``: the claimant ends
    with every point card of the hand; ``broken_order``: the announced order
    had no legal card at some turn.
    """

    tricks: int
    points: int
    point_cards: int
    moon: bool = False
    broken_order: bool = False


class LineTrick(NamedTuple):
    """One trick of a line: who led, the cards in play order, who took it (``None``: to the middle)."""

    number: int
    leader: str
    plays: tuple[tuple[str, Card], ...]
    taken_by: str | None


@dataclass(frozen=True)
class Verdict:
    """The solver's answer about one claim.

    ``holds`` is ``None`` when the budget ran out (``undecided``). ``worst`` and
    ``best`` are the claimant's outcomes on the lines worst and best for the
    claim (``exact``: both searched to the end; otherwise ``worst`` is the
    refuting line's and ``best`` unknown); ``refutation`` is a line on which the
    claim fails, trick by trick.
    """

    claim: Claim
    holds: bool | None
    worst: Outcome | None
    best: Outcome | None
    refutation: tuple[LineTrick, ...]
    nodes: int
    reason: str
    exact: bool = False

    @property
    def suggestion(self) -> str | None:
        """What the referee suggests to the director (the ruling stays ``referred``)."""
        seat = self.claim.seat
        if self.holds is None:
            return None
        if not self.holds:
            return SAID.gettext("refuse the claim: the refuting line shows a defence that beats it")
        if self.claim.kind == ClaimKind.ALL_TRICKS:
            return SAID.gettext("award the remaining tricks to %(seat)s", seat=seat)
        if self.claim.kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            return SAID.gettext(
                "award the remaining tricks to the other seats; %(seat)s takes no more", seat=seat
            )
        if self.claim.kind == ClaimKind.NO_MORE_POINTS:
            return SAID.gettext("allow the claim: %(seat)s takes no more point card", seat=seat)
        return SAID.gettext(
            "allow the claim: %(seat)s takes at most %(points)s more points",
            seat=seat,
            points=self.claim.points,
        )


class OutOfBudget(Exception):
    """The search used its node budget."""


# --- the position ------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """The state of the hand at the claim, with nothing of the replay's log.

    ``hands`` and ``penalty`` are by seat index (cards sorted); ``plays`` are
    the cards already on the current trick as ``(seat index, card)``; ``pile``
    is the middle pile waiting for the next trick won as ``(tricks, points,
    point cards)``; ``kitty`` is 0 (none left to take), 1 (still to be taken
    under the variant's rule) or 2 (it goes with the middle pile).
    """

    variant: Variant
    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    broken: bool
    penalty: tuple[tuple[Card, ...], ...]
    hand_size: int
    pile: tuple[int, int, int] = (0, 0, 0)
    last_winner: int | None = None
    kitty: int = 0
    kitty_cards: tuple[Card, ...] = ()
    others_took_points: bool = False
    claimant_point_cards: int = 0

    @classmethod
    def at(cls, table: Table, claimant: str) -> Position:
        """The position of a replay's table, as the claim by seat id ``claimant`` finds it."""
        seats = table.seats
        me = table.index[claimant]
        trick = table.current
        variant = table.variant
        point_cards = variant.point_cards
        pile = (
            len(table.middle),
            sum(t.points for t in table.middle),
            sum(1 for t in table.middle for c in t.played if c in point_cards),
        )
        kitty = 0
        if table.kitty and table.kitty_taker is None:
            due = 1 if variant.kitty_to is KittyTaker.FIRST_TRICK else table.kitty_trick
            kitty = 2 if due is not None and any(t.number == due for t in table.middle) else 1
        taken_by_claimant = sum(
            1 for t in table.tricks if t.taken_by == me for c in t.played if c in point_cards
        )
        if table.kitty_taker == me:
            taken_by_claimant += sum(1 for c in table.kitty if c in point_cards)
        point_mask = variant.point_mask
        owed = table.penalty_cards
        return cls(
            variant=variant,
            seats=seats,
            hands=tuple(tuple(sorted(hand.cards())) for hand in table.hands),
            number=trick.number,
            leader=trick.leader,
            plays=tuple(zip(trick.seats, trick.played, strict=True)),
            broken=table.broken,
            penalty=tuple(
                tuple(sorted(owed[i].owed.cards())) if i in owed else () for i in range(len(seats))
            ),
            hand_size=table.hand_size,
            pile=pile,
            last_winner=table.last_winner,
            kitty=kitty,
            kitty_cards=tuple(table.kitty),
            others_took_points=any(cards & point_mask for i, cards in enumerate(table.taken) if i != me),
            claimant_point_cards=taken_by_claimant,
        )


# --- the search ----------------------------------------------------------------------


class _Node(NamedTuple):
    hands: tuple[tuple[Card, ...], ...]
    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    broken: bool
    penalty: tuple[tuple[Card, ...], ...]
    pile: tuple[int, int, int]
    last_winner: int | None
    kitty: int
    order: tuple[Card, ...] | None
    waiting: int = 0
    """Tricks of ``pile`` played before the claim: not remaining tricks (RULES, claims
    clause), so never counted as the claimant's; the pile's cards still go with it."""


_Line = tuple[tuple[int, Card], ...]
_Rest = tuple[int, int, int, bool]  # tricks, points, point cards, order broken


class _Search:
    def __init__(self, position: Position, claim: Claim, budget: int, maximise: bool) -> None:
        self.p = position
        self.variant = position.variant
        self.claimant = position.seats.index(claim.seat)
        self.claim = claim
        self.budget = budget
        self.nodes = 0
        self.maximise = maximise
        self.table: dict[_Node, tuple[_Rest, _Line]] = {}
        self.failed: dict[_Node, int] = {}
        """Nodes between tricks proven no better than a need (the weakest such need)."""
        self.n = len(position.seats)
        variant = self.variant
        self.card_points = variant.card_points
        self.point_cards = variant.point_cards
        self.kitty_points = sum(self.card_points.get(c, 0) for c in position.kitty_cards)
        self.kitty_point_cards = sum(1 for c in position.kitty_cards if c in self.point_cards)
        self.may_break = claim.order is not None and _may_break(position, self.claimant, claim.order)

    # the claim's key: higher is better for the claim
    def key(self, rest: _Rest) -> int:
        tricks, points, point_cards, broken = rest
        if broken:
            return BROKE
        kind = self.claim.kind
        if kind == ClaimKind.ALL_TRICKS:
            return tricks
        if kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            return -tricks
        if kind == ClaimKind.NO_MORE_POINTS:
            return -point_cards
        return -points

    def ideal(self, node: _Node) -> int:
        """The best key any line from ``node`` could reach for this search's side: a line
        that reaches it ends the search at that node (a cut that keeps the value exact)."""
        kind = self.claim.kind
        if not self.maximise and self.may_break:
            return BROKE
        if kind in (ClaimKind.ALL_TRICKS, ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            most = self.p.hand_size - node.number + 1 + node.pile[0] - node.waiting
            if kind == ClaimKind.ALL_TRICKS:
                return most if self.maximise else 0
            return 0 if self.maximise else -most
        if kind == ClaimKind.NO_MORE_POINTS:
            if self.maximise:
                return 0
            left = sum(1 for h in node.hands for c in h if c in self.point_cards)
            left += sum(1 for _, c in node.plays if c in self.point_cards) + node.pile[2]
            return -(left + (self.kitty_point_cards if node.kitty else 0))
        values = [self.card_points.get(c, 0) for h in node.hands for c in h]
        values += [self.card_points.get(c, 0) for _, c in node.plays]
        values.append(node.pile[1])
        if node.kitty:
            values.append(self.kitty_points)
        if self.maximise:
            return -sum(v for v in values if v < 0)
        return -sum(v for v in values if v > 0)

    def legal(self, node: _Node, seat: int) -> list[Card]:
        """The cards ``seat`` may play at ``node``, each copy: the replay's own cascade
        (:func:`referee.legality.cascade`) on the node's state."""
        hand = node.hands[seat]
        once = twice = 0
        for card in hand:
            bit = card.bit
            twice |= once & bit
            once |= bit
        plays = node.plays
        led = plays[0][1].suit_mask if plays else 0
        allowed = cascade(self.variant, self.p.hand_size, node.number, led, node.broken, once, twice, 0)[1]
        return [card for card in hand if card.bit & allowed]

    def choices(self, node: _Node, seat: int) -> list[Card]:
        """The cards a defender (or a free claimant) may play, one of each equivalent group."""
        cards = self.legal(node, seat)
        owed = node.penalty[seat]
        if owed:
            due = [c for c in cards if c in owed]
            if due:
                cards = due
        unique = sorted(set(cards))
        if len(unique) < 2:
            return unique
        # cards of other seats and on the trick: what could tell two of this seat's cards apart
        others = {c for i, h in enumerate(node.hands) if i != seat for c in h} | {c for _, c in node.plays}
        out: list[Card] = []
        for card in unique:
            if out:
                prev = out[-1]
                if (
                    prev.suit is card.suit
                    and self.card_points.get(prev, 0) == self.card_points.get(card, 0)
                    and prev not in owed
                    and card not in owed
                    and not any(c.suit is card.suit and prev.rank <= c.rank <= card.rank for c in others)
                ):
                    continue  # equivalent to the lower card kept: nothing elsewhere tells them apart
            out.append(card)
        return out

    def claimant_card(self, node: _Node) -> Card | None:
        """RULES, claims clause: the earliest announced card legal at this turn."""
        order = node.order
        if order is None:
            return None
        legal = set(self.legal(node, self.claimant))
        return next((c for c in order if c in legal), None)

    def run(self, node: _Node, need: int) -> tuple[_Rest, _Line] | None:
        """The line from ``node`` best for this search's side, if its key is better than
        ``need``; ``None`` when no line from ``node`` does better than ``need`` (branch and
        bound: the caller already has a line that good). A result is exact when given."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if not node.plays:
            if node.number > self.p.hand_size or not any(node.hands):
                end = self.end(node)
                return (end, ()) if self.beats(self.key(end), need) else None
            known = self.table.get(node)
            if known is not None:
                return known if self.beats(self.key(known[0]), need) else None
            failed = self.failed.get(node)
            if failed is not None and not self.beats(failed, need):
                return None  # proven no better than ``failed``, which does not beat ``need``
        ideal = self.ideal(node)
        if not self.beats(ideal, need):
            return None  # not even the best the rest of the hand could give beats ``need``
        seat = (node.leader + len(node.plays)) % self.n
        result: tuple[_Rest, _Line] | None = None
        if seat == self.claimant and node.order is not None:
            card = self.claimant_card(node)
            if card is None:
                broke: _Rest = (0, 0, 0, True)
                result = (broke, ()) if self.beats(BROKE, need) else None
            else:
                result = self.play(node, seat, card, need)
        else:
            cards = self.choices(node, seat)
            if not cards:  # a seat with nothing left to play: the record ended oddly
                end = self.end(node)
                result = (end, ()) if self.beats(self.key(end), need) else None
            for card in cards:
                found = self.play(node, seat, card, need)
                if found is None:
                    continue
                result, need = found, self.key(found[0])  # what every other card must now beat
                if need == ideal:
                    break  # no other card can do better for this search's side
        if not node.plays:
            if result is not None:
                self.table[node] = result
            else:
                self.failed[node] = need
        return result

    def beats(self, key: int, need: int) -> bool:
        """Whether ``key`` is better than ``need`` for this search's side."""
        return key > need if self.maximise else key < need

    def end(self, node: _Node) -> _Rest:
        """The hand is over: a pile still in the middle goes to the most recent winner."""
        tricks, points, point_cards = node.pile
        winner = node.last_winner if node.last_winner is not None else node.leader
        if winner == self.claimant and tricks:
            return (tricks - node.waiting, points, point_cards, False)
        return (0, 0, 0, False)

    def play(self, node: _Node, seat: int, card: Card, need: int) -> tuple[_Rest, _Line] | None:
        """``run`` after ``seat`` plays ``card`` (``None``: nothing there beats ``need``)."""
        child = self.after(node, seat, card)
        if len(child.plays) < self.n:
            found = self.run(child, need)
            return None if found is None else (found[0], ((seat, card), *found[1]))
        child, gained = self.settle(node, child.hands, child.plays, child.penalty, child.order)
        # the key is a sum over tricks (a broken order aside, which beats or fails any need
        # by itself): what follows the trick must beat ``need`` less what the trick gave
        found = self.run(child, need - self.key((*gained, False)))
        if found is None:
            return None
        rest, line = found
        total = (rest[0] + gained[0], rest[1] + gained[1], rest[2] + gained[2], rest[3])
        if not self.beats(self.key(total), need):
            return None
        return total, ((seat, card), *line)

    def settle(
        self,
        node: _Node,
        hands: tuple[tuple[Card, ...], ...],
        plays: tuple[tuple[int, Card], ...],
        penalty: tuple[tuple[Card, ...], ...],
        order: tuple[Card, ...] | None,
    ) -> tuple[_Node, tuple[int, int, int]]:
        """Every seat has played: settle the trick as ``referee.play.close_trick`` does;
        the next node, and what the claimant gained (tricks, points, point cards)."""
        variant = self.variant
        winner = _winner(variant, plays)
        points = sum(self.card_points.get(c, 0) for _, c in plays)
        point_cards = sum(1 for _, c in plays if c in self.point_cards)
        broken = node.broken or any(variant.breaks_hearts(c) for _, c in plays)
        last = node.number == self.p.hand_size
        kitty = node.kitty
        kitty_now = kitty == 1 and (
            node.number == 1 if variant.kitty_to is KittyTaker.FIRST_TRICK else point_cards > 0
        )
        with_kitty = (0, self.kitty_points, self.kitty_point_cards)
        gained = (0, 0, 0)
        pile = node.pile
        waiting = node.waiting
        last_winner = node.last_winner
        if winner is None:
            pile = (pile[0] + 1, pile[1] + points, pile[2] + point_cards)
            if kitty_now:
                kitty = 2
            next_leader = node.leader
            if last:
                taker = last_winner if last_winner is not None else node.leader
                if taker == self.claimant:
                    taken = (pile[0] - waiting, pile[1], pile[2])
                    gained = _add(taken, with_kitty) if kitty == 2 else taken
                pile, kitty, waiting = (0, 0, 0), 0, 0
        else:
            takes_kitty = kitty_now or (kitty == 2 and pile[0] > 0)
            if winner == self.claimant:
                gained = (1 + pile[0] - waiting, points + pile[1], point_cards + pile[2])
                if takes_kitty:
                    gained = _add(gained, with_kitty)
            if takes_kitty:
                kitty = 0
            pile, waiting = (0, 0, 0), 0
            last_winner = next_leader = winner
        child = _Node(
            hands, node.number + 1, next_leader, (), broken, penalty, pile, last_winner, kitty, order, waiting
        )
        return child, gained

    def after(self, node: _Node, seat: int, card: Card) -> _Node:
        """The node after ``seat`` plays ``card`` to an unfinished trick (plays not yet settled)."""
        hands = list(node.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        penalty = node.penalty
        if card in penalty[seat]:
            owed = list(penalty[seat])
            owed.remove(card)
            penalty = (*penalty[:seat], tuple(owed), *penalty[seat + 1 :])
        order = node.order
        if seat == self.claimant and order is not None:
            listed = list(order)
            listed.remove(card)
            order = tuple(listed)
        return node._replace(
            hands=tuple(hands), plays=(*node.plays, (seat, card)), penalty=penalty, order=order
        )


class _Refute(_Search):
    """Is there a line on which the claim fails? Depth first, stopping at the first one.

    The claim's condition is checked after every trick, so a line is cut as soon
    as it has failed (a trick lost on an all-tricks claim, a point card taken on
    a no-more-points claim); positions proven safe are remembered by their state
    between tricks (and, for a points claim, the points taken so far).
    """

    def __init__(self, position: Position, claim: Claim, budget: int) -> None:
        super().__init__(position, claim, budget, maximise=False)
        self.safe: set[tuple[_Node, int]] = set()
        self.start = position.number
        self.limit = claim.points or 0

    def ordered(self, node: _Node, seat: int) -> list[Card]:
        """The defence's cards, the likeliest to refute first."""
        cards = self.choices(node, seat)
        kind = self.claim.kind
        if kind == ClaimKind.ALL_TRICKS:
            return sorted(cards, key=lambda c: -c.rank)
        if kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            return sorted(cards, key=lambda c: c.rank)
        return sorted(cards, key=lambda c: (-self.card_points.get(c, 0), c.rank))

    def verdict(self, node: _Node, acc: tuple[int, int, int]) -> bool | None:
        """``False``: the claim has failed on this line whatever follows; ``True``: it holds
        whatever follows; ``None``: not known yet."""
        tricks, points, point_cards = acc
        kind = self.claim.kind
        done = node.number - self.start
        if kind == ClaimKind.ALL_TRICKS:
            return False if tricks + node.pile[0] - node.waiting < done else None
        if kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            return False if tricks else None
        if kind == ClaimKind.NO_MORE_POINTS:
            return False if point_cards else None
        values = [self.card_points.get(c, 0) for h in node.hands for c in h]
        values.append(node.pile[1])
        if node.kitty:
            values.append(self.kitty_points)
        if points + sum(v for v in values if v < 0) > self.limit:
            return False
        if points + sum(v for v in values if v > 0) <= self.limit:
            return True
        return None

    def refute(self, node: _Node, acc: tuple[int, int, int]) -> _Line | None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        key = (node, acc[1] if self.claim.kind == ClaimKind.POINTS else 0)
        if not node.plays:
            state = self.verdict(node, acc)
            if state is False:
                return ()
            if state is True or key in self.safe:
                return None
            if node.number > self.p.hand_size or not any(node.hands):
                return None if _holds(self.claim, (*acc, False), node.number - self.start) else ()
        seat = (node.leader + len(node.plays)) % self.n
        if seat == self.claimant and node.order is not None:
            card = self.claimant_card(node)
            if card is None:
                return ()  # the announced order breaks down: the claim fails
            cards = [card]
        else:
            cards = self.ordered(node, seat)
        for card in cards:
            child = self.after(node, seat, card)
            if len(child.plays) == self.n:
                child, gained = self.settle(node, child.hands, child.plays, child.penalty, child.order)
                line = self.refute(child, _add(acc, gained))
            else:
                line = self.refute(child, acc)
            if line is not None:
                return ((seat, card), *line)
        if not node.plays:
            self.safe.add(key)
        return None


class _MoonRefute(_Refute):
    """Can the revoker stop the moon by following suit? The would-be shooter (the
    "claimant" here) and every seat but the revoker play their recorded cards, the
    earliest recorded card legal at each turn; the revoker plays any legal card.
    A line fails as soon as a point card ends anywhere but with the shooter."""

    def __init__(
        self,
        position: Position,
        shooter: str,
        revoker: str,
        scripts: dict[int, tuple[Card, ...]],
        budget: int,
    ) -> None:
        super().__init__(
            position, Claim(shooter, ClaimKind.NO_MORE_POINTS, scripts[position.seats.index(shooter)]), budget
        )
        self.revoker = position.seats.index(revoker)
        self.scripts = scripts
        self.outstanding = self.left(position.hands, position.plays, position.pile, position.kitty)

    def left(
        self,
        hands: tuple[tuple[Card, ...], ...],
        plays: tuple[tuple[int, Card], ...],
        pile: tuple[int, int, int],
        kitty: int,
    ) -> int:
        count = sum(1 for h in hands for c in h if c in self.point_cards)
        count += sum(1 for _, c in plays if c in self.point_cards) + pile[2]
        return count + (self.kitty_point_cards if kitty else 0)

    def ordered(self, node: _Node, seat: int) -> list[Card]:
        if seat != self.revoker:
            script = self.scripts.get(seat, ())
            legal = set(self.legal(node, seat))
            scripted = next((c for c in script if c in node.hands[seat] and c in legal), None)
            if scripted is not None:
                return [scripted]
        return sorted(self.choices(node, seat), key=lambda c: (-c.rank, -self.card_points.get(c, 0)))

    def verdict(self, node: _Node, acc: tuple[int, int, int]) -> bool | None:
        taken = self.outstanding - self.left(node.hands, node.plays, node.pile, node.kitty)
        if taken > acc[2]:
            return False  # a point card went elsewhere: no moon on this line
        if node.number > self.p.hand_size or not any(node.hands):
            return acc[2] == self.outstanding
        return None


def moon_forced(
    position: Position,
    shooter: str,
    revoker: str,
    recorded: dict[str, tuple[Card, ...]],
    budget: int = 50_000,
) -> tuple[bool | None, tuple[LineTrick, ...]]:
    """RULES, a revoke cannot stop a moon: from the position at the revoke, with the
    revoker made to follow suit and every other seat playing as recorded where still
    legal, does ``shooter`` still take every point card against the revoker's best
    legal defence? ``(True, ())``, ``(False, the line that stops it)``, or ``None``
    when the budget ran out."""
    seats = position.seats
    scripts = {}
    for i, seat in enumerate(seats):
        played = list(recorded.get(seat, ()))
        rest = [c for c in position.hands[i] if c not in played]
        scripts[i] = tuple(played + rest)
    search = _MoonRefute(position, shooter, revoker, scripts, budget)
    node = _root(position, scripts[seats.index(shooter)])
    try:
        line = search.refute(node, (0, 0, 0))
    except OutOfBudget:
        return None, ()
    if line is None:
        return True, ()
    return False, _tricks(position, line)


def _root(position: Position, order: tuple[Card, ...] | None) -> _Node:
    """The search's first node: the table at the claim, the claimant holding to ``order``."""
    return _Node(
        position.hands,
        position.number,
        position.leader,
        position.plays,
        position.broken,
        position.penalty,
        position.pile,
        position.last_winner,
        position.kitty,
        order,
        position.pile[0],
    )


def _may_break(position: Position, claimant: int, order: tuple[Card, ...]) -> bool:
    """Whether the announced order could find no legal card at some turn: only when it
    leaves out a card the claimant holds, or when the claimant may run out of cards
    before the others (seats not holding as many cards, this trick's card counted)."""
    if Counter(position.hands[claimant]) - Counter(order):
        return True
    played = {seat for seat, _ in position.plays}
    counts = {len(hand) + (i in played) for i, hand in enumerate(position.hands)}
    return len(counts) > 1


def _add(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def solve(position: Position, claim: Claim, budget: int = 200_000, exact_budget: int = 20_000) -> Verdict:
    """Search the claim from ``position``: whether it holds, a refuting line if not, and
    the worst and best outcome for the claimant.

    Whether the claim holds gets ``budget`` positions. The exact worst and best
    outcomes get ``exact_budget`` each (0: not searched): when that runs out both
    are ``None`` (``exact`` false)."""
    node = _root(position, claim.order)
    remaining = position.hand_size - position.number + 1
    if claim.order is not None:
        held = Counter(position.hands[position.seats.index(claim.seat)])
        left_out = held - Counter(claim.order)
        if left_out:  # the order cannot be played to the end: no search needed
            return Verdict(claim, False, None, None, (), 0, left_out_of_the_order(left_out.elements()))
    refuter = _Refute(position, claim, budget)
    try:
        refutation = refuter.refute(node, (0, 0, 0))
    except OutOfBudget:
        return Verdict(
            claim,
            None,
            None,
            None,
            (),
            refuter.nodes,
            SAID.gettext("undecided: the search used its budget of %(budget)s positions", budget=budget),
        )
    nodes = refuter.nodes
    holds = refutation is None
    worst: Outcome | None = None
    best: Outcome | None = None
    exact = exact_budget > 0
    for maximise in (False, True) if exact else ():
        search = _Search(position, claim, exact_budget, maximise)
        try:
            found = search.run(node, -UNBOUNDED if maximise else UNBOUNDED)
            assert found is not None  # every line beats the unbounded need
            rest = found[0]
        except OutOfBudget:
            nodes += search.nodes
            exact, worst, best = False, None, None
            break
        nodes += search.nodes
        if maximise:
            best = _outcome(position, claim, rest)
        else:
            worst = _outcome(position, claim, rest)
    line = _tricks(position, refutation) if refutation is not None else ()
    stuck = refutation is not None and _walk(refuter, node, refutation)[3]
    reason = _reason(claim, holds, worst, line, remaining, stuck)
    note = _waiting_note(position)
    return Verdict(
        claim, holds, worst, best, line, nodes, SAID.joined("; ", (reason, note)) if note else reason, exact
    )


def _waiting_note(position: Position) -> str:
    """RULES, claims clause: a pile already in the middle at the claim is not one of the
    remaining tricks; it goes with the next trick won, its point cards with it (a clause of
    the reason, after its "; ")."""
    tricks, points, _ = position.pile
    if not tricks:
        return ""
    what = SAID.ngettext("a cancelled trick", "%(num)s cancelled tricks", tricks, num=tricks)
    if not points:
        return SAID.gettext(
            "the pile of %(what)s waiting in the middle is not one of the remaining tricks: "
            "it goes with the next trick won, its point cards with it",
            what=what,
        )
    return SAID.gettext(
        "the pile of %(what)s (%(worth)s) waiting in the middle is not one of the remaining tricks: "
        "it goes with the next trick won, its point cards with it",
        what=what,
        worth=SAID.ngettext("%(num)s point", "%(num)s points", points, num=points),
    )


def _walk(search: _Search, node: _Node, line: _Line) -> _Rest:
    """What the claimant takes along ``line`` (to its end, or where the order broke down)."""
    acc = (0, 0, 0)
    for seat, card in line:
        child = search.after(node, seat, card)
        if len(child.plays) == search.n:
            child, gained = search.settle(node, child.hands, child.plays, child.penalty, child.order)
            acc = _add(acc, gained)
        node = child
    broken = (
        node.number <= search.p.hand_size and any(node.hands) and len(line) > 0 and _order_stuck(search, node)
    )
    if not broken and node.number <= search.p.hand_size:
        pile = search.end(node) if not any(node.hands) else (0, 0, 0, False)
        acc = _add(acc, pile[:3])
    return (*acc, broken)


def _order_stuck(search: _Search, node: _Node) -> bool:
    seat = (node.leader + len(node.plays)) % search.n
    return seat == search.claimant and node.order is not None and search.claimant_card(node) is None


def _holds(claim: Claim, rest: _Rest, remaining: int) -> bool:
    tricks, points, point_cards, broken = rest
    if broken:
        return False
    kind = claim.kind
    if kind == ClaimKind.ALL_TRICKS:
        return tricks == remaining
    if kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
        return tricks == 0
    if kind == ClaimKind.NO_MORE_POINTS:
        return point_cards == 0
    return points <= (claim.points or 0)


def _outcome(position: Position, claim: Claim, rest: _Rest) -> Outcome:
    tricks, points, point_cards, broken = rest
    left = sum(1 for h in position.hands for c in h if c in position.variant.point_cards)
    left += sum(1 for _, c in position.plays if c in position.variant.point_cards)
    left += position.pile[2]
    if position.kitty:
        left += sum(1 for c in position.kitty_cards if c in position.variant.point_cards)
    moon = (
        position.variant.moon is not None
        and not broken
        and not position.others_took_points
        and point_cards == left
        and position.claimant_point_cards + left > 0
    )
    return Outcome(tricks, points, point_cards, moon, broken)


def _tricks(position: Position, line: Sequence[tuple[int, Card]]) -> tuple[LineTrick, ...]:
    """The refuting line, trick by trick, replayed to say who took each."""
    seats = position.seats
    out: list[LineTrick] = []
    plays = list(position.plays)
    number = position.number
    n = len(seats)
    for move in line:
        plays.append(move)
        if len(plays) == n:
            winner = _winner(position.variant, plays)
            out.append(
                LineTrick(
                    number,
                    seats[plays[0][0]],
                    tuple((seats[s], c) for s, c in plays),
                    seats[winner] if winner is not None else None,
                )
            )
            number += 1
            plays = []
    if plays:  # the order broke down mid-trick
        out.append(LineTrick(number, seats[plays[0][0]], tuple((seats[s], c) for s, c in plays), None))
    return tuple(out)


def _winner(variant: Variant, plays: Sequence[tuple[int, Card]]) -> int | None:
    """The seat that wins a complete trick: the replay's own rule (:func:`masks.trick_winner`)."""
    won, _ = trick_winner([card for _, card in plays], variant.cancellation)
    return plays[won][0] if won is not None else None


def _reason(
    claim: Claim,
    holds: bool,
    worst: Outcome | None,
    line: Sequence[LineTrick],
    remaining: int,
    stuck: bool = False,
) -> str:
    """The sentence the claim's ruling reads after "The referee finds that"."""
    if holds:
        if claim.kind == ClaimKind.ALL_TRICKS:
            return SAID.gettext("the announced order wins every remaining trick against any defence")
        if claim.kind == ClaimKind.NO_MORE_POINTS:
            return SAID.gettext("no defence gives the claimant another point card")
        if claim.kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
            return SAID.gettext("no defence gives the claimant another trick")
        return SAID.gettext("no defence gives the claimant more than %(points)s points", points=claim.points)
    shown = said_line(line, to_the_middle=True)
    if stuck:
        if not line:
            return SAID.gettext(
                "the announced order breaks down: at trick the next trick none of the announced cards "
                "left is legal (at once)"
            )
        return SAID.gettext(
            "the announced order breaks down: at trick %(trick)s none of the announced cards left is "
            "legal (%(line)s)",
            trick=line[-1].number,
            line=shown,
        )
    said = {"line": shown}
    if worst is None:
        return SAID.gettext("the claim fails against this defence: %(line)s", **said)
    if claim.kind == ClaimKind.ALL_TRICKS:
        return SAID.gettext(
            "the claim fails against this defence: %(line)s "
            "(at worst the claimant takes %(tricks)s of the %(remaining)s remaining tricks)",
            tricks=worst.tricks,
            remaining=remaining,
            **said,
        )
    if claim.kind in (ClaimKind.NO_MORE_TRICKS, ClaimKind.CONCEDE):
        return SAID.gettext(
            "the claim fails against this defence: %(line)s "
            "(at worst the claimant takes %(tricks)s more tricks)",
            tricks=worst.tricks,
            **said,
        )
    if claim.kind == ClaimKind.NO_MORE_POINTS:
        return SAID.gettext(
            "the claim fails against this defence: %(line)s "
            "(at worst the claimant takes %(cards)s more point cards)",
            cards=worst.point_cards,
            **said,
        )
    return SAID.gettext(
        "the claim fails against this defence: %(line)s (at worst the claimant takes %(points)s more points)",
        points=worst.points,
        **said,
    )


def said_line(line: Sequence[LineTrick], *, to_the_middle: bool) -> Said:
    """A line of play, trick by trick (``trick 3: N 8♠ E 2♠, N takes it``), as a reason or the
    moon's search shows it; ``to_the_middle``: a trick played out that nobody takes says so."""
    tricks: list[str] = []
    for t in line:
        plays = " ".join(f"{s} {c.label}" for s, c in t.plays)
        if t.taken_by:
            tricks.append(
                SAID.gettext(
                    "trick %(trick)s: %(plays)s, %(seat)s takes it",
                    trick=t.number,
                    plays=plays,
                    seat=t.taken_by,
                )
            )
        elif to_the_middle and _full(t, line):
            tricks.append(
                SAID.gettext("trick %(trick)s: %(plays)s, to the middle", trick=t.number, plays=plays)
            )
        else:
            tricks.append(SAID.gettext("trick %(trick)s: %(plays)s", trick=t.number, plays=plays))
    return SAID.joined("; ", tricks)


def _full(trick: LineTrick, line: Sequence[LineTrick]) -> bool:
    """Whether ``trick`` was played out (only a line's last trick may stop short)."""
    return trick is not line[-1] or len(trick.plays) == max(len(t.plays) for t in line)

"""Standings: match points summed over the tables a player finished, and the tie-break chain.

Each finished table awards match points by place (``referee.game.match_points``:
5-3-2-1 at MSO, tied players sharing the places they span); a bye awards the
average of a table's match points (:attr:`EventFormat.bye_match_points`).
Players are ranked by, in turn (``table_winners`` formats, Long John, put
"games played", i.e. rounds reached, before all of it: a finalist ranks above
everyone out in round 1):

1. match points, most first (none at Long John);
2. wins: games finished lowest, alone or tied, most first;
3. average final total over the games played, lowest first (Hearts is low-wins);
4. player number, lowest first (registration order: the last resort is fixed,
   never random, so a standing reads the same every time).

A player with no game yet ranks after every player with one at step 3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hearts_referee.referee.game import match_points

from .format import Advancement, EventFormat


@dataclass(frozen=True)
class TableResult:
    """A finished table: each player's final total."""

    totals: Mapping[int, int]

    @property
    def winners(self) -> tuple[int, ...]:
        """The lowest total, ties all (``long-john``: every one advances)."""
        best = min(self.totals.values())
        return tuple(p for p, t in self.totals.items() if t == best)

    def place(self, player: int) -> int:
        """1 + how many players at the table finished strictly lower."""
        mine = self.totals[player]
        return 1 + sum(1 for t in self.totals.values() if t < mine)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    match_points: Fraction
    games: int
    wins: int
    byes: int
    total_points: int

    @property
    def average_total(self) -> Fraction | None:
        return Fraction(self.total_points, self.games) if self.games else None


def table_match_points(fmt: EventFormat, result: TableResult) -> dict[int, Fraction]:
    """Match points by place at one finished table, ties sharing."""
    awarded = match_points({str(p): t for p, t in result.totals.items()}, fmt.match_points)
    return {int(p): v for p, v in awarded.items()}


def standings(
    fmt: EventFormat, players: Sequence[int], results: Sequence[TableResult], byes: Sequence[int]
) -> list[Standing]:
    """Every player of ``players`` ranked by the chain above, over ``results`` and ``byes``
    (a player listed twice in ``byes`` had two)."""
    points = dict.fromkeys(players, Fraction(0))
    games = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    totals = dict.fromkeys(players, 0)
    bye_count = dict.fromkeys(players, 0)
    for result in results:
        awarded = table_match_points(fmt, result) if fmt.match_points else {}
        first = set(result.winners)
        for player, total in result.totals.items():
            if player not in points:
                continue
            points[player] += awarded.get(player, Fraction(0))
            games[player] += 1
            wins[player] += player in first
            totals[player] += total
    for player in byes:
        if player in points:
            points[player] += fmt.bye_match_points
            bye_count[player] += 1

    reached = fmt.advancement is Advancement.TABLE_WINNERS

    def key(player: int) -> tuple[int, Fraction, int, int, Fraction, int]:
        played = games[player]
        average = Fraction(totals[player], played) if played else Fraction(0)
        return (
            -played if reached else 0,
            -points[player],
            -wins[player],
            0 if played else 1,
            average,
            player,
        )

    ranked = sorted(players, key=key)
    return [
        Standing(rank, p, points[p], games[p], wins[p], bye_count[p], totals[p])
        for rank, p in enumerate(ranked, start=1)
    ]


def rank_order(table: Sequence[Standing]) -> list[int]:
    return [s.player for s in table]

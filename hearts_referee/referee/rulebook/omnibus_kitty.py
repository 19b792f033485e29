"""`omnibus-kitty`: Norwegian omnibus hearts for 3 to 7 players, as RULES reads it.

The seed text is a rough machine translation; RULES fixes the reading. One
deck dealt out evenly, the rest a kitty for the first trick's winner; the
J♦ is worth minus 10, so a hand totals 16; no moon unless a club adds one.
"""

from __future__ import annotations

from hearts_referee.referee.variant import (
    Clause,
    FirstLead,
    KittyTaker,
    PassCycle,
    PenaltySchedule,
    Signers,
    Variant,
)

from .common import COMMON_CLAUSES, cites

CLAUSES = (
    *COMMON_CLAUSES,
    Clause(
        "deal",
        "Deal",
        "Three to seven players; one 52-card deck dealt one card at a time clockwise, "
        "52 ÷ n cards each, the cards left over forming the kitty. The lowest cut deals.",
    ),
    Clause(
        "kitty", "Kitty", "The winner of the first trick takes the kitty; its cards score for that player."
    ),
    Clause(
        "pass",
        "Pass",
        "Each player passes 3 cards: hand 1 to the right, hand 2 to the left, hand 3 across, "
        "hand 4 is held, then again. With an odd number of players there is no across: "
        "right, left, hold.",
    ),
    Clause(
        "opening-lead",
        "Opening lead",
        "The player left of the dealer leads trick 1 (a club may instead let the holder of "
        "2♣ lead it, the dealer's left leading when 2♣ is in the kitty).",
    ),
    Clause(
        "first-trick",
        "No points on trick 1",
        "No heart and not the Q♠ may be played to trick 1 unless the player holds nothing "
        "else that is legal.",
    ),
    Clause(
        "hearts-broken",
        "Breaking hearts",
        "Hearts may not be led until a heart has been played to an earlier trick (the Q♠ "
        "does not break them), unless the leader holds only hearts.",
    ),
    Clause(
        "scoring",
        "Scoring",
        "Each heart scores 1, the Q♠ 13 and the J♦ minus 10, so a hand totals 16; totals may go below zero.",
    ),
    Clause(
        "moon",
        "No moon",
        "The text has no moon rule: taking every point card scores as it falls (a club may add one).",
    ),
    Clause(
        "game-end", "End of the game", "Play goes on until someone has 50 or more; the lowest total wins."
    ),
    Clause(
        "no-penalties",
        "No penalty schedule",
        "The rules name no penalties: every irregularity is found and referred to the "
        "director, with no automatic points and no penalty cards.",
    ),
)

CITES = cites()

VARIANT: Variant = Variant(
    id="omnibus-kitty",
    name="Norwegian omnibus hearts with a kitty",
    source="Norwegian omnibus hearts rules (machine-translated text, read as RULES fixes it).",
    seat_counts=(3, 4, 5, 6, 7),
    pass_count=3,
    pass_cycle=PassCycle.RIGHT_LEFT_ACROSS_HOLD,
    first_lead=FirstLead.LEFT_OF_DEALER,
    no_points_on_first_trick=True,
    queen_breaks_hearts=False,
    may_lead_hearts_with_queen=False,
    penalty_cards=False,
    revoke_cannot_stop_moon=False,
    moon=None,
    game_target=50,
    penalty_schedule=PenaltySchedule.REFER_ALL,
    clauses=CLAUSES,
    cites=CITES,
    signatures=Signers.NONE,
    jack_of_diamonds_points=-10,
    kitty_to=KittyTaker.FIRST_TRICK,
)

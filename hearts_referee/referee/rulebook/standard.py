"""`standard`: the common four-player game, the reference for house rules.

Not a tournament text: it has no penalty schedule, so every irregularity is
referred to the director.
"""

from __future__ import annotations

from hearts_referee.referee.translator import N_
from hearts_referee.referee.variant import (
    Clause,
    FirstLead,
    Moon,
    MoonOption,
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
        N_("Deal"),
        N_(
            "Four players, one 52-card deck, 13 cards each. A wrong number of cards to any "
            "player, or a card turned face up during the deal, is a misdeal. The rules do not "
            "say what follows: the hand is played out and scored, and the director decides "
            "whether to void it and redeal."
        ),
    ),
    Clause(
        "pass",
        N_("Pass"),
        N_(
            "Each player passes 3 cards: hand 1 to the left, hand 2 to the right, hand 3 across, "
            "hand 4 is held (no pass); then the cycle repeats. Passing the wrong number, to the "
            "wrong player, on a hold hand, or looking at the cards received before one's own "
            "pass is on the table is an incorrect pass."
        ),
    ),
    Clause(
        "opening-lead",
        N_("Opening lead"),
        N_(
            "The holder of 2♣ leads it to trick 1. Anyone else leading first is a lead out of "
            "turn; the 2♣ holder leading another card is a wrong opening lead."
        ),
    ),
    Clause(
        "first-trick",
        N_("No points on trick 1"),
        N_(
            "No heart and not the Q♠ may be played to trick 1 unless the player holds nothing "
            "else that is legal."
        ),
    ),
    Clause(
        "hearts-broken",
        N_("Breaking hearts"),
        N_(
            "Hearts may not be led until a heart or the Q♠ has been played to an earlier trick, "
            "unless the leader holds only hearts. A leader holding only hearts and the Q♠ must "
            "lead the Q♠."
        ),
    ),
    Clause(
        "moon",
        N_("Shooting the moon"),
        N_("A player who takes all 13 hearts and the Q♠ scores 0 and every other player scores 26."),
    ),
    Clause(
        "scoring",
        N_("Scoring"),
        N_(
            "Each heart taken scores 1 point and the Q♠ 13; the hand's points add up to 26. "
            "The scores written down must match the cards taken."
        ),
    ),
    Clause(
        "game-end",
        N_("End of the game"),
        N_("The game ends after a hand in which someone reaches 100 or more; the lowest total wins."),
    ),
    Clause(
        "no-penalties",
        N_("No penalty schedule"),
        N_(
            "The common game has no penalties of its own: every irregularity is found and "
            "logged for the director (referred), with no automatic points and no penalty cards."
        ),
    ),
)

CITES = cites()

VARIANT: Variant = Variant(
    id="standard",
    name=N_("Standard Hearts"),
    source=N_("The common four-player game (the reference for house rules; not a tournament text)."),
    seat_counts=(4,),
    pass_count=3,
    pass_cycle=PassCycle.LEFT_RIGHT_ACROSS_HOLD,
    first_lead=FirstLead.TWO_OF_CLUBS,
    no_points_on_first_trick=True,
    queen_breaks_hearts=True,
    may_lead_hearts_with_queen=False,
    penalty_cards=False,
    revoke_cannot_stop_moon=False,
    moon=Moon(options=(MoonOption.ADD,)),
    game_target=100,
    penalty_schedule=PenaltySchedule.REFER_ALL,
    clauses=CLAUSES,
    cites=CITES,
    signatures=Signers.NONE,
)

"""`mso-2000`: the MSO Hearts event rules of August 2000, as RULES reads them."""

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
        N_("Deal and misdeal"),
        N_(
            "Four players seated N, E, S, W by cut; North keeps score. One 52-card deck, no "
            "jokers, 13 cards each. A card exposed during the deal, or a wrong number of cards "
            "to any player, voids the deal: the hand is not scored and is redealt."
        ),
    ),
    Clause(
        "pass",
        N_("Pass direction"),
        N_(
            "Each player passes 3 cards. The event has no hold hand: hand 1 passes left, hand 2 "
            "right, hand 3 across, hand 4 left again, and so on."
        ),
    ),
    Clause(
        "incorrect-pass",
        N_("Incorrect pass"),
        N_(
            "Passing the wrong number of cards, passing to the wrong opponent, or looking at "
            "the cards received before one's own pass is face down on the table costs the "
            "offender 26 penalty points."
        ),
    ),
    Clause(
        "opening-lead",
        N_("Opening lead"),
        N_(
            "The holder of 2♣ must lead it to trick 1. The rules give no penalty for getting "
            "this wrong: the director rules."
        ),
    ),
    Clause(
        "first-trick",
        N_("No points on trick 1"),
        N_(
            "No point card (a heart or the Q♠) may be discarded to trick 1 unless the player "
            "holds nothing else. The rules attach no penalty: the director rules."
        ),
    ),
    Clause(
        "hearts-broken",
        N_("Breaking hearts"),
        N_(
            "Hearts may not be led until they are broken: a heart or the Q♠ has been played to "
            "an earlier trick. A leader holding only hearts, or only hearts and the Q♠, may "
            "lead a heart."
        ),
    ),
    Clause(
        "revoke",
        N_("Revoke"),
        N_(
            "Failing to follow suit when able is a revoke: 26 penalty points to the offender, "
            "unless all 14 point cards had already been played before the revoking card (then "
            "no penalty). A revoke is established once any card is played to the next trick, "
            "or the hand has ended."
        ),
    ),
    Clause(
        "renounce",
        N_("Renounce"),
        N_(
            "A revoke corrected before it is established is a renounce: no points; the card "
            "wrongly played becomes a penalty card and the offender plays a legal card instead."
        ),
    ),
    Clause(
        "penalty-card",
        N_("Penalty card"),
        N_(
            "A penalty card stays face up in its owner's hand and must be played at the first "
            "legal opportunity (lead, follow or discard). Missing that opportunity is logged "
            "once per penalty card for the director."
        ),
    ),
    Clause(
        "exposed-card",
        N_("Exposed card"),
        N_("A card dropped face up, or shown before its time, becomes a penalty card. No points."),
    ),
    Clause(
        "lead-out-of-turn",
        N_("Lead out of turn"),
        N_(
            "A card led out of turn becomes a penalty card and the lead goes back to the right "
            "player. If the table played on without correcting it, the lead stands and the "
            "director rules."
        ),
    ),
    Clause(
        "premature-heart",
        N_("Prematurely played heart"),
        N_(
            "Leading a heart before hearts are broken, when not allowed, costs 5 penalty "
            "points, corrected or not. Corrected at the table, the heart becomes a penalty card "
            "and the leader leads again; if nobody noticed, the play stands."
        ),
    ),
    Clause(
        "revoke-cannot-stop-moon",
        N_("A revoke cannot stop a moon"),
        N_(
            "If one player took every point card except those the revoking player won in the "
            "revoke's trick or later, the director decides; the referee suggests awarding the "
            "moon to that player."
        ),
    ),
    Clause(
        "claims",
        N_("Claims and concessions"),
        N_(
            "A player who shows the rest of the hand must announce the order of play. The "
            "director decides; the referee reports whether the claim holds against every legal "
            "defence, with a line that beats it when it does not. The claimer plays the next "
            "announced card when it is legal, otherwise the earliest announced card that is "
            "legal then; a turn at which none is legal breaks the claim."
        ),
    ),
    Clause(
        "moon",
        N_("Shooting the moon"),
        N_(
            "Taking all 13 hearts and the Q♠ adds 26 to each opponent. If anyone had 74 or more "
            "before the hand and adding would not win the game for the shooter, the shooter may "
            "instead take 26 off their own total; without a recorded choice the referee "
            "subtracts whenever it may. Who would be lowest is judged on the totals after the "
            "hand including this hand's penalty points; only whether the game ends leaves "
            "them out."
        ),
    ),
    Clause(
        "scoring",
        N_("Scoring"),
        N_(
            "Each heart taken scores 1 point and the Q♠ 13 (no J♦ bonus), plus any "
            "penalty points. The scores written down must match."
        ),
    ),
    Clause(
        "game-end",
        N_("End of the game"),
        N_(
            "The game ends when a player has 100 or more at the end of a hand, but a game cannot "
            "end with a penalty assessment: reaching 100 only through that hand's penalty points "
            "does not end it."
        ),
    ),
    Clause(
        "match-points",
        N_("Match points"),
        N_(
            "At the end of the game the table's scores earn match points by place: lowest 5, "
            "then 3, 2 and 1. Tied players share the match points of the places they span."
        ),
    ),
    Clause(
        "signatures", N_("Scoresheet"), N_("Each scoresheet is signed by all four players before it counts.")
    ),
)


CITES = cites(
    incorrect_pass="incorrect-pass",
    lead_out_of_turn="lead-out-of-turn",
    revoke="revoke",
    renounce="renounce",
    early_heart="premature-heart",
    exposed_card="exposed-card",
    penalty_card_not_played="penalty-card",
    claim="claims",
    moon_stopped_by_revoke="revoke-cannot-stop-moon",
)

VARIANT: Variant = Variant(
    id="mso-2000",
    name=N_("MSO 2000 tournament Hearts"),
    source=N_("MSO Hearts event rules, August 2000."),
    seat_counts=(4,),
    pass_count=3,
    pass_cycle=PassCycle.LEFT_RIGHT_ACROSS,
    first_lead=FirstLead.TWO_OF_CLUBS,
    no_points_on_first_trick=True,
    queen_breaks_hearts=True,
    may_lead_hearts_with_queen=True,
    penalty_cards=True,
    revoke_cannot_stop_moon=True,
    moon=Moon(options=(MoonOption.ADD, MoonOption.SUBTRACT), subtract_from=74),
    game_target=100,
    penalty_schedule=PenaltySchedule.MSO_2000,
    misdeal_voids=True,
    clauses=CLAUSES,
    cites=CITES,
    signatures=Signers.ALL,
    game_signatures=Signers.ALL,
)

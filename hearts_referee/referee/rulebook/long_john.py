"""`long-john`: double-deck cancellation hearts for 6 to 8 players, as RULES reads it.

Two decks, so every card exists twice: identical cards of the suit led
cancel, a trick whose led suit cancels out goes to the middle, and the
moon is all 52 points. Seven players add a joker that belongs to the last
trick. There is no penalty schedule: irregularities are referred.
"""

from __future__ import annotations

from types import MappingProxyType

from hearts_referee.referee.translator import N_
from hearts_referee.referee.variant import (
    Clause,
    FirstLead,
    KittyTaker,
    Moon,
    MoonChooser,
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
        "table",
        N_("Players"),
        N_(
            "Six, seven or eight players at a table, seated in the order the record lists them "
            "(clockwise). A tournament has up to 64 players on up to 8 tables."
        ),
    ),
    Clause(
        "deal",
        N_("Deal"),
        N_(
            "Two 52-card decks. Six players get 17 cards each and 2 form the kitty; seven players "
            "add one joker and get 15 each; eight players get 13 each. When the two decks have "
            "different backs and the backs are recorded, no player may hold cards of one back "
            "colour only, or the deal is void. Backs that all show one colour mean the decks do "
            "not differ, and nothing is checked."
        ),
    ),
    Clause(
        "pass",
        N_("Pass"),
        N_(
            "Each player passes 3 cards. With n players, deal k of every n deals passes "
            "(k+1)/2 seats to the left when k is odd and k/2 seats to the right when k is even; "
            "deal n is a keeper (no pass). Six players: left 1, right 1, left 2, right 2, "
            "left 3, keep."
        ),
    ),
    Clause(
        "opening-lead",
        N_("Opening lead and hearts"),
        N_(
            "The player left of the dealer leads any card, hearts and the Q♠ included, but not "
            "the joker. Hearts are broken from the start and trick 1 has no restriction."
        ),
    ),
    Clause(
        "cancellation",
        N_("Cancellation"),
        N_(
            "Two identical cards of the suit led cancel each other and do not compete; the "
            "highest card of the suit led that is not cancelled wins. If every card of the suit "
            "led is cancelled, the trick goes to the middle, the same player leads again, and "
            "the middle pile goes to the winner of the next trick that is won; if the last trick "
            "is cancelled, the pile goes to the most recent trick winner. A cancelled trick is "
            "still a trick, numbered in play order."
        ),
    ),
    Clause(
        "kitty",
        N_("Kitty"),
        N_(
            "With six players, whoever wins the first trick to which a counter (a heart or a "
            "Q♠) is played also takes the 2-card kitty, unseen by the others; if that trick is "
            "cancelled, whoever takes its pile takes the kitty. The kitty's points count for them."
        ),
    ),
    Clause(
        "joker",
        N_("Joker"),
        N_(
            "With seven players the joker may be passed like any card but played only to the "
            "last trick. It has no suit and never cancels. If the leader of the last trick leads "
            "it, that player takes the trick; otherwise it is a dead card. Playing it earlier is "
            "referred to the director, and that trick is settled as a last trick would be."
        ),
    ),
    Clause(
        "scoring",
        N_("Scoring"),
        N_(
            "Each heart scores 1 and each Q♠ 13, so every hand totals 52; the scorekeeper "
            "declares the hand legal only when the written scores add up to 52."
        ),
    ),
    Clause(
        "moon",
        N_("Shooting the moon"),
        N_(
            "Taking all 52 points is a moon: the shooter chooses to add 52 to every other player "
            "or to take 52 off their own total, which never goes below zero (a shooter on 32 "
            "scores -32). Without a recorded choice the referee takes the option that wins the "
            "table now, else one that does not end the game with someone else lowest, and among "
            "those the one leaving the shooter furthest below the lowest other total (a tie: add)."
        ),
    ),
    Clause(
        "game-end",
        N_("End of the game"),
        N_(
            "When one or more players reach 100, the lowest total wins the table and advances; "
            "tied lowest players all advance. Reaching exactly 50 or 100 changes nothing. The "
            "deal passes to the left."
        ),
    ),
    Clause(
        "no-penalties",
        N_("No penalty schedule"),
        N_(
            "The rules name no penalties: every irregularity is found and referred to the "
            "director, with no automatic points and no penalty cards."
        ),
    ),
)

CITES = cites(
    point_card_on_first_trick="opening-lead", early_heart="opening-lead", joker_played_early="joker"
)

VARIANT: Variant = Variant(
    id="long-john",
    name=N_("Long John: double-deck cancellation hearts"),
    source=N_("Double Deck Cancellation hearts tournament rules (Long John)."),
    seat_counts=(6, 7, 8),
    pass_count=3,
    pass_cycle=PassCycle.WIDENING_THEN_KEEP,
    first_lead=FirstLead.LEFT_OF_DEALER,
    no_points_on_first_trick=False,
    queen_breaks_hearts=True,
    may_lead_hearts_with_queen=True,
    penalty_cards=False,
    revoke_cannot_stop_moon=False,
    moon=Moon(
        options=(MoonOption.ADD, MoonOption.SUBTRACT),
        subtract_from=None,
        chooser=MoonChooser.BEST_FOR_SHOOTER,
    ),
    game_target=100,
    penalty_schedule=PenaltySchedule.REFER_ALL,
    clauses=CLAUSES,
    cites=CITES,
    signatures=Signers.SCOREKEEPER,
    decks=2,
    jokers=MappingProxyType({7: 1}),
    hearts_broken_from_start=True,
    cancellation=True,
    kitty_to=KittyTaker.FIRST_COUNTER_TRICK,
    backs_check=True,
    totals_floor_zero=True,
)

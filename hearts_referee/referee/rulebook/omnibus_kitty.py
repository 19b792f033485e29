"""`omnibus-kitty`: Norwegian omnibus hearts for 3 to 7 players, as RULES reads it.

The seed text is a rough machine translation; RULES fixes the reading. One
deck dealt out evenly, the rest a kitty for the first trick's winner; the
J♦ is worth minus 10, so a hand totals 16; no moon unless a club adds one.

The rules are Norwegian, and so are the clubs that play them: each clause carries its
``original``, the rule in Norwegian as the clubs' text says it, beside our English reading.
Where the seed's Norwegian is itself a machine translation (most of it: "klubber" for
clubs, "forhandler" for the dealer), the original is written in our own words as RULES
reads it, in the terms Norwegian card players use; where the seed's sentence is plain
Norwegian, it is quoted (the order of the cards, who wins the game).
"""

from __future__ import annotations

from dataclasses import replace

from hearts_referee.referee.translator import N_
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

_COMMON_ORIGINALS = {
    "follow-suit": "Kortenes rekkefølge fra lavest til høyest: 2, 3, 4, 5, 6, 7, 8, 9, 10, knekt, "
    "dame, konge og ess; det er ingen trumf. Hver spiller må følge farge om han kan; den som er "
    "renons i fargen, kan legge et hvilket som helst kort, innenfor reglene for første stikk og "
    "for hjerter. Høyeste kort i fargen som ble spilt ut, vinner stikket, og den som vant det, "
    "spiller ut til neste stikk.",
    "turn-order": "Det spilles med klokken: spilleren til venstre er neste i tur. Et kort spilt utenfor "
    "tur til et stikk som allerede er spilt ut til, noteres for turneringslederen.",
}
"""The shared clauses' rules as the Norwegian text says them."""

CLAUSES = (
    *(replace(clause, original=_COMMON_ORIGINALS[clause.key]) for clause in COMMON_CLAUSES),
    Clause(
        "deal",
        N_("Deal"),
        N_(
            "Three to seven players; one 52-card deck dealt one card at a time clockwise, "
            "52 ÷ n cards each, the cards left over forming the kitty. The lowest cut deals."
        ),
        original="Tre til sju spillere. Alle tar av, og den som tar av lavest, gir. Én kortstokk med 52 kort "
        "gis ut ett og ett kort med klokken, med baksiden opp, 52 ÷ n kort til hver; kortene som blir "
        "til overs, legges til side som kitty.",
    ),
    Clause(
        "kitty",
        N_("Kitty"),
        N_("The winner of the first trick takes the kitty; its cards score for that player."),
        original="Den som vinner første stikk, tar kittyen; kortene i den teller for den spilleren.",
    ),
    Clause(
        "pass",
        N_("Pass"),
        N_(
            "Each player passes 3 cards: hand 1 to the right, hand 2 to the left, hand 3 across, "
            "hand 4 is held, then again. With an odd number of players there is no across: "
            "right, left, hold."
        ),
        original="Hver spiller sender tre kort til en motspiller: i første giv til høyre, i andre til venstre, "
        "i tredje til spilleren rett overfor, og i fjerde beholder alle kortene sine; så begynner det "
        "forfra. Med et odde antall spillere er det ingen rett overfor: høyre, venstre, ingen sending.",
    ),
    Clause(
        "opening-lead",
        N_("Opening lead"),
        N_(
            "The player left of the dealer leads trick 1 (a club may instead let the holder of "
            "2♣ lead it, the dealer's left leading when 2♣ is in the kitty)."
        ),
        original="Spilleren til venstre for giveren spiller ut til første stikk (en klubb kan i stedet la den som "
        "har kløver 2 spille den ut; ligger kløver 2 i kittyen, spiller den til venstre for giveren ut).",
    ),
    Clause(
        "first-trick",
        N_("No points on trick 1"),
        N_(
            "No heart and not the Q♠ may be played to trick 1 unless the player holds nothing "
            "else that is legal."
        ),
        original="Ingen kan legge hjerter eller spar dame til første stikk, med mindre spilleren ikke har noe "
        "annet kort han kan spille.",
    ),
    Clause(
        "hearts-broken",
        N_("Breaking hearts"),
        N_(
            "Hearts may not be led until a heart has been played to an earlier trick (the Q♠ "
            "does not break them), unless the leader holds only hearts."
        ),
        original="Hjerter kan ikke spilles ut før det er lagt hjerter til et tidligere stikk (spar dame bryter "
        "ikke hjerter), med mindre den som skal spille ut, bare har hjerter.",
    ),
    Clause(
        "scoring",
        N_("Scoring"),
        N_(
            "Each heart scores 1, the Q♠ 13 and the J♦ minus 10, so a hand totals 16; totals may go below zero."
        ),
        original="Hvert hjerter teller 1 straffepoeng, spar dame 13, og ruter knekt trekker 10 fra, så en giv "
        "gir 16 poeng i alt; summen kan gå under null.",
    ),
    Clause(
        "moon",
        N_("No moon"),
        N_("The text has no moon rule: taking every point card scores as it falls (a club may add one)."),
        original="Reglene har ingen regel om å skyte månen: den som tar alle poengkortene, får poengene slik de "
        "faller (en klubb kan legge til en slik regel).",
    ),
    Clause(
        "game-end",
        N_("End of the game"),
        N_("Play goes on until someone has 50 or more; the lowest total wins."),
        original="Det spilles nye giv til noen har 50 poeng eller mer. Den som har minst antall straffepoeng er "
        "vinneren.",
    ),
    Clause(
        "no-penalties",
        N_("No penalty schedule"),
        N_(
            "The rules name no penalties: every irregularity is found and referred to the "
            "director, with no automatic points and no penalty cards."
        ),
        original="Reglene nevner ingen straffer: enhver uregelmessighet blir funnet og henvist til "
        "turneringslederen, uten automatiske straffepoeng og uten straffekort.",
    ),
)

CITES = cites()

VARIANT: Variant = Variant(
    id="omnibus-kitty",
    name=N_("Norwegian omnibus hearts with a kitty"),
    source=N_("Norwegian omnibus hearts rules (machine-translated text, read as RULES fixes it)."),
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

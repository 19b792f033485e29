"""The ruling codes, one entry each: the one place a ruling code is described.

A :class:`RulingKind` says, for one :class:`~hearts_referee.referee.facts.Code`: its title
(the hand page's heading), what it means in one line (``openapi.yaml``'s ``RulingCode``
descriptions), the :class:`~hearts_referee.referee.facts.Facts` class its findings carry,
the clause a variant cites for it unless its rulebook says otherwise, how the referee
explains it and what it suggests when the ruling is referred to the director, whether
a director may report it on a score-only hand (and what the hand must have for it), and
its default sanction: what it costs under a schedule that does not price it.

What else lists the codes is derived from :data:`RULING_KINDS` (``findings.RULING_CODES``
and ``findings.FACTS``, ``score_only.REPORTABLE``, the rulebooks' usual citations, the
explanations, the hand page's titles) or checked against it by a test that names what is
missing (``openapi.yaml``'s four lists of codes, a section of ``docs/rulings.md`` per code,
the rules tests). ``docs/rulings.md``, "Adding a ruling code", walks through adding one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .cards import Card
from .facts import (
    CardFaultFacts,
    ClaimFacts,
    Code,
    ExposedCardFacts,
    Facts,
    IncorrectPassFacts,
    LeadOutOfTurnFacts,
    MisdealFacts,
    MoonChoiceFacts,
    MoonStoppedFacts,
    PenaltyCardNotPlayedFacts,
    PlayIncompleteFacts,
    PlayOutOfTurnFacts,
    RevokeFacts,
    ScoreMismatchFacts,
)
from .record import ClaimKind
from .sanctions import REFER, Sanction
from .translator import ENGLISH, N_, SAID, Translator, direction_name, suit_name, translated
from .variant import Variant

if TYPE_CHECKING:  # pragma: no cover
    from .findings import Finding
    from .replay import Replay


# --- what the referee says: one explanation per code ---------------------------------------
# Each reads only the finding's facts (typed: ``Finding.facts_as`` hands each the class its
# code carries), so a director reads the same sentence whichever client asked. Each sentence
# is one message template with named placeholders, asked of the reader's language (``t``,
# English by default: ``referee.translator``); sentences are joined whole, never glued from
# parts, since word order differs between languages.


def _label(card: Card | None) -> str:
    return card.label if card is not None else "?"


def _led_suit(finding: Finding, replay: Replay, t: Translator) -> str:
    for trick in replay.tricks:
        if trick.number == finding.trick and trick.plays:
            _, led = trick.plays[0]
            suit = led.suit
            return f"{suit_name(suit, t)} ({suit.symbol})" if suit else t.gettext("the suit led")
    return t.gettext("the suit led")


def _misdeal(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(MisdealFacts)
    said = {"seat": f.seat, "reasons": "; ".join([translated(reason, t) for reason in facts.reasons])}
    if not facts.void:
        return (
            t.gettext(
                "The deal by %(seat)s was irregular: %(reasons)s. The variant's rules do not say what "
                "follows, so the hand is replayed and scored as played; whether to void it and redeal "
                "is the director's decision."
            )
            % said
        )
    return (
        t.gettext("The deal by %(seat)s is void: %(reasons)s. The hand is not scored and is redealt.") % said
    )


def _incorrect_pass(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(IncorrectPassFacts)
    return t.gettext("%(seat)s made an incorrect pass on this %(direction)s hand: %(faults)s.") % {
        "seat": f.seat,
        "direction": direction_name(r.pass_direction, t),
        "faults": "; ".join([translated(fault, t) for fault in facts.faults]),
    }


def _revoke(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    text = t.gettext(
        "%(seat)s played %(card)s to trick %(trick)s while holding %(suit)s: a revoke, "
        "established once play went on."
    ) % {"seat": f.seat, "card": _label(f.card), "trick": f.trick, "suit": _led_suit(f, r, t)}
    if f.facts_as(RevokeFacts).all_points_played:
        text += " " + t.gettext("Every point card had already been played before it.")
    return text


def _renounce(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    return t.gettext(
        "%(seat)s played %(card)s to trick %(trick)s without following suit, then took it back "
        "before the revoke was established: a renounce."
    ) % {"seat": f.seat, "card": _label(f.card), "trick": f.trick}


def _early_heart(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    said = {"seat": f.seat, "card": _label(f.card), "trick": f.trick}
    text = (
        t.gettext(
            "%(seat)s led %(card)s to trick %(trick)s before hearts were broken, "
            "while holding cards that could be led."
        )
        % said
    )
    if f.facts_as(CardFaultFacts).corrected:
        return text + " " + t.gettext("The heart was taken back and %(seat)s led again.") % said
    return text + " " + t.gettext("Nobody corrected it, so the play stands.")


def _lead_out_of_turn(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(LeadOutOfTurnFacts)
    said = {"seat": f.seat, "card": _label(f.card), "trick": f.trick, "proper": facts.proper_leader}
    text = t.gettext("%(seat)s led %(card)s to trick %(trick)s, but the lead was %(proper)s's.") % said
    if facts.corrected:
        return text + " " + t.gettext("The card was taken back and the lead went back to %(proper)s.") % said
    return text + " " + t.gettext("The table played on without correcting it, so the lead stands.")


def _play_out_of_turn(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    expected = f.facts_as(PlayOutOfTurnFacts).expected
    return t.gettext(
        "%(seat)s played %(card)s to trick %(trick)s before %(expected)s, whose turn it was."
    ) % {
        "seat": f.seat,
        "card": _label(f.card),
        "trick": f.trick,
        "expected": expected,
    }


def _wrong_first_lead(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    text = t.gettext("%(seat)s held 2♣ but led %(card)s to trick 1.") % {
        "seat": f.seat,
        "card": _label(f.card),
    }
    if f.facts_as(CardFaultFacts).corrected:
        text += " " + t.gettext("The card was taken back.")
    return text


def _point_card_on_first_trick(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    text = t.gettext(
        "%(seat)s played %(card)s to trick 1 while holding a legal card that carries no points."
    ) % {"seat": f.seat, "card": _label(f.card)}
    if f.facts_as(CardFaultFacts).corrected:
        text += " " + t.gettext("The card was taken back.")
    return text


def _exposed_card(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    said = {"seat": f.seat, "card": _label(f.card), "trick": f.trick}
    if f.facts_as(ExposedCardFacts).withdrawn:
        return (
            t.gettext(
                "%(seat)s took back %(card)s, a legal card already played to trick %(trick)s; "
                "it has been seen, so it counts as an exposed card."
            )
            % said
        )
    return t.gettext("%(seat)s exposed %(card)s (dropped or shown face up) without playing it.") % said


def _penalty_card_not_played(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    return t.gettext(
        "%(seat)s could legally have played the penalty card %(card)s to trick %(trick)s "
        "but played %(played)s instead."
    ) % {
        "seat": f.seat,
        "card": _label(f.card),
        "trick": f.trick,
        "played": _label(f.facts_as(PenaltyCardNotPlayedFacts).played),
    }


def _claimed(facts: ClaimFacts, t: Translator) -> str:
    """What a claim is for, as the object of "claimed"."""
    if facts.what is ClaimKind.ALL_TRICKS:
        return t.pgettext("claim", "the remaining tricks")
    if facts.what is ClaimKind.NO_MORE_POINTS:
        return t.pgettext("claim", "to take no more point card")
    if facts.what is ClaimKind.NO_MORE_TRICKS:
        return t.pgettext("claim", "to take no more trick")
    if facts.what is ClaimKind.CONCEDE:
        return t.pgettext("claim", "nothing more, conceding the remaining tricks")
    return t.pgettext("claim", "to take at most %(limit)s more points") % {"limit": facts.limit}


def _claim(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(ClaimFacts)
    order = " ".join(c.label for c in facts.order)
    said = {"seat": f.seat, "what": _claimed(facts, t), "order": order}
    if order:
        text = t.gettext("%(seat)s claimed %(what)s, announcing the order %(order)s.") % said
    else:
        text = t.gettext("%(seat)s claimed %(what)s, announcing no order.") % said
    if facts.position:  # the director's view: every seat's cards at the claim
        held = "; ".join(
            f"{seat} {' '.join(c.label for c in cards) or '-'}" for seat, cards in facts.position
        )
        text += " " + t.gettext("At the claim: %(held)s.") % {"held": held}
    reason = translated(facts.reason, t)
    return text + " " + t.gettext("The referee finds that %(reason)s.") % {"reason": reason}


def _moon_stopped_by_revoke(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(MoonStoppedFacts)
    text = t.gettext(
        "%(seat)s took every point card except those %(revoker)s won from trick %(trick)s on, "
        "after %(revoker)s's revoke there. A revoke cannot stop a moon."
    ) % {"seat": f.seat, "revoker": facts.revoker, "trick": f.trick}
    return text + (" " + translated(facts.searched, t) if facts.searched else "")


def _moon_choice_not_allowed(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    return t.gettext(
        "The record says %(seat)s chose to subtract the moon, but that choice is open only "
        "when someone had enough points before the hand and adding would not win the game "
        "for the shooter. The moon is scored by adding to the others instead."
    ) % {"seat": f.seat}


def _score_mismatch(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    facts = f.facts_as(ScoreMismatchFacts)
    written, validated = facts.written, facts.validated
    text = t.gettext(
        "The table wrote %(written)s for %(seat)s; the validated score is %(validated)s (%(difference)s)."
    ) % {
        "written": written,
        "seat": f.seat,
        "validated": validated,
        "difference": f"{validated - written:+d}",
    }
    written_total, due = facts.written_total, facts.validated_total
    if written_total != due:
        text += " " + t.gettext(
            "The written scores add up to %(written_total)s; the validated ones to %(validated_total)s."
        ) % {"written_total": written_total, "validated_total": due}
    return text


def _joker_played_early(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    """RULES, long-john joker: a joker played early is settled as a last trick would be."""
    said = {"seat": f.seat, "trick": f.trick}
    text = (
        t.gettext("%(seat)s played the joker to trick %(trick)s; it may only be played to the last trick.")
        % said
    )
    trick = next((played for played in r.tricks if played.number == f.trick), None)
    first = trick.plays[0] if trick is not None and trick.plays else None
    if first is not None and first[0] == f.seat and first[1] is f.card:  # the joker was led
        return (
            text
            + " "
            + t.gettext(
                "The trick is settled as a last trick would be: the joker was led, so %(seat)s takes "
                "trick %(trick)s."
            )
            % said
        )
    return text + " " + t.gettext("The trick is settled as a last trick would be: the joker is a dead card.")


def _play_incomplete(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    """RULES, incomplete play: the unplayed cards carry points nobody took."""
    facts = f.facts_as(PlayIncompleteFacts)
    cards = t.ngettext("%(num)s card", "%(num)s cards", facts.cards_left) % {"num": facts.cards_left}
    stops = t.ngettext(
        "The play stops at trick %(trick)s, with %(seat)s to play: %(num)s of the %(tricks)s tricks "
        "(%(cards)s) is not played out, and no claim or concession covers the rest.",
        "The play stops at trick %(trick)s, with %(seat)s to play: %(num)s of the %(tricks)s tricks "
        "(%(cards)s) are not played out, and no claim or concession covers the rest.",
        facts.tricks_left,
    ) % {"trick": f.trick, "seat": f.seat, "num": facts.tricks_left, "tricks": facts.tricks, "cards": cards}
    return (
        stops
        + " "
        + t.gettext(
            "The unplayed cards carry points nobody took, so the hand cannot be scored as it stands: "
            "it is a hand in progress, and a game does not take it."
        )
    )


# --- what the referee suggests to the director, when the ruling is referred ----------------


def _no_suggestion(f: Finding, t: Translator = ENGLISH) -> None:
    return None


def _suggest_for_misdeal(f: Finding, t: Translator = ENGLISH) -> str:
    return t.gettext("void the deal and redeal")


def _suggest_for_lead_out_of_turn(f: Finding, t: Translator = ENGLISH) -> str:
    return t.gettext("let the lead stand")


def _suggest_for_claim(f: Finding, t: Translator = ENGLISH) -> str | None:
    facts = f.facts_as(ClaimFacts)
    if facts.suggestion is not None:
        return translated(facts.suggestion, t)
    return t.gettext("award the remaining tricks to %(seat)s") % {"seat": f.seat} if facts.holds else None


def _suggest_for_moon_stopped_by_revoke(f: Finding, t: Translator = ENGLISH) -> str:
    return translated(f.facts_as(MoonStoppedFacts).suggestion, t)


def _suggest_for_score_mismatch(f: Finding, t: Translator = ENGLISH) -> str:
    return t.gettext("correct the scoresheet to %(score)s") % {
        "score": f.facts_as(ScoreMismatchFacts).validated
    }


def _suggest_for_play_incomplete(f: Finding, t: Translator = ENGLISH) -> str:
    return t.gettext("record the rest of the play, or a claim or concession for it")


# --- what a director may report on a score-only hand ---------------------------------------


def _any_hand(variant: Variant, seats: int, hand_number: int) -> bool:
    return True


def _passes(variant: Variant, seats: int, hand_number: int) -> bool:
    """Cards are passed in this hand: the variant passes some, and this is no hold hand."""
    return variant.pass_count > 0 and variant.pass_offset(hand_number, seats) != 0


def _hearts_start_unbroken(variant: Variant, seats: int, hand_number: int) -> bool:
    return not variant.hearts_broken_from_start


def _first_trick_barred(variant: Variant, seats: int, hand_number: int) -> bool:
    return variant.no_points_on_first_trick


def _two_of_clubs_leads(variant: Variant, seats: int, hand_number: int) -> bool:
    return variant.two_of_clubs_leads


def _joker(variant: Variant, seats: int, hand_number: int) -> bool:
    return variant.jokers.get(seats, 0) > 0


@dataclass(frozen=True)
class Report:
    """What a reported irregularity of one code stands for: the facts its finding carries
    (a report knows who, and perhaps where, never the cards around it), what the seat
    did, in words, for the explanation (an English message, ``N_``: the explanation asks the
    reader's language for it), and what the hand must have for it to happen at
    all (``possible``, asked of the variant, the number of seats and the hand's number;
    ``needs`` says it in words)."""

    facts: Facts
    did: str
    possible: Callable[[Variant, int, int], bool] = _any_hand
    needs: str = ""
    """What the hand must have, in words: an English message (``N_``), told in the reader's
    language where it is read (``score_only``)."""


# --- the registry ----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RulingKind:
    """One ruling code, described once.

    ``title``: the heading the director's pages give it. ``meaning``: what it means, in one
    line. ``facts``: the class its findings carry, exactly (``Finding`` refuses another).
    ``clause``: the clause a variant cites for it unless its rulebook says otherwise
    (``rulebook.common.cites``). ``explain``: what happened, in the referee's words (the
    schedule's consequence is added by ``rulings.explain``). ``suggest``: the outcome the
    referee suggests when the ruling is referred to the director, where it can compute one.
    ``report``: set when a director may record it on a score-only hand. ``sanction``: its
    default sanction, what it costs under a schedule that does not price it (every code's is
    :data:`~hearts_referee.referee.sanctions.REFER`: the director decides; ``rulings.schedules``
    reads it for ``REFER_ALL`` and ``Schedule.sanction``)."""

    code: Code
    title: str
    meaning: str
    facts: type[Facts]
    clause: str
    explain: Callable[[Finding, Replay, Translator], str]
    suggest: Callable[[Finding, Translator], str | None] = _no_suggestion
    report: Report | None = None
    sanction: Sanction = REFER


_KINDS = (
    RulingKind(
        code=Code.MISDEAL,
        title=N_("Misdeal"),
        meaning="Wrong number of cards dealt, or a card exposed in the deal",
        facts=MisdealFacts,
        clause="deal",
        explain=_misdeal,
        suggest=_suggest_for_misdeal,
    ),
    RulingKind(
        code=Code.INCORRECT_PASS,
        title=N_("Incorrect pass"),
        meaning="Wrong number of cards, wrong recipient, a pass on a hold hand, or looking early",
        facts=IncorrectPassFacts,
        clause="pass",
        explain=_incorrect_pass,
        report=Report(
            IncorrectPassFacts(faults=(SAID.gettext("reported at the table"),), expected_to=None),
            N_("made an incorrect pass"),
            _passes,
            N_("a hand in which cards are passed (not a hold hand, nor a variant without a pass)"),
        ),
    ),
    RulingKind(
        code=Code.LEAD_OUT_OF_TURN,
        title=N_("Lead out of turn"),
        meaning="A trick led by the wrong seat",
        facts=LeadOutOfTurnFacts,
        clause="turn-order",
        explain=_lead_out_of_turn,
        suggest=_suggest_for_lead_out_of_turn,
    ),
    RulingKind(
        code=Code.PLAY_OUT_OF_TURN,
        title=N_("Play out of turn"),
        meaning="A card played out of turn to a trick already led",
        facts=PlayOutOfTurnFacts,
        clause="turn-order",
        explain=_play_out_of_turn,
    ),
    RulingKind(
        code=Code.WRONG_FIRST_LEAD,
        title=N_("Wrong first lead"),
        meaning="The 2♣ holder led another card to trick 1",
        facts=CardFaultFacts,
        clause="opening-lead",
        explain=_wrong_first_lead,
        report=Report(
            CardFaultFacts(),
            N_("held 2♣ and led another card to trick 1"),
            _two_of_clubs_leads,
            N_("the 2♣ holder leading trick 1 (not first_lead left-of-dealer)"),
        ),
    ),
    RulingKind(
        code=Code.REVOKE,
        title=N_("Revoke"),
        meaning="Not following suit when able, established",
        facts=RevokeFacts,
        clause="follow-suit",
        explain=_revoke,
        report=Report(RevokeFacts(all_points_played=False), N_("revoked")),
    ),
    RulingKind(
        code=Code.RENOUNCE,
        title=N_("Renounce"),
        meaning="A revoke corrected before it was established",
        facts=RevokeFacts,  # a renounce is a corrected revoke
        clause="follow-suit",
        explain=_renounce,
        report=Report(RevokeFacts(all_points_played=False, corrected=True), N_("renounced")),
    ),
    RulingKind(
        code=Code.POINT_CARD_ON_FIRST_TRICK,
        title=N_("Point card on trick 1"),
        meaning="A heart or the Q♠ played to trick 1 by a player with another choice",
        facts=CardFaultFacts,
        clause="first-trick",
        explain=_point_card_on_first_trick,
        report=Report(
            CardFaultFacts(),
            N_("played a point card to trick 1"),
            _first_trick_barred,
            N_("point cards barred from trick 1 (no_points_on_first_trick)"),
        ),
    ),
    RulingKind(
        code=Code.EARLY_HEART,
        title=N_("Heart led early"),
        meaning="A heart led before hearts were broken",
        facts=CardFaultFacts,
        clause="hearts-broken",
        explain=_early_heart,
        report=Report(
            CardFaultFacts(),
            N_("led a heart before hearts were broken"),
            _hearts_start_unbroken,
            N_("hearts unbroken at the start of the hand (not hearts_broken_from_start)"),
        ),
    ),
    RulingKind(
        code=Code.EXPOSED_CARD,
        title=N_("Exposed card"),
        meaning="A card dropped or shown face up",
        facts=ExposedCardFacts,
        clause="no-penalties",
        explain=_exposed_card,
        report=Report(ExposedCardFacts(withdrawn=False), N_("exposed a card")),
    ),
    RulingKind(
        code=Code.PENALTY_CARD_NOT_PLAYED,
        title=N_("Penalty card not played"),
        meaning="A penalty card not played at the first legal opportunity",
        facts=PenaltyCardNotPlayedFacts,
        clause="no-penalties",
        explain=_penalty_card_not_played,
    ),
    RulingKind(
        code=Code.CLAIM,
        title=N_("Claim"),
        meaning="A claim or concession, and whether it holds against every defence",
        facts=ClaimFacts,
        clause="no-penalties",
        explain=_claim,
        suggest=_suggest_for_claim,
    ),
    RulingKind(
        code=Code.MOON_STOPPED_BY_REVOKE,
        title=N_("Moon stopped by a revoke"),
        meaning="A moon prevented only by another player's revoke",
        facts=MoonStoppedFacts,
        clause="moon",
        explain=_moon_stopped_by_revoke,
        suggest=_suggest_for_moon_stopped_by_revoke,
    ),
    RulingKind(
        code=Code.MOON_CHOICE_NOT_ALLOWED,
        title=N_("Moon choice not allowed"),
        meaning="The record's moon_choice is not open under the variant",
        facts=MoonChoiceFacts,
        clause="moon",
        explain=_moon_choice_not_allowed,
    ),
    RulingKind(
        code=Code.SCORE_MISMATCH,
        title=N_("Score mismatch"),
        meaning="A seat's written score differs from the validated one",
        facts=ScoreMismatchFacts,
        clause="scoring",
        explain=_score_mismatch,
        suggest=_suggest_for_score_mismatch,
    ),
    RulingKind(
        code=Code.JOKER_PLAYED_EARLY,
        title=N_("Joker played early"),
        meaning="The joker played before the last trick",
        facts=CardFaultFacts,
        clause="deal",
        explain=_joker_played_early,
        report=Report(
            CardFaultFacts(),
            N_("played the joker before the last trick"),
            _joker,
            N_("a joker in the deck at this table"),
        ),
    ),
    RulingKind(
        code=Code.PLAY_INCOMPLETE,
        title=N_("Play incomplete"),
        meaning="The play stops early with no claim or concession for the rest: "
        "a hand in progress, which cannot be scored",
        facts=PlayIncompleteFacts,
        clause="scoring",  # a hand is scored from the cards taken: unplayed ones are not
        explain=_play_incomplete,
        suggest=_suggest_for_play_incomplete,
    ),
)

RULING_KINDS: Mapping[Code, RulingKind] = MappingProxyType({kind.code: kind for kind in _KINDS})
"""Every ruling code's entry, in the order of :class:`Code` (the order ``openapi.yaml``
lists them in)."""

REPORTED_IN_ORDER: tuple[Code, ...] = (
    Code.INCORRECT_PASS,
    Code.REVOKE,
    Code.RENOUNCE,
    Code.EARLY_HEART,
    Code.POINT_CARD_ON_FIRST_TRICK,
    Code.WRONG_FIRST_LEAD,
    Code.EXPOSED_CARD,
    Code.JOKER_PLAYED_EARLY,
)
"""The codes whose entry has a ``report``, in the order the director's report form and the
``not_reportable`` message list them (the order they had before the registry: an answer's
bytes do not move)."""


def _check() -> None:
    """The registry is whole: an entry per code, in the enum's order, each under its own
    code; the report order names exactly the entries with a ``report``."""
    if tuple(RULING_KINDS) != tuple(Code) or len(_KINDS) != len(Code):
        raise ValueError(f"RULING_KINDS needs one entry per Code, in its order: {[k.code for k in _KINDS]}")
    reported = [kind.code for kind in _KINDS if kind.report is not None]
    if sorted(REPORTED_IN_ORDER) != sorted(reported) or len(set(REPORTED_IN_ORDER)) != len(REPORTED_IN_ORDER):
        raise ValueError(f"REPORTED_IN_ORDER must list each code with a report once: {sorted(reported)}")


_check()

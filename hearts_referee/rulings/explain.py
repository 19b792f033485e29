"""Plain-English explanations: what happened, which rule it meets, what follows.

One small function per ruling code, each reading only the finding's facts
(typed: ``Finding.facts_as`` hands each the class its code carries), so a
director reads the same sentence whichever client asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hearts_referee.referee.cards import Card
from hearts_referee.referee.findings import (
    CardFaultFacts,
    ClaimFacts,
    Code,
    ExposedCardFacts,
    Finding,
    IncorrectPassFacts,
    LeadOutOfTurnFacts,
    MisdealFacts,
    MoonStoppedFacts,
    PenaltyCardNotPlayedFacts,
    PlayIncompleteFacts,
    PlayOutOfTurnFacts,
    RevokeFacts,
    ScoreMismatchFacts,
)
from hearts_referee.referee.record import ClaimKind
from hearts_referee.referee.score_only import REPORTABLE

from .schedules import Status

if TYPE_CHECKING:  # pragma: no cover
    from hearts_referee.referee.replay import Replay

    from .log import Penalty


def _label(card: Card | None) -> str:
    return card.label if card is not None else "?"


def _led_suit(finding: Finding, replay: Replay) -> str:
    for trick in replay.tricks:
        if trick.number == finding.trick and trick.plays:
            suit = trick.plays[0].card.suit
            return f"{suit.name.lower()} ({suit.symbol})" if suit else "the suit led"
    return "the suit led"


def _misdeal(f: Finding, r: Replay) -> str:
    facts = f.facts_as(MisdealFacts)
    if not facts.void:
        return (
            f"The deal by {f.seat} was irregular: "
            + "; ".join(facts.reasons)
            + ". The variant's rules do not say what follows, so the hand is replayed and "
            "scored as played; whether to void it and redeal is the director's decision."
        )
    return (
        f"The deal by {f.seat} is void: "
        + "; ".join(facts.reasons)
        + ". The hand is not scored and is redealt."
    )


def _incorrect_pass(f: Finding, r: Replay) -> str:
    facts = f.facts_as(IncorrectPassFacts)
    return (
        f"{f.seat} made an incorrect pass on this {r.pass_direction} hand: " + "; ".join(facts.faults) + "."
    )


def _revoke(f: Finding, r: Replay) -> str:
    text = (
        f"{f.seat} played {_label(f.card)} to trick {f.trick} while holding "
        f"{_led_suit(f, r)}: a revoke, established once play went on."
    )
    if f.facts_as(RevokeFacts).all_points_played:
        text += " Every point card had already been played before it."
    return text


def _renounce(f: Finding, r: Replay) -> str:
    return (
        f"{f.seat} played {_label(f.card)} to trick {f.trick} without following suit, "
        "then took it back before the revoke was established: a renounce."
    )


def _early_heart(f: Finding, r: Replay) -> str:
    text = (
        f"{f.seat} led {_label(f.card)} to trick {f.trick} before hearts were broken, "
        "while holding cards that could be led."
    )
    if f.facts_as(CardFaultFacts).corrected:
        return text + f" The heart was taken back and {f.seat} led again."
    return text + " Nobody corrected it, so the play stands."


def _lead_out_of_turn(f: Finding, r: Replay) -> str:
    facts = f.facts_as(LeadOutOfTurnFacts)
    proper = facts.proper_leader
    text = f"{f.seat} led {_label(f.card)} to trick {f.trick}, but the lead was {proper}'s."
    if facts.corrected:
        return text + f" The card was taken back and the lead went back to {proper}."
    return text + " The table played on without correcting it, so the lead stands."


def _play_out_of_turn(f: Finding, r: Replay) -> str:
    expected = f.facts_as(PlayOutOfTurnFacts).expected
    return f"{f.seat} played {_label(f.card)} to trick {f.trick} before {expected}, whose turn it was."


def _wrong_first_lead(f: Finding, r: Replay) -> str:
    text = f"{f.seat} held 2♣ but led {_label(f.card)} to trick 1."
    if f.facts_as(CardFaultFacts).corrected:
        text += " The card was taken back."
    return text


def _point_card_on_first_trick(f: Finding, r: Replay) -> str:
    text = f"{f.seat} played {_label(f.card)} to trick 1 while holding a legal card that carries no points."
    if f.facts_as(CardFaultFacts).corrected:
        text += " The card was taken back."
    return text


def _exposed_card(f: Finding, r: Replay) -> str:
    if f.facts_as(ExposedCardFacts).withdrawn:
        return (
            f"{f.seat} took back {_label(f.card)}, a legal card already played to trick "
            f"{f.trick}; it has been seen, so it counts as an exposed card."
        )
    return f"{f.seat} exposed {_label(f.card)} (dropped or shown face up) without playing it."


def _penalty_card_not_played(f: Finding, r: Replay) -> str:
    return (
        f"{f.seat} could legally have played the penalty card {_label(f.card)} to trick "
        f"{f.trick} but played {_label(f.facts_as(PenaltyCardNotPlayedFacts).played)} instead."
    )


def _claim(f: Finding, r: Replay) -> str:
    facts = f.facts_as(ClaimFacts)
    what = {
        ClaimKind.ALL_TRICKS: "the remaining tricks",
        ClaimKind.NO_MORE_POINTS: "to take no more point card",
        ClaimKind.NO_MORE_TRICKS: "to take no more trick",
        ClaimKind.CONCEDE: "nothing more, conceding the remaining tricks",
        ClaimKind.POINTS: f"to take at most {facts.limit} more points",
    }[facts.what]
    order = " ".join(c.label for c in facts.order)
    announced = f", announcing the order {order}" if order else ", announcing no order"
    text = f"{f.seat} claimed {what}{announced}."
    if facts.position:  # the director's view: every seat's cards at the claim
        held = "; ".join(
            f"{seat} {' '.join(c.label for c in cards) or '-'}" for seat, cards in facts.position
        )
        text += f" At the claim: {held}."
    return text + f" The referee finds that {facts.reason}."


def _moon_stopped_by_revoke(f: Finding, r: Replay) -> str:
    facts = f.facts_as(MoonStoppedFacts)
    revoker = facts.revoker
    text = (
        f"{f.seat} took every point card except those {revoker} won from trick {f.trick} "
        f"on, after {revoker}'s revoke there. A revoke cannot stop a moon."
    )
    return text + (" " + facts.searched if facts.searched else "")


def _moon_choice_not_allowed(f: Finding, r: Replay) -> str:
    return (
        f"The record says {f.seat} chose to subtract the moon, but that choice is open only "
        "when someone had enough points before the hand and adding would not win the game "
        "for the shooter. The moon is scored by adding to the others instead."
    )


def _score_mismatch(f: Finding, r: Replay) -> str:
    facts = f.facts_as(ScoreMismatchFacts)
    claimed, validated = facts.claimed, facts.validated
    text = (
        f"The table wrote {claimed} for {f.seat}; the validated score is {validated} "
        f"({validated - claimed:+d})."
    )
    written, due = facts.claimed_total, facts.validated_total
    if written != due:
        text += f" The written scores add up to {written}; the validated ones to {due}."
    return text


def _joker_played_early(f: Finding, r: Replay) -> str:
    """RULES, long-john joker: a joker played early is settled as a last trick would be."""
    text = f"{f.seat} played the joker to trick {f.trick}; it may only be played to the last trick. "
    trick = next((t for t in r.tricks if t.number == f.trick), None)
    led = trick is not None and bool(trick.plays) and trick.plays[0].card is f.card
    if trick is not None and trick.plays[0].seat == f.seat and led:
        return text + (
            "The trick is settled as a last trick would be: the joker was led, so "
            f"{f.seat} takes trick {f.trick}."
        )
    return text + "The trick is settled as a last trick would be: the joker is a dead card."


def _play_incomplete(f: Finding, r: Replay) -> str:
    """RULES, incomplete play: the unplayed cards carry points nobody took."""
    facts = f.facts_as(PlayIncompleteFacts)
    verb = "is" if facts.tricks_left == 1 else "are"
    cards = "1 card" if facts.cards_left == 1 else f"{facts.cards_left} cards"
    return (
        f"The play stops at trick {f.trick}, with {f.seat} to play: {facts.tricks_left} of the "
        f"{facts.tricks} tricks ({cards}) {verb} not played out, and no claim or concession "
        "covers the rest. The unplayed cards carry points nobody took, so the hand cannot be "
        "scored as it stands: it is a hand in progress, and a game does not take it."
    )


_EXPLAINERS: dict[Code, Callable[[Finding, Replay], str]] = {
    Code.MISDEAL: _misdeal,
    Code.INCORRECT_PASS: _incorrect_pass,
    Code.REVOKE: _revoke,
    Code.RENOUNCE: _renounce,
    Code.EARLY_HEART: _early_heart,
    Code.LEAD_OUT_OF_TURN: _lead_out_of_turn,
    Code.PLAY_OUT_OF_TURN: _play_out_of_turn,
    Code.WRONG_FIRST_LEAD: _wrong_first_lead,
    Code.POINT_CARD_ON_FIRST_TRICK: _point_card_on_first_trick,
    Code.EXPOSED_CARD: _exposed_card,
    Code.PENALTY_CARD_NOT_PLAYED: _penalty_card_not_played,
    Code.CLAIM: _claim,
    Code.MOON_STOPPED_BY_REVOKE: _moon_stopped_by_revoke,
    Code.MOON_CHOICE_NOT_ALLOWED: _moon_choice_not_allowed,
    Code.SCORE_MISMATCH: _score_mismatch,
    Code.JOKER_PLAYED_EARLY: _joker_played_early,
    Code.PLAY_INCOMPLETE: _play_incomplete,
}


def _reported(f: Finding, r: Replay) -> str:
    """A finding of a score-only hand: what the director recorded, as reported at the table."""
    where = [f"trick {f.trick}"] if f.trick > 1 else []
    where += [f.card.label] if f.card is not None else []
    said = f" ({', '.join(where)})" if where else ""
    return (
        f"Reported at the table and recorded by the director: {f.seat} {REPORTABLE[f.code].did}{said}. "
        "The play was not recorded: the referee rules on the report."
    )


def explain(finding: Finding, replay: Replay, status: Status, penalty: Penalty | None) -> str:
    """What happened, then what the schedule does about it. On a score-only hand the play
    was not refereed: what happened is what the director recorded."""
    reported = not replay.refereed and finding.code in REPORTABLE
    text = (_reported if reported else _EXPLAINERS[finding.code])(finding, replay)
    consequence = []
    if status == Status.APPLIED and penalty is not None:
        if penalty.points:
            consequence.append(f"{penalty.points} penalty points to {finding.seat}")
        if penalty.penalty_card is not None:
            consequence.append(
                f"{penalty.penalty_card.label} becomes a penalty card, to be "
                "played at the first legal opportunity"
            )
    if consequence:
        text += " Applied: " + "; ".join(consequence) + "."
    elif status == Status.WAIVED:
        text += " No penalty: the rules excuse it."
    elif status == Status.REFERRED:
        text += " Referred to the director."
    return text


def suggest(finding: Finding, status: Status) -> str | None:
    """A suggested outcome for the director, where the referee can compute one."""
    if status != Status.REFERRED:
        return None
    code = finding.code
    if code == Code.MOON_STOPPED_BY_REVOKE:
        return finding.facts_as(MoonStoppedFacts).suggestion
    if code == Code.CLAIM:
        facts = finding.facts_as(ClaimFacts)
        if facts.suggestion is not None:
            return facts.suggestion
        return f"award the remaining tricks to {finding.seat}" if facts.holds else None
    if code == Code.MISDEAL:
        return "void the deal and redeal"
    if code == Code.SCORE_MISMATCH:
        return f"correct the scoresheet to {finding.facts_as(ScoreMismatchFacts).validated}"
    if code == Code.LEAD_OUT_OF_TURN:
        return "let the lead stand"
    if code == Code.PLAY_INCOMPLETE:
        return "record the rest of the play, or a claim or concession for it"
    return None

"""Whole hand records: the deal, the pass and a playout, as JSON-ready dicts."""

from __future__ import annotations

import random
from typing import Any

from .deal import after_pass, lumpy_deal, random_deal, random_passes
from .play import Deviation, Policy, playout, random_policy
from .rules import SEATS, pass_offset, rules_for


def random_scores(rng: random.Random) -> dict[str, int] | None:
    """Game totals before the hand (0..99 each), omitted one time in four."""
    if rng.random() < 0.25:
        return None
    return {seat: rng.randint(0, 99) for seat in SEATS}


def build_hand(
    rng: random.Random,
    variant: str,
    hand_number: int | None = None,
    *,
    policy: Policy = random_policy,
    deviate: Deviation | None = None,
    deal: dict[str, list[str]] | None = None,
    passes: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """A record played out by ``policy`` (legal), with ``deviate`` planting irregularities."""
    rules = rules_for(variant)
    if hand_number is None:
        hand_number = rng.randint(1, 8)
    offset = pass_offset(rules, hand_number)
    if deal is None:
        deal = random_deal(rng)
    if passes is None:
        passes = random_passes(rng, deal, offset)
    hands = after_pass(deal, passes, offset)
    record: dict[str, Any] = {
        "variant": variant,
        "seats": list(SEATS),
        "dealer": rng.choice(SEATS),
        "hand_number": hand_number,
        "deal": deal,
        "kitty": [],
        "passes": passes,
        "play": playout(rng, rules, hands, policy, deviate),
    }
    scores = random_scores(rng)
    if scores is not None:
        record["scores_before"] = scores
    return record


def random_hand(
    rng: random.Random, variant: str = "mso-2000", hand_number: int | None = None
) -> dict[str, Any]:
    """A random legal hand: shuffled deal, random passes, a random legal playout."""
    return build_hand(rng, variant, hand_number)


def random_lumpy_hand(
    rng: random.Random, variant: str = "mso-2000", hand_number: int | None = None
) -> dict[str, Any]:
    """A random legal hand from a near suit-block deal (see :func:`lumpy_deal`), to reach
    the first-trick and hearts-broken exceptions that shuffled deals almost never do."""
    return build_hand(rng, variant, hand_number, deal=lumpy_deal(rng))

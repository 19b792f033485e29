"""The table state as masks: what the engine's representation must keep true.

A card's bit orders it within its suit (so the trick winner is a top bit), a
hand keeps every copy it was dealt (a double deck's two, and the third a deal
with problems may give), and the hearts-lead exception reads the masks as the
rule reads the cards: only hearts, or only hearts and one Q♠.
"""

from __future__ import annotations

import random

from hearts_referee.referee.cards import CARDS, JOKER, QUEEN_OF_SPADES, STANDARD_DECK, Suit, cards
from hearts_referee.referee.masks import SUIT_MASKS, Hand, cards_in, mask_of, top_card
from hearts_referee.referee.registry import VARIANTS


def test_within_a_suit_the_higher_card_has_the_higher_bit():
    for suit in Suit:
        in_suit = [card for card in STANDARD_DECK if card.suit is suit]
        assert [card.bit for card in in_suit] == sorted(card.bit for card in in_suit)
        assert mask_of(in_suit) == SUIT_MASKS[suit] == in_suit[0].suit_mask
        assert top_card(mask_of(in_suit)) is max(in_suit, key=lambda card: card.rank)


def test_the_joker_is_a_suit_of_its_own():
    assert SUIT_MASKS[None] == JOKER.bit == JOKER.suit_mask
    assert all(not JOKER.bit & card.suit_mask for card in STANDARD_DECK)


def test_a_mask_lists_its_cards_in_card_order():
    hand = cards("QS 2C AH TD")
    assert cards_in(mask_of(hand)) == sorted(hand)


def test_a_double_deck_hand_holds_both_copies_and_gives_them_up_one_at_a_time():
    hand = Hand.of(cards("QS QS 2H"))
    assert hand.count(QUEEN_OF_SPADES) == 2 and len(hand) == 3
    assert hand.remove(QUEEN_OF_SPADES) and QUEEN_OF_SPADES in hand
    assert hand.remove(QUEEN_OF_SPADES) and QUEEN_OF_SPADES not in hand
    assert not hand.remove(QUEEN_OF_SPADES)
    assert hand.cards() == cards("2H")


def test_a_card_dealt_three_times_is_held_three_times():
    """A deal with problems is still played as dealt, to find the play's own problems."""
    hand = Hand.of(cards("7D 7D 7D"))
    assert hand.count(CARDS["7D"]) == 3
    assert hand.cards() == cards("7D 7D 7D")
    assert [hand.remove(CARDS["7D"]) for _ in range(4)] == [True, True, True, False]


def test_hearts_may_be_led_unbroken_only_from_hearts_or_hearts_and_one_queen_of_spades():
    for variant in VARIANTS.values():
        assert variant.may_lead_hearts(cards("2H 9H"))
        assert not variant.may_lead_hearts(cards("2H 3C"))
        with_queen = variant.may_lead_hearts_with_queen
        assert variant.may_lead_hearts(cards("2H QS")) is with_queen
        assert not variant.may_lead_hearts(cards("2H QS QS"))  # two queens are not one


def test_a_pass_given_as_one_mask_leaves_each_hand_as_card_by_card_would():
    """``Hand.add_all`` and ``remove_all`` (a pass moved as masks) against ``add`` and ``remove``
    card by card, on hands holding cards once, twice and three times, the cards given held or not."""
    rng = random.Random(39)
    deck = sorted(set(CARDS.values()), key=lambda card: card.number)
    for _ in range(2000):
        held = [rng.choice(deck[:12]) for _ in range(rng.randint(0, 14))]
        given = rng.sample(deck[:12], rng.randint(0, 5))
        by_mask, by_card = Hand.of(held), Hand.of(held)
        if rng.random() < 0.5:
            by_mask.add_all(mask_of(given))
            for card in given:
                by_card.add(card)
        else:
            by_mask.remove_all(mask_of(given))
            for card in given:
                by_card.remove(card)
        assert (by_mask.once, by_mask.twice, by_mask.more) == (by_card.once, by_card.twice, by_card.more)

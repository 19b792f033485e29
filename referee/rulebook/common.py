"""Clauses every variant shares: how a trick is played and in what order."""

from __future__ import annotations

from ..variant import Clause

COMMON_CLAUSES = (
    Clause("follow-suit", "Following suit",
           "Cards rank ace high down to 2; there are no trumps. Each player must follow the suit "
           "led if able; a player who cannot may play any card, within the first-trick and "
           "hearts rules. The highest card of the suit led wins the trick and its winner leads next."),
    Clause("turn-order", "Order of play",
           "Play goes clockwise: the seats of a table are listed clockwise and the player on a "
           "seat's left is the next seat in the list. A card played out of turn to a trick that "
           "is already led is logged for the director."),
)


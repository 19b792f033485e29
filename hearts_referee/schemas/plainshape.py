"""The plain shape of a hand record as types, so that msgspec reads it from the text in C.

Most records a scoring app sends are plainly well formed: the fields below, with their
JSON types. msgspec decodes such a text into dicts (each play event into a
:class:`PlainPlay`) while it checks each value's JSON type against these types, and
``referee.reader.read_plain`` (the record's one reader, which reads parsed data the
same way) makes the record. A text that is not in the plain shape, or not provably what
the strict read reads, gives ``None``, and the strict read (``strictjson.loads_strict``)
and the schema take it from the start, as they always did, with every error they give.

**Why a text read here is what the strict read would read.** The types bound the
nesting at :data:`PLAIN_DEPTH` levels, so the depth limit is checked by the types
instead of by a pass over the text. msgspec's grammar is the checked parser's (see
``strictjson._read_plainly``: ``NaN``, bad UTF-8, trailing commas and the rest are
refused by both); every integer is bounded by the reader, so none is past what Python
reads; a text with a backslash (an escape may write an unpaired surrogate, which the
checked parser refuses) is not read here. Two things msgspec does not refuse: a key
twice (it keeps the last) and a key the shape does not have (a ``TypedDict`` drops it).
Proof that neither happened: every key in the text is followed by a colon, and any
other colon is inside a string; so the text holds at least as many colons as it has
keys, and the value at most as many keys as the text. When the text's colons are as
many as the value's keys (:func:`_keys`), no key was dropped (and no string holds a
colon: a seat id with one takes the long way, which reads it just as well).
"""

# No ``from __future__ import annotations`` here: a TypedDict tells a NotRequired key only
# from its annotation's value, and msgspec reads the required keys it finds.
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

import msgspec

from hearts_referee.referee.cards import CARDS

PLAIN_DEPTH = 4
"""How deep the plain shape nests: the record, its passes, a pass written as an object,
its cards (house rules nest three: the record, its variant, the options)."""


if TYPE_CHECKING:
    CardCode = str
else:
    CardCode = Literal[tuple(CARDS)]
"""A card's code as the plain shape writes it (``"QS"``, ``"TH"``, ``"10H"``, ``"JK"``): a
``Literal`` of ``CARDS``' keys, which a type checker reads as the ``str`` it is. msgspec
checks it in C and answers with the very string ``CARDS`` is keyed by, whose hash is kept,
so the reader's ``CARDS[code]`` of each card hashes nothing (docs/performance.md, "Why the
code is shaped so"). A code that is no card's is not the plain shape: the long way, where
the schema names it."""


class PlainHouse(TypedDict):
    """House rules: a base variant and the options it changes (each a JSON scalar)."""

    base: str
    options: NotRequired[dict[str, str | int | bool]]


class PlainPlay(msgspec.Struct, gc=False):
    """``{"seat": s, "card": c}``: a card played, the only event of the plain shape.

    A struct, not a ``TypedDict``: msgspec makes one without a dict's hash table
    (docs/performance.md, "Why the code is shaped so"). Its fields are strings, so it can
    hold no cycle: the collector need not track it (``gc=False``)."""

    seat: str
    card: CardCode


class PlainPass(TypedDict):
    """A pass written as an object, not as its list of cards."""

    cards: list[CardCode]
    to: NotRequired[str | None]
    looked_early: NotRequired[bool]


class PlainRecord(TypedDict):
    """A hand record in the plain shape: the schema's fields, less a scoresheet line's
    (``points``, ``irregularities``) and ``deal_derived``, with the deal required."""

    variant: str | PlainHouse
    seats: list[str]
    dealer: str
    hand_number: int
    deal: dict[str, list[CardCode]]
    kitty: NotRequired[list[CardCode]]
    exposed_in_deal: NotRequired[list[CardCode]]
    passes: NotRequired[dict[str, list[CardCode] | PlainPass]]
    play: NotRequired[list[PlainPlay]]
    scores_before: NotRequired[dict[str, int] | None]
    claimed: NotRequired[dict[str, int] | None]
    moon_choice: NotRequired[str | None]
    backs: NotRequired[dict[str, list[str]] | None]


_DECODER = msgspec.json.Decoder(PlainRecord)


def _keys(value: dict[str, Any]) -> int:
    """Every key of a decoded record, at every level: each play event has exactly its two
    (the type requires them and drops any other); house rules and each pass written as an
    object have their own."""
    keys = len(value) + len(value["deal"]) + 2 * len(value.get("play", ()))
    variant = value["variant"]
    if type(variant) is dict:
        keys += len(variant) + len(variant.get("options", ()))
    for passed in value.get("passes", {}).values():
        keys += 1 + (len(passed) if type(passed) is dict else 0)
    for name in ("scores_before", "claimed", "backs"):
        keys += len(value.get(name) or ())
    return keys


def plain_from_text(data: bytes, max_depth: int) -> dict[str, Any] | None:
    """The record in ``data`` (JSON text) as parsed data, when it is in the plain shape and
    the strict read, at ``max_depth``, reads the same value from it; else ``None``."""
    if max_depth < PLAIN_DEPTH or data.find(b"\\") >= 0:  # an escape could hide a colon: the strict
        return None  # read's (``find``: ``in`` tries the bytes as an int first, and clears a TypeError)
    try:
        value = cast(dict[str, Any], _DECODER.decode(data))
    except (msgspec.DecodeError, RecursionError):  # not JSON, not the plain shape, or an unknown
        return None  # field nested past what msgspec skips (ValidationError is a DecodeError)
    if data.count(b":") != _keys(value):
        return None  # a key twice, one the shape has not, or a colon in a string: the long way
    return value

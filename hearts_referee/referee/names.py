"""Names and seat ids as a reader sees them: the one folding every comparison goes through.

RULES (names and seat ids): two names, or two seat ids, are the same when a reader cannot
tell them apart, and a name or seat id a reader cannot see is blank. :func:`fold` makes the
form they are compared in:

- Unicode NFKC, so that a fullwidth "Ａ" is "A" and "é" typed two ways is one letter;
- every default-ignorable code point removed (a zero-width space, a soft hyphen, a
  variation selector, a joiner, a HANGUL FILLER...): nothing a reader sees;
- the Cyrillic and Greek letters that look like Latin ones written as those Latin letters
  (Cyrillic "А" and Greek "Α" are "A"). NFKC leaves them apart, so this is our own short
  table (:data:`LOOK_ALIKES`) of the common look-alikes, not Unicode's whole confusables
  list: a name wholly in Cyrillic ("Анна") stays Cyrillic and is told apart from a Latin
  one; only letters that a table card shows the same are made the same.

What is stored is what was sent (made NFC and trimmed as free text is, ``schemas.text``);
the folded form is only compared. :func:`shows_blank` says whether nothing is left to
see once folded (spaces, U+2800 BRAILLE PATTERN BLANK aside). Seat ids are compared folded
but keep their case (``"n"`` is not ``"N"``); names also drop case and runs of spaces
(:func:`name_key`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15),
inclusive: characters a reader is not shown."""

BLANK_GLYPHS = frozenset("\u2800")
"""Characters that are drawn as nothing without being spaces or default-ignorable."""

LOOK_ALIKES: dict[int, str] = {
    ord(other): latin
    for others, latin in (
        # Cyrillic capitals, then small letters
        ("АΑ", "A"),
        ("ВΒ", "B"),
        ("СϹ", "C"),
        ("ЕΕ", "E"),
        ("НΗ", "H"),
        ("ІΙӀ", "I"),
        ("Ј", "J"),
        ("КΚ", "K"),
        ("МΜ", "M"),
        ("Ν", "N"),
        ("ОΟ", "O"),
        ("РΡ", "P"),
        ("Ѕ", "S"),
        ("ТΤ", "T"),
        ("ХΧ", "X"),
        ("УҮΥ", "Y"),
        ("Ζ", "Z"),
        ("аα", "a"),
        ("сϲ", "c"),
        ("ԁ", "d"),
        ("е", "e"),
        ("һ", "h"),
        ("і", "i"),
        ("ј", "j"),
        ("ӏ", "l"),
        ("оο", "o"),
        ("р", "p"),
        ("ԛ", "q"),
        ("ѕ", "s"),
        ("ν", "v"),
        ("ԝ", "w"),
        ("х", "x"),
        ("у", "y"),
    )
    for other in others
    if other != latin
}
"""Cyrillic and Greek letters a reader takes for the Latin letter beside them."""


def _ignorable(char: str) -> bool:
    point = ord(char)
    return any(low <= point <= high for low, high in DEFAULT_IGNORABLE)


def _visible(text: str) -> str:
    if text.isascii():
        return text
    return "".join(char for char in text if not _ignorable(char))


def fold(text: str) -> str:
    """``text`` as it is compared: NFKC, no default-ignorable code point, the Cyrillic and
    Greek look-alikes of Latin letters made Latin. Case and spaces are kept.

    The default-ignorables go before NFKC (so that it composes what one stood between) and
    after (it writes U+3164 HANGUL FILLER as U+1160, which is one too)."""
    if text.isascii():
        return text
    return _visible(unicodedata.normalize("NFKC", _visible(text))).translate(LOOK_ALIKES)


def shows_blank(text: str) -> bool:
    """Whether a reader sees nothing in ``text``: only spaces, default-ignorable code points
    and blank glyphs."""
    return all(char.isspace() or char in BLANK_GLYPHS for char in fold(text))


def name_key(name: str) -> str:
    """What makes two names the same name at a table: :func:`fold`, then case and runs of
    spaces aside ("ann  lee" is "Ann Lee", "Ann" with a zero-width space or a Cyrillic "А"
    is "Ann")."""
    return " ".join(fold(name).split()).casefold()


def seat_key(seat: str) -> str:
    """What makes two seat ids the same seat: :func:`fold` (case kept: "n" is not "N")."""
    return fold(seat)


def distinct_seats(seats: Sequence[str]) -> bool:
    """Whether no two of ``seats`` are the same seat (:func:`seat_key`). An ASCII id folds to
    itself, so ids all ASCII are distinct when they differ as sent: one string test, not a
    fold each."""
    if "".join(seats).isascii():
        return len(set(seats)) == len(seats)
    return len({seat_key(seat) for seat in seats}) == len(seats)

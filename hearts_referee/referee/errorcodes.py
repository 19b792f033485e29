"""Every error code the service answers with, each with its one-line meaning: the one registry.

An error is a located :class:`~hearts_referee.referee.record.Problem` (``errors[].code`` of a
problem+json answer, a result line's ``problems``, the director's pages): the code says what
is wrong, the pointer where. The codes are written where each check is made, all over the
package; this mapping is where each is *named*. ``openapi.yaml`` lists the same codes as the
``ProblemCode`` enum, and ``docs/errors.md`` has a section (a heading ```code``) for each:
``tests/test_error_codes.py`` checks all three against the codes the source uses.

A new code: add ``"code": "one line that says what it means"`` below, in its group, then
the same line to ``ProblemCode`` in ``openapi.yaml`` and a section to ``docs/errors.md``
(the failing test prints both).

``CHAIN_CODES`` are the codes of a hash-chain check's problems (``GET /v1/hands/{id}/verify``,
``GET /v1/events/{id}/log``), which are findings about the archive, not errors of a request.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ROOT_POINTER = ""
"""The JSON pointer of the whole document (RFC 6901), the same on every face."""


def shown_pointer(pointer: str) -> str:
    """A pointer as running text shows it (a CLI line, a CSV cell, a page): the pointer
    itself, and the whole document's, which is empty, as ``""`` so that it can be seen."""
    return pointer if pointer != ROOT_POINTER else '""'


ERROR_CODES: Mapping[str, str] = MappingProxyType(
    {
        # --- any body or field ----------------------------------------------------------
        "invalid_json": "Not one strict JSON document: not UTF-8, not JSON, NaN or Infinity, "
        "a repeated key, an unpaired surrogate",
        "too_deep": "Arrays and objects nested past JSON_MAX_DEPTH",
        "invalid_parameter": "A query parameter with a wrong name or value",
        "unsupported_media_type": "The body's Content-Type is not the one the endpoint reads",
        "too_large": "The body, or an uploaded file, is over its limit",
        "required": "A field that must be there is missing",
        "unknown_field": "A field the format does not have",
        "null": "null where a value is needed",
        "type": "A value of the wrong JSON type",
        "range": "A number past its bound",
        "length": "A string or list too short or too long",
        "enum": "A value that is not one of those allowed",
        "invalid": "Any other value the field does not accept; the message says why",
        "not_allowed": "A field that does not belong with the others",
        "control_character": "Free text holding a control character",
        "bidi_control": "Free text holding a bidirectional override or isolate",
        "not_text": "Free text holding U+FEFF",
        "blank": "Free text or a seat id with nothing a reader can see: empty once its surrounding "
        "spaces are trimmed, or only invisible characters (a zero-width space, U+3164 HANGUL FILLER, "
        "U+2800 BRAILLE BLANK)",
        "whitespace": "A seat id with leading or trailing spaces",
        "not_nfc": "A seat id not in Unicode NFC",
        # --- a hand record ----------------------------------------------------------------
        "unknown_variant": "A variant id the service does not know",
        "unknown_option": "A house option the variant does not have",
        "invalid_option": "A house option with a value it cannot take",
        "seat_count": "A table with the wrong number of seats for the variant",
        "duplicate_seat": "A seat listed twice, or two that a reader cannot tell apart (compared after "
        "NFKC, invisible characters removed and Cyrillic or Greek look-alikes read as Latin letters)",
        "invalid_seat": "A seat id that is not 1 to 16 characters",
        "unknown_seat": "A seat named (dealer, deal, passes, play, players, scores) that is not at the "
        "table; seat ids are case-sensitive, and one that differs only in case names the "
        "seat meant",
        "unknown_card": "Not a card",
        "not_in_deck": "A card the variant's deck does not have",
        "duplicate_card": "A card dealt, passed by one seat, or (with the deal left out) played more times "
        "than the deck holds it; the message names the card missing",
        "missing_card": "Cards of the deck missing from the deal and kitty (listed right after a "
        "duplicate_card, which names who plays the card missing)",
        "deal_required": "A record without its deal whose play does not show what every seat held (play "
        "stopping early, a claim showing one hand, a card exposed and never played, "
        "backs)",
        "passes_required": "A passing hand without its passes, or a seat's, where the play shows them or the"
        " deal is derived",
        "short_pass": "A pass of fewer cards than the variant passes, where the play shows it (or the "
        "deal is derived)",
        "long_pass": "A pass of more cards than the variant passes, where the play shows it (or the "
        "deal is derived)",
        "pass_mismatch": "A passed card the play shows was not passed (the passer plays it, or its "
        "receiver never does): a pass mistyped",
        "seats_swapped": "Two seats' cards exchanged in the deal, or the seats of their plays",
        "too_many_cards": "With the deal left out: a seat playing more cards than a hand holds",
        "not_held": "A card passed, played, exposed or claimed that its seat did not hold",
        "played_twice": "A seat playing a second card to the same trick",
        "not_on_trick": "A card withdrawn that its seat had not just played to the trick",
        "after_hand_end": "A play event after every trick was played",
        "one_action": "A play event that does not say exactly one thing",
        "invalid_choice": "A claim's what that is not one of the claim kinds",
        "unreadable": "A stored record that no longer reads as a hand record",
        # --- a hand sent as HRN text (docs/notation.md) -----------------------------------
        "not_utf8": "An HRN body that is not UTF-8 text",
        "not_one_hand": "An HRN body that holds no hand, or more than one",
        "unknown_line": "An HRN line that is no line of a hand (not a tag, deal, pass, trick or claim)",
        "bad_tag": "An HRN tag that does not read: not closed by ], or a value of the wrong kind",
        "missing_tag": "An HRN hand without its Variant, Seats, Dealer or Hand, none carried over",
        "bad_deal": "An HRN deal line whose hand is not four suits between dots",
        "bad_seat": "An HRN seat that does not read (an unclosed quote), or a line that names none",
        "repeated_line": "A second HRN deal or pass line for one seat",
        "missing_leader": "An HRN trick line that begins with a card: whose it is cannot be told",
        "bad_claim": "An HRN claim line that does not read (what it claims, the points, the order)",
        # --- games, hands and signatures ----------------------------------------------------
        "play_incomplete": "A game hand whose play stops early with no claim or concession "
        "for the rest: a game takes only a hand it can score",
        "game_over": "The game ended after an earlier hand; it takes no more",
        "wrong_hand_number": "The hand_number sent is not the game's next hand",
        "concurrent_append": "Another hand became the game's next hand first",
        "after_game_end": "A recorded game with a hand after the game had ended",
        "not_this_game": "A checked hand that is not the game's next hand",
        "game_not_over": "Signing a game's scoresheet before the game is over",
        "open_rulings": "Signing a game's scoresheet while a hand that counts has a ruling "
        "waiting for the director",
        "not_a_signer": "A seat the variant does not ask to sign",
        "stale_version": "A signature for a score version that is no longer the current one",
        # --- score-only hands --------------------------------------------------------------
        "points_total": "A score-only hand's points do not add up to the variant's hand total "
        "(26; 52 in long-john; 16 in omnibus-kitty)",
        "impossible_points": "Points no way of taking the cards gives: for one seat, more or fewer "
        "than one seat can take or a sum no set of cards makes; for the table, two seats needing "
        "the same card",
        "moon_shooter_unknown": "The points show that one seat took every point card but not which "
        "(a house variant with a card worth minus the moon): send the whole record",
        "score_only": "A record that sends points and also a deal, play, passes, kitty, backs or "
        "exposed cards: one or the other",
        "not_reportable": "An irregularity a director does not record on a score-only hand (moons "
        "and written scores follow from the points)",
        "impossible_irregularity": "A reported irregularity the variant or the hand makes impossible "
        "(an incorrect pass where nothing is passed, an early heart where hearts are broken from the "
        "start, the joker played early with no joker)",
        "refereed_hand": "Recording an irregularity on a hand whose play was refereed: its rulings "
        "come from the play",
        "director_only": "Irregularities in a hand sent with a key that is not a director's: only a "
        "director records one (403)",
        "not_a_game_hand": "A new record (POST /v1/hands/{id}/records) for a hand outside any game",
        "same_record": "A new record that is the one the hand already stands on; nothing is logged",
        # --- decisions ---------------------------------------------------------------------
        "unknown_ruling": "No ruling of that number in the hand's audit",
        "not_a_claim": "A claim decision on a ruling that is not a claim",
        "same_decision": "The decision standing already",
        "no_penalty": "A waive where the ruling carries no penalty points",
        "no_change": "An adjustment that moves no points",
        "scoresheet_ruling": "A decision on one score_mismatch ruling: the table's scoresheet is "
        "decided as one",
        "scoresheet_action": "accept or keep on one ruling: they decide the table's scoresheet",
        "not_a_scoresheet_action": "uphold, waive or claim on the scoresheet: it takes accept, keep "
        "or adjust",
        "no_scoresheet_question": "A decision on the scoresheet of a hand whose written scores are "
        "the referee's, or that has none",
        # --- events ------------------------------------------------------------------------
        "unknown_format": "An event format the service does not know",
        "too_many_players": "More players than the format takes",
        "too_few_players": "Too few players to seat a round of the format",
        "field_not_seatable": "A field no table plan can seat: refused at creation (naming the nearest "
        "sizes that seat), or when withdrawals leave it so",
        "duplicate_player_name": "A player's name repeats an earlier entry's (case, spacing, invisible "
        "characters and Cyrillic or Greek look-alikes of Latin letters aside)",
        "round_in_progress": "Seating a round while the last one is still being played",
        "tables_pending": "Seating a round while a table of the last one is over but its scoresheet "
        "not signed as the variant requires (a pending_reason overrides it)",
        "event_over": "Seating a round after the final",
        "no_round": "An override before any round is seated",
        "not_seated": "An override naming a player who has no seat in the current round",
        "unknown_player": "No active player of that number",
        "unknown_table": "No table of that number in the current round",
        "same_table": "A swap of two players at the same table, or a move to the player's own table",
        "table_size": "A move that would leave a table with a number of seats the format does not play",
        "table_started": "An override touching a table whose game already has hands",
        "not_a_scorer_key": "A key named as an event's scorer that is not a live scorer key",
        # --- batch audits and re-audits ----------------------------------------------------
        "too_many_records": "More records in one POST /v1/audits than AUDITS_MAX_RECORDS",
        "no_records": "A POST /v1/audits body whose every line is blank",
        "no_stored_audit": "A stored hand whose log does not start with its audit",
        "unreadable_audit": "A stored hand whose audit no longer reads",
        "unsupported_encoding": "A request body with a Content-Encoding other than gzip or identity",
        "invalid_gzip": "A request body that says gzip and does not inflate, whole and alone",
        "audits_busy": "This worker already runs its most batches (AUDITS_CONCURRENCY)",
        # --- the server's own refusals -----------------------------------------------------
        "malformed_request": "The request is not valid HTTP/1.1",
        "forbidden_proxy": "Proxy headers from an address that may not send them",
        "body_timeout": "The body stopped arriving for longer than the server waits",
        "request_line_too_long": "The request line is over 4094 bytes",
        "expectation_failed": "An Expect other than 100-continue",
        "headers_too_large": "More than 100 header fields, or one over 8190 bytes",
        "unsupported_transfer_coding": "A transfer coding other than chunked",
        "archive_unavailable": "The archive cannot be used as it stands (GET /readyz)",
        "disk_full": "The archive's disk is full: nothing can be stored now",
        "archive_read_only": "The archive cannot be written; reads go on",
        "archive_locked": "Another writer held the archive's write lock past the wait",
        "archive_missing": "The archive file is gone or cannot be opened",
    }
)
"""Every ``errors[].code``, to what it means in one line (the registry; see the module)."""


CHAIN_CODES: Mapping[str, str] = MappingProxyType(
    {
        "missing_entry": "An entry missing before this one",
        "broken_link": "An entry that does not follow the hash of the one before",
        "altered_entry": "An entry changed since it was written, or indexing another ruling than it names",
        "no_audit": "A hand's log that does not start with the audit",
        "altered_hand": "The stored hand is not what its audit entry recorded",
        "wrong_score": "A decision's or re-audit's recorded score is not what it gives",
        "stale_totals": "A game's hand that stands on other totals before it than the game's earlier "
        "hands give, or counts after the game ended",
        "wrong_version": "A signature of a version that was not current",
        "unreadable_log": "The log no longer reads as the hand's history",
    }
)
"""Every code of a hash-chain check's problems, to what it means in one line."""

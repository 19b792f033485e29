"""Events above games: formats as data, seating and pairing, standings, advancement. Pure.

Beside the rules core and as pure as it (no framework, codec or storage; the
import-linter contract on ``referee`` holds it): the event rules come from the
same texts as the hand rules (the MSO 2000 format, Long John's tournament), and
the archive and the use cases need them without any face. Players are numbers;
the service maps them to names and tables to games.
"""

from .format import (
    EVENT_FORMATS,
    LONG_JOHN,
    MSO_2000,
    Advancement,
    EventFormat,
    FormatError,
    RoundKind,
    format_data,
    house_format,
    read_format,
)
from .plan import CannotSeat, PlayedRound, Round, advancing_field, history, next_round, playoff_qualifiers
from .seating import Seating, balanced_sizes, meetings, repeats, seat_at_random, seat_by_standing, snake
from .standings import Standing, TableResult, standings, table_match_points

__all__ = [
    "EVENT_FORMATS",
    "LONG_JOHN",
    "MSO_2000",
    "Advancement",
    "CannotSeat",
    "EventFormat",
    "FormatError",
    "PlayedRound",
    "Round",
    "RoundKind",
    "Seating",
    "Standing",
    "TableResult",
    "advancing_field",
    "balanced_sizes",
    "format_data",
    "history",
    "house_format",
    "meetings",
    "next_round",
    "playoff_qualifiers",
    "read_format",
    "repeats",
    "seat_at_random",
    "seat_by_standing",
    "snake",
    "standings",
    "table_match_points",
]

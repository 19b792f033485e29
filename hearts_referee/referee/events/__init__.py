"""Events above games: formats as data, seating and pairing, standings, advancement. Pure.

Beside the rules core and as pure as it (no framework, codec or storage; the
import-linter contract on ``referee`` holds it): the event rules come from the
same texts as the hand rules (the MSO 2000 format, Long John's tournament), and
the archive and the use cases need them without any face. Players are numbers;
the service maps them to names and tables to games.
"""

from hearts_referee.referee.names import name_key

from .field import at_most, field_refusal, nearest_seatable, repeated_names, seatable
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
from .schedule import Plan, fewest_possible, plan
from .seating import (
    Seating,
    balanced_sizes,
    meetings,
    repeats,
    seat_at_random,
    seat_by_standing,
    snake,
    swiss_bands,
)
from .standings import Standing, TableResult, standings, table_match_points

__all__ = [
    "EVENT_FORMATS",
    "LONG_JOHN",
    "MSO_2000",
    "Advancement",
    "CannotSeat",
    "EventFormat",
    "FormatError",
    "Plan",
    "PlayedRound",
    "Round",
    "RoundKind",
    "Seating",
    "Standing",
    "TableResult",
    "advancing_field",
    "at_most",
    "balanced_sizes",
    "fewest_possible",
    "field_refusal",
    "format_data",
    "history",
    "house_format",
    "meetings",
    "name_key",
    "nearest_seatable",
    "next_round",
    "plan",
    "playoff_qualifiers",
    "read_format",
    "repeated_names",
    "repeats",
    "seat_at_random",
    "seat_by_standing",
    "seatable",
    "snake",
    "standings",
    "swiss_bands",
    "table_match_points",
]

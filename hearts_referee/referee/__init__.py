"""The rules engine: pure Python, no web framework, no storage, no schema library.

It takes a typed :class:`HandRecord` and returns a typed :class:`Replay`;
``rulings`` turns its findings into a ruling log with penalties.
"""

from .cards import CARDS, Card, Suit, cards
from .findings import CODES, Code, Finding
from .record import Event, EventAction, HandRecord, Pass, Problem, RecordError
from .registry import VARIANTS, Clause, Moon, Variant, get_variant
from .replay import Replay, Trick, replay
from .scoring import ChosenBy, MoonOutcome, Score
from .variant import FirstLead, KittyTaker, MoonChooser, MoonOption, PassCycle, PenaltySchedule, Signers

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "CODES",
    "VARIANTS",
    "Card",
    "ChosenBy",
    "Clause",
    "Code",
    "Event",
    "EventAction",
    "Finding",
    "FirstLead",
    "HandRecord",
    "KittyTaker",
    "Moon",
    "MoonChooser",
    "MoonOption",
    "MoonOutcome",
    "Pass",
    "PassCycle",
    "PenaltySchedule",
    "Problem",
    "RecordError",
    "Replay",
    "Score",
    "Signers",
    "Suit",
    "Trick",
    "Variant",
    "cards",
    "get_variant",
    "replay",
]

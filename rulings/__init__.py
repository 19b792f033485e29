"""Penalty schedules, the ruling log and (later) director decisions.

Pure like the referee: it reads findings, never the web or the database.
"""

from .log import JudgedHand, Penalty, Ruling, judge
from .schedules import SCHEDULES, Sanction, Schedule

__all__ = ["JudgedHand", "Penalty", "Ruling", "SCHEDULES", "Sanction", "Schedule", "judge"]

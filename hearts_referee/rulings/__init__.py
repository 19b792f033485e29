"""Penalty schedules, the ruling log and (later) director decisions.

Pure like the referee: it reads findings, never the web or the database.
"""

from .log import JudgedHand, Penalty, Ruling, judge
from .schedules import SCHEDULES, Sanction, Schedule, Status

__all__ = ["SCHEDULES", "JudgedHand", "Penalty", "Ruling", "Sanction", "Schedule", "Status", "judge"]

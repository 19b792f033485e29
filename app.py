"""The checkout's Flask entry point: ``flask --app app run`` from the repository's top.

The factory is :func:`hearts_referee.app.create_app`; this file only names it
where Flask and a reader look first. It is not part of the installed package
(the wheel ships ``hearts_referee`` alone), so nothing imports it: every
module, test and script imports ``hearts_referee.app``.
"""

from __future__ import annotations

from hearts_referee.app import create_app

__all__ = ["create_app"]

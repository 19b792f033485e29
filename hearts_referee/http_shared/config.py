"""Settings from ``FLASK_*`` environment variables, read as what they are.

Flask's ``from_prefixed_env`` reads each value as JSON and keeps the text when
that fails, so ``FLASK_VALIDATE_REQUIRES_KEY=False`` became the string
``"False"``, which is true: the key requirement turned *on*. Here a setting
whose default is a boolean or an integer is parsed as one, and anything else
stops the app at startup with a message naming the variable:

- booleans: ``true``/``false``, ``1``/``0``, ``yes``/``no``, ``on``/``off``
  (any case, surrounding spaces ignored);
- integers: decimal digits, within the setting's bounds (:data:`BOUNDS`).

Every other ``FLASK_*`` variable is read as Flask reads it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Config

from hearts_referee.schemas.strictjson import DEPTH_CEILING

PREFIX = "FLASK_"

TRUE = frozenset({"true", "1", "yes", "on"})
FALSE = frozenset({"false", "0", "no", "off"})

OPTIONAL_BOOLEANS = frozenset({"SESSION_COOKIE_SECURE"})
"""Booleans whose default may be ``None`` ("the app decides"): read as booleans all the same."""

BOUNDS: Mapping[str, tuple[int, int]] = {
    "MAX_CONTENT_LENGTH": (1, 2**31),
    "AUDITS_MAX_BYTES": (1, 2**40),
    "AUDITS_MAX_RECORDS": (1, 2**31),
    "AUDITS_CONCURRENCY": (1, 1024),
    "AUDITS_BODY_SECONDS": (1, 24 * 60 * 60),
    "JSON_MAX_DEPTH": (1, DEPTH_CEILING),
    "SESSION_IDLE_MINUTES": (1, 7 * 24 * 60),
    "SESSION_MAX_HOURS": (1, 7 * 24),
}
"""The settings with a range, inclusive; a value outside it stops the app at startup."""


class ConfigError(ValueError):
    """A setting the app cannot run with; the message names it and says what would do."""


def parse_bool(name: str, text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    raise ConfigError(f"{name}={text!r} is not a boolean: use true or false (or 1/0, yes/no, on/off)")


def parse_int(name: str, text: str) -> int:
    word = text.strip()
    digits = word.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ConfigError(f"{name}={text!r} is not a whole number")
    return int(word)


def from_env(config: Config) -> None:
    """Load every ``FLASK_*`` variable into ``config``: booleans and integers (by their
    default's type, and :data:`OPTIONAL_BOOLEANS`) strictly, the rest as Flask does.
    ``ConfigError`` on a bad value."""
    typed = {key: value for key, value in config.items() if isinstance(value, (bool, int))}
    typed.update(dict.fromkeys(OPTIONAL_BOOLEANS, False))
    config.from_prefixed_env(PREFIX.rstrip("_"))
    for name, text in os.environ.items():
        key = name.removeprefix(PREFIX)
        if not name.startswith(PREFIX) or key not in typed:
            continue
        default = typed[key]
        config[key] = parse_bool(name, text) if isinstance(default, bool) else parse_int(name, text)


def check(config: Mapping[str, Any]) -> None:
    """Every bounded setting within its bounds, whatever set it; ``ConfigError`` if not."""
    for key, (low, high) in BOUNDS.items():
        value = config.get(key)
        if value is None:
            continue
        if type(value) is not int or not low <= value <= high:
            raise ConfigError(f"{PREFIX}{key}={value!r} is out of range: it must be {low} to {high}")

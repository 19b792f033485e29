"""Hearts Referee: the rules referee and hand audit for tournament Hearts.

As a library (an auditor's notebook, another tool, our benchmarks)::

    >>> import hearts_referee
    >>> result = hearts_referee.validate_hand(record)      # dict in, dict out
    >>> result["score"], [r["code"] for r in result["rulings"]]
    >>> body = hearts_referee.validate_hand_json(text)     # JSON text in, JSON bytes out

Both answer exactly what ``POST /v1/hands/validate`` answers;
:func:`validate_game` is ``POST /v1/games/validate``. A record that cannot
have happened raises :class:`RecordError`, whose ``problems`` list every
problem as ``(pointer, code, message)``, first cause first; JSON text that
is not one strict JSON document raises :class:`JSONError`.
:data:`VARIANTS` holds every built-in variant as data, by id. :func:`read_notation` and
:func:`write_notation` read and write hands in HRN, a few lines of text (docs/notation.md);
:func:`from_openspiel` and :func:`to_openspiel` trade hands with OpenSpiel's hearts.

The service's layers are the subpackages: the rules core (``referee``,
``rulings``), storage (``archive``), the use cases (``usecases``), the JSON
codecs (``schemas``), the faces (``api``, ``web``, ``cli``) and the batch
audits (``batch``). ``docs/python.md`` is the guide.
"""

# First, before any module of the rules core loads: which build of it runs (compiled.py).
from hearts_referee import compiled as _compiled

_compiled.install()

from hearts_referee.referee import RecordError  # noqa: E402
from hearts_referee.referee.registry import VARIANTS, Variant, get_variant  # noqa: E402
from hearts_referee.schemas.hrn import read_notation, write_notation  # noqa: E402
from hearts_referee.schemas.openspiel import OpenSpielError, from_openspiel, to_openspiel  # noqa: E402
from hearts_referee.schemas.strictjson import JSONError  # noqa: E402
from hearts_referee.validate import validate_game, validate_hand, validate_hand_json  # noqa: E402

__all__ = [
    "VARIANTS",
    "JSONError",
    "OpenSpielError",
    "RecordError",
    "Variant",
    "from_openspiel",
    "get_variant",
    "read_notation",
    "to_openspiel",
    "validate_game",
    "validate_hand",
    "validate_hand_json",
    "write_notation",
]

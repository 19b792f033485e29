"""A request body's content coding, undone in one place for every body: JSON and NDJSON.

A body comes as it is (no ``Content-Encoding``, or ``identity``) or
gzip-compressed (``gzip``, or its old name ``x-gzip``). Coding names are
compared without regard to case (RFC 9110 §8.4.1.3): ``GZIP`` is gzip. Any
other value, an empty one or a list of codings included, is a 415
``unsupported_encoding``.

A gzip body is inflated a piece at a time, **every member of it**: gzip
allows members one after another (what ``cat a.gz b.gz`` makes) and the
body is what all of them inflate to, as ``gzip -d`` and Python's ``gzip``
module read it. Zero bytes between or after members are padding, as those
read them too. Anything else after the last member, or a member cut short, is
a 400 ``invalid_gzip``: never a body read in part. The bomb limit holds
across all members: past its first MiB, a body may not inflate to more than
:data:`GZIP_MAX_RATIO` times what has come in (413 ``too_large``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping
from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from hearts_referee.http_shared.protocol import Reader
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID

PIECE = 64 * 1024
"""Bytes read (and, for gzip, inflated) at a time."""

FREE = 1024 * 1024
"""Inflated bytes a body may reach before :data:`GZIP_MAX_RATIO` is held against it."""

GZIP_MAX_RATIO = 200
"""How many times its size a gzip body may inflate to, past its first MiB. NDJSON of real
hands inflates about 10 times; the same hand repeated, 160; a gzip bomb, 1,000."""

GZIP = ("gzip", "x-gzip")
"""The names of gzip (RFC 9110 §8.4.1.3), lower case."""

_MAGIC = b"\x1f\x8b"


class UnsupportedEncoding(UnsupportedMediaType):
    """A ``Content-Encoding`` other than gzip or identity."""

    def __init__(self, got: str) -> None:
        if got:
            detail = SAID.gettext(
                "Content-Encoding %(got)s is not understood; send gzip or nothing.", got=got
            )
            message = SAID.gettext(
                "Send the body as it is or gzip-compressed (Content-Encoding: gzip), not %(got)s.", got=got
            )
        else:
            detail = SAID.gettext("Content-Encoding an empty one is not understood; send gzip or nothing.")
            message = SAID.gettext(
                "Send the body as it is or gzip-compressed (Content-Encoding: gzip), not an empty one."
            )
        super().__init__(detail)
        self.problems = (Problem("", "unsupported_encoding", message),)


class NotGzip(BadRequest):
    """The body says it is gzip and is not, all of it."""

    def __init__(self, why: str) -> None:
        super().__init__(SAID.gettext("The body is not gzip, though Content-Encoding says so."))
        self.problems = (
            Problem("", "invalid_gzip", SAID.gettext("The body does not inflate as gzip: %(why)s.", why=why)),
        )


class Overinflated(RequestEntityTooLarge):
    """A gzip body inflating more than :data:`GZIP_MAX_RATIO` times its size."""

    def __init__(self) -> None:
        super().__init__(
            SAID.gettext(
                "The gzip body inflates more than %(ratio)s times its size. Send it in smaller pieces.",
                ratio=GZIP_MAX_RATIO,
            )
        )
        message = SAID.gettext(
            "The gzip body inflates more than %(ratio)s times its size.", ratio=GZIP_MAX_RATIO
        )
        self.problems = (Problem("", "too_large", message),)


def is_gzip(environ: Mapping[str, Any] | None = None) -> bool:
    """Whether this request's body is gzip (True) or sent as it is (False); a 415
    :class:`UnsupportedEncoding` for any other ``Content-Encoding``. ``environ``: the
    request's, when the caller has it at hand (this request's by default)."""
    sent = (request.environ if environ is None else environ).get("HTTP_CONTENT_ENCODING", "identity").strip()
    coding = sent.lower()
    if coding == "identity":
        return False
    if coding in GZIP:
        return True
    raise UnsupportedEncoding(sent)


def pieces(stream: Reader) -> Iterator[bytes]:
    """``stream`` read :data:`PIECE` bytes at a time."""
    while piece := stream.read(PIECE):
        yield piece


def inflated(sent: Iterator[bytes]) -> Iterator[bytes]:
    """The pieces of a gzip body, inflated a piece at a time (never more than :data:`PIECE`
    from one call), every member to the end; refused past :data:`GZIP_MAX_RATIO` times what
    has come in, or at anything after the last member that is neither padding nor gzip."""
    inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    started = False  # whether the member being read has had a byte yet
    members = taken = given = 0
    for piece in sent:
        taken += len(piece)
        data, more = piece, True
        while more:
            if not started:  # between members: zero padding, or the next member's start
                data = data.lstrip(b"\0")
                if not data:
                    break
                if data[:1] != _MAGIC[:1] or data[1:2] not in (b"", _MAGIC[1:]):
                    raise NotGzip(SAID.gettext("bytes after its end are not gzip"))
                started, members = True, members + 1
            try:
                out = inflate.decompress(data, PIECE)
            except zlib.error as error:
                raise NotGzip(str(error)) from None
            given += len(out)
            if given > FREE and given > GZIP_MAX_RATIO * taken:
                raise Overinflated()
            if out:
                yield out
            if inflate.eof:  # this member is whole; what came after it starts the next
                data = inflate.unused_data
                inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
                started, more = False, bool(data)
            else:  # input left, or a full piece out (zlib may hold more of it back)
                data = inflate.unconsumed_tail
                more = bool(data) or len(out) == PIECE
    if started or not members:
        raise NotGzip(SAID.gettext("it stops before its end"))


def decoded(stream: Reader) -> Iterator[bytes]:
    """The request body's pieces, read from ``stream`` as sent or inflated (``gzip``); a 415
    for another coding, raised at once."""
    return inflated(pieces(stream)) if is_gzip() else pieces(stream)

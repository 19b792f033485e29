"""What a bulk audit reads: records from files, folders, ``.gz`` files and stdin, in order.

- ``*.ndjson`` / ``*.jsonl``, and stdin (``-``) unless it starts with ``[``: one record
  per line (a hand record or a whole game), read as a stream: memory stays flat
  however long the file. Blank lines are skipped; lines are numbered from 1.
- ``*.json``: one JSON document, a record or an array of records (each then
  located by its index). A document is read whole, so very large archives are
  better sent as NDJSON.
- ``*.hrn``: hands in HRN text (docs/notation.md), one or many a file: each hand a record,
  located by the line it starts on, with what the notation's reader said of it (its
  diagnostics, each at its line and column). A file is read whole, as a ``.json`` is.
- ``*.gz`` of any of these, decompressed as it is read.
- a folder: every such file under it, in name order, recursively.

A file that cannot be read at all (missing, not gzip) is :class:`Unreadable`: the
command stops with status 3 before auditing anything. A ``.json`` document that is
not JSON is one rejected record, located at the file.

How far a run has read is :class:`Progress`: bytes of the input files (compressed
bytes for a ``.gz``), so a progress bar has a total without reading anything twice.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, cast

from hearts_referee.schemas.hrn import read
from hearts_referee.schemas.hrn.located import of_hand
from hearts_referee.schemas.strictjson import loads_strict

from .lines import Notated, Where

Line = tuple[Where, bytes]
"""A record to audit as JSON text, and where it came from."""

Item = tuple[Where, bytes | Notated]
"""A record to audit: where it came from, and its JSON text or its hand as read from HRN."""

NDJSON_SUFFIXES = (".ndjson", ".jsonl")
JSON_SUFFIXES = (".json",)
HRN_SUFFIXES = (".hrn",)
STDIN = "-"


class Unreadable(Exception):
    """An input that is not there or cannot be opened as what its name says."""


def _inner_suffix(path: Path) -> str:
    name = path.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return Path(name).suffix


def is_input(path: Path) -> bool:
    """A file a folder's audit reads (by its name)."""
    return _inner_suffix(path) in NDJSON_SUFFIXES + JSON_SUFFIXES + HRN_SUFFIXES


def expand(paths: Iterable[str]) -> list[str]:
    """The files to read, in order: folders replaced by the inputs under them (sorted)."""
    files: list[str] = []
    for given in paths:
        if given == STDIN:
            files.append(given)
            continue
        path = Path(given)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and is_input(p))
            files.extend(str(p) for p in found)
        elif path.is_file():
            files.append(given)
        else:
            raise Unreadable(f"{given}: no such file or folder")
    return files


def stdin_is_terminal() -> bool:
    """Whether stdin is a terminal: nobody is piping records in, so reading it would
    wait on a person typing JSON."""
    return sys.stdin is not None and sys.stdin.isatty()


@dataclass
class Progress:
    """How much of the inputs a run has read: ``done`` of ``total`` bytes on disk.
    ``total`` is ``None`` when stdin is among the inputs (its length is unknown)."""

    total: int | None
    done: int = 0

    @classmethod
    def of(cls, files: Iterable[str]) -> Progress:
        """The progress of reading ``files`` (as :func:`expand` lists them)."""
        total = 0
        for name in files:
            if name == STDIN:
                return cls(None)
            with suppress(OSError):  # reading it will say why it cannot be read
                total += Path(name).stat().st_size
        return cls(total)


def _open(name: str) -> tuple[IO[bytes], IO[bytes]]:
    """The stream of records of ``name``, and the file on disk under it (the same
    stream unless it is decompressed), whose position is the bytes read."""
    if name == STDIN:
        return sys.stdin.buffer, sys.stdin.buffer
    try:
        handle: IO[bytes] = open(name, "rb")  # noqa: SIM115 (closed by the reader)
    except OSError as error:
        raise Unreadable(f"{name}: {error.strerror}") from None
    if name.lower().endswith(".gz"):
        return cast(IO[bytes], gzip.GzipFile(fileobj=handle, mode="rb")), handle
    return handle, handle


def ndjson(stream: IO[bytes], source: str | None = None) -> Iterator[Line]:
    """Each record of an NDJSON stream, located by its line: lines count from 1, blank ones
    (ASCII whitespace only) are skipped. The ``audit`` command and ``POST /v1/audits``
    both read NDJSON here."""
    for number, raw in enumerate(stream, start=1):
        if raw.strip():
            yield Where(source, line=number), raw


def _starts_an_array(stream: IO[bytes]) -> bool:
    """Whether stdin holds a JSON array (peeked, nothing consumed)."""
    peek = getattr(stream, "peek", None)
    return peek is not None and bytes(peek(4096)).lstrip()[:1] == b"["


def _document(source: str, text: bytes) -> Iterator[Item]:
    """A whole JSON document: an array of records, or one record."""
    try:
        data = loads_strict(text)
    except ValueError:
        yield Where(source), text  # audited, it reports why it is not JSON
        return
    if isinstance(data, list):
        for index, element in enumerate(data):
            yield Where(source, index=index), json.dumps(element).encode("utf-8")
    else:
        yield Where(source), text


def notation(source: str, data: bytes) -> Iterator[Item]:
    """Each hand of an HRN file, located by the line it starts on, with its diagnostics; a
    file that is not UTF-8 is one rejected record, at the first byte that is not."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        place = (before.count(b"\n") + 1, len(before) - before.rfind(b"\n"))
        yield Where(source), Notated.not_text(error.start, place)
        return
    reading = read(text)
    for index, hand in enumerate(reading.hands):
        yield Where(source, line=hand.line), Notated(hand, tuple(of_hand(reading.diagnostics, index)))


def _items(name: str, stream: IO[bytes]) -> Iterator[Item]:
    source = "-" if name == STDIN else name
    if name == STDIN:
        if _starts_an_array(stream):
            yield from _document(source, stream.read())
        else:
            yield from ndjson(stream, source)
    elif _inner_suffix(Path(name)) in JSON_SUFFIXES:
        yield from _document(source, stream.read())
    elif _inner_suffix(Path(name)) in HRN_SUFFIXES:
        yield from notation(source, stream.read())
    else:
        yield from ndjson(stream, source)


def _read(name: str, progress: Progress | None) -> Iterator[Item]:
    stream, on_disk = _open(name)
    tracked = progress if progress is not None and progress.total is not None else None
    start = tracked.done if tracked is not None else 0
    try:
        for item in _items(name, stream):
            if tracked is not None:
                tracked.done = start + on_disk.tell()
            yield item
        if tracked is not None:
            tracked.done = start + os.fstat(on_disk.fileno()).st_size
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        raise Unreadable(f"{name}: {error}") from None
    finally:
        if name != STDIN:
            stream.close()
            on_disk.close()


def records(paths: Iterable[str], progress: Progress | None = None) -> Iterator[Item]:
    """Every record of every input, in order (call :func:`expand` first to fail early).
    ``progress``, when given, follows the bytes read as the records are taken."""
    for name in paths:
        yield from _read(name, progress)

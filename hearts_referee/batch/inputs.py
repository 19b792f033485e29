"""What a bulk audit reads: records from files, folders, ``.gz`` files and stdin, in order.

- ``*.ndjson`` / ``*.jsonl``, and stdin (``-``) unless it starts with ``[``: one record
  per line (a hand record or a whole game), read as a stream: memory stays flat
  however long the file. Blank lines are skipped; lines are numbered from 1.
- ``*.json``: one JSON document, a record or an array of records (each then
  located by its index). A document is read whole, so very large archives are
  better sent as NDJSON.
- ``*.gz`` of any of these, decompressed as it is read.
- a folder: every such file under it, in name order, recursively.

A file that cannot be read at all (missing, not gzip) is :class:`Unreadable`: the
command stops with status 3 before auditing anything. A ``.json`` document that is
not JSON is one rejected record, located at the file.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, cast

from hearts_referee.schemas.strictjson import loads_strict

from .lines import Where

Item = tuple[Where, bytes]
"""A record to audit: where it came from and its JSON text."""

NDJSON_SUFFIXES = (".ndjson", ".jsonl")
JSON_SUFFIXES = (".json",)
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
    return _inner_suffix(path) in NDJSON_SUFFIXES + JSON_SUFFIXES


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


def _open(name: str) -> IO[bytes]:
    if name == STDIN:
        return sys.stdin.buffer
    try:
        handle: IO[bytes] = open(name, "rb")  # noqa: SIM115 (closed by the reader)
    except OSError as error:
        raise Unreadable(f"{name}: {error.strerror}") from None
    if name.lower().endswith(".gz"):
        return cast(IO[bytes], gzip.GzipFile(fileobj=handle, mode="rb"))
    return handle


def ndjson(stream: IO[bytes], source: str | None = None) -> Iterator[Item]:
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


def _read(name: str) -> Iterator[Item]:
    stream = _open(name)
    source = "-" if name == STDIN else name
    try:
        if name == STDIN:
            if _starts_an_array(stream):
                yield from _document(source, stream.read())
            else:
                yield from ndjson(stream, source)
        elif _inner_suffix(Path(name)) in JSON_SUFFIXES:
            yield from _document(source, stream.read())
        else:
            yield from ndjson(stream, source)
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        raise Unreadable(f"{name}: {error}") from None
    finally:
        if name != STDIN:
            stream.close()


def records(paths: Iterable[str]) -> Iterator[Item]:
    """Every record of every input, in order (call :func:`expand` first to fail early)."""
    for name in paths:
        yield from _read(name)

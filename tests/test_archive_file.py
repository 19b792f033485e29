"""The archive file holds every hand and the hashes of every key: it is created readable
by its owner only (0600), and a stricter umask is respected."""

from __future__ import annotations

import os
import stat

import pytest

from hearts_referee import archive


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask():
    def set_to(value: int) -> None:
        os.umask(value)

    before = os.umask(0o022)
    yield set_to
    os.umask(before)


def test_a_new_archive_file_is_readable_by_its_owner_only(tmp_path, umask):
    path = tmp_path / "archive.sqlite"
    db = archive.open_archive(path)
    archive.create_key(db, "Chief TD", "director")  # a write: the WAL and its index exist now
    try:
        for made in (path, tmp_path / "archive.sqlite-wal", tmp_path / "archive.sqlite-shm"):
            assert mode(made) == 0o600, made.name
    finally:
        db.close()


def test_a_stricter_umask_is_respected(tmp_path, umask):
    umask(0o077 | 0o200)  # not even the owner may write
    path = tmp_path / "archive.sqlite"
    archive.connect(path).close()
    assert mode(path) == 0o400


def test_an_existing_file_keeps_the_mode_its_operator_gave_it(tmp_path, umask):
    path = tmp_path / "archive.sqlite"
    path.touch()
    path.chmod(0o640)  # shared with a backup group on purpose
    archive.open_archive(path).close()
    assert mode(path) == 0o640

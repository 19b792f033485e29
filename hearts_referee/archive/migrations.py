"""The archive's schema, as the list of steps that built it.

A step is never edited once released: a file created by an older release is
upgraded in place by running the steps it has not seen (``flask init-db``,
or the first request of a new release). ``tests/fixtures/archive-v1.sql`` is
a file as the first release left it, and a test upgrades it.

The tables:

- ``keys``: API keys, stored as the SHA-256 of the token, never the token.
- ``hands``: one row per stored hand, written once (a trigger refuses
  UPDATE and DELETE): the record as sent (compact JSON), the hash that makes a
  resubmission idempotent, the engine version, and the indexes of the
  rulings the audit referred to the director (fixed by the audit, so the
  open-items query needs no JSON parsing of the log).
- ``entries``: the append-only log of each hand (audit, decisions,
  signatures), each entry hashed together with the previous one of its
  hand (``archive.chain``). Triggers refuse UPDATE and DELETE.
- ``games`` (step 2): a table's game; its hands are ``hands`` rows with a
  position ``seq``, unique per game, so two clients appending "the next
  hand" at once cannot both succeed.
- ``created_by_key`` on ``hands`` and ``games`` (step 3): the id of the key
  that stored the row, which is what decides who may see it (``created_by``
  stays as the label logged with it). Rows of earlier releases get the id of
  the key whose label they carry, ``"<name> (key <id>)"``, when that key
  still has that name; the append-only triggers are lifted for that one
  update and put back.
- ``sessions`` (step 4): one row per sign-in to the director's pages, the
  SHA-256 of the browser's session token, its key, and when and why it
  ended (``signed_out``, ``key_revoked``). A session is live while it has
  not ended and its key is live; cookies of earlier releases named only a
  key, could not be ended, and are no longer honoured. Keys revoked before
  this step need no rows: their sessions never had one.
- Events (step 5): ``events`` (name, format, who created it; append-only),
  ``event_players`` (numbered in registration order; a withdrawal is dated,
  never deleted), ``event_rounds`` (kind, the seed that seated it, its
  repeats, byes and added qualifiers; append-only), ``event_tables`` (each
  table's players in seat order and the ordinary game it plays; a director's
  override may point a table that has not started at a new game) and
  ``event_log``, the event's hash-chained log (``archive.chain``'s hashing:
  creation, every round seated and every override with its reason), whose
  triggers refuse UPDATE and DELETE.
- ``m006_rulings``: ``entries`` also takes ``consequence`` entries (a hand
  of a game re-audited after a decision on an earlier hand changed the
  totals before it; the table is copied row for row into one with the wider
  CHECK, hashes untouched); ``game_signatures``, append-only: a seat's
  signature on a game's scoresheet, with ``sheet`` the JSON list of
  ``[hand id, score version]`` it signed (a later version makes it stale).
- ``m008_score_only``: ``entries`` also takes ``record`` entries (a director's new
  record of a hand: an irregularity recorded on a score-only hand, or the full record
  replacing it), copied row for row as in m006.
- ``m009_pairings``: ``pairings``, one row per phone a director paired from the pages: the
  SHA-256 of its one-time link's token (never the token), the director's key, its name,
  when it was made and until when its link works, when the link was used and the SHA-256
  of the session it started (so ending the pairing signs that phone out), and when it
  ended. The rows stay: they are the record of every pairing.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

from .db import write

MIGRATIONS = Migrations("hearts-referee")


def _append_only(db: Database, table: str) -> None:
    for verb in ("UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: {verb} refused'); END"
        )


@MIGRATIONS(name="m001_hands_log_keys")
def m001_hands_log_keys(db: Database) -> None:
    db.execute("""
        CREATE TABLE keys (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('scorer', 'director', 'auditor', 'admin')),
            token_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        )""")
    db.execute("""
        CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            content_hash TEXT NOT NULL UNIQUE,
            variant TEXT NOT NULL,
            hand_number INTEGER NOT NULL,
            dealer TEXT NOT NULL,
            record TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            void INTEGER NOT NULL,
            referred TEXT NOT NULL,
            created_at TEXT NOT NULL,
            created_by TEXT
        )""")
    db.execute("""
        CREATE TABLE entries (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            n INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('audit', 'decision', 'signature')),
            ruling INTEGER,
            at TEXT NOT NULL,
            actor TEXT,
            body TEXT NOT NULL,
            prev TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (hand_id, n)
        )""")
    db.execute("CREATE INDEX entries_decisions ON entries(hand_id, ruling) WHERE kind = 'decision'")
    db.execute("CREATE INDEX hands_variant ON hands(variant)")
    _append_only(db, "hands")
    _append_only(db, "entries")


@MIGRATIONS(name="m002_games")
def m002_games(db: Database) -> None:
    db.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            variant TEXT NOT NULL,
            variant_id TEXT NOT NULL,
            seats TEXT NOT NULL,
            players TEXT NOT NULL,
            first_dealer TEXT NOT NULL,
            scorekeeper TEXT NOT NULL,
            table_label TEXT,
            created_at TEXT NOT NULL,
            created_by TEXT
        )""")
    _append_only(db, "games")
    # ADD COLUMN rewrites no row, so the hands of the first release keep their
    # values (and their triggers) and become hands outside any game.
    db.execute("ALTER TABLE hands ADD COLUMN game_id INTEGER REFERENCES games(id)")
    db.execute("ALTER TABLE hands ADD COLUMN seq INTEGER")
    db.execute("ALTER TABLE hands ADD COLUMN table_label TEXT")
    db.execute("CREATE UNIQUE INDEX hands_game_seq ON hands(game_id, seq)")
    db.execute("CREATE INDEX hands_table ON hands(table_label) WHERE table_label IS NOT NULL")


def _drop_append_only(db: Database, table: str) -> None:
    for verb in ("update", "delete"):
        db.execute(f"DROP TRIGGER IF EXISTS {table}_no_{verb}")


@MIGRATIONS(name="m003_owner_key")
def m003_owner_key(db: Database) -> None:
    for table in ("hands", "games"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN created_by_key INTEGER REFERENCES keys(id)")
        _drop_append_only(db, table)
        db.execute(
            f"UPDATE {table} SET created_by_key = (SELECT k.id FROM keys k "
            f"WHERE {table}.created_by = k.name || ' (key ' || k.id || ')')"
        )
        _append_only(db, table)
        db.execute(f"CREATE INDEX {table}_owner ON {table}(created_by_key) WHERE created_by_key IS NOT NULL")


@MIGRATIONS(name="m004_sessions")
def m004_sessions(db: Database) -> None:
    db.execute("""
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            token_sha256 TEXT NOT NULL UNIQUE,
            key_id INTEGER NOT NULL REFERENCES keys(id),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            end_reason TEXT CHECK (end_reason IN ('signed_out', 'key_revoked')),
            CHECK ((ended_at IS NULL) = (end_reason IS NULL))
        )""")
    db.execute("CREATE INDEX sessions_live_by_key ON sessions(key_id) WHERE ended_at IS NULL")


@MIGRATIONS(name="m005_events")
def m005_events(db: Database) -> None:
    db.execute("""
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            format TEXT NOT NULL,
            format_id TEXT NOT NULL,
            created_at TEXT NOT NULL,
            created_by TEXT,
            created_by_key INTEGER REFERENCES keys(id)
        )""")
    _append_only(db, "events")
    db.execute("""
        CREATE TABLE event_players (
            event_id INTEGER NOT NULL REFERENCES events(id),
            player INTEGER NOT NULL,
            name TEXT NOT NULL,
            added_at TEXT NOT NULL,
            withdrawn_at TEXT,
            PRIMARY KEY (event_id, player)
        )""")
    db.execute("""
        CREATE TABLE event_rounds (
            event_id INTEGER NOT NULL REFERENCES events(id),
            number INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('random', 'swiss', 'playoff', 'winners')),
            seed INTEGER NOT NULL,
            repeats INTEGER NOT NULL,
            byes TEXT NOT NULL,
            qualifiers TEXT NOT NULL,
            final INTEGER NOT NULL CHECK (final IN (0, 1)),
            created_at TEXT NOT NULL,
            PRIMARY KEY (event_id, number)
        )""")
    _append_only(db, "event_rounds")
    db.execute("""
        CREATE TABLE event_tables (
            event_id INTEGER NOT NULL,
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            players TEXT NOT NULL,
            game_id INTEGER NOT NULL UNIQUE REFERENCES games(id),
            PRIMARY KEY (event_id, round, number),
            FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, number)
        )""")
    db.execute("""
        CREATE TABLE event_log (
            event_id INTEGER NOT NULL REFERENCES events(id),
            n INTEGER NOT NULL,
            kind TEXT NOT NULL,
            at TEXT NOT NULL,
            actor TEXT,
            body TEXT NOT NULL,
            prev TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (event_id, n)
        )""")
    _append_only(db, "event_log")


def _widen_entries(db: Database, step: str, kinds: tuple[str, ...]) -> None:
    """Move the hand log, row for row, into a table whose CHECK takes ``kinds`` (SQLite
    cannot widen a CHECK in place). Hashes cover the columns, not the rowid, so every
    chain verifies as before."""
    _drop_append_only(db, "entries")
    allowed = ", ".join(f"'{kind}'" for kind in kinds)
    db.execute(f"""
        CREATE TABLE entries_{step} (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            n INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ({allowed})),
            ruling INTEGER,
            at TEXT NOT NULL,
            actor TEXT,
            body TEXT NOT NULL,
            prev TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (hand_id, n)
        )""")
    db.execute(
        f"INSERT INTO entries_{step} (hand_id, n, kind, ruling, at, actor, body, prev, hash) "
        "SELECT hand_id, n, kind, ruling, at, actor, body, prev, hash FROM entries"
    )
    db.execute("DROP TABLE entries")
    db.execute(f"ALTER TABLE entries_{step} RENAME TO entries")
    db.execute("CREATE INDEX entries_decisions ON entries(hand_id, ruling) WHERE kind = 'decision'")
    _append_only(db, "entries")


@MIGRATIONS(name="m006_rulings")
def m006_rulings(db: Database) -> None:
    # SQLite cannot widen a CHECK in place: the log moves, row for row, into a table
    # that also takes ``consequence`` entries. Hashes cover the columns, not the rowid,
    # so every chain verifies as before.
    _widen_entries(db, "m006", ("audit", "decision", "signature", "consequence"))
    db.execute("""
        CREATE TABLE game_signatures (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id),
            seat TEXT NOT NULL,
            name TEXT NOT NULL,
            sheet TEXT NOT NULL,
            at TEXT NOT NULL,
            actor TEXT,
            actor_key INTEGER REFERENCES keys(id)
        )""")
    db.execute("CREATE INDEX game_signatures_game ON game_signatures(game_id)")
    _append_only(db, "game_signatures")


@MIGRATIONS(name="m007_followups")
def m007_followups(db: Database) -> None:
    # The scorer keys an event lets score its tables' games: the current set, as the
    # event's log (``created``, then ``scorers`` overrides) last named it.
    db.execute("""
        CREATE TABLE event_scorers (
            event_id INTEGER NOT NULL REFERENCES events(id),
            key_id INTEGER NOT NULL REFERENCES keys(id),
            PRIMARY KEY (event_id, key_id)
        )""")
    db.execute("CREATE INDEX event_scorers_key ON event_scorers(key_id)")


@MIGRATIONS(name="m008_score_only")
def m008_score_only(db: Database) -> None:
    # A director's new record of a hand (an irregularity recorded on a score-only hand,
    # or its full record replacing it) is a ``record`` entry: the log widens its CHECK
    # once more, row for row, hashes untouched (as in m006).
    _widen_entries(db, "m008", ("audit", "decision", "signature", "consequence", "record"))


@MIGRATIONS(name="m009_pairings")
def m009_pairings(db: Database) -> None:
    db.execute("""
        CREATE TABLE pairings (
            id INTEGER PRIMARY KEY,
            token_sha256 TEXT NOT NULL UNIQUE,
            key_id INTEGER NOT NULL REFERENCES keys(id),
            name TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT,
            session_sha256 TEXT,
            ended_at TEXT,
            CHECK ((used_at IS NULL) = (session_sha256 IS NULL))
        )""")
    db.execute("CREATE INDEX pairings_by_key ON pairings(key_id)")


def migrate(db: Database) -> list[str]:
    """Apply every pending step, all under one write lock; returns the names applied.

    Holding the lock from the check to the last step means two processes
    starting at once cannot both run a step.
    """
    with write(db):
        pending = [m.name for m in MIGRATIONS.pending(db)]
        if pending:
            MIGRATIONS.apply(db)
    return pending


def applied(db: Database) -> list[str]:
    return [m.name for m in MIGRATIONS.applied(db)]

"""``pbem backup`` and ``pbem restore``: a consistent copy while moves are committed, and putting it back."""

from __future__ import annotations

import fcntl
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlmodel import Session
from typer.testing import CliRunner

from pbem.ops import backup as backups
from pbem.cli.main import app
from pbem.clock import SetClock
from pbem.play.service import Service
from tests.ops.conftest import rows, settings_for
from tests.ops.play import answer_one

PLAYERS = ["ann@example.org", "bob@example.org"]


def game_service(database: Path, clock: SetClock) -> tuple[Service, int]:
    service = Service(settings_for(database), clock=clock)
    return service, service.new_game("dragon", PLAYERS, bots_count=1, seed=5)


def moves(database: Path) -> int:
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT count(*) FROM move").fetchone()[0]


def cli(database: Path, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args), env={"PBEM_DATABASE_URL": f"sqlite:///{database}"})


def test_a_backup_taken_while_moves_are_committed_is_one_consistent_moment(tmp_path: Path, clock: SetClock) -> None:
    service, game_id = game_service(tmp_path / "pbem.db", clock)
    replies, stop = [0], threading.Event()

    def writer() -> None:
        while not stop.is_set() and answer_one(service, game_id, replies[0]) is not None:
            replies[0] += 1

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while replies[0] < 3 and thread.is_alive():
            stop.wait(0.01)
        copies = [backups.backup(tmp_path / "pbem.db", tmp_path / f"copy{n}.db") for n in range(3)]
        at_end = replies[0] + 3
        while replies[0] < at_end and thread.is_alive():
            stop.wait(0.01)
    finally:
        stop.set()
        thread.join()
    assert replies[0] >= at_end, "the writer stopped before the backups were over"
    live = rows(tmp_path / "pbem.db")
    for copy in copies:
        with sqlite3.connect(copy.path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert not Path(f"{copy.path}-wal").exists()
        copied = rows(copy.path)
        for table in ("move", "outbox"):  # the live database as it was at one commit
            assert copied[table] == live[table][:len(copied[table])], table
        stored = [(row["id"], row["raw"]) for row in live["inbound"]]  # its status moves on after storing
        assert [(row["id"], row["raw"]) for row in copied["inbound"]] == stored[:len(copied["inbound"])]
        seqs = [move["seq"] for move in copied["move"]]
        assert seqs == list(range(1, len(seqs) + 1)) and copy.moves == len(seqs)
        replayed = Service(settings_for(copy.path), clock=clock)
        with Session(replayed.db) as session:
            assert len(replayed.store.load(session, game_id).log) == len(seqs)
        assert answer_one(replayed, game_id, 1000) is not None  # and plays on
        replayed.db.dispose()
    assert len(live["move"]) > copies[0].moves
    service.db.dispose()


def test_backup_refuses_to_overwrite_a_file_unless_forced(tmp_path: Path, clock: SetClock) -> None:
    service, _ = game_service(tmp_path / "pbem.db", clock)
    target = tmp_path / "kept.db"
    target.write_bytes(b"an older backup")
    refused = cli(tmp_path / "pbem.db", "backup", str(target))
    assert refused.exit_code == 1 and "exists" in refused.output and "--force" in refused.output
    assert target.read_bytes() == b"an older backup"
    forced = cli(tmp_path / "pbem.db", "backup", str(target), "--force")
    assert forced.exit_code == 0, forced.output
    assert "1 games" in forced.output and rows(target) == rows(tmp_path / "pbem.db")
    assert not (tmp_path / "kept.db.partial").exists()
    service.db.dispose()


def test_restore_round_trip_keeps_the_replaced_database(tmp_path: Path, clock: SetClock) -> None:
    database = tmp_path / "pbem.db"
    service, game_id = game_service(database, clock)
    answer_one(service, game_id, 1)
    assert cli(database, "backup", str(tmp_path / "monday.db")).exit_code == 0
    monday = rows(database)
    for number in range(2, 5):
        answer_one(service, game_id, number)
    later = rows(database)
    assert later != monday
    service.db.dispose()
    restored = cli(database, "restore", str(tmp_path / "monday.db"))
    assert restored.exit_code == 0, restored.output
    assert "before-restore" in restored.output
    assert rows(database) == monday
    assert rows(tmp_path / "pbem.db.before-restore") == later
    again = Service(settings_for(database), clock=clock)
    assert answer_one(again, game_id, 2).status == "applied"  # type: ignore[union-attr]
    again.db.dispose()
    twice = cli(database, "restore", str(tmp_path / "monday.db"))
    assert twice.exit_code == 1 and "earlier restore" in twice.output
    assert rows(tmp_path / "pbem.db.before-restore") == later


def test_restore_is_refused_while_pbem_serve_holds_the_lock(tmp_path: Path, clock: SetClock) -> None:
    database = tmp_path / "pbem.db"
    service, _ = game_service(database, clock)
    backups.backup(database, tmp_path / "b.db")
    service.db.dispose()
    before = rows(database)
    with open(tmp_path / "pbem.db.lock", "w") as held:  # what pbem serve holds while it runs
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused = cli(database, "restore", str(tmp_path / "b.db"))
    assert refused.exit_code == 1 and "pbem serve is running" in refused.output
    assert rows(database) == before and not (tmp_path / "pbem.db.before-restore").exists()
    assert cli(database, "restore", str(tmp_path / "b.db")).exit_code == 0  # lock released: it goes ahead


@pytest.mark.parametrize("content, says", [
    (b"not a database at all", "not a SQLite database"),
    ("CREATE TABLE notes (id INTEGER PRIMARY KEY)", "not pbem's"),
])
def test_restore_refuses_a_file_that_is_not_a_pbem_database(tmp_path: Path, clock: SetClock, content: object,
                                                             says: str) -> None:
    database = tmp_path / "pbem.db"
    service, _ = game_service(database, clock)
    service.db.dispose()
    before = rows(database)
    candidate = tmp_path / "candidate.db"
    if isinstance(content, bytes):
        candidate.write_bytes(content)
    else:
        with sqlite3.connect(candidate) as connection:
            connection.execute(str(content))
    refused = cli(database, "restore", str(candidate))
    assert refused.exit_code == 1 and says in refused.output
    assert rows(database) == before and not (tmp_path / "pbem.db.before-restore").exists()


def test_restore_refuses_a_backup_from_a_newer_pbem(tmp_path: Path, clock: SetClock) -> None:
    database = tmp_path / "pbem.db"
    service, _ = game_service(database, clock)
    backups.backup(database, tmp_path / "b.db")
    service.db.dispose()
    with sqlite3.connect(tmp_path / "b.db") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    refused = cli(database, "restore", str(tmp_path / "b.db"))
    assert refused.exit_code == 1 and "newer pbem" in refused.output


def test_on_postgresql_backup_and_restore_print_the_pg_commands_and_write_nothing(tmp_path: Path) -> None:
    url = "postgresql+psycopg://pbem:s3cret@db.example:5433/games"
    runner = CliRunner()
    dumped = runner.invoke(app, ["backup", str(tmp_path / "games.dump")], env={"PBEM_DATABASE_URL": url})
    assert dumped.exit_code == 0, dumped.output
    assert (f"pg_dump --format=custom --file={tmp_path / 'games.dump'} --host=db.example --port=5433 "
            f"--username=pbem --dbname=games") in dumped.output
    restored = runner.invoke(app, ["restore", str(tmp_path / "games.dump")], env={"PBEM_DATABASE_URL": url})
    assert restored.exit_code == 0 and "pg_restore --clean" in restored.output
    assert "s3cret" not in dumped.output + restored.output
    assert list(tmp_path.iterdir()) == []


def test_backup_into_a_missing_directory_says_so_and_writes_nothing(tmp_path: Path, clock: SetClock) -> None:
    service, _ = game_service(tmp_path / "pbem.db", clock)
    service.db.dispose()
    refused = cli(tmp_path / "pbem.db", "backup", str(tmp_path / "no" / "such" / "b.db"))
    assert refused.exit_code == 1 and "there is no directory" in refused.output
    assert not (tmp_path / "no").exists()


def test_restore_over_a_damaged_database_keeps_the_damaged_one(tmp_path: Path, clock: SetClock) -> None:
    database = tmp_path / "pbem.db"
    service, _ = game_service(database, clock)
    backups.backup(database, tmp_path / "b.db")
    good = rows(tmp_path / "b.db")
    service.db.dispose()
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with open(database, "r+b") as file:  # garbage over the pages after the schema
        file.seek(4096 * 4)
        file.write(b"\xde\xad" * 4096)
    with pytest.raises(sqlite3.DatabaseError, match="malformed"):
        rows(database)
    damaged = database.read_bytes()
    restored = cli(database, "restore", str(tmp_path / "b.db"))
    assert restored.exit_code == 0, restored.output
    assert rows(database) == good
    assert (tmp_path / "pbem.db.before-restore").read_bytes()[4096 * 4:4096 * 6] == damaged[4096 * 4:4096 * 6]


@pytest.mark.parametrize("extra, named", [
    ("CREATE TRIGGER keep_moves AFTER DELETE ON move BEGIN INSERT INTO audit (at, actor, action, detail) "
     "VALUES ('2026-01-01', 'x', 'y', old.notation); END", "trigger keep_moves"),
    ("CREATE VIEW open_games AS SELECT id FROM game WHERE status = 'active'", "view open_games"),
    ("CREATE TABLE notes (id INTEGER PRIMARY KEY)", "table notes"),
    ("CREATE INDEX ix_move_notation ON move (notation)", "index ix_move_notation"),
])
def test_restore_refuses_a_backup_with_schema_objects_pbem_does_not_make(tmp_path: Path, clock: SetClock,
                                                                           extra: str, named: str) -> None:
    """The backup API copies every page, so whatever the file holds would run in the service's database (#28)."""
    database = tmp_path / "pbem.db"
    service, _ = game_service(database, clock)
    backups.backup(database, tmp_path / "b.db")
    service.db.dispose()
    before = rows(database)
    with sqlite3.connect(tmp_path / "b.db") as connection:
        connection.execute(extra)
    refused = cli(database, "restore", str(tmp_path / "b.db"))
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1 and f"schema objects pbem does not make ({named})" in said, refused.output
    assert rows(database) == before and not (tmp_path / "pbem.db.before-restore").exists()
    kind, name = named.split()
    assert f'DROP {kind.upper()} "{name}"' in said  # the way out, said with the refusal
    with sqlite3.connect(tmp_path / "b.db") as connection:
        connection.execute(f'DROP {kind.upper()} "{name}"')
    assert cli(database, "restore", str(tmp_path / "b.db")).exit_code == 0
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM sqlite_master WHERE name = ?", (name,)).fetchone() == (0,)

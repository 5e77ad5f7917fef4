"""The journal on a PostgreSQL server: the same Journal methods give the same rows, ids and
checksums as on SQLite; append-only on the server too; log times from the server's clock;
`verify` finds a row changed behind Tablelife's back."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from tablelife.rules import Damage, GainLife, PassTurn, Poison
from tablelife.store import (
    BrokenChainError,
    Journal,
    StorageError,
    UnknownGameError,
    UnknownTournamentError,
    open_journal,
)
from tablelife.store.server import ServerJournal, open_server
from tests.server.conftest import SETTINGS, Database
from tests.store.conftest import FFA, GIANT


@pytest.fixture
def server_journal(db: Database) -> Iterator[ServerJournal]:
    opened = open_server(db.url("desk"))
    assert opened.message is None and isinstance(opened.journal, ServerJournal)
    with opened.journal as journal:
        yield journal


def _a_session(journal: Journal) -> dict[str, object]:
    """Every kind of write the journal takes, at fixed times, and all of it read back."""
    a = journal.new_game(GIANT, started=100.0)
    b = journal.new_game(FFA, started=101.0)
    journal.append(a, "apply", [Damage(0, 3)], when=110.0, after='{"x":1}')
    journal.append(b, "apply", [Poison(1, 2), PassTurn()], when=111.0)
    journal.append(a, "apply", [GainLife(2, 4)], when=112.0)
    journal.append(a, "undo", when=113.0)
    journal.append(a, "redo", when=114.0)
    journal.finish(b, {"status": ["won", "lost", "lost"], "winners": [0]}, when=120.0)
    journal.reopen(b)
    journal.mark_partners(b, 1, True)
    journal.mark_partners(b, 2, True)
    journal.mark_partners(b, 1, True)
    journal.mark_partners(b, 2, False)
    event = journal.new_tournament("Friday", SETTINGS, when=200.0)
    journal.log(event, "team_added", {"team": "Ann & Bob"}, when=201.0)
    journal.log(event, "team_added", {"team": "Cat & Dan"}, when=202.0)
    journal.finish_tournament(event, when=210.0)
    journal.reopen_tournament(event)
    at_table = journal.new_game(GIANT, started=220.0, tournament=event, round=1, table=1)
    journal.append(at_table, "apply", [Damage(1, 5)], when=221.0)
    imported = journal.import_game(
        GIANT, 300.0, 301.0, None, [(300.5, "apply", (Damage(0, 1),)), (300.7, "undo", ())]
    )
    return {
        "games": [journal.load(g) for g in (a, b, at_table, imported)],
        "order": [g.id for g in journal.games()],
        "unfinished": journal.unfinished_games(),
        "at_event": journal.tournament_games(event),
        "last": journal.last_unfinished(),
        "last_after": journal.last_after(a),
        "marks": journal.partner_marks(b),
        "events": journal.tournaments(),
        "log": journal.tournament_log(event),
        "counts": journal.event_counts(),
        "imported_at": journal.imported_at(300.0),
        "problems": journal.verify_all(),
    }


def test_the_same_steps_give_the_same_rows_ids_and_checksums_on_both(
    server_journal: ServerJournal, tmp_path: Path
) -> None:
    opened = open_journal(tmp_path / "folder")
    assert opened.journal is not None
    with opened.journal as on_file:
        expected = _a_session(on_file)
    found = _a_session(server_journal)
    assert found == expected
    assert found["problems"] == [] and found["marks"] == {1}


def test_unknown_ids_are_said_in_words(server_journal: ServerJournal) -> None:
    with pytest.raises(UnknownGameError, match="There is no game 42"):
        server_journal.append(42, "apply", [Damage(0, 1)])
    with pytest.raises(UnknownTournamentError, match="There is no event 7"):
        server_journal.log(7, "team_added", {"team": "x"})
    with pytest.raises(UnknownGameError):
        server_journal.game(42)


def test_log_times_come_from_the_servers_clock(server_journal: ServerJournal) -> None:
    """A step's time is the server's now(), whatever this computer's clock says."""
    event = server_journal.new_tournament("Friday", SETTINGS)
    with psycopg.connect(server_journal.url) as other:
        row = other.execute("SELECT extract(epoch FROM now())::float8").fetchone()
        assert row is not None
        server_now = row[0]
    entry_seq = server_journal.log(event, "team_added", {"team": "Ann & Bob"})
    (entry,) = [e for e in server_journal.tournament_log(event) if e.seq == entry_seq]
    assert abs(entry.time - server_now) < 60
    with server_journal.transaction():
        first = server_journal.now()
        time.sleep(0.01)
        assert server_journal.now() == first  # one step, one moment: its transaction's start


def test_the_journal_is_append_only_on_the_server(
    server_journal: ServerJournal, db: Database
) -> None:
    game = server_journal.new_game(GIANT)
    server_journal.append(game, "apply", [Damage(0, 3)])
    event = server_journal.new_tournament("Friday", SETTINGS)
    server_journal.log(event, "team_added", {"team": "Ann & Bob"})
    with psycopg.connect(db.admin, autocommit=True) as owner:
        for sql in (
            "UPDATE tablelife.events SET kind = 'undo'",
            "DELETE FROM tablelife.events",
            "UPDATE tablelife.tournament_log SET kind = 'x'",
            "DELETE FROM tablelife.tournament_log",
            "DELETE FROM tablelife.tournaments",
            "DELETE FROM tablelife.steps",
        ):
            with pytest.raises(psycopg.errors.RestrictViolation, match="append-only"):
                owner.execute(sql)
    assert len(server_journal.events(game)) == 1


def test_verify_finds_a_row_changed_behind_tablelifes_back(
    server_journal: ServerJournal, db: Database
) -> None:
    game = server_journal.new_game(GIANT)
    server_journal.append(game, "apply", [Damage(0, 3)])
    server_journal.append(game, "apply", [Damage(1, 2)])
    assert server_journal.verify_all() == []
    with psycopg.connect(db.admin, autocommit=True) as owner:
        owner.execute("ALTER TABLE tablelife.events DISABLE TRIGGER events_append_only")
        owner.execute(
            "UPDATE tablelife.events SET changes = replace(changes, '3', '9') WHERE seq = 1"
        )
    (problem,) = server_journal.verify_all()
    assert isinstance(problem, BrokenChainError) and problem.seq == 1
    assert "does not match its checksum" in str(problem)


def test_a_viewer_reads_but_the_server_refuses_its_writes(
    server_journal: ServerJournal, db: Database
) -> None:
    """The judge's login opens read-only; and were the app to try anyway, the server itself
    refuses (GRANTs, not only the app's check), with nothing written."""
    game = server_journal.new_game(GIANT)
    opened = open_server(db.url("judge"))
    assert opened.journal is not None and opened.journal.readonly and not opened.saving
    assert opened.message is not None and "may only read" in opened.message
    with opened.journal as judge:
        assert [g.id for g in judge.games()] == [game]
        with pytest.raises(StorageError, match="may only read"):
            judge.append(game, "apply", [Damage(0, 1)])
        judge.readonly = False  # the app's own check out of the way: the server says no
        writes: list[Callable[[], object]] = [
            lambda: judge.append(game, "apply", [Damage(0, 1)]),
            lambda: judge.new_tournament("Sneaky", {}),
        ]
        for write in writes:
            with pytest.raises(StorageError, match="does not allow this login"):
                write()
    with psycopg.connect(db.url("judge"), autocommit=True) as raw:
        for sql in (
            "INSERT INTO tablelife.steps (id) VALUES (gen_random_uuid())",
            "UPDATE tablelife.games SET head = ''",
            "DELETE FROM tablelife.partner_marks",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                raw.execute(sql)
    assert server_journal.events(game) == []


def test_staff_may_not_change_the_schema_or_its_version(db: Database) -> None:
    with psycopg.connect(db.url("desk"), autocommit=True) as raw:
        for sql in (
            "UPDATE tablelife.schema_version SET version = 99",
            "DROP TABLE tablelife.events",
            "CREATE TABLE tablelife.mine (x int)",
            "TRUNCATE tablelife.events",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                raw.execute(sql)

"""A tracked table's game is played at one device at a time: the device that has the table
open holds it (a staff-only row on the server, renewed every 5 s, free 30 s after its last
renewal by the server's clock); another device shows the table read-only, saying who holds
it, and follows its game as it goes. No test here waits for the clock: a hold's expiry is set
on the server, as 30 s without a renewal would leave it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from pytestqt.qtbot import QtBot

from tablelife.main import main
from tablelife.model.event_model import EventModel
from tablelife.rules import Damage
from tablelife.store import JournalError
from tablelife.store.live import HOLD_RENEW_SECONDS, HOLD_SECONDS
from tablelife.store.server import HeldError, ServerJournal, open_server
from tests.server.conftest import Database

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"]
WAIT_MS = 30_000  # only a bound against a hang: each wait ends on its signal


@pytest.fixture
def event(db: Database, tmp_path: Path) -> int:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    url = ["--server", db.url("desk")]
    assert main(["event", "new", "Friday", "--format", "2hg", "--teams", str(teams), *url]) == 0
    assert main(["event", "pair", "--seed", "1", *url]) == 0
    return 1


@pytest.fixture
def two(db: Database, event: int) -> Iterator[tuple[EventModel, EventModel]]:
    """Two desks on the event, each its own device (login and connection)."""
    models = []
    for login in ("desk", "desk2"):
        opened = open_server(db.url(login))
        assert isinstance(opened.journal, ServerJournal)
        model = EventModel(opened.journal, event)
        model.start_reading()
        models.append(model)
    try:
        yield models[0], models[1]
    finally:
        for model in models:
            model.stop()
            model.journal.close()
            model.deleteLater()


def _expire(db: Database, seconds: float = -1.0) -> None:
    """Every hold's expiry set `seconds` from the server's now (in the past: run out)."""
    with psycopg.connect(db.admin, autocommit=True) as admin:
        admin.execute(
            "UPDATE tablelife.holds SET expires = now() + make_interval(secs => %s)", (seconds,)
        )


def _left(db: Database) -> float:
    """Seconds left on the one hold there is, by the server's clock."""
    with psycopg.connect(db.admin, autocommit=True) as admin:
        row = admin.execute(
            "SELECT extract(epoch FROM expires - now())::float8 FROM tablelife.holds"
        ).fetchone()
    assert row is not None
    return float(row[0])


def test_a_table_open_at_one_desk_is_read_only_at_the_other_and_follows_it(
    qtbot: QtBot, two: tuple[EventModel, EventModel]
) -> None:
    first, second = two
    game = first.open_game(1)
    assert game is not None and first.hold(1)
    qtbot.waitUntil(lambda: second.held_by(1) is not None, timeout=WAIT_MS)
    watched = second.games[1]
    who = first.journal.who  # type: ignore[attr-defined]
    assert second.held_by(1) == who and who.startswith("desk on ")
    assert watched.read_only
    said = watched.read_only_words()
    assert said == (
        f"Table 1 is being played at {who}: it is shown here as it goes, read-only, until "
        "that device leaves the table."
    )
    assert second.round_note(1) == said  # on the table's banner at the other desk
    # The other desk opening the table gets it read-only too, saying who holds it.
    assert not second.hold(1)
    with qtbot.waitSignal(watched.message) as refused:
        assert not watched.submit(Damage(0, 1))
    assert refused.args == [said]
    # What the first desk does there shows at the second as it lands.
    with qtbot.waitSignal(watched.changed, timeout=WAIT_MS):
        assert game.submit(Damage(0, 5))
    assert watched.game.life(0) == game.game.life(0) == 25
    assert watched.seq == game.seq == 1
    # The first desk leaves the table: the second, which has it open, takes it.
    with qtbot.waitSignal(watched.changed, timeout=WAIT_MS):
        first.leave(1)
    qtbot.waitUntil(lambda: not watched.read_only, timeout=WAIT_MS)
    assert second.held_by(1) is None
    assert watched.submit(Damage(2, 2))  # a head of the other team
    qtbot.waitUntil(lambda: game.game.life(1) == 28, timeout=WAIT_MS)
    assert game.read_only and first.held_by(1) == second.journal.who  # type: ignore[attr-defined]


def test_a_hold_not_renewed_for_30_seconds_is_free_and_its_device_finds_it_taken(
    qtbot: QtBot, two: tuple[EventModel, EventModel], db: Database
) -> None:
    first, second = two
    game = first.open_game(1)
    assert game is not None and first.hold(1)
    qtbot.waitUntil(lambda: second.held_by(1) is not None, timeout=WAIT_MS)
    assert not second.hold(1)
    assert 0 < _left(db) <= HOLD_SECONDS
    # Renewed, it has its 30 s again by the server's clock.
    _expire(db, 2.0)
    first.renew_holds()
    assert HOLD_SECONDS - 5 < _left(db) <= HOLD_SECONDS
    # The first desk stops answering: 30 s after its last renewal (set so on the server), the
    # second desk's next renewal takes the table it has open.
    _expire(db)
    second.renew_holds()
    watched = second.games[1]
    assert not watched.read_only and second.held_by(1) is None
    assert watched.submit(Damage(0, 4))
    # The first desk comes back: its renewal finds the table taken, and shows it so.
    first.renew_holds()
    assert game.read_only and first.held_by(1) == second.journal.who  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: game.game.life(0) == 26, timeout=WAIT_MS)
    with qtbot.waitSignal(game.message):
        assert not game.submit(Damage(0, 1))


def test_the_server_refuses_a_game_event_while_another_device_holds_the_game(
    two: tuple[EventModel, EventModel],
) -> None:
    """The hold is checked in the step's own transaction: a device that didn't know (a command
    typed before the notice arrived) writes nothing."""
    first, second = two
    game = first.open_game(1)
    assert game is not None and first.hold(1) and game.game_id is not None
    with pytest.raises(HeldError, match="Table 1's game is being played at desk on "):
        second.journal.append(game.game_id, "apply", (Damage(0, 1),))
    assert second.journal.events_since(game.game_id, 0) == []


def test_only_staff_hold_tables(db: Database, event: int) -> None:
    opened = open_server(db.url("judge"))
    assert opened.journal is not None
    with opened.journal as viewer:
        assert viewer.take_hold(1) is None  # a login that may only read holds nothing
    refused = pytest.raises(psycopg.errors.InsufficientPrivilege)
    with psycopg.connect(db.url("judge")) as conn, refused:
        conn.execute("INSERT INTO tablelife.holds VALUES (1, gen_random_uuid(), 'x', now())")


def test_the_desk_renews_its_holds_every_five_seconds(two: tuple[EventModel, EventModel]) -> None:
    first, _second = two
    assert first._renewer.interval() == HOLD_RENEW_SECONDS * 1000 == 5000
    assert first._renewer.isActive()
    assert HOLD_SECONDS == 30


def test_a_device_that_closes_lets_its_tables_go(
    qtbot: QtBot, two: tuple[EventModel, EventModel]
) -> None:
    first, second = two
    game = first.open_game(1)
    assert game is not None and first.hold(1)
    qtbot.waitUntil(lambda: second.held_by(1) is not None, timeout=WAIT_MS)
    first.stop()
    first.journal.close()
    qtbot.waitUntil(lambda: second.held_by(1) is None, timeout=WAIT_MS)
    with pytest.raises(JournalError):
        first.journal.take_hold(1)


def test_a_desk_renews_every_table_it_holds_in_one_statement(
    qtbot: QtBot, two: tuple[EventModel, EventModel], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every 5 s a device renews its tables at once: one statement, one commit on the server
    however many it holds (a desk with eight tables open doesn't commit eight times); each
    table comes out as its own: renewed, or shown as another device's."""
    first, second = two
    for table in (1, 2):
        assert first.open_game(table) is not None and first.hold(table)
    qtbot.waitUntil(lambda: second.held_by(2) is not None, timeout=WAIT_MS)
    second.open_game(2)
    assert not second.hold(2)
    _expire(db)  # the first desk stopped answering; the second takes the table it has open
    second.renew_holds()
    assert second.held_by(2) is None
    _expire(db, 2.0)
    said: list[str] = []
    wrapped = first.journal._wrapped  # type: ignore[attr-defined]
    execute = wrapped.execute
    monkeypatch.setattr(wrapped, "execute", lambda sql, *a: said.append(sql) or execute(sql, *a))
    first.renew_holds()
    assert sum("INSERT INTO holds" in sql for sql in said) == 1
    with psycopg.connect(db.admin, autocommit=True) as admin:
        left = admin.execute(
            "SELECT h.game_id, extract(epoch FROM h.expires - now())::float8"
            " FROM tablelife.holds h ORDER BY h.game_id"
        ).fetchall()
    assert [g for g, _ in left] == [first.games[1].game_id, first.games[2].game_id]
    assert HOLD_SECONDS - 5 < left[0][1] <= HOLD_SECONDS  # renewed
    assert left[1][1] <= 2.0  # the other device's, as it was
    assert first.held_by(1) is None and not first.games[1].read_only
    assert first.held_by(2) == second.journal.who  # type: ignore[attr-defined]
    assert first.games[2].read_only


def test_a_renewal_that_met_a_deadlock_is_taken_again(
    db: Database, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Renewing a device's tables in one statement can meet another device letting its own
    go, in another order: the server ends one of the two (a deadlock), and it is taken again."""
    import tablelife.store.server as server_module
    from tablelife.ops import table as table_steps
    from tablelife.store.events import load_event

    opened = open_server(db.url("desk"))
    assert isinstance(opened.journal, ServerJournal)
    with opened.journal as journal:
        games = []
        for table in (1, 2):
            began = table_steps.open_game(journal, event, load_event(journal, event), table)
            games.append(began.opened[0].game_id)
        take, tries = server_module._take, []

        def meeting_a_deadlock_once(*args: object) -> object:
            tries.append(args[1])
            if len(tries) == 1:
                raise psycopg.errors.DeadlockDetected("deadlock detected")
            return take(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(server_module, "_take", meeting_a_deadlock_once)
        assert journal.take_holds(games) == {games[0]: None, games[1]: None}
        assert tries == [sorted(games), sorted(games)]
        assert journal.holders(event) == {}  # this device's, so nobody else's

"""`tablelife desk --server URL`: the desk on a store's server. Two desks on one event each
take steps the other (and the command line) finds; a judge's login gets it read-only; the
step times are the server's."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tablelife.deskapp import build_desk, desk_main, parse_args
from tablelife.main import main
from tablelife.store.events import load_event
from tablelife.store.server import open_server
from tests.server.conftest import Database

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"]


@pytest.fixture
def event(db: Database, tmp_path: Path) -> int:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    url = ["--server", db.url("desk")]
    assert main(["event", "new", "Friday", "--format", "2hg", "--teams", str(teams), *url]) == 0
    assert main(["event", "pair", "--seed", "1", *url]) == 0
    return 1


def _type(qtbot: QtBot, desk: object, line: str) -> None:
    command = desk.command  # type: ignore[attr-defined]
    command.setText(line)
    qtbot.keyClick(command, Qt.Key.Key_Return)


def test_two_desks_on_one_server_each_take_steps_the_other_finds(
    qtbot: QtBot, db: Database, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TABLELIFE_SERVER", raising=False)
    _app, first, first_session = build_desk(parse_args(["--server", db.url("desk")]))
    qtbot.addWidget(first)
    try:
        assert first.model.read_only_reason is None
        _type(qtbot, first, "1 result a")
        qtbot.waitUntil(lambda: first.model.tournament.rounds[0].table(1).result is not None)
    finally:
        first_session.close()
        first.close()
    _app, second, second_session = build_desk(parse_args(["--server", db.url("desk2")]))
    qtbot.addWidget(second)
    try:
        table = second.model.tournament.rounds[0].table(1)
        assert table.result is not None  # the first desk's result, from the server
        _type(qtbot, second, "2 result b")
        qtbot.waitUntil(lambda: second.model.tournament.rounds[0].table(2).result is not None)
    finally:
        second_session.close()
        second.close()
    opened = open_server(db.url("judge"))
    assert opened.journal is not None
    with opened.journal as reader:
        read = load_event(reader, event)
        assert all(t.result is not None for t in read.rounds[0].tables)
        assert reader.verify_all() == []
        server_now = reader.now()
    assert abs(read.latest - server_now) < 60  # the server's time, not some other clock


def _nothing_written(db: Database, event: int) -> None:
    """The event's log ends where the fixture left it: with round 1's pairing."""
    opened = open_server(db.url("judge"))
    assert opened.journal is not None
    with opened.journal as reader:
        assert [e.kind for e in reader.tournament_log(event)][-1] == "round_paired"


def test_a_judges_desk_is_read_only_and_says_so(qtbot: QtBot, db: Database, event: int) -> None:
    _app, desk, session = build_desk(parse_args(["--server", db.url("judge")]))
    qtbot.addWidget(desk)
    try:
        desk.show()
        assert desk.model.read_only_reason is not None
        assert desk.notice.isVisible() and "may only read" in desk.notice.text()
        with qtbot.waitSignal(desk.model.message) as said:
            _type(qtbot, desk, "1 result a")
        assert "may only read" in said.args[0]
    finally:
        session.close()
        desk.close()
    _nothing_written(db, event)


def test_the_scoreboard_opens_on_a_viewer_login(qtbot: QtBot, db: Database, event: int) -> None:
    _app, desk, session = build_desk(parse_args(["--server", db.url("judge"), "--scoreboard"]))
    qtbot.addWidget(desk)
    try:
        board = desk.show_scoreboard()
        qtbot.addWidget(board)
        assert board.isVisible()
    finally:
        session.close()
        desk.close()


def test_the_desk_refuses_server_with_data_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = desk_main(["--server", "host=/nowhere", "--data-dir", str(tmp_path / "x")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == (
        "tablelife: --server and --data-dir name two different journals: give one of them.\n"
    )


def test_an_unreachable_server_is_said_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = desk_main(["--server", "host=/nowhere port=9 dbname=store"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.startswith("tablelife: Tablelife can't reach the server /nowhere:9/store: ")
    assert err.count("\n") == 1


def test_two_desks_a_table_open_at_one_is_read_only_at_the_other_until_it_leaves(
    qtbot: QtBot, db: Database, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desk that opens a table holds its game; the other desk shows it read-only, saying
    who plays it there on the table's banner, and follows it; Esc at the first lets it go,
    and the second, which has it open, takes it."""
    monkeypatch.delenv("TABLELIFE_SERVER", raising=False)
    desks = []
    for login in ("desk", "desk2"):
        _app, desk, session = build_desk(parse_args(["--server", db.url(login)]))
        qtbot.addWidget(desk)
        desk.show()
        desk.model.start_reading()
        desks.append((desk, session))
    (first, _s1), (second, _s2) = desks
    try:
        _type(qtbot, first, "1")  # opens table 1
        assert first.table_view is not None and not first.table_view.model.read_only
        qtbot.waitUntil(lambda: second.model.held_by(1) is not None, timeout=30_000)
        _type(qtbot, second, "1")
        view = second.table_view
        assert view is not None and view.model.read_only
        said = (
            f"Table 1 is being played at desk on {socket.gethostname()}: it is shown here as "
            "it goes, read-only, until that device leaves the table."
        )
        assert view.banner.text().endswith(said)
        assert second.statusBar().currentMessage() == said
        tap = view.panels[0].heads[0].buttons[(-1, 0)]  # nothing here to press meanwhile
        assert not tap.isEnabled()
        assert first.table_view.panels[0].heads[0].buttons[(-1, 0)].isEnabled()
        first.escape()  # Esc: back to the board
        assert first.table_view is None
        qtbot.waitUntil(lambda: not view.model.read_only, timeout=30_000)
        assert "being played" not in view.banner.text()
        assert tap.isEnabled()
    finally:
        for desk, session in desks:
            desk.close()
            session.close()


def test_a_desk_waits_seconds_for_a_server_that_went_away_not_a_quarter_minute(
    qtbot: QtBot, db: Database, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step at the desk while the server is away says so, in words, after WINDOW_WAIT_SECONDS
    (a command line waits WAIT_SECONDS: it has no window to keep answering);
    TABLELIFE_RECONNECT_SECONDS, when set, says for both. Nothing is written."""
    import psycopg

    from tablelife.store.server import (
        WAIT_ENV,
        WAIT_SECONDS,
        WINDOW_WAIT_SECONDS,
        _wait_seconds,
    )

    monkeypatch.delenv(WAIT_ENV, raising=False)
    assert (_wait_seconds(), _wait_seconds(WINDOW_WAIT_SECONDS)) == (WAIT_SECONDS, 2.0)
    monkeypatch.setenv(WAIT_ENV, "60")
    assert _wait_seconds(WINDOW_WAIT_SECONDS) == 60.0
    monkeypatch.delenv(WAIT_ENV)
    _app, desk, session = build_desk(parse_args(["--server", db.url("desk")]))
    qtbot.addWidget(desk)
    try:
        desk.show()
        journal = desk.model.journal
        assert journal.reconnect_seconds == WINDOW_WAIT_SECONDS  # type: ignore[attr-defined]
        # The server goes away for this desk: its session ends, and it can't connect again.
        pid = journal._pg.info.backend_pid  # type: ignore[attr-defined]
        journal.url = "host=/nonexistent-tablelife dbname=none"  # type: ignore[attr-defined]
        with psycopg.connect(db.admin, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with qtbot.waitSignal(desk.model.message, timeout=60_000) as said:
            _type(qtbot, desk, "1 result a")
        assert "Nothing was changed" in said.args[0]
    finally:
        session.close()
        desk.close()
    _nothing_written(db, event)


def test_a_desk_closed_as_its_board_first_paints_reads_nothing_after(
    qtbot: QtBot, db: Database, event: int
) -> None:
    """The desk starts following other devices on the turn of the event loop after its board
    first paints; closed before that turn (its journal with it), it starts nothing then."""
    _app, desk, session = build_desk(parse_args(["--server", db.url("judge")]))
    qtbot.addWidget(desk)
    model = desk.model
    desk.close()  # the model stops: its feed and its tables let go
    session.close()
    model.start_reading()  # the turn after the first paint, come late: nothing to read with
    assert not model.live

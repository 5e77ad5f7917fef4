"""Session: where the journal lives, every bad file and bad place with its message, resuming
the last game exactly, finished games read-only, and a full disk refusing events."""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tablelife.gui import build_window, parse_args
from tablelife.model.game_model import READ_ONLY, GameModel
from tablelife.model.session import Session, data_dir
from tablelife.model.settings import Settings
from tablelife.rules import Concede, Damage, GainLife, Poison, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.store import FILE_NAME, SCHEMA_VERSION, StorageError
from tablelife.store import opening as opening_module
from tablelife.ui.main_window import MainWindow

SETUP = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))
IDLE = 60_000  # long enough that the idle timer never commits during a test
STAMP = "20240102-030405"
NOT_SAVED = "Games are not being saved."

Opener = Callable[[Path], Session]


@pytest.fixture
def open_session(qapp: QApplication) -> Iterator[Opener]:
    """Opens sessions (models need the app's event loop for their idle timers); every one is
    closed after the test."""
    opened: list[Session] = []

    def open_(directory: Path) -> Session:
        session = Session(directory)
        opened.append(session)
        return session

    yield open_
    for session in opened:
        session.close()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The journal's folder (not created yet)."""
    return tmp_path / "journal"


def _listing(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def _set_pragma(path: Path, pragma: str) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(pragma)
        conn.commit()
    finally:
        conn.close()


def _plays_without_a_journal(model: GameModel) -> None:
    """A game with no journal still takes taps and commits them."""
    assert model.journal is None and model.game_id is None
    assert model.stage_life(0, -3)
    assert model.stage_poison(2, 2)
    assert model.commit()
    assert (model.game.life(0), model.game.poison(1)) == (27, 2)
    assert len(model.game.history) == 1
    assert model.pass_turn()
    assert model.game.turn == 2


# ----- bad files and bad places -------------------------------------------------------------


def _corrupt(folder: Path) -> bytes:
    folder.mkdir(parents=True, exist_ok=True)
    junk = os.urandom(8192)
    (folder / FILE_NAME).write_bytes(junk)
    return junk


def _newer(folder: Path, open_session: Opener) -> None:
    """A journal with one game, then stamped with a schema version from the future."""
    session = open_session(folder)
    model = session.new_game(SETUP, IDLE)
    assert model.submit(Damage(0, 4))
    session.close()
    _set_pragma(folder / FILE_NAME, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def _folder_is_a_file(folder: Path) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("I am a file")


def test_a_corrupt_journal_is_moved_aside_and_a_fresh_one_saves(
    folder: Path, open_session: Opener
) -> None:
    junk = _corrupt(folder)
    session = open_session(folder)

    moved = [p for p in folder.iterdir() if p.name.startswith(f"{FILE_NAME}.bad-")]
    assert len(moved) == 1
    bad = moved[0]
    assert re.fullmatch(re.escape(FILE_NAME) + r"\.bad-\d{8}-\d{6}", bad.name)
    assert bad.read_bytes() == junk
    assert session.notice == (
        f"{folder / FILE_NAME} was damaged (it is not a SQLite database). The old file was "
        f"moved to {bad}; Tablelife started a new, empty journal."
    )
    assert session.saving

    model = session.new_game(SETUP, IDLE)
    assert model.journal is not None
    assert model.submit(Damage(0, 5))
    session.close()

    again = open_session(folder)
    assert again.notice is None  # the fresh journal is fine: nothing more to say
    resumed = again.resume(IDLE)
    assert resumed is not None and resumed.game.life(0) == 25
    assert bad.read_bytes() == junk


def test_a_moved_aside_file_never_overwrites_an_earlier_one(
    folder: Path, open_session: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening_module.time, "strftime", lambda fmt, *when: STAMP)
    earlier = folder / f"{FILE_NAME}.bad-{STAMP}"
    folder.mkdir(parents=True)
    earlier.write_bytes(b"an earlier bad journal")

    first = _corrupt(folder)
    session = open_session(folder)
    second_name = folder / f"{FILE_NAME}.bad-{STAMP}-2"
    assert session.notice is not None and f"moved to {second_name};" in session.notice
    session.close()

    second = _corrupt(folder)
    session = open_session(folder)
    third_name = folder / f"{FILE_NAME}.bad-{STAMP}-3"
    assert session.notice is not None and f"moved to {third_name};" in session.notice
    assert session.saving

    assert earlier.read_bytes() == b"an earlier bad journal"
    assert second_name.read_bytes() == first
    assert third_name.read_bytes() == second


def test_a_journal_from_a_newer_tablelife_is_left_untouched_and_play_goes_on(
    folder: Path, open_session: Opener
) -> None:
    _newer(folder, open_session)
    path = folder / FILE_NAME
    before = (path.read_bytes(), _listing(folder))

    session = open_session(folder)
    assert not session.saving
    assert session.notice is not None
    assert (
        f"{path} was written by a newer Tablelife (journal version {SCHEMA_VERSION + 1}; this "
        f"one knows up to {SCHEMA_VERSION}). It was left untouched: update Tablelife to use it."
    ) in session.notice
    assert NOT_SAVED in session.notice
    assert session.resume(IDLE) is None
    assert session.finished_games() == []

    _plays_without_a_journal(session.new_game(SETUP, IDLE))
    session.close()
    assert (path.read_bytes(), _listing(folder)) == before


@pytest.mark.parametrize("where", ["the folder is a file", "the folder is below a file"])
def test_a_folder_that_cannot_be_made_means_games_are_not_saved(
    folder: Path, open_session: Opener, where: str
) -> None:
    _folder_is_a_file(folder)
    target = folder if where == "the folder is a file" else folder / "sub"
    session = open_session(target)
    assert not session.saving
    assert session.notice is not None
    assert session.notice.endswith(NOT_SAVED)
    assert f"Tablelife can't use the folder {target}: " in session.notice
    reason = "it is a file, not a folder" if target == folder else "Not a directory"
    assert reason in session.notice
    assert session.resume(IDLE) is None
    _plays_without_a_journal(session.new_game(SETUP, IDLE))
    assert folder.read_text() == "I am a file"


@pytest.mark.parametrize("bad", ["newer", "folder is a file"])
def test_the_notice_says_games_are_not_saved_only_once(
    folder: Path, open_session: Opener, bad: str
) -> None:
    if bad == "newer":
        _newer(folder, open_session)
    else:
        _folder_is_a_file(folder)
    session = open_session(folder)
    assert session.notice is not None
    assert session.notice.count(NOT_SAVED) == 1, session.notice


def _window(qtbot: QtBot, tmp_path: Path, session: Session) -> MainWindow:
    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))

    def new_model(setup: GameSetup) -> GameModel:
        return session.new_game(setup, IDLE)

    window = MainWindow(session.resume(IDLE) or new_model(SETUP), settings, new_model, session)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("corrupt", "was damaged (it is not a SQLite database). The old file was moved to"),
        ("newer", "was written by a newer Tablelife"),
        ("folder is a file", "it is a file, not a folder"),
    ],
)
def test_the_window_shows_the_notice_in_view(
    qtbot: QtBot, tmp_path: Path, folder: Path, open_session: Opener, bad: str, words: str
) -> None:
    if bad == "corrupt":
        _corrupt(folder)
    elif bad == "newer":
        _newer(folder, open_session)
    else:
        _folder_is_a_file(folder)
    session = open_session(folder)
    window = _window(qtbot, tmp_path, session)
    assert window.table.notice.objectName() == "notice"
    assert window.table.notice.isVisible()
    assert window.table.notice.text() == session.notice
    assert words in window.table.notice.text()
    # Play goes on under the notice, and the notice stays.
    window.model.stage_life(0, -2)
    window.resolve_action.trigger()
    assert window.model.game.life(0) == 28
    assert window.table.notice.isVisible()


def test_the_window_shows_no_notice_when_all_is_well(
    qtbot: QtBot, tmp_path: Path, folder: Path, open_session: Opener
) -> None:
    session = open_session(folder)
    window = _window(qtbot, tmp_path, session)
    assert session.notice is None
    assert not window.table.notice.isVisible()
    assert window.table.notice.text() == ""


def test_the_app_as_main_builds_it_shows_a_moved_aside_file(
    qtbot: QtBot, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening_module.time, "strftime", lambda fmt, *when: STAMP)
    junk = _corrupt(folder)
    _app, window, session = build_window(parse_args(["--data-dir", str(folder)]))
    try:
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        bad = folder / f"{FILE_NAME}.bad-{STAMP}"
        assert window.table.notice.isVisible()
        notice = window.table.notice.text()
        assert f"moved to {bad}; Tablelife started a new, empty journal." in notice
        assert bad.read_bytes() == junk
        assert session.saving and window.model.journal is session.journal
    finally:
        window.close()
        session.close()


# ----- resuming -----------------------------------------------------------------------------


def _undo_state(model: GameModel) -> dict[str, object]:
    stack = model.undo_stack
    return {
        "count": stack.count(),
        "index": stack.index(),
        "undo": stack.undoText(),
        "redo": stack.redoText(),
        "texts": [stack.text(i) for i in range(stack.count())],
        "can": (stack.canUndo(), stack.canRedo()),
    }


def test_resume_without_games_is_none(folder: Path, open_session: Opener) -> None:
    session = open_session(folder)
    assert session.saving and session.notice is None
    assert session.resume(IDLE) is None


def test_resume_brings_back_state_history_undo_redo_and_times(
    folder: Path, open_session: Opener
) -> None:
    session = open_session(folder)
    played = session.new_game(SETUP, IDLE)
    assert played.submit(Damage(0, 3), Damage(1, 2))
    played.stage_life(2, -4)
    played.stage_poison(3, 2)
    assert played.commit()
    assert played.pass_turn()
    assert played.submit(GainLife(1, 5))
    assert played.submit(Poison(0, 1))
    played.undo()  # the poison
    played.undo()  # and the gain
    played.redo()  # the gain is back; the poison stays undone
    assert [len(played.game.history), len(played.game.redo_events)] == [4, 1]
    times = [played.event_time(i) for i in range(played.undo_stack.count())]
    expected = (played.game.state, played.game.history, played.game.redo_events)
    undo_state = _undo_state(played)
    gid = played.game_id
    session.close()

    again = open_session(folder)
    resumed = again.resume(idle_ms=1234)
    assert resumed is not None and again.journal is not None and gid is not None
    assert resumed.game_id == gid and resumed.journal is again.journal
    assert resumed.idle_ms == 1234
    assert not resumed.read_only and not resumed.has_pending
    assert (resumed.game.state, resumed.game.history, resumed.game.redo_events) == expected
    assert [e.changes for e in resumed.game.history] == [e.changes for e in expected[1]]
    assert resumed.game.turn == 2
    assert _undo_state(resumed) == undo_state
    assert undo_state["redo"] and undo_state["index"] == 4 and undo_state["count"] == 5
    assert [resumed.event_time(i) for i in range(resumed.undo_stack.count())] == times

    # The restored stacks work: redo brings back exactly the undone event, undo steps back.
    resumed.redo()
    assert resumed.game.state == expected[2][0].after
    resumed.undo()
    resumed.undo()
    assert resumed.game.state == expected[1][2].after
    assert [e.kind for e in again.journal.events(gid)][-3:] == ["redo", "undo", "undo"]


def test_a_finished_game_is_not_resumed_and_opens_read_only(
    qtbot: QtBot, folder: Path, open_session: Opener
) -> None:
    session = open_session(folder)
    model = session.new_game(SETUP, IDLE)
    assert model.submit(Damage(2, 3))
    assert model.submit(Concede(3))
    gid = model.game_id
    assert gid is not None
    session.close()

    again = open_session(folder)
    assert again.journal is not None
    assert again.resume(IDLE) is None
    rows = again.finished_games()
    assert [r.id for r in rows] == [gid]
    assert rows[0].result == {"status": ["won", "lost"], "winners": [0]}

    finished = again.open_finished(gid)
    assert finished.read_only and finished.journal is None
    assert finished.game.winners == (0,) and finished.game.life(1) == 27
    state, history = finished.game.state, finished.game.history
    for refused in (
        lambda: finished.stage_life(0, -1),
        lambda: finished.stage_poison(0, 1),
        lambda: finished.submit(Damage(0, 1)),
    ):
        with qtbot.waitSignal(finished.message) as blocker:
            assert refused() is False
        assert blocker.args == [READ_ONLY]
    for step in (finished.undo, finished.redo):
        with qtbot.waitSignal(finished.message) as blocker:
            step()
        assert blocker.args == [READ_ONLY]
    assert (finished.game.state, finished.game.history) == (state, history)
    assert not finished.has_pending
    assert len(again.journal.events(gid)) == 2
    assert again.journal.game(gid).finished


def test_a_game_that_ended_before_its_result_was_written_is_not_resumed(
    folder: Path, open_session: Opener
) -> None:
    """The concession is on disk, the process died before `finish`: resume finishes it."""
    session = open_session(folder)
    journal = session.journal
    assert journal is not None
    gid = journal.new_game(SETUP)
    journal.append(gid, "apply", [Concede(0)])
    assert not journal.game(gid).finished
    assert session.resume(IDLE) is None
    row = journal.game(gid)
    assert row.finished and row.result == {"status": ["lost", "won"], "winners": [1]}


def test_undo_across_the_end_reopens_the_game_and_redo_finishes_it(
    folder: Path, open_session: Opener
) -> None:
    session = open_session(folder)
    journal = session.journal
    assert journal is not None
    model = session.new_game(SETUP, IDLE)
    gid = model.game_id
    assert gid is not None
    assert model.submit(Concede(1))
    row = journal.game(gid)
    assert row.finished and row.result == {"status": ["lost", "won"], "winners": [1]}

    model.undo()
    row = journal.game(gid)
    assert not row.finished and row.result is None and row.ended is None

    model.redo()
    row = journal.game(gid)
    assert row.finished and row.result == {"status": ["lost", "won"], "winners": [1]}

    model.undo()
    assert [e.kind for e in journal.events(gid)] == ["apply", "undo", "redo", "undo"]
    session.close()
    resumed = open_session(folder).resume(IDLE)
    assert resumed is not None and resumed.game_id == gid
    assert not resumed.game.over and resumed.undo_stack.redoText() == "Bob concedes"


def test_abandon_marks_the_game_finished_and_it_is_not_resumed(
    folder: Path, open_session: Opener
) -> None:
    session = open_session(folder)
    journal = session.journal
    assert journal is not None
    model = session.new_game(SETUP, IDLE)
    gid = model.game_id
    assert gid is not None
    assert model.submit(Damage(0, 3))
    assert session.resume(IDLE) is not None  # unfinished: it would come back

    model.abandon()
    row = journal.game(gid)
    assert row.finished
    assert row.result == {"status": ["playing", "playing"], "winners": [], "abandoned": True}
    assert session.resume(IDLE) is None
    assert session.finished_games() == []  # kept in the journal, but not a result
    session.close()
    assert open_session(folder).resume(IDLE) is None


# ----- a full disk --------------------------------------------------------------------------


def _journaled(model: GameModel) -> list[tuple[str, tuple[object, ...]]]:
    assert model.journal is not None and model.game_id is not None
    return [(e.kind, e.changes) for e in model.journal.events(model.game_id)]


def test_a_full_disk_refuses_the_commit_and_keeps_the_pending_taps(
    qtbot: QtBot, folder: Path, open_session: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = open_session(folder)
    model = session.new_game(SETUP, IDLE)
    assert model.journal is not None
    assert model.submit(Damage(0, 2))
    state, history = model.game.state, model.game.history
    undo_state = _undo_state(model)

    def full(*args: object, **kwargs: object) -> int:
        raise StorageError("The disk is full (simulated). Nothing was changed.")

    monkeypatch.setattr(model.journal, "append", full)
    model.stage_life(2, -4)
    model.stage_poison(0, 1)
    committed: list[object] = []
    model.changed.connect(committed.append)
    with qtbot.waitSignal(model.message) as blocker:
        assert model.commit() is False
    assert blocker.args == [
        "Not saved, so not done: The disk is full (simulated). Nothing was changed."
    ]
    assert (model.game.state, model.game.history) == (state, history)
    assert _undo_state(model) == undo_state
    assert (model.pending(2), model.pending(0)) == ((-4, 0), (0, 1))
    assert committed == []

    # An undo can't be saved either: it is refused too, and the game stays where it was.
    model.drop_pending()
    with qtbot.waitSignal(model.message) as blocker:
        model.undo()
    assert blocker.args[0].startswith("Not saved, so not done: The disk is full")
    assert (model.game.state, _undo_state(model)) == (state, undo_state)

    monkeypatch.undo()  # space is free again
    model.stage_life(2, -4)
    model.stage_poison(0, 1)
    assert model.commit()
    assert (model.game.life(1), model.game.poison(0)) == (26, 1)
    assert _journaled(model) == [("apply", e.changes) for e in model.game.history]


def test_a_really_full_database_refuses_cleanly_and_saves_once_there_is_room(
    qtbot: QtBot, folder: Path, open_session: Opener
) -> None:
    """SQLite's own SQLITE_FULL, from a size cap on the file, not a patched method."""
    session = open_session(folder)
    model = session.new_game(SETUP, IDLE)
    assert session.journal is not None
    conn = session.journal.connection
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    messages: list[str] = []
    model.message.connect(messages.append)
    for _ in range(5000):
        before = model.game.state
        if not model.submit(Damage(0, 0)):
            break
    else:
        pytest.fail("the capped journal never filled up")
    assert messages[-1].startswith("Not saved, so not done: Tablelife could not save to the")
    assert "the disk is full" in messages[-1]
    assert model.game.state is before
    assert _journaled(model) == [("apply", e.changes) for e in model.game.history]

    conn.execute("PRAGMA max_page_count = 1000000")
    assert model.submit(Damage(0, 1))
    assert _journaled(model) == [("apply", e.changes) for e in model.game.history]


# ----- where data lives ---------------------------------------------------------------------


def test_data_dir_override_beats_env_beats_the_standard_location(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLELIFE_DATA_DIR", str(tmp_path / "from-env"))
    assert data_dir(str(tmp_path / "from-flag")) == tmp_path / "from-flag"
    assert data_dir(None) == tmp_path / "from-env"
    assert data_dir("~/games") == Path.home() / "games"

    monkeypatch.delenv("TABLELIFE_DATA_DIR")
    standard = data_dir(None)
    assert standard.is_relative_to(Path.home())  # the test HOME: never the real one
    # The Qt-free answer (the command line can't load Qt) is Qt's own for the app's names.
    location = QStandardPaths.StandardLocation.AppDataLocation
    names = (QCoreApplication.organizationName(), QCoreApplication.applicationName())
    QStandardPaths.setTestModeEnabled(False)
    QCoreApplication.setOrganizationName("Tablelife")
    QCoreApplication.setApplicationName("Tablelife")
    try:
        assert standard == Path(QStandardPaths.writableLocation(location))
    finally:
        QStandardPaths.setTestModeEnabled(True)
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert data_dir(str(tmp_path / "from-flag")) == tmp_path / "from-flag"

    monkeypatch.setenv("TABLELIFE_DATA_DIR", "")  # set but empty: as if unset
    assert data_dir(None) == standard


def _add_a_damaged_game(journal: Path) -> None:
    """A finished game whose variant can't be read, written behind Tablelife's back."""
    with sqlite3.connect(journal) as raw:
        raw.execute(
            "INSERT INTO games (variant, names, team_names, starting, house_rules, preset,"
            " started, ended, result) VALUES ('{broken', '[]', '[]', 0, 0, NULL, 1, 2, NULL)"
        )
    raw.close()


def test_one_damaged_game_does_not_empty_the_recent_games(folder: Path) -> None:

    session = Session(folder)
    try:
        model = session.new_game(SETUP, IDLE)
        assert model.submit(Concede(2))
        assert session.journal is not None
        _add_a_damaged_game(session.journal.path)
        assert [r.id for r in session.finished_games()] == [model.game_id]
        assert session.problem is not None and "1 game in the journal could not be read" in (
            session.problem
        )
        # Listed as damaged, with its id and what is wrong (issue 11, item 2).
        assert len(session.damaged) == 1 and session.damaged[0].startswith("game ")
        assert "variant" in session.damaged[0]
    finally:
        session.close()


def _tamper(folder: Path, game_id: int, seq: int) -> None:
    """Changes one stored event behind Tablelife's back, as a flipped bit or an editor would."""
    conn = sqlite3.connect(folder / FILE_NAME)
    triggers = conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'").fetchall()
    for name, _sql in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute(
        "UPDATE events SET changes = ? WHERE game_id = ? AND seq = ?",
        ('[{"type":"Damage","player":0,"amount":9}]', game_id, seq),
    )
    for _name, sql in triggers:  # put back as they were: only the row has changed
        conn.execute(sql)
    conn.commit()
    conn.close()


def _three_events_then_the_second_changed(folder: Path) -> int:
    """A Two-Headed Giant game of three events whose second is then changed behind
    Tablelife's back; returns the game's id."""
    session = Session(folder)
    model = session.new_game(GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee")))
    for amount in (1, 2, 3):
        assert model.submit(Damage(2, amount))
    game_id = model.game_id
    assert game_id is not None
    session.close()
    _tamper(folder, game_id, 2)
    return game_id


def test_a_game_whose_record_was_changed_opens_read_only_up_to_the_change(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    game_id = _three_events_then_the_second_changed(folder)

    again = Session(folder)
    try:
        resumed = again.resume()
        assert resumed is not None and resumed.read_only
        assert resumed.game.position == 1 and resumed.game.life(1) == 29  # what can be trusted
        assert again.notice is not None
        assert f"Game {game_id} can't be trusted" in again.notice and "event 2" in again.notice
        assert again.notice_for(resumed) == again.notice
        with qtbot.waitSignal(resumed.message) as said:
            assert not resumed.submit(Damage(0, 1))
        assert "can't be trusted" in said.args[0]
    finally:
        again.close()


def test_a_fast_resumed_game_whose_record_was_changed_shows_the_trusted_part(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The window's own start (fast resume, then the replay): once the replay finds the
    changed event, the game shows what came before it, read-only, exactly as a full restore
    does; never the stored state after the change (issue 11, item 3)."""

    folder = tmp_path / "data"
    game_id = _three_events_then_the_second_changed(folder)

    again = Session(folder)
    try:
        resumed = again.resume(60_000, fast=True)
        assert resumed is not None
        settings = Settings(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        window = MainWindow(resumed, settings, lambda s: again.new_game(s), again)
        qtbot.addWidget(window)
        with qtbot.waitSignal(resumed.changed):
            resumed.ensure_replayed()
        assert resumed.read_only
        assert resumed.game.position == 1 and resumed.game.life(1) == 29  # what can be trusted
        assert len(resumed.game.history) == 1
        notice = window.table.notice.text()
        assert window.table.notice.isVisibleTo(window)
        assert f"Game {game_id} can't be trusted" in notice and "up to event 1" in notice
        with qtbot.waitSignal(resumed.message) as said:
            assert not resumed.submit(Damage(0, 1))
        assert "can't be trusted" in said.args[0]
        window.close()
    finally:
        again.close()


def test_a_tampered_abandoned_game_does_not_empty_the_recent_games(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    session = Session(folder)
    first = session.new_game(GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee")))
    for amount in (1, 2):
        assert first.submit(Damage(2, amount))
    first.abandon()  # left for a new game
    done = session.new_game(GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee")))
    assert done.submit(Concede(0))
    assert first.game_id is not None and done.game_id is not None
    session.close()
    _tamper(folder, first.game_id, 2)
    again = Session(folder)
    try:
        assert {r.id for r in again.recent_games()} == {first.game_id, done.game_id}
    finally:
        again.close()

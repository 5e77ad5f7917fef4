"""The window with a real journal: recent games, read-only windows, a new game abandoning the
old one, and the idle-time setting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.model.settings import Settings
from tablelife.rules import Concede, Damage, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.ui.dialogs import NewGameDialog
from tablelife.ui.main_window import MainWindow
from tests.ui.helpers import answer, click

SETUP = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "journal")
    yield s
    s.close()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, session: Session) -> MainWindow:
    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))

    def new_model(setup: GameSetup) -> GameModel:
        return session.new_game(setup, 60_000)

    w = MainWindow(new_model(SETUP), settings, new_model, session)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    with qtbot.waitActive(w):
        w.show()
        w.activateWindow()
    return w


def test_every_tap_is_in_the_journal_when_the_total_shows_it(
    qtbot: QtBot, window: MainWindow, session: Session
) -> None:
    assert session.journal is not None
    seen: list[int] = []
    window.model.changed.connect(
        lambda _change: seen.append(len(session.journal.events(window.model.game_id)))  # type: ignore[union-attr, arg-type]
    )
    click(qtbot, window, 0, -5)
    window.resolve_action.trigger()
    assert seen == [1]
    events = session.journal.events(window.model.game_id)  # type: ignore[arg-type]
    assert [(e.kind, e.changes) for e in events] == [("apply", (Damage(0, 5),))]
    window.undo_action.trigger()
    window.redo_action.trigger()
    kinds = [e.kind for e in session.journal.events(window.model.game_id)]  # type: ignore[arg-type]
    assert kinds == ["apply", "undo", "redo"]


def test_a_finished_game_is_listed_and_opens_read_only(
    qtbot: QtBot, window: MainWindow, session: Session
) -> None:
    window.model.submit(Damage(2, 3))
    window.model.submit(Concede(3))
    window._fill_recent()
    labels = [a.text() for a in window.recent_menu.actions()]
    # "&" is doubled so the menu shows it, rather than reading it as a mnemonic (defect 1).
    assert len(labels) == 1 and labels[0].endswith("Two-Headed Giant: Ann && Bob won")
    other = window.open_finished(window.model.game_id)  # type: ignore[arg-type]
    assert other is not None
    qtbot.addWidget(other)
    assert "read-only" in other.windowTitle()
    assert other.model.game.winners == (0,) and other.model.game.life(1) == 27
    assert not other.table.panels[0].heads[0].buttons[(-1, 0)].isEnabled()
    assert not other.model.stage_life(0, -1)
    assert other.model.read_only and not other.model.has_pending
    assert "read-only" in other.statusBar().currentMessage()
    other.undo_action.trigger()
    assert other.model.game.over  # undo in a read-only window changes nothing
    assert len(session.journal.events(window.model.game_id)) == 2  # type: ignore[arg-type, union-attr]


def test_no_finished_games_says_so(window: MainWindow) -> None:
    window._fill_recent()
    actions = window.recent_menu.actions()
    assert [a.text() for a in actions] == ["No finished games yet"]
    assert not actions[0].isEnabled()


def test_a_new_game_marks_the_old_one_abandoned_and_keeps_it(
    window: MainWindow, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    old_id = window.model.game_id
    window.model.submit(Damage(0, 4))
    window.model.stage_life(1, -2)  # a tap made just before: committed, not lost
    answer(monkeypatch, yes=True)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: (self.accept(), 1)[1])
    window.new_game()
    assert window.model.game_id != old_id
    assert session.journal is not None
    old = session.journal.game(old_id)  # type: ignore[arg-type]
    assert old.finished and old.result is not None and old.result["abandoned"] is True
    assert [e.changes for e in session.journal.events(old_id)] == [  # type: ignore[arg-type]
        (Damage(0, 4),),
        (Damage(1, 2),),
    ]
    assert session.resume() is not None  # the new game is the one to bring back


def test_idle_time_setting_is_used_and_remembered(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(window.table, "ask_number", lambda *a, **k: 750)
    window.ask_idle_time()
    assert window.model.idle_ms == 750
    assert window.settings.get("idle_ms") == 750


def test_a_read_only_window_leaves_the_tables_settings_alone(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.model.submit(Concede(2))
    window.settings.set("window/history", True)
    other = window.open_finished(window.model.game_id)  # type: ignore[arg-type]
    assert other is not None
    other.history_dock.hide()
    other.close()
    qtbot.waitUntil(lambda: window._others == [])  # deleted on close, not kept forever
    assert window.settings.get("window/history") is True


def test_the_journal_notice_shows_once_then_goes(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "tablelife.sqlite3").write_bytes(b"not a database at all" * 50)
    session = Session(folder)
    try:
        settings = Settings(QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat))
        w = MainWindow(session.new_game(SETUP), settings, session.new_game, session)
        qtbot.addWidget(w)
        w.show()
        assert w.table.notice.isVisible() and ".bad-" in w.table.notice.text()
        answer(monkeypatch, yes=True)
        monkeypatch.setattr(NewGameDialog, "exec", lambda self: (self.accept(), 1)[1])
        w.new_game()
        assert not w.table.notice.isVisible()  # the new game is saved: nothing to warn about
    finally:
        session.close()


def test_a_mis_pressed_new_game_can_be_taken_back(
    window: MainWindow, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = window.model.game_id
    window.model.submit(Damage(0, 28))  # Ann & Bob at 2 life: nobody wants to lose this game
    answer(monkeypatch, yes=True)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: (self.accept(), 1)[1])
    window.new_game()
    second = window.model.game_id
    window.model.submit(Damage(2, 1))
    window._fill_recent()
    entry = next(a for a in window.recent_menu.actions() if "take it back" in a.text())
    entry.trigger()
    assert window.model.game_id == first
    assert window.model.game.life(0) == 2 and window.undo_action.isEnabled()
    assert session.journal is not None
    assert not session.journal.game(first).finished  # type: ignore[arg-type]
    assert session.journal.game(second).result["abandoned"]  # type: ignore[arg-type, index]
    assert session.resume() is not None and session.resume().game_id == first  # type: ignore[union-attr]


def test_an_empty_game_left_for_a_new_one_is_not_listed(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: (self.accept(), 1)[1])
    window.new_game()  # nothing was played in the first game
    window._fill_recent()
    assert [a.text() for a in window.recent_menu.actions()] == ["No finished games yet"]


def test_partner_commanders_marked_come_back_with_the_game(
    qtbot: QtBot, tmp_path: Path, session: Session
) -> None:
    """Marking a player's partners adds no event (no damage yet), so the journal can't bring
    it back: the window remembers it for its game, and a restart shows both counters again.
    Another game doesn't inherit it, and the marks stay for Recent games to take back."""
    from tablelife.rules import FreeForAll

    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))
    setup = GameSetup(FreeForAll(players=4, starting_life=40, commander=True))
    window = MainWindow(session.new_game(setup, 60_000), settings, GameModel, session)
    qtbot.addWidget(window)
    window.model.set_partners(1, True)
    window.model.submit(Damage(0, 1))
    again = MainWindow(session.resume(60_000, fast=True), settings, GameModel, session)  # type: ignore[arg-type]
    qtbot.addWidget(again)
    assert again.model.game_id == window.model.game_id
    assert again.model.has_partners(1) and not again.model.has_partners(2)
    other = MainWindow(session.new_game(setup, 60_000), settings, GameModel, session)
    qtbot.addWidget(other)
    assert not other.model.has_partners(1)
    assert session.journal is not None  # kept with the game, not in the window's settings
    assert session.journal.partner_marks(window.model.game_id or 0) == {1}
    assert not any(
        "partners" in k
        for k in QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat).allKeys()
    )


def test_a_game_taken_back_has_its_partners_marked_again(
    qtbot: QtBot, tmp_path: Path, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found by a tester: Ctrl+N, then Recent games → the first game, and the second commander's
    # counters were gone (with them, the damage the partner had dealt out of sight).
    from tablelife.rules import FreeForAll

    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))
    setup = GameSetup(FreeForAll(players=4, starting_life=40, commander=True))
    window = MainWindow(session.new_game(setup, 60_000), settings, session.new_game, session)
    qtbot.addWidget(window)
    first = window.model.game_id
    window.model.set_partners(1, True)
    window.model.submit(Damage(0, 1))
    answer(monkeypatch, yes=True)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: (self.accept(), 1)[1])
    window.new_game()
    assert not window.model.has_partners(1)
    window.take_back(first)  # type: ignore[arg-type]
    assert window.model.game_id == first and window.model.marked_partners == {1}


def test_a_game_takes_no_marks_left_under_its_number_by_an_older_journal(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # A journal moved aside as damaged numbers its games from 1 again: a mark kept for the
    # old game 1 is not the new game 1's, at the start (found in review) or at Ctrl+N. The
    # marks are kept with their game in its journal, so a new journal has none.
    from tablelife.rules import FreeForAll

    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))
    old = Session(tmp_path / "old")
    try:
        old_setup = GameSetup(FreeForAll(players=4, starting_life=40, commander=True))
        marked = old.new_game(old_setup, 60_000)
        assert marked.game_id == 1 and marked.set_partners(1, True)
    finally:
        old.close()
    fresh = Session(tmp_path / "again")
    try:
        setup = GameSetup(FreeForAll(players=4, starting_life=40, commander=True))
        window = MainWindow(fresh.new_game(setup, 60_000), settings, fresh.new_game, fresh)
        qtbot.addWidget(window)
        assert window.model.game_id == 1 and not window.model.marked_partners
        window.model.set_partners(2, True)
        started = window.model.started
        # The mark is the game's own: a restart brings it back (the time read from the file).
        again = MainWindow(fresh.resume(60_000, fast=True), settings, GameModel, fresh)  # type: ignore[arg-type]
        qtbot.addWidget(again)
        assert again.model.started == started and again.model.marked_partners == {2}
    finally:
        fresh.close()

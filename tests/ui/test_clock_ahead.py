"""A record stamped while the computer's clock was far ahead (issue 28, item 7): the desk asks
staff which clock is right. "The computer's clock" journals a clock correction and later
records (the tables' games too) are taken at the computer's time; "the event's time" leaves
everything as before. Before: one result stamped 400 days ahead pinned every later record at
+400 days, silently."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tablelife.model.event_model import EventModel
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.rules import Damage
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow

T0 = 1_800_000_000.0
DAY = 24 * 3600.0
TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Fay", "Gus & Hal"]


class Wall:
    """The computer's clock, moved by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def ahead(session: Session) -> int:
    """An event whose round clock was started, and whose table 1 got its result, while the
    computer's clock was 400 days ahead."""
    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Prerelease"), TEAMS, when=T0)
    wrong = EventModel(session.journal, event_id, wall=Wall(T0 + 400 * DAY))
    assert wrong.pair_by_hand([[TEAMS[0], TEAMS[1]], [TEAMS[2], TEAMS[3]]])
    assert wrong.toggle_clock()
    wrong.set_result(1, 0)
    wrong.deleteLater()
    return event_id


def _desk(qtbot: QtBot, session: Session, event_id: int, wall: Wall) -> DeskWindow:
    assert session.journal is not None
    desk = DeskWindow(EventModel(session.journal, event_id, wall=wall, idle_ms=3_600_000))
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    desk.show()
    return desk


def _log(session: Session, event_id: int) -> list[tuple[str, float]]:
    assert session.journal is not None
    return [(r.kind, r.time) for r in session.journal.tournament_log(event_id)]


def _asked(qtbot: QtBot, desk: DeskWindow) -> QMessageBox:
    qtbot.waitUntil(lambda: desk.clock_question is not None and desk.clock_question.isVisible())
    assert desk.clock_question is not None
    return desk.clock_question


def _button(box: QMessageBox, words: str) -> object:
    return next(b for b in box.buttons() if b.text() == words)


def test_the_desk_asks_and_the_computer_s_clock_is_right(
    qtbot: QtBot, session: Session, ahead: int
) -> None:
    wall = Wall(T0 + 600)  # the computer's clock set right again, ten minutes on
    desk = _desk(qtbot, session, ahead, wall)
    box = _asked(qtbot, desk)
    assert "399 day" in box.text() and "ahead of this computer's clock" in box.text()
    before = _log(session, ahead)
    assert before[-1] == ("result", pytest.approx(T0 + 400 * DAY, abs=5))
    left = desk.model.time_left()
    with qtbot.waitSignal(desk.model.changed):
        _button(box, "The computer's clock").click()  # type: ignore[attr-defined]
    assert desk.clock_question is None
    log = _log(session, ahead)
    assert log[:-1] == before and log[-1] == ("clock_corrected", T0 + 600)  # the computer's
    assert session.journal is not None
    entry = session.journal.tournament_log(ahead)[-1]
    assert entry.data == {"from": before[-1][1]}  # the time it corrects
    assert desk.statusBar().currentMessage().startswith("The clock is corrected")
    # The round keeps the time it had at the last record, and runs on at the computer's pace.
    assert desk.model.time_left() == pytest.approx(left, abs=1)
    wall.now = T0 + 660
    assert desk.model.time_left() == pytest.approx(left - 60, abs=1)
    # The next records, a table's game too, are taken at the computer's time.
    assert desk.model.add_minutes(2, 4)
    assert _log(session, ahead)[-1] == ("extension", pytest.approx(T0 + 660, abs=1))
    model = desk.model.open_game(2)
    assert model is not None and model.submit(Damage(0, 3))
    times = [e.time for e in session.journal.events(model.game_id)]  # type: ignore[arg-type]
    assert times and all(abs(t - (T0 + 660)) < 5 for t in times)
    # Opened again, nothing more to ask: the correction is the latest record.
    again = _desk(qtbot, session, ahead, wall)
    again.check_clock()
    assert again.clock_question is None


def test_the_event_s_time_is_right_and_nothing_changes(
    qtbot: QtBot, session: Session, ahead: int
) -> None:
    wall = Wall(T0 + 600)
    desk = _desk(qtbot, session, ahead, wall)
    box = _asked(qtbot, desk)
    before = _log(session, ahead)
    _button(box, "The event's time").click()  # type: ignore[attr-defined]
    assert desk.clock_question is None and _log(session, ahead) == before
    desk.check_clock()  # asked once a desk
    assert desk.clock_question is None
    assert desk.model.add_minutes(2, 4)  # on from the event's latest record, as before
    assert _log(session, ahead)[-1][1] >= before[-1][1]


def test_a_clock_only_minutes_behind_is_not_asked_about(
    qtbot: QtBot, session: Session, ahead: int
) -> None:
    desk = _desk(qtbot, session, ahead, Wall(T0 + 400 * DAY - 9 * 60))
    desk.check_clock()
    assert desk.clock_question is None


def test_a_desk_that_can_t_write_does_not_ask(qtbot: QtBot, session: Session, ahead: int) -> None:
    assert session.journal is not None
    model = EventModel(session.journal, ahead, wall=Wall(T0), read_only_reason="Another desk.")
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.check_clock()
    assert desk.clock_question is None

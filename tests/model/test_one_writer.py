"""One writer per data folder: a second start never writes the journal (DESIGN.md).

Real processes: the first is the app driven by key presses (`kill_driver.py`); the second is
`python -m tablelife` on the same folder. A holder that does not answer makes the window read-only.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tablelife.gui import build_window, parse_args
from tablelife.model.session import Session
from tablelife.rules import Damage, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.store import FILE_NAME
from tablelife.store.lock import held_by_another
from tests.model.test_resume_kill import REPO, Driver, _env, _export

ROOM_MS = 120_000
"""How long a start that must reach the folder's holder waits for it in these tests, in place
of the app's 1.5 s: the holder is a process of its own, and on a machine loaded by other work
it can take far longer to answer (issue 28). A passing run waits only for the answer."""

SECOND_START = """
import sys
import tablelife.model.instance as instance
instance.CONNECT_MS = int(sys.argv.pop(1))
from tablelife.main import main
raise SystemExit(main())
"""
"""`python -m tablelife ARGS` with the hand-over's wait set by the first argument."""


@pytest.fixture
def room(monkeypatch: pytest.MonkeyPatch) -> None:
    """A start in this process waits `ROOM_MS` for the holder to answer."""
    import tablelife.model.instance

    monkeypatch.setattr(tablelife.model.instance, "CONNECT_MS", ROOM_MS)


def test_a_second_start_brings_the_first_forward_and_writes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = Driver(tmp_path, data, "2")
    try:
        first.expect("ready")
        first.expect("commit")
        first.expect("commit")
        first.expect("idle")
        assert held_by_another(data)
        before = _export(tmp_path, data)

        second = subprocess.run(
            [sys.executable, "-c", SECOND_START, str(ROOM_MS), "--data-dir", str(data)],
            cwd=REPO,
            env=_env(tmp_path, data),
            capture_output=True,
            text=True,
            timeout=2 * ROOM_MS / 1000,
        )
        assert second.returncode == 0, second.stderr
        assert "already open" in second.stderr and "brought forward" in second.stderr
        assert _export(tmp_path, data) == before  # the second wrote nothing

        first.send("play")  # the first keeps saving
        first.expect("commit")
        after = _export(tmp_path, data)
        assert len(after["events"]) == len(before["events"]) + 1
    finally:
        first.kill()
    assert first.proc.returncode == -signal.SIGKILL, first.stderr()

    # A SIGKILLed first locks nobody out: the next start takes the folder over and resumes.
    assert not held_by_another(data)
    third = Driver(tmp_path, data, "0")
    try:
        third.expect("ready")
        third.expect("idle")
        assert held_by_another(data)
    finally:
        third.kill()
    assert _export(tmp_path, data) == after


HOLDER = """
import sys
from pathlib import Path
from tablelife.store.lock import FolderLock
lock = FolderLock(Path(sys.argv[1]))
print("held" if lock.acquire() else "refused", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def silent_holder(tmp_path: Path) -> object:
    """A game on disk, then a process that holds the folder's lock and never answers."""
    data = tmp_path / "data"
    session = Session(data)
    model = session.new_game(GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee")))
    assert model.submit(Damage(2, 4))
    session.close()
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    yield data
    proc.kill()
    proc.communicate()


def test_a_holder_that_does_not_answer_leaves_this_window_read_only(
    qtbot: QtBot, silent_holder: Path
) -> None:
    data = silent_holder
    journal = data / FILE_NAME
    on_disk = journal.read_bytes()
    _app, window, session = build_window(parse_args(["--data-dir", str(data)]))
    try:
        qtbot.addWidget(window)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        # The game on disk, shown as it is, read-only, with the reason in view.
        assert window.model.read_only and window.model.game.life(1) == 26
        assert window.table.notice.isVisible()
        assert "read-only" in window.table.notice.text()
        assert not session.saving
        assert not window.undo_action.isEnabled() and not window.pass_action.isEnabled()
        # Keys and intents change nothing, and say why.
        with qtbot.waitSignal(window.model.message) as said:
            qtbot.keyClick(window, Qt.Key.Key_Down)
        assert "read-only" in said.args[0]
        qtbot.keyClick(window, Qt.Key.Key_N)
        window.undo()
        assert window.model.game.position == 1 and not window.model.has_pending
    finally:
        session.close()
        window.close()
    assert journal.read_bytes() == on_disk


def test_a_desk_whose_holder_does_not_answer_opens_read_only(
    qtbot: QtBot, silent_holder: Path
) -> None:
    """The desk, like the window: the round is shown as it is, with the reason in view, and
    nothing staff do reaches the journal (issue 7; before, the desk did not open at all)."""
    from tablelife.deskapp import build_desk
    from tablelife.deskapp import parse_args as desk_args
    from tablelife.model.event_model import EventModel
    from tablelife.ops.event import new_event
    from tablelife.store import Journal
    from tablelife.tournament.event import EventSettings

    data = silent_holder
    with Journal(data / FILE_NAME) as journal:  # written before the desk starts
        settings = EventSettings("Friday", format="2hg", rounds=3)
        event = EventModel(journal, new_event(journal, settings, ["A & B", "C & D"]))
        assert event.pair_next()
        event.deleteLater()
    journal_file = data / FILE_NAME
    on_disk = journal_file.read_bytes()
    _app, desk, session = build_desk(desk_args(["--data-dir", str(data)]))
    try:
        qtbot.addWidget(desk)
        desk.show()
        assert desk.model.read_only_reason is not None
        assert desk.notice.isVisible() and "read-only" in desk.notice.text()
        for line in ("1 a -3", "1 result a", "1 ext 4"):
            with qtbot.waitSignal(desk.model.message) as said:
                desk.command.setText(line)
                qtbot.keyClick(desk.command, Qt.Key.Key_Return)
            assert "read-only" in said.args[0]
        assert not desk.model.toggle_clock()
        assert desk.model.open_game(1) is None  # tracking a table would start a game
    finally:
        session.close()
        desk.close()
    assert journal_file.read_bytes() == on_disk


LATE_LISTENER = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QTimer
from tablelife.model.instance import Claim, SingleInstance
app = QCoreApplication([])
instance = SingleInstance(Path(sys.argv[1]))
assert instance.claim() is Claim.WRITER
print("held", flush=True)
instance.activation_requested.connect(lambda: (print("raised", flush=True), app.quit()))
QTimer.singleShot(400, instance.listen)  # as a window does once its first frame is painted
QTimer.singleShot(600_000, app.quit)  # ended by the test long before, unless it hangs
app.exec()
"""


def test_a_start_while_the_holder_is_still_painting_waits_for_it_to_listen(
    tmp_path: Path, room: None
) -> None:
    """The holder listens only after its first paint (issue 12): a second start in between
    keeps asking, and brings it forward instead of opening read-only."""
    from tablelife.model.instance import Claim, SingleInstance

    data = tmp_path / "data"
    data.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", LATE_LISTENER, str(data)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        second = SingleInstance(data)
        assert second.claim() is Claim.FORWARDED
        assert holder.stdout.readline().strip() == "raised"
        second.deleteLater()
    finally:
        holder.kill()
        holder.communicate()


def _answers(data: Path) -> bool:
    """Whether something listens on the folder's one-writer socket."""
    from PySide6.QtNetwork import QLocalSocket

    from tablelife.model.instance import server_name

    socket = QLocalSocket()
    socket.connectToServer(server_name(data))
    return socket.waitForConnected(100)


def test_the_window_listens_and_shows_its_icon_once_painted(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither is needed for the first frame (issue 12): both come right after it (and not
    from the fallback for a window that never paints, put out of reach here)."""
    import tablelife.ui.widgets

    monkeypatch.setattr(tablelife.ui.widgets, "FIRST_PAINT_FALLBACK_MS", 600_000)
    data = tmp_path / "data"
    app, window, session = build_window(parse_args(["--data-dir", str(data)]))
    app.setWindowIcon(QIcon())
    try:
        qtbot.addWidget(window)
        assert not _answers(data)  # not before it is on screen
        window.show()
        qtbot.waitUntil(lambda: not app.windowIcon().isNull())
        assert not app.windowIcon().pixmap(64, 64).isNull()
        assert _answers(data)
    finally:
        session.close()
        window.close()


def test_a_desk_asking_for_its_first_event_already_answers_later_starts(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desk's New event dialog comes before the desk's first frame: the claim listens and
    the icon is set before it, so a second start meanwhile brings it forward (review of
    issue 12: it used to open read-only)."""
    import tablelife.deskapp
    from tablelife.deskapp import DeskUnavailableError, build_desk
    from tablelife.deskapp import parse_args as desk_args

    data = tmp_path / "data"
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication)
    seen: dict[str, bool] = {}

    def asked(journal: object, instance: object) -> None:
        seen["answers"] = _answers(data)
        seen["icon"] = not qapp.windowIcon().isNull()
        return None  # staff cancelled the dialog

    monkeypatch.setattr(tablelife.deskapp, "_ask_new_event", asked)
    qapp.setWindowIcon(QIcon())
    with pytest.raises(DeskUnavailableError):
        build_desk(desk_args(["--data-dir", str(data)]))
    assert seen == {"answers": True, "icon": True}


# ----- issue 28: a journal reached through a symlink, a lock that can't be taken ---------------


def test_a_start_on_a_folder_whose_journal_links_to_another_s_brings_that_window_forward(
    tmp_path: Path, room: None
) -> None:
    """Two folders, one journal file (A's `tablelife.sqlite3` is a symlink to B's): a window on
    B holds it, so a start on A brings that window forward instead of writing the same games
    beside it (before, each took its own folder's lock and both wrote)."""
    from tablelife.model.instance import Claim, SingleInstance

    a, b = tmp_path / "a", tmp_path / "b"
    first = Session(b)  # B's journal, with a game in it
    assert first.new_game(GameSetup(TwoHeadedGiant())).submit(Damage(0, 3))
    first.close()
    a.mkdir()
    (a / FILE_NAME).symlink_to(b / FILE_NAME)
    holder = subprocess.Popen(
        [sys.executable, "-c", LATE_LISTENER, str(b)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        second = SingleInstance(a)
        assert second.claim() is Claim.FORWARDED
        assert holder.stdout.readline().strip() == "raised"
        second.deleteLater()
    finally:
        holder.kill()
        holder.communicate()


def test_a_lock_that_cant_be_taken_opens_the_window_read_only_and_says_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A folder where the lock file should be: the window can't keep a second writer out, so it
    writes nothing itself, and says why (before, it took that for a free folder and wrote)."""
    from tablelife.store.lock import LOCK_NAME

    data = tmp_path / "data"
    first = Session(data)
    assert first.new_game(GameSetup(TwoHeadedGiant())).submit(Damage(2, 4))
    first.close()
    (data / LOCK_NAME).mkdir()
    journal = data / FILE_NAME
    on_disk = journal.read_bytes()
    _app, window, session = build_window(parse_args(["--data-dir", str(data)]))
    try:
        qtbot.addWidget(window)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        assert window.model.read_only and window.model.game.life(1) == 26
        assert not session.saving
        assert window.table.notice.isVisible()
        notice = window.table.notice.text()
        assert (
            f"Tablelife can't take the lock {data / LOCK_NAME} that keeps two copies from "
            "writing the same journal: it is a folder, not a file. So this window is read-only"
        ) in notice
        with qtbot.waitSignal(window.model.message) as said:
            qtbot.keyClick(window, Qt.Key.Key_Down)
        assert "read-only" in said.args[0]
    finally:
        session.close()
        window.close()
    assert journal.read_bytes() == on_disk

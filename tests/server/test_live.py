"""Live desks on one server: each desk and scoreboard shows another device's step as it commits
(LISTEN/NOTIFY), caught up from the event's log after the last entry it knows, never a full
reload; a viewer that lost the server catches up the same way once it answers again. The
desk's own steps on a view older than the server's are taken on the event as it stands, or
refused in words (issue 24)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tablelife.main import main
from tablelife.model.event_model import EventModel
from tablelife.store import JournalError
from tablelife.store.events import load_event
from tablelife.store.server import ServerJournal, open_server
from tablelife.ui.scoreboard import Scoreboard
from tests.pgserver import Server
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


class Desks:
    """Desks on the server, each its own connection (a device), opened as the desk opens
    them, following the others; closed at the end of the test."""

    def __init__(self, db: Database, event: int) -> None:
        self.db, self.event = db, event
        self.models: list[EventModel] = []

    def open(self, login: str = "desk") -> EventModel:
        opened = open_server(self.db.url(login))
        assert isinstance(opened.journal, ServerJournal), opened.message
        model = EventModel(opened.journal, self.event, read_only_reason=opened.message)
        model.start_reading()
        self.models.append(model)
        return model

    def close(self) -> None:
        for model in self.models:
            model.stop()
            model.journal.close()
            model.deleteLater()


@pytest.fixture
def desks(db: Database, event: int) -> Iterator[Desks]:
    opened = Desks(db, event)
    try:
        yield opened
    finally:
        opened.close()


def _reads(model: EventModel, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """What `model` reads of the event from now on: log_since's "after" seq, or a full load."""
    calls: list[tuple[str, int]] = []
    journal = model.journal
    since = journal.log_since

    def log_since(event_id: int, seq: int) -> Any:
        calls.append(("log_since", seq))
        return since(event_id, seq)

    def whole(*args: Any) -> Any:
        calls.append(("load", 0))
        raise AssertionError("a desk catches up from the log, never by reading the event again")

    monkeypatch.setattr(journal, "log_since", log_since)
    monkeypatch.setattr("tablelife.model.event_model.load_trusted_event", whole)
    monkeypatch.setattr("tablelife.model.event_model.load_event", whole)
    return calls


def test_two_desks_see_each_others_results_and_the_scoreboard_follows(
    qtbot: QtBot, desks: Desks, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = desks.open("desk"), desks.open("desk2")
    assert first.live and second.live
    board = Scoreboard(second)
    qtbot.addWidget(board)
    known = second.tournament.records
    reads = _reads(second, monkeypatch)
    with qtbot.waitSignal(second.changed, timeout=WAIT_MS):
        assert first.set_result(1, 0)
    table = second.tournament.rounds[0].table(1)
    assert table.result is not None and dict(table.result.outcomes)["Ann & Bob"] == "win"
    assert reads == [("log_since", known)]  # the entries after the last it knew, no reload
    assert "Ann & Bob" in board.tiles[1].text() and "Finished" in board.tiles[1].text()
    # And the other way: the first desk sees the second's step.
    with qtbot.waitSignal(first.changed, timeout=WAIT_MS):
        assert second.set_result(2, 1)
    assert first.tournament.rounds[0].table(2).result is not None
    assert first.tournament.records == second.tournament.records == known + 2
    assert board.round_label.text() == "Friday \u00b7 Round 1"
    assert second.tournament.current is not None and second.tournament.current.finished


def test_a_viewer_that_lost_the_server_catches_up_from_the_log(
    qtbot: QtBot, pg: Server, desks: Desks, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLELIFE_RECONNECT_SECONDS", "60")
    staff, viewer = desks.open("desk"), desks.open("judge")
    assert viewer.read_only_reason is not None and viewer.live
    board = Scoreboard(viewer)
    qtbot.addWidget(board)
    known = viewer.tournament.records
    feed = viewer._feed
    assert feed is not None
    pg.restart("immediate")  # every connection gone, the viewer's feed with them
    # Steps taken while the viewer can't hear of them: told to nobody it listens with.
    assert staff.set_result(1, 0)
    assert staff.drop_team("Gus & Hana")
    reads = _reads(viewer, monkeypatch)
    with qtbot.waitSignal(feed.lost, timeout=WAIT_MS):
        pass
    with qtbot.waitSignal(viewer.changed, timeout=WAIT_MS):
        pass  # the feed connects again, and the viewer reads what it missed
    assert viewer.live
    assert ("log_since", known) in reads and ("load", 0) not in reads
    assert viewer.tournament.records == staff.tournament.records == known + 2
    assert viewer.tournament.dropped == {"Gus & Hana"}
    assert "Finished" in board.tiles[1].text()


def test_a_desks_result_on_an_old_view_is_refused_in_words(
    qtbot: QtBot, desks: Desks, db: Database
) -> None:
    """The second desk hasn't heard of the first desk's result yet (its event loop hasn't
    run): its own result for the same table would silently correct one nobody there saw, so
    it is refused in words, and the first desk's result shown."""
    first, second = desks.open("desk"), desks.open("desk2")
    assert first.set_result(1, 0)
    with qtbot.waitSignal(second.message) as said:
        assert not second.set_result(1, 1)
    assert said.args == [
        "Table 1's result was entered at another desk a moment ago: Ann & Bob won."
    ]
    assert second.refusal == said.args[0]
    assert dict(second.tournament.rounds[0].table(1).result.outcomes)["Ann & Bob"] == "win"
    reader = open_server(db.url("judge")).journal
    assert reader is not None
    with reader:
        assert [e.kind for e in reader.tournament_log(1)].count("result") == 1


def test_a_desks_step_on_an_old_view_is_taken_on_the_event_as_it_stands(
    desks: Desks, db: Database
) -> None:
    """A step that still fits (another table's result) is taken on the event with the other
    desk's entries read in the step's own transaction: this desk's event then has both."""
    first, second = desks.open("desk"), desks.open("desk2")
    assert first.drop_team("Gus & Hana")
    assert second.set_result(2, 0)
    assert second.tournament.dropped == {"Gus & Hana"}
    reader = open_server(db.url("judge")).journal
    assert reader is not None
    with reader:
        on_server = load_event(reader, 1)
    assert second.tournament.records == on_server.records
    assert second.tournament.rounds == on_server.rounds


def test_a_desks_step_that_lost_a_race_is_taken_again(
    desks: Desks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second desk's step has read the event in its transaction when the first desk's
    step commits: its write loses the race (the log's next entry is taken), and its whole
    step is taken again, reading the first desk's entry: both are kept, in order."""
    first, second = desks.open("desk"), desks.open("desk2")
    from tablelife.ops import event as steps

    drop = steps.drop_team
    tries: list[int] = []

    def racing(journal: Any, event_id: int, event: Any, team: str, **kwargs: Any) -> Any:
        tries.append(event.records)
        if len(tries) == 1:
            assert first.set_result(1, 0)  # the other device's step lands meanwhile
        return drop(journal, event_id, event, team, **kwargs)

    monkeypatch.setattr(steps, "drop_team", racing)
    assert second.drop_team("Gus & Hana")
    assert tries == [tries[0], tries[0] + 1]
    assert second.tournament.rounds[0].table(1).result is not None
    reader = open_server(db.url("judge")).journal
    assert reader is not None
    with reader:
        kinds = [e.kind for e in reader.tournament_log(1)]
    assert kinds[-2:] == ["result", "team_dropped"]


def test_a_viewer_never_listens_with_a_write(desks: Desks) -> None:
    viewer = desks.open("judge")
    with pytest.raises(JournalError, match="may only read"):
        viewer.journal.log(1, "team_dropped", {"team": "Ann & Bob"})

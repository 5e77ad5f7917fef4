"""`tablelife event watch`: one JSON line per change to the event's log, as the export's `log`
has it, from --since or from now; on a server (told by LISTEN/NOTIFY) and on a data folder
(looked at four times a second); Ctrl+C exits 0."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tablelife.main import main
from tests.server.conftest import Database

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"]


class Watcher:
    """`tablelife event watch ...` running in a process of its own, its lines read as they
    come."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tablelife", "event", "watch", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: queue.Queue[str] = queue.Queue()
        self.readers = [
            threading.Thread(target=self._read, args=(stream, lines), daemon=True)
            for stream, lines in ((self.proc.stdout, self.lines), (self.proc.stderr, self.said))
        ]
        for reader in self.readers:
            reader.start()
        self.watching = self.said.get(timeout=60)  # it looks at the log from now on
        assert "watching 'Friday' (event 1) after log entry" in self.watching

    @staticmethod
    def _read(stream: Any, lines: queue.Queue[str]) -> None:
        for line in stream:
            lines.put(line)

    def next(self) -> dict[str, Any]:
        """The next line, as JSON (waiting for it: a generous bound only against a hang)."""
        return json.loads(self.lines.get(timeout=60))  # type: ignore[no-any-return]

    def stop(self) -> tuple[int, str]:
        """Ctrl+C; its exit code and stderr."""
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=60)
        for reader in self.readers:
            reader.join(timeout=60)
        for stream in (self.proc.stdout, self.proc.stderr):
            assert stream is not None
            stream.close()
        return self.proc.returncode, "".join(self.said.queue)


def _evening(where: list[str], tmp_path: Path) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    assert main(["event", "new", "Friday", "--format", "2hg", "--teams", str(teams), *where]) == 0
    assert main(["event", "pair", "--seed", "1", *where]) == 0


def _watch_and_step(
    watching: list[str], writing: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _evening(writing, tmp_path)
    since = Watcher(["--since", "3", *watching])
    assert [since.next()["seq"] for _ in range(2)] == [4, 5]  # what was there after entry 3
    now = Watcher(watching)  # from now: nothing of the past
    try:
        assert main(["event", "drop", "Gus & Hana", *writing]) == 0
        dropped = now.next()
        assert dropped["kind"] == "team_dropped" and dropped["data"] == {"team": "Gus & Hana"}
        assert since.next() == dropped
        assert main(["event", "result", "1", "draw", *writing]) == 0
        result = now.next()
        assert set(result) == {"seq", "time", "kind", "data"}
        assert (result["seq"], result["kind"]) == (dropped["seq"] + 1, "result")
        assert since.next() == result
    finally:
        for watcher in (now, since):
            code, err = watcher.stop()
            assert code == 0 and "Traceback" not in err
    capsys.readouterr()
    export = json.loads(_export(writing, capsys))
    assert export["log"][-2:] == [dropped, result]  # as the export's log has them


def _export(where: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["event", "export", *where]) == 0
    return capsys.readouterr().out


def test_watch_on_a_server(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _watch_and_step(["--server", db.url("judge")], ["--server", db.url("desk")], tmp_path, capsys)


def test_watch_on_a_data_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = ["--data-dir", str(tmp_path / "folder")]
    _watch_and_step(folder, folder, tmp_path, capsys)


def test_watch_catches_up_after_a_server_restart(
    pg: Any,
    db: Database,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server goes down hard and comes back; the watcher connects again and prints what
    it missed, from the log, in order, once."""
    _evening(["--server", db.url("desk")], tmp_path)
    monkeypatch.setenv("TABLELIFE_RECONNECT_SECONDS", "60")
    watcher = Watcher(["--since", "5", "--server", db.url("judge")])
    try:
        assert main(["event", "result", "1", "draw", "--server", db.url("desk")]) == 0
        assert watcher.next()["seq"] == 6
        pg.restart("immediate")
        assert main(["event", "result", "2", "draw", "--server", db.url("desk")]) == 0
        assert main(["event", "drop", "Ann & Bob", "--server", db.url("desk")]) == 0
        assert [watcher.next()["seq"], watcher.next()["seq"]] == [7, 8]
    finally:
        code, _ = watcher.stop()
    assert code == 0


def _tracked_table(journal: Any, qtbot: Any, watcher: Watcher) -> None:
    """A desk tracks table 1's game on `journal`; the watcher prints its events as they
    land, with the table and the totals after them, and the result its end gave the table
    after it."""
    from tablelife.model.event_model import EventModel
    from tablelife.rules import Damage

    model = EventModel(journal, 1)
    try:
        game = model.open_game(1)
        assert game is not None and game.game_id is not None
        opened = watcher.next()
        assert opened["kind"] == "game" and opened["data"]["table"] == 1
        assert game.submit(Damage(0, 3), Damage(2, 1))
        line = watcher.next()
        assert set(line) == {"seq", "time", "kind", "data"}
        assert (line["seq"], line["kind"]) == (1, "game.apply")
        assert line["data"]["table"] == 1 and line["data"]["round"] == 1
        assert line["data"]["game_id"] == game.game_id
        assert [c["type"] for c in line["data"]["changes"]] == ["Damage", "Damage"]
        assert line["data"]["totals"] == [
            {"team": "Ann & Bob", "life": 27, "poison": 0, "status": "playing"},
            {"team": "Gus & Hana", "life": 29, "poison": 0, "status": "playing"},
        ]
        assert game.undo()
        undone = watcher.next()
        assert (undone["seq"], undone["kind"]) == (2, "game.undo")
        assert "changes" not in undone["data"]
        assert [t["life"] for t in undone["data"]["totals"]] == [30, 30]
        assert game.submit(Damage(2, 30))  # the game ends, and gives the table its result
        ended = watcher.next()
        assert ended["kind"] == "game.apply"
        assert [t["status"] for t in ended["data"]["totals"]] == ["won", "lost"]
        result = watcher.next()
        assert result["kind"] == "result" and result["data"]["table"] == 1
    finally:
        with qtbot.waitSignal(model.destroyed):  # its hold and its feed let go
            model.deleteLater()


def test_watch_prints_a_tracked_tables_game_events_on_a_server(
    db: Database, tmp_path: Path, qtbot: Any
) -> None:
    from tablelife.store.server import open_server

    _evening(["--server", db.url("desk")], tmp_path)
    watcher = Watcher(["--server", db.url("judge")])
    opened = open_server(db.url("desk"))
    assert opened.journal is not None
    try:
        with opened.journal as journal:
            _tracked_table(journal, qtbot, watcher)
    finally:
        code, err = watcher.stop()
    assert code == 0 and "Traceback" not in err


def test_watch_prints_a_tracked_tables_game_events_on_a_data_folder(
    tmp_path: Path, qtbot: Any
) -> None:
    from tablelife.store import open_journal

    folder = tmp_path / "folder"
    _evening(["--data-dir", str(folder)], tmp_path)
    watcher = Watcher(["--data-dir", str(folder)])
    opened = open_journal(folder)
    assert opened.journal is not None
    try:
        with opened.journal as journal:
            _tracked_table(journal, qtbot, watcher)
    finally:
        code, err = watcher.stop()
    assert code == 0 and "Traceback" not in err


def test_watch_since_prints_the_game_events_after_that_entry(
    db: Database, tmp_path: Path, qtbot: Any
) -> None:
    """--since SEQ: the log's entries after SEQ, and the game events taken after it."""
    from tablelife.model.event_model import EventModel
    from tablelife.rules import Damage
    from tablelife.store.server import open_server

    _evening(["--server", db.url("desk")], tmp_path)
    opened = open_server(db.url("desk"))
    assert opened.journal is not None
    with opened.journal as journal:
        model = EventModel(journal, 1)
        game = model.open_game(1)  # log entry 6
        assert game is not None and game.submit(Damage(0, 2))
        with qtbot.waitSignal(model.destroyed):  # its hold and its feed let go
            model.deleteLater()
    watcher = Watcher(["--since", "5", "--server", db.url("judge")])
    try:
        assert watcher.next()["kind"] == "game"
        line = watcher.next()
        assert line["kind"] == "game.apply" and line["data"]["totals"][0]["life"] == 28
    finally:
        code, _ = watcher.stop()
    assert code == 0


def test_several_tables_game_events_read_in_one_go(db: Database, tmp_path: Path) -> None:
    """What a watcher told of steps at several tables reads: each game's events after the
    one it has, checked, as one game at a time would read them."""
    from tablelife.ops import table as table_steps
    from tablelife.rules import Damage
    from tablelife.store.events import load_event
    from tablelife.store.server import open_server

    _evening(["--server", db.url("desk")], tmp_path)
    opened = open_server(db.url("desk"))
    assert opened.journal is not None
    with opened.journal as journal:
        event = load_event(journal, 1)
        games = []
        for table in (1, 2):
            began = table_steps.open_game(journal, 1, event, table)
            event = began.event
            games.append(began.opened[0].game_id)
        for n in range(3):
            journal.append(games[0], "apply", (Damage(0, 1),))
            if n < 2:
                journal.append(games[1], "apply", (Damage(2, 1),))
        wanted = {games[0]: 1, games[1]: 0}
        many = journal.events_since_many(wanted)
        assert many == {g: journal.events_since(g, seq) for g, seq in wanted.items()}
        assert [len(many[g]) for g in games] == [2, 2]


# ----- what a game event's notice carries ------------------------------------------------------


class _Watched:
    """Table 1's game begun on the server, a desk's journal to take its steps, and a `Watch`
    on a judge's (viewer) journal that has read its first event from the journal."""

    def __init__(self, db: Database, tmp_path: Path) -> None:
        from tablelife.cli.watching import Watch
        from tablelife.ops import table as table_steps
        from tablelife.rules import Damage
        from tablelife.store.events import load_event
        from tablelife.store.server import open_server

        _evening(["--server", db.url("desk")], tmp_path)
        desk, judge = open_server(db.url("desk")).journal, open_server(db.url("judge")).journal
        assert desk is not None and judge is not None
        self.desk, self.judge = desk, judge
        self.watch = Watch(judge, 1, None)
        assert self.watch.wait() is None  # listening from now
        began = table_steps.open_game(desk, 1, load_event(desk, 1), 1)
        self.game_id = began.opened[0].game_id
        assert [line["kind"] for line in self.lines()] == ["game"]
        desk.append(self.game_id, "apply", (Damage(0, 1),))
        assert [line["seq"] for line in self.lines()] == [1]

    def lines(self) -> list[dict[str, Any]]:
        """What the watch prints for the next notices it is told (waiting for some)."""
        told = None
        while not told:
            told = self.watch.wait()
        return self.watch.read(told)

    def close(self) -> None:
        self.watch.close()
        self.desk.close()
        self.judge.close()


def _notify(url: str, payload: str) -> None:
    """Sends a notice on Tablelife's channel as the login `url` names, by hand."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_notify('tablelife', %s)", (payload,))


def _forged(watched: _Watched, amount: int, *, checksum: str | None = None) -> str:
    """A game event's notice for the table's next event, in the trigger's words, its
    checksum linked to the event the watch has read (unless `checksum` is given)."""
    import time

    from tablelife.rules import Damage
    from tablelife.store import chain
    from tablelife.store.codec import changes_to_list

    table = watched.watch._tables[watched.game_id]
    assert table.sum is not None
    changes = changes_to_list((Damage(0, amount),))
    when = time.time()
    if checksum is None:
        checksum = chain.event_link(table.sum, table.seq + 1, when, "apply", changes)
    head = f"game+:1:1:{watched.game_id}:{table.seq + 1}"
    return f"{head}:{when!r}:apply:{checksum}:{json.dumps(changes)}"


def test_a_staff_steps_notice_is_printed_as_told_without_reading_it_back(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game event's notice carries the event; sent by a staff login's session and linked
    to the event before it, the watch prints it as it is told, reading nothing back."""
    from tablelife.rules import Damage, GainLife

    watched = _Watched(db, tmp_path)
    try:
        read_back: list[object] = []
        monkeypatch.setattr(watched.judge, "events_since_many", read_back.append)
        watched.desk.append(watched.game_id, "apply", (Damage(0, 4), GainLife(2, 2)))
        (line,) = watched.lines()
        assert read_back == []
        assert (line["seq"], line["kind"]) == (2, "game.apply")
        assert [c["type"] for c in line["data"]["changes"]] == ["Damage", "GainLife"]
        assert [t["life"] for t in line["data"]["totals"]] == [25, 32]
        watched.desk.append(watched.game_id, "undo", ())
        (undone,) = watched.lines()
        assert (undone["seq"], undone["kind"]) == (3, "game.undo") and read_back == []
        assert [t["life"] for t in undone["data"]["totals"]] == [29, 30]
    finally:
        watched.close()


def test_a_notice_a_viewer_forged_is_not_believed(db: Database, tmp_path: Path) -> None:
    """Any login may send a notice: one from a viewer's session, however well its checksum
    links, only sends the watch to the journal, which has nothing new; the table's real
    next event is printed as it was taken."""
    from tablelife.rules import Damage

    watched = _Watched(db, tmp_path)
    try:
        _notify(db.url("judge"), _forged(watched, 29))
        assert watched.lines() == []
        watched.desk.append(watched.game_id, "apply", (Damage(0, 2),))
        (line,) = watched.lines()
        assert line["seq"] == 2 and line["data"]["changes"][0]["amount"] == 2
        assert [t["life"] for t in line["data"]["totals"]] == [27, 30]
    finally:
        watched.close()


def test_a_staff_notice_that_does_not_link_is_read_from_the_journal(
    db: Database, tmp_path: Path
) -> None:
    """A notice from a staff login's session whose checksum doesn't link to the event the
    watch has (sent by hand, or garbled) is only a pointer: the journal is read, with no
    error and nothing made up."""
    from tablelife.rules import Damage

    watched = _Watched(db, tmp_path)
    try:
        _notify(db.url("desk2"), _forged(watched, 29, checksum="0" * 64))
        assert watched.lines() == []
        _notify(db.url("desk2"), _forged(watched, 29)[: -len("]")])  # changes cut short
        assert watched.lines() == []
        watched.desk.append(watched.game_id, "apply", (Damage(0, 2),))
        (line,) = watched.lines()
        assert line["seq"] == 2 and [t["life"] for t in line["data"]["totals"]] == [27, 30]
    finally:
        watched.close()


def test_a_game_event_is_told_as_every_tablelife_reads_it_then_whole(
    db: Database, tmp_path: Path
) -> None:
    """Each game event: first the notice every Tablelife reads ("game:event:table:game:seq",
    all an older one knows), then the one with the event in it, as stored."""
    import psycopg

    from tablelife.rules import Damage
    from tablelife.store.live import told_from

    watched = _Watched(db, tmp_path)
    try:
        with psycopg.connect(db.url("judge"), autocommit=True) as listening:
            listening.execute("LISTEN tablelife")
            watched.desk.append(watched.game_id, "apply", (Damage(0, 2),))
            short, whole = listening.notifies(timeout=60, stop_after=2)
        assert short.payload == f"game:1:1:{watched.game_id}:2"
        assert whole.payload.startswith(f"game+:1:1:{watched.game_id}:2:")
        (stored,) = watched.judge.events_since(watched.game_id, 1)
        told = told_from(whole.payload, whole.pid)
        assert told is not None and told.stored is not None
        assert told.stored[1] == stored.time  # the time exactly, as the checksum has it
        assert told.stored[4] == stored.checksum.encode()
    finally:
        watched.close()


def test_a_notice_of_an_event_far_ahead_costs_one_read(db: Database, tmp_path: Path) -> None:
    """A notice naming an event a trillion ahead of the watch's (a viewer's, say) is a gap:
    the journal is read, once, at once, and has nothing new."""
    watched = _Watched(db, tmp_path)
    try:
        table = watched.watch._tables[watched.game_id]
        far = table.seq + 10**12
        _notify(db.url("judge"), f"game:1:1:{watched.game_id}:{far}")
        assert watched.lines() == []
        _notify(db.url("desk2"), f"game+:1:1:{watched.game_id}:{far}:1.0:apply:{'0' * 64}:[]")
        assert watched.lines() == []
    finally:
        watched.close()


def test_an_event_too_big_for_a_notice_is_told_and_read(db: Database, tmp_path: Path) -> None:
    """A notice holds under 8,000 bytes: an event whose changes don't fit is told by its first
    notice only, and the watch reads it from the journal."""
    import psycopg

    from tablelife.rules import GainLife

    watched = _Watched(db, tmp_path)
    try:
        with psycopg.connect(db.url("judge"), autocommit=True) as listening:
            listening.execute("LISTEN tablelife")
            changes = tuple(GainLife(2, 1) for _ in range(300))
            watched.desk.append(watched.game_id, "apply", changes)
            watched.desk.append(watched.game_id, "undo", ())  # the next: told whole again
            told = list(listening.notifies(timeout=60, stop_after=3))
        assert [n.payload.split(":")[0] for n in told] == ["game", "game", "game+"]
        assert told[0].payload == f"game:1:1:{watched.game_id}:2"
        line, undone = watched.lines()
        assert line["seq"] == 2 and len(line["data"]["changes"]) == 300
        assert [t["life"] for t in line["data"]["totals"]] == [29, 330]
        assert undone["seq"] == 3 and [t["life"] for t in undone["data"]["totals"]] == [29, 30]
    finally:
        watched.close()

"""Faults: the server restarted or the connection cut mid-step. A step either happened or it
didn't; each carries an id its device made, looked up after reconnecting; a command that
can't tell exits 1 and prints the id; nothing acknowledged is lost; no traceback."""

from __future__ import annotations

import collections
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tablelife.main import main
from tablelife.store import StepUnknownError
from tablelife.store import server as server_module
from tablelife.store.server import ServerJournal, open_server
from tests.pgserver import Server
from tests.server.conftest import SETTINGS, Database
from tests.server.test_races import _KIND, TEAMS, _new_event


@pytest.fixture
def journal(db: Database) -> Iterator[ServerJournal]:
    opened = open_server(db.url("desk"))
    assert isinstance(opened.journal, ServerJournal), opened.message
    with opened.journal as j:
        yield j


def _kill(db: Database, journal: ServerJournal) -> None:
    """Ends the journal's session on the server, as pg_terminate_backend (or a dropped
    network) would."""
    pid = journal._pg_conn().info.backend_pid
    with psycopg.connect(db.admin, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))


def _steps(db: Database) -> int:
    with psycopg.connect(db.admin) as conn:
        row = conn.execute("SELECT count(*) FROM tablelife.steps").fetchone()
        assert row is not None
        return int(row[0])


def test_a_connection_killed_mid_transaction_has_its_step_taken_again_once(
    journal: ServerJournal, db: Database
) -> None:
    event = journal.new_tournament("Friday", SETTINGS)
    tries = []

    def step() -> int:
        tries.append(1)
        journal.log(event, "team_added", {"team": "Ann & Bob"})
        if len(tries) == 1:
            _kill(db, journal)  # after the step's first write, before its commit
        return journal.log(event, "team_added", {"team": "Cal & Dee"})

    assert journal.run(step) == 2
    assert len(tries) == 2
    assert [(e.seq, e.data["team"]) for e in journal.tournament_log(event)] == [
        (1, "Ann & Bob"),
        (2, "Cal & Dee"),
    ]
    (said,) = journal.take_notices()
    assert "dropped before a step was saved; it was taken again" in said
    assert _steps(db) == 2  # the event's creation and this step: each once
    assert journal.verify_all() == []


def _on_commit(monkeypatch: pytest.MonkeyPatch, action: Callable[[Any], None]) -> list[str]:
    """Runs `action(journal)` in place of the next COMMIT a server journal sends."""
    real = server_module._Conn.execute
    seen: list[str] = []

    def execute(self: Any, sql: str, parameters: Any = (), /) -> Any:
        if sql == "COMMIT" and not seen:
            seen.append(str(self._owner._step_id))
            action(self._owner)
            return None
        return real(self, sql, parameters)

    monkeypatch.setattr(server_module._Conn, "execute", execute)
    return seen


def _lost_reply(db: Database, committed: bool) -> Callable[[ServerJournal], None]:
    """COMMIT sent (and saved, or not), then the connection gone before its answer."""

    def action(journal: ServerJournal) -> None:
        pg = journal._pg_conn()
        if committed:
            pg.execute("COMMIT")
        _kill(db, journal)
        pg.execute("SELECT 1")  # the connection finds out it is gone: psycopg's own error

    return action


def test_a_commit_whose_answer_was_lost_is_found_on_the_server(
    journal: ServerJournal, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = journal.new_tournament("Friday", SETTINGS)
    seen = _on_commit(monkeypatch, _lost_reply(db, committed=True))
    assert journal.log(event, "team_added", {"team": "Ann & Bob"}) == 1
    (said,) = journal.take_notices()
    assert said == (
        "The connection to the server dropped as a step was being saved; the server has it "
        f"(step {seen[0]})."
    )
    assert len(journal.tournament_log(event)) == 1  # saved once, not again
    assert journal.step_saved(seen[0])


def test_a_commit_that_never_landed_is_taken_again(
    journal: ServerJournal, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = journal.new_tournament("Friday", SETTINGS)
    seen = _on_commit(monkeypatch, _lost_reply(db, committed=False))
    assert journal.log(event, "team_added", {"team": "Ann & Bob"}) == 1
    (said,) = journal.take_notices()
    assert "dropped before a step was saved; it was taken again on a new connection" in said
    assert len(journal.tournament_log(event)) == 1
    assert journal.step_saved(seen[0])  # the second try kept the step's id


def _unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the server can't be reached (the Wi-Fi is gone), and nobody waits."""
    monkeypatch.setenv(server_module.WAIT_ENV, "0")

    def refuse(url: str, **_options: Any) -> Any:
        raise psycopg.OperationalError("connection to server failed: Network is unreachable")

    monkeypatch.setattr(server_module, "connect", refuse)


@pytest.mark.parametrize("committed", [True, False], ids=["saved", "not saved"])
def test_a_command_that_cant_tell_exits_1_with_the_steps_id(
    db: Database,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    committed: bool,
) -> None:
    """The connection drops as the step commits and the server can't be reached to ask:
    exit 1, the step's id printed; once the server is back, `tablelife server step` says
    whether it happened."""
    _new_event(db, tmp_path, capsys)
    drop = _lost_reply(db, committed)

    def and_gone(journal: ServerJournal) -> None:
        _unreachable(monkeypatch)
        drop(journal)

    seen = _on_commit(monkeypatch, and_gone)
    code = main(["event", "drop", "Team 5", "--server", db.url("desk")])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "dropped as a step was being saved, and the server could not be reached" in err
    step = re.search(r"The step's id is ([0-9a-f-]{36})", err)
    assert step is not None and step.group(1) == seen[0]
    monkeypatch.undo()
    code = main(["server", "step", db.url("judge"), step.group(1)])
    out, _ = capsys.readouterr()
    if committed:
        assert (code, out) == (0, f"Step {seen[0]} was saved: it happened.\n")
    else:
        assert (
            code == 2
            and out == f"Step {seen[0]} was not saved: it did not happen; take it again.\n"
        )


def test_a_server_that_cant_be_reached_mid_step_fails_in_words_with_nothing_changed(
    journal: ServerJournal, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = journal.new_tournament("Friday", SETTINGS)

    def step() -> int:
        journal.log(event, "team_added", {"team": "Ann & Bob"})
        _unreachable(monkeypatch)
        _kill(db, journal)
        return journal.log(event, "team_added", {"team": "Cal & Dee"})

    with pytest.raises(server_module.StorageError) as caught:
        journal.run(step)
    assert not isinstance(caught.value, StepUnknownError)  # before the commit: surely not saved
    assert "the connection to the server was lost" in str(caught.value)
    assert "Nothing was changed." in str(caught.value)
    monkeypatch.undo()
    assert journal.tournament_log(event) == []


def _writers(db: Database, tmp_path: Path, count: int, steps: int) -> list[subprocess.Popen[str]]:
    procs = []
    for n in range(count):
        argv = [db.url("desk"), TEAMS[n], str(steps), str(100 + n), str(tmp_path / f"w{n}.jsonl")]
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "tests.server.writer", *argv],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        )
    return procs


def _lines(tmp_path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for out in sorted(tmp_path.glob("w*.jsonl"))
        for line in out.read_text().splitlines()
    ]


def test_a_server_restart_mid_run_loses_nothing_acknowledged(
    pg: Server, db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three staff processes are taking steps when the server goes down hard (immediate:
    as a crash) and comes back. Every step done before or after is in the log once; the
    ones caught by the restart either waited for it and went through, or said in words
    that nothing changed (or which step to ask about)."""
    _new_event(db, tmp_path, capsys)
    procs = _writers(db, tmp_path, 3, steps=40)
    while len(_lines(tmp_path)) < 15 and all(p.poll() is None for p in procs):
        with psycopg.connect(db.admin) as conn:  # waits on the server, not on a clock
            conn.execute("SELECT pg_sleep(0.05)")
    before = len(_lines(tmp_path))
    pg.restart("immediate")
    for proc in procs:
        said, _ = proc.communicate(timeout=600)
        assert proc.returncode == 0, said
    lines = _lines(tmp_path)
    assert len(lines) == 120 and before < 120
    unknown = 0
    for line in lines:
        assert "Traceback" not in line["err"], line
        if line["code"] == 1:
            assert line["err"].count("\n") == 1
            if "The step's id is" in line["err"]:
                unknown += 1
            else:
                assert "Nothing was changed." in line["err"]
        else:
            assert line["code"] in (0, 2), line
    done = collections.Counter(_KIND[line["argv"][1]] for line in lines if line["code"] == 0)
    opened = open_server(db.url("judge"))
    assert opened.journal is not None
    with opened.journal as reader:
        log = reader.tournament_log(1)
        assert reader.verify_all() == []
    logged = collections.Counter(e.kind for e in log[len(TEAMS) + 1 :] if e.kind != "finished")
    assert all(logged[k] >= done[k] for k in done)  # nothing acknowledged is lost
    assert sum(logged.values()) - sum(done.values()) <= unknown  # nothing else, but these


def test_a_read_after_the_connection_dropped_is_asked_again_on_a_new_one(
    journal: ServerJournal, db: Database
) -> None:
    event = journal.new_tournament("Friday", SETTINGS)
    _kill(db, journal)
    assert [row.id for row in journal.tournaments()] == [event]  # no error: a new connection
    _kill(db, journal)
    with journal.snapshot():  # a snapshot begun on a dropped connection begins on a new one
        assert journal.tournament(event).name == "Friday"
    _kill(db, journal)
    assert journal.log(event, "team_added", {"team": "Ann & Bob"}) == 1
    assert journal.take_notices() == []  # nothing of a step was lost: nothing to say

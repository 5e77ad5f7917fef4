"""Many writers, one truth: staff devices racing on one event on the server. A step that lost
a race is tried again on the event as it now stands, or refused in words; never half-applied,
never lost once acknowledged, never written twice."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablelife.main import main
from tablelife.store.events import load_event
from tablelife.store.server import ServerJournal, open_server
from tests.server.conftest import SETTINGS, Database

TEAMS = [f"Team {n}" for n in range(1, 17)]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _journal(url: str) -> ServerJournal:
    opened = open_server(url)
    assert isinstance(opened.journal, ServerJournal), opened.message
    return opened.journal


def _new_event(db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    url = db.url("desk")
    new = ["event", "new", "Friday", "--format", "duel", "--teams", str(teams), "--rounds", "3"]
    assert run([*new, "--server", url], capsys)[0] == 0
    assert run(["event", "pair", "--seed", "1", "--server", url], capsys)[0] == 0


def test_a_step_that_lost_a_race_is_taken_again_on_the_log_as_it_stands(db: Database) -> None:
    """Device A reads the event's log; device B's step lands meanwhile; A's write loses the
    race and A's whole step runs again, so both are kept, chained in the order they landed."""
    a, b = _journal(db.url("desk")), _journal(db.url("desk2"))
    event = a.new_tournament("Friday", SETTINGS)
    tries = []

    def step() -> int:
        tries.append(len(a.tournament_log(event)))
        if len(tries) == 1:
            b.log(event, "team_added", {"team": "B & B"})  # another device, committed meanwhile
        return a.log(event, "team_added", {"team": "A & A"})

    assert a.run(step) == 2
    assert tries == [0, 1]
    assert [e.data["team"] for e in a.tournament_log(event)] == ["B & B", "A & A"]
    assert a.verify_all() == []
    a.close()
    b.close()


def test_a_result_entered_at_another_desk_meanwhile_is_refused_in_words(
    db: Database,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two desks type table 1's result at the same moment: the one that lands second is not
    quietly turned into a correction of a result its person never saw."""
    _new_event(db, tmp_path, capsys)
    with _journal(db.url("judge")) as reader:
        teams = load_event(reader, 1).rounds[0].table(1).teams
    from tablelife.cli import event as cli_event

    real = cli_event.load_event
    calls = []

    def meanwhile(journal: Any, event_id: int) -> Any:
        read = real(journal, event_id)
        calls.append(1)
        if len(calls) == 1:  # the other desk's result lands after this desk read the event
            other = ["event", "result", "1", teams[1], "--server", db.url("desk2")]
            assert main(other) == 0
        return read

    monkeypatch.setattr(cli_event, "load_event", meanwhile)
    code, out, err = run(["event", "result", "1", teams[0], "--server", db.url("desk")], capsys)
    assert code == 2 and len(calls) == 3  # this desk's first try, the other desk's, again
    assert out == f"Round 1, table 1: {teams[1]} won against {teams[0]}.\n"  # the other desk's
    assert err == (
        f"tablelife event: Table 1's result was entered at another desk a moment ago: "
        f"{teams[1]} won.\n"
    )
    with _journal(db.url("judge")) as reader:
        results = [e for e in reader.tournament_log(1) if e.kind == "result"]
    assert len(results) == 1 and results[0].data["outcomes"][teams[1]] == "win"


def test_a_drop_taken_at_two_desks_at_once_is_kept_once(
    db: Database,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _new_event(db, tmp_path, capsys)
    from tablelife.cli import event as cli_event

    real = cli_event.load_event
    calls = []

    def meanwhile(journal: Any, event_id: int) -> Any:
        read = real(journal, event_id)
        calls.append(1)
        if len(calls) == 1:
            assert main(["event", "drop", "Team 3", "--server", db.url("desk2")]) == 0
        return read

    monkeypatch.setattr(cli_event, "load_event", meanwhile)
    code, _, err = run(["event", "drop", "Team 3", "--server", db.url("desk")], capsys)
    assert code == 2 and err == "tablelife event: Team 3 has already dropped.\n"
    with _journal(db.url("judge")) as reader:
        log = reader.tournament_log(1)
    assert [e.kind for e in log].count("team_dropped") == 1


def _writers(db: Database, tmp_path: Path, count: int, steps: int) -> list[dict[str, Any]]:
    procs, outs = [], []
    for n in range(count):
        out = tmp_path / f"writer{n}.jsonl"
        outs.append(out)
        login = "desk" if n % 2 == 0 else "desk2"
        argv = [db.url(login), TEAMS[n], str(steps), str(n), str(out)]
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "tests.server.writer", *argv],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        )
    for proc in procs:
        said, _ = proc.communicate(timeout=600)
        assert proc.returncode == 0, said
    return [json.loads(line) for out in outs for line in out.read_text().splitlines()]


_KIND = {
    "result": "result",
    "drop": "team_dropped",
    "return": "team_returned",
    "pair": "round_paired",
}


@pytest.mark.parametrize("count", [2, 8])
def test_racing_writers_end_consistent(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int
) -> None:
    """2 and 8 staff processes race on one event (results, corrections, drops and returns,
    pairings). Every command is done (0) or refused in one line (2); each done step is in the
    log exactly once and nothing else is; the log's chain holds and it replays."""
    _new_event(db, tmp_path, capsys)
    lines = _writers(db, tmp_path, count, steps=96 // count)
    for line in lines:
        assert line["code"] in (0, 2), line
        assert "Traceback" not in line["err"]
        if line["code"] == 2:
            assert line["err"].count("\n") == 1 and line["err"].startswith("tablelife event: ")
    done = collections.Counter(_KIND[line["argv"][1]] for line in lines if line["code"] == 0)
    with _journal(db.url("judge")) as reader:
        log = reader.tournament_log(1)
        problems = reader.verify_all()
        event = load_event(reader, 1)  # the log replays: one consistent event
    logged = collections.Counter(e.kind for e in log[len(TEAMS) + 1 :] if e.kind != "finished")
    assert logged == done
    assert done["result"] > 0
    assert problems == []
    assert event.standings()
    code, out, _ = run(["verify", "--server", db.url("judge")], capsys)
    assert code == 0 and "check out" in out


def test_a_device_whose_view_is_old_cant_write_what_no_longer_fits(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A desk holds the event as it read it a while ago; another desk drops a team meanwhile.
    The first desk's drop of the same team passes its own (old) check, but the server takes
    no log entry that doesn't follow from its log: refused in words, the event still one
    that replays."""
    from tablelife.ops import event as steps
    from tablelife.store.server import LogConflictError

    _new_event(db, tmp_path, capsys)
    with _journal(db.url("desk")) as first, _journal(db.url("desk2")) as second:
        old = load_event(first, 1)
        steps.drop_team(second, 1, load_event(second, 1), "Team 3")
        with pytest.raises(LogConflictError) as caught:
            steps.drop_team(first, 1, old, "Team 3")
        assert str(caught.value) == (
            "Another device changed the event a moment ago, and this step no longer fits it: "
            "Team 3 has already dropped. Nothing was changed; look again at the event as it "
            "is now."
        )
        log = first.tournament_log(1)
        assert [e.kind for e in log].count("team_dropped") == 1
        assert load_event(first, 1).dropped == {"Team 3"}


def test_steps_at_two_tables_never_race(db: Database, tmp_path: Path) -> None:
    """Two devices' steps at two different tables, one committed while the other's is open:
    neither reads what the other writes, so the open one commits as it is, never taken again
    (eight writers at 64 tables took seven steps in ten twice before)."""
    from tablelife.ops import event as steps
    from tablelife.ops import table as table_steps
    from tablelife.rules import Damage
    from tablelife.tournament.event import EventSettings

    a, b = _journal(db.url("desk")), _journal(db.url("desk2"))
    teams = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"]
    event_id = steps.new_event(a, EventSettings("Friday", format="2hg"), teams)
    event = steps.pair_tables(a, event_id, load_event(a, event_id), [teams[:2], teams[2:]]).event
    games = []
    for table in (1, 2):
        opened = table_steps.open_game(a, event_id, event, table)
        event = opened.event
        games.append(opened.opened[0].game_id)
    for journal, game in ((a, games[0]), (b, games[1])):
        journal.append(game, "apply", (Damage(0, 1),))  # each table's first event
    tries = []
    wrapped = a._wrapped
    execute = wrapped.execute

    def executing(sql: str, parameters: Any = ()) -> Any:  # between this step's read and write
        if "INSERT INTO events" in sql:
            tries.append(len(tries))
            if len(tries) == 1:
                b.append(games[1], "apply", (Damage(0, 1),))  # committed while this is open
        return execute(sql, parameters)

    wrapped.execute = executing  # type: ignore[method-assign]

    def step() -> int:
        return a.append(games[0], "apply", (Damage(0, 1),))

    assert a.run(step) == 2
    assert tries == [0]
    assert [len(j.events(g)) for j, g in ((b, games[0]), (a, games[1]))] == [2, 2]
    a.close()
    b.close()


def test_a_devices_check_reads_only_the_entries_since_its_last_step(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server checks each entry against the event as its log makes it: a device reads
    the whole log once, then only the entries written since its last step (another
    device's too), and still refuses what no longer fits."""
    from tablelife.store import server
    from tablelife.store.server import LogConflictError

    a, b = _journal(db.url("desk")), _journal(db.url("desk2"))
    event = a.new_tournament("Friday", SETTINGS)
    a.log(event, "team_added", {"team": "A & A"})
    whole: list[int] = []
    load = server.load_event

    def counted(journal: Any, event_id: int) -> Any:
        whole.append(event_id)
        return load(journal, event_id)

    monkeypatch.setattr(server, "load_event", counted)
    b.log(event, "team_added", {"team": "B & B"})  # the second device's first step: whole
    assert whole == [event]
    a.log(event, "team_added", {"team": "C & C"})  # the first reads B & B's entry alone
    with pytest.raises(LogConflictError, match="already a team called B & B"):
        a.log(event, "team_added", {"team": "B & B"})
    assert whole == [event]
    assert [e.data["team"] for e in b.tournament_log(event)] == ["A & A", "B & B", "C & C"]
    a.close()
    b.close()

"""Many games in one journal (issue 7): games at an event's rounds and tables, many unfinished
at once, the events (tournaments) themselves and their logs, one journal shared by all."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tablelife.rules import Concede, Damage, PassTurn
from tablelife.store import (
    BadDataError,
    Journal,
    UnknownGameError,
    UnknownTournamentError,
    export_json,
    import_json,
    open_journal,
    replay,
    sqlite_file,
)
from tests.store.conftest import FFA, GIANT

REPO = Path(__file__).resolve().parents[2]
SETTINGS = {"format": "2hg", "rounds": 3, "best_of": 1, "minutes": 50}


def _event_with_tables(journal: Journal, tables: int = 3) -> tuple[int, list[int]]:
    tid = journal.new_tournament("Friday 2HG", SETTINGS, when=1000.0)
    games = [
        journal.new_game(GIANT, tournament=tid, round=1, table=t) for t in range(tables, 0, -1)
    ]
    return tid, games


# ----- games at an event --------------------------------------------------------------------


def test_a_game_at_an_event_knows_its_round_and_table(journal: Journal) -> None:
    tid, (_third, _second, first) = _event_with_tables(journal)
    row = journal.game(first)
    assert (row.tournament_id, row.round, row.table) == (tid, 1, 1)
    assert not row.kitchen and not row.imported
    kitchen = journal.game(journal.new_game(FFA))
    assert (kitchen.tournament_id, kitchen.round, kitchen.table) == (None, None, None)
    assert kitchen.kitchen


@pytest.mark.parametrize(
    "placement",
    [
        {"tournament": 1},
        {"round": 1, "table": 2},
        {"tournament": 1, "round": 0, "table": 1},
        {"tournament": 1, "round": 1, "table": -3},
        {"tournament": 1, "round": True, "table": 1},
    ],
)
def test_a_half_or_wrong_placement_is_a_bug(journal: Journal, placement: dict[str, int]) -> None:
    journal.new_tournament("Night", {})
    with pytest.raises(ValueError):
        journal.new_game(GIANT, **placement)  # type: ignore[arg-type]
    assert journal.games() == []


def test_a_game_at_an_unknown_event_is_refused(journal: Journal) -> None:
    with pytest.raises(UnknownTournamentError, match="There is no event 9 in the journal"):
        journal.new_game(GIANT, tournament=9, round=1, table=1)
    assert journal.games() == []


def test_many_unfinished_games_at_once(journal: Journal) -> None:
    """Starting a kitchen game no longer abandons another: each stays unfinished, and the
    desk lists an event's tables while the kitchen lists its own games."""
    tid, (third, second, first) = _event_with_tables(journal)
    a = journal.new_game(GIANT)
    b = journal.new_game(FFA)
    journal.append(a, "apply", [Damage(0, 2)])
    imported = import_json(journal, export_json(journal, b))
    other = journal.new_tournament("Saturday", SETTINGS)
    journal.new_game(FFA, tournament=other, round=2, table=1)

    kitchen, problems = journal.unfinished_games()
    assert [g.id for g in kitchen] == [a, b] and problems == []  # last played first
    at_event, _ = journal.unfinished_games(tid)
    assert [(g.round, g.table) for g in at_event] == [(1, 1), (1, 2), (1, 3)]
    assert [g.id for g in at_event] == [first, second, third]
    assert imported not in [g.id for g in kitchen]

    journal.finish(second, {"status": ["won", "lost"], "winners": [0]})
    assert [g.id for g in journal.unfinished_games(tid)[0]] == [first, third]
    assert [g.id for g in journal.tournament_games(tid)[0]] == [first, second, third]
    assert journal.unfinished_games(99) == ([], [])


def test_last_unfinished_is_only_ever_a_kitchen_game(journal: Journal) -> None:
    kitchen = journal.new_game(GIANT)
    _tid, tables = _event_with_tables(journal)
    for gid in tables:  # the event's tables are played after the kitchen game
        journal.append(gid, "apply", [Damage(0, 1)])
    import_json(journal, export_json(journal, kitchen))  # and a game is imported last
    assert journal.last_unfinished() == journal.game(kitchen)
    journal.finish(kitchen, {"status": ["won", "lost"], "winners": [0]})
    assert journal.last_unfinished() is None


def test_a_second_game_at_the_same_table(journal: Journal) -> None:
    """MTR 9.1: a drawn 2HG game is replayed at the same table while time allows."""
    tid = journal.new_tournament("2HG", SETTINGS)
    first = journal.new_game(GIANT, tournament=tid, round=1, table=4)
    journal.finish(first, {"status": ["drawn", "drawn"], "winners": []})
    again = journal.new_game(GIANT, tournament=tid, round=1, table=4)
    assert [g.id for g in journal.tournament_games(tid)[0]] == [first, again]
    assert [g.id for g in journal.unfinished_games(tid)[0]] == [again]


def test_one_journal_shared_by_many_tables(journal: Journal) -> None:
    """Models of many tables append to one journal in any order; each game keeps its own
    numbering, history and chain."""
    _tid, games = _event_with_tables(journal, tables=8)
    for turn in range(5):
        for n, gid in enumerate(games):
            if (turn + n) % 3:
                journal.append(gid, "apply", [Damage(n % 4, 1)])
            else:
                journal.append(gid, "apply", [PassTurn()])
    for n, gid in enumerate(games):
        events = journal.events(gid)
        assert [e.seq for e in events] == [1, 2, 3, 4, 5]
        assert all(e.game_id == gid for e in events)
        hits = sum(1 for turn in range(5) if (turn + n) % 3)
        team = 0 if n % 4 < 2 else 1
        assert replay(journal.game(gid), events).state.teams[team].life == 30 - hits
    assert journal.verify_all() == []


# ----- the events (tournaments) themselves --------------------------------------------------


def test_events_and_their_logs(journal: Journal) -> None:
    first = journal.new_tournament("Friday 2HG", SETTINGS, when=1000.0)
    second = journal.new_tournament("Commander night", {"format": "commander:4"}, when=900.0)
    assert [t.id for t in journal.tournaments()] == [second, first]  # newest made first
    row = journal.tournament(first)
    assert (row.name, row.settings, row.created, row.finished) == (
        "Friday 2HG",
        SETTINGS,
        1000.0,
        None,
    )
    assert journal.log(first, "team", {"name": "Ann & Bob"}, when=1001.0) == 1
    assert journal.log(first, "team", {"name": "Cat & Dan"}, when=1002.0) == 2
    assert journal.log(first, "clock.start", when=1003.0) == 3
    assert journal.log(second, "team", {"name": "Eve"}) == 1
    log = journal.tournament_log(first)
    assert [(e.seq, e.time, e.kind, e.data) for e in log] == [
        (1, 1001.0, "team", {"name": "Ann & Bob"}),
        (2, 1002.0, "team", {"name": "Cat & Dan"}),
        (3, 1003.0, "clock.start", {}),
    ]
    assert all(len(e.checksum) == 64 for e in log)
    journal.finish_tournament(first, when=2000.0)
    assert journal.tournament(first).is_finished and journal.tournament(first).finished == 2000.0
    journal.reopen_tournament(first)
    assert not journal.tournament(first).is_finished
    assert journal.verify_tournament(first) is None and journal.verify_all() == []


@pytest.mark.parametrize("kind", ["", "Team", "team added", "x" * 41, "1st", 3])
def test_a_log_kind_of_the_wrong_shape_is_a_bug(journal: Journal, kind: object) -> None:
    tid = journal.new_tournament("Night", {})
    with pytest.raises(ValueError, match="kind"):
        journal.log(tid, kind, {})  # type: ignore[arg-type]
    assert journal.tournament_log(tid) == []


@pytest.mark.parametrize("data", [["a list"], {"when": {1, 2}}, {"x": float("nan")}])
def test_log_data_that_is_not_a_json_object_is_a_bug(journal: Journal, data: object) -> None:
    tid = journal.new_tournament("Night", {})
    with pytest.raises((TypeError, ValueError)):
        journal.log(tid, "result", data)  # type: ignore[arg-type]
    assert journal.tournament_log(tid) == []


@pytest.mark.parametrize(
    ("name", "settings", "message"),
    [
        ("  ", {}, "name: an event needs a name"),
        ("Bad \ud800", {}, "name: holds a character that can't be stored"),
        ("Night", {"teams": ["Ann \udfff"]}, "settings: holds a character that can't be stored"),
    ],
)
def test_a_person_s_bad_event_is_refused_in_words(
    journal: Journal, name: str, settings: dict[str, object], message: str
) -> None:
    with pytest.raises(BadDataError, match=message):
        journal.new_tournament(name, settings)
    assert journal.tournaments() == []


def test_unknown_events(journal: Journal) -> None:
    for call in (
        lambda: journal.tournament(5),
        lambda: journal.tournament_log(5),
        lambda: journal.log(5, "team", {}),
        lambda: journal.finish_tournament(5),
        lambda: journal.verify_tournament(5),
    ):
        with pytest.raises(UnknownTournamentError, match="There is no event 5"):
            call()


def test_an_event_s_log_is_append_only(journal: Journal) -> None:
    tid = journal.new_tournament("Night", {})
    journal.log(tid, "team", {"name": "A"})
    for sql in (
        "UPDATE tournament_log SET kind = 'x'",
        "DELETE FROM tournament_log",
        "DELETE FROM tournaments",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            journal.connection.execute(sql)
    assert len(journal.tournament_log(tid)) == 1


_KILLED_WRITER = """
import sys, time
from pathlib import Path
from tablelife.rules import Damage
from tablelife.store import open_journal
from tests.store.conftest import GIANT
journal = open_journal(Path(sys.argv[1])).journal
tid = journal.new_tournament("Friday", {"rounds": 3})
for name in ("A", "B", "C", "D"):
    journal.log(tid, "team", {"name": name})
journal.log(tid, "pairing", {"round": 1, "tables": [["A", "B"], ["C", "D"]]})
games = [journal.new_game(GIANT, tournament=tid, round=1, table=t) for t in (1, 2)]
journal.log(tid, "clock.start", {"minutes": 50})
for gid in games:
    journal.append(gid, "apply", [Damage(0, 3)])
print("done", tid, *games, flush=True)
time.sleep(60)
"""


def test_an_event_comes_back_whole_after_a_sigkill(tmp_path: Path) -> None:
    """The desk and the `tablelife event` commands rebuild everything from the journal."""
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    with subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(data)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert line[0] == "done", line
    tid, *games = map(int, line[1:])
    opened = open_journal(data)
    assert opened.message is None and opened.journal is not None
    with opened.journal as journal:
        assert journal.recovered  # the -wal it left says the last run did not close cleanly
        assert [t.id for t in journal.tournaments()] == [tid]
        assert [e.kind for e in journal.tournament_log(tid)] == [
            "team",
            "team",
            "team",
            "team",
            "pairing",
            "clock.start",
        ]
        assert [g.id for g in journal.unfinished_games(tid)[0]] == games
        assert all(len(journal.events(g)) == 1 for g in games)
        assert journal.verify_all() == []


# ----- integrity checks ---------------------------------------------------------------------


def test_the_routine_open_runs_the_quick_check_and_a_crash_the_full_one(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[bool] = []
    real = sqlite_file.integrity

    def spy(conn: sqlite3.Connection, *, full: bool) -> str | None:
        checks.append(full)
        return real(conn, full=full)

    open_journal(data_dir).journal.close()  # type: ignore[union-attr]  # made (and checked)
    monkeypatch.setattr(sqlite_file, "integrity", spy)
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        gid = j.new_game(GIANT)
        assert not j.recovered
        # Left open, as a crash leaves it: its -wal holds data.
        j.connection.execute("PRAGMA wal_autocheckpoint = 0")
        j.append(gid, "apply", [Concede(0)])
        assert Path(f"{j.path}-wal").stat().st_size > 0
        crashed = data_dir.parent / "crashed"
        crashed.mkdir()
        for suffix in ("", "-wal", "-shm"):
            (crashed / f"{j.path.name}{suffix}").write_bytes(Path(f"{j.path}{suffix}").read_bytes())
        assert j.check() is None and j.check(full=True) is None
    assert checks == [False, False, True]
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        assert not j.recovered  # closed cleanly
    with open_journal(crashed).journal as j:  # type: ignore[union-attr]
        assert j.recovered and len(j.events(gid)) == 1
    assert checks == [False, False, True, False, True]


def test_unknown_game_still_named(journal: Journal) -> None:
    for call in (lambda: journal.load(7), lambda: journal.verify(7)):
        with pytest.raises(UnknownGameError):
            call()

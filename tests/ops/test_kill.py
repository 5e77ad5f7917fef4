"""A step is whole or not at all (DESIGN.md, "Operations"): SIGKILLed after any of its
writes and before its commit, `event new` with 1,024 teams, `event pair` and the result that
ends the event leave either nothing of the step or all of it, and `tablelife verify` finds
nothing wrong. The moment is the Nth journal write, chosen at random (seeded), not a timer."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tablelife.store import open_journal

REPO = Path(__file__).resolve().parents[2]
TEAMS = 1024


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv], cwd=REPO, capture_output=True, text=True, timeout=600
    )


def _killed_after(writes: int, data_dir: Path, *command: str) -> None:
    done = _run("-m", "tests.ops.kill_step", str(writes), str(data_dir), *command)
    assert done.returncode == -signal.SIGKILL, done.stderr


def _event(data_dir: Path, *command: str) -> subprocess.CompletedProcess[str]:
    done = _run("-m", "tablelife", "event", *command, "--data-dir", str(data_dir))
    assert done.returncode == 0, done.stderr
    return done


def _log(data_dir: Path) -> list[list[tuple[str, Any]]]:
    """Each event's log, as (kind, data)."""
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None, opened.message
    with opened.journal as journal:
        return [
            [(e.kind, e.data) for e in journal.tournament_log(t.id)]
            for t in reversed(journal.tournaments())
        ]


def _verified(data_dir: Path) -> None:
    done = _run("-m", "tablelife", "verify", "--data-dir", str(data_dir))
    assert done.returncode == 0 and "check out" in done.stdout, done.stdout + done.stderr


def test_event_new_with_1024_teams_is_all_or_nothing(tmp_path: Path) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("".join(f"Team {n} & Partner {n}\n" for n in range(TEAMS)), "utf-8")
    rng = random.Random(23)
    # The first write (the event's row), the last (the 1,024th team), and moments between.
    moments = [1, 2, TEAMS + 1, *rng.sample(range(3, TEAMS + 1), 3)]
    data_dir = tmp_path / "data"
    _event(data_dir, "new", "Before", "--format", "2hg", "--teams", str(teams))
    for writes in moments:
        _killed_after(writes, data_dir, "new", "Big", "--format", "2hg", "--teams", str(teams))
        assert len(_log(data_dir)) == 1, f"killed after write {writes}: a partial event is left"
        _verified(data_dir)
    _event(data_dir, "new", "Big", "--format", "2hg", "--teams", str(teams))
    logs = _log(data_dir)
    assert len(logs) == 2 and len(logs[1]) == TEAMS


def test_pair_and_the_result_that_ends_the_event_are_all_or_nothing(tmp_path: Path) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("Ann & Bob\nCal & Dee\n", "utf-8")
    data_dir = tmp_path / "data"
    _event(data_dir, "new", "Tiny", "--format", "2hg", "--teams", str(teams), "--rounds", "1")
    before = _log(data_dir)
    _killed_after(1, data_dir, "pair", "--seed", "1")
    assert _log(data_dir) == before
    tables = json.loads(_event(data_dir, "pair", "--seed", "1", "--format", "json").stdout)
    paired = _log(data_dir)
    winner = tables[0]["teams"][0]
    # The last result writes the result, the "finished" entry and the event's end: killed
    # after each of the three, none of them stays.
    for writes in (1, 2, 3):
        _killed_after(writes, data_dir, "result", "1", winner)
        assert _log(data_dir) == paired, f"killed after write {writes}"
        _verified(data_dir)
    _event(data_dir, "result", "1", winner)
    assert [kind for kind, _data in _log(data_dir)[0][-2:]] == ["result", "finished"]
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as journal:
        assert journal.tournament(1).is_finished


def test_a_desk_table_s_game_end_and_its_next_game_are_all_or_nothing(tmp_path: Path) -> None:
    """The step that ends game 1 of a best-of-three match writes the game's event, its end,
    game 2 and the event's record of it: killed after any of them, none stays; let through,
    all four do."""
    for writes in (1, 2, 3, 4, 99):
        data_dir = tmp_path / f"after-{writes}"
        done = _run("-m", "tests.ops.kill_desk_step", str(writes), str(data_dir))
        assert done.returncode == (0 if writes == 99 else -signal.SIGKILL), done.stderr
        opened = open_journal(data_dir, readonly=True)
        assert opened.journal is not None
        with opened.journal as journal:
            games = sorted(journal.games(), key=lambda g: g.id)
            events = [len(journal.events(g.id)) for g in games]
            log = [e.kind for e in journal.tournament_log(1)]
        if writes == 99:
            assert events == [2, 0] and games[0].ended is not None
            assert log[-2:] == ["game", "game"]
        else:
            assert events == [1] and games[0].ended is None, f"killed after write {writes}"
            assert log[-1] == "game" and log.count("game") == 1
        _verified(data_dir)

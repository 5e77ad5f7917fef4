"""A store night from the command line and the event core (issue 25): a finished event's
clock, and Two-Headed Giant teams of two."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.cli.event import _standings_text, clock_data
from tablelife.tournament import Standing
from tablelife.tournament.event import EventSettings, replay
from tablelife.tournament.standings import decisive_decimals

T0 = 1_800_000_000.0


def test_a_finished_event_s_clock_exports_as_stopped() -> None:
    """Once the last result is in, the export's clock no longer counts down: the same
    seconds left at every export, however much later (it went on counting, as if running)."""
    teams = ["Ann & Bob", "Cal & Dee"]
    records = [
        *(("team_added", {"team": t}, T0) for t in teams),
        ("round_paired", {"round": 1, "tables": [teams]}, T0),
        ("clock", {"op": "start"}, T0),
        (
            "result",
            {"round": 1, "table": 1, "outcomes": {teams[0]: "win", teams[1]: "loss"}},
            T0 + 600,
        ),
        ("finished", {}, T0 + 600),
    ]
    event = replay(EventSettings("Night", rounds=1), records)
    assert event.finished
    stopped = {"minutes": 50, "running": False, "remaining_s": 40 * 60}
    assert clock_data(event, T0 + 700) == stopped
    assert clock_data(event, T0 + 9 * 3600) == stopped
    # A result taken back: the round plays on, and its clock with it.
    event.apply("result_cleared", {"round": 1, "table": 1}, T0 + 900)
    assert clock_data(event, T0 + 1200) == {"minutes": 50, "running": True, "remaining_s": 30 * 60}


def _event(argv: list[str], data_dir: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli_main(["event", *argv, "--data-dir", str(data_dir)], None)
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (
            "Ann & Bob\nCal & Dee & Eve\n",
            "line 2 of {}: the team 'Cal & Dee & Eve' names 3 players",
        ),
        ("Ann & Bob\n\nCal\n", "line 3 of {}: the team 'Cal' names one player"),
    ],
)
def test_a_two_headed_giant_team_is_two_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: str, words: str
) -> None:
    """A line of three names (or one) was taken as a Two-Headed Giant team; it is refused
    with its line, and nothing is created (CR 810.1: a team is two players)."""
    teams = tmp_path / "teams.txt"
    teams.write_text(lines, "utf-8")
    data_dir = tmp_path / "data"
    code, err = _event(["new", "E", "--format", "2hg", "--teams", str(teams)], data_dir, capsys)
    assert code == 2 and words.format(teams) in err and err.count("\n") == 1
    assert not data_dir.exists()
    code, err = _event(["new", "E", "--format", "duel", "--teams", str(teams)], data_dir, capsys)
    assert code == 0  # in a two-player event a line names a player, however it is written


def test_a_late_two_headed_giant_team_is_two_players_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("Ann & Bob\nCal & Dee\n", "utf-8")
    data_dir = tmp_path / "data"
    assert _event(["new", "E", "--format", "2hg", "--teams", str(teams)], data_dir, capsys)[0] == 0
    code, err = _event(["add", "Eve & Fay & Gus"], data_dir, capsys)
    assert code == 2 and "names 3 players" in err
    assert _event(["add", "Eve & Fay"], data_dir, capsys)[0] == 0


def _line(team: str, points: int, omw: float) -> Standing:
    return Standing(team, points, (1, 1, 0), 0.5, omw, 0.5, 0.5)


def test_tiebreakers_show_the_digits_that_decided_a_place() -> None:
    """Two teams on 3 points, put in order by OMW 56.25% against 56.17%: shown with one
    decimal both read 56.2%. As many decimals as tell them apart, where it matters."""
    rows = [_line("A", 6, 0.7), _line("B", 3, 0.5625), _line("C", 3, 0.5617), _line("D", 0, 0.3)]
    assert decisive_decimals(rows, least=1) == 2
    assert decisive_decimals(rows) == 2
    close = [_line("A", 3, 0.56251), _line("B", 3, 0.56249)]
    assert decisive_decimals(close) == 3
    apart = [_line("A", 3, 0.5625), _line("B", 0, 0.5624)]  # points decided: no need
    assert decisive_decimals(apart, least=1) == 1
    event = replay(EventSettings("Night", rounds=1), [])
    text = _standings_text(event, [replace(s, rank=i) for i, s in enumerate(rows, 1)])
    assert " 56.25 " in text and " 56.17 " in text

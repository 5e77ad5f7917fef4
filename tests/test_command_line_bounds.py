"""Arguments that used to end in a traceback or a 100 KB line (issue 28, items 3 and 5): ids of
2^63 or more are refused in one line, and no message quotes more than a short piece of what it
was given, whichever command, window or desk, reads it."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from tablelife.cli import MAX_LINE, cli_main

HUGE = "99999999999999999999999"
JUST_TOO_LARGE = str(2**63)
LONG = "N" * 100_000


@pytest.fixture
def folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A data folder with an event whose first round is paired, and its teams file."""
    data = tmp_path / "data"
    teams = tmp_path / "teams.txt"
    teams.write_text("Ann & Bob\nCal & Dee\nEve & Fay\nGus & Hal\n")
    assert cli_main(["event", "new", "Fri", "--format", "2hg", "--teams", str(teams)], data) == 0
    assert cli_main(["event", "pair", "--seed", "1"], data) == 0
    capsys.readouterr()
    return data


def _one_line(argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code = cli_main(argv, folder)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (argv[:3], err[:200])
    assert err.count("\n") == 1 and err.endswith("\n"), err[:200]
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("number", [JUST_TOO_LARGE, HUGE, f"-{HUGE}"])
@pytest.mark.parametrize(
    "argv",
    [
        ["export", "--game", "{n}"],
        ["event", "standings", "--event", "{n}"],
        ["event", "export", "--event", "{n}"],
        ["event", "pair", "--event", "{n}"],
        ["event", "pair", "--seed", "{n}"],
        ["event", "result", "{n}", "draw"],
        ["event", "result", "1", "draw", "--round", "{n}"],
        ["event", "drop", "Ann & Bob", "--event", "{n}"],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--rounds", "{n}"],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--minutes", "{n}"],
    ],
)
def test_ids_and_numbers_past_what_the_journal_holds_are_refused_in_one_line(
    argv: list[str], number: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _one_line([a.replace("{n}", number) for a in argv], folder, capsys)
    assert "larger than any there can be" in err or "must be a whole number from" in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["event", "new", "x", "--format", LONG, "--teams", "t"],
        ["event", "new", "x", "--format", "ffa:" + "9" * 5000, "--teams", "t"],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--rounds", LONG],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--minutes", LONG],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--best-of", LONG],
        ["event", "new", "x", "--format", "2hg", "--teams", "t", "--top", LONG],
        ["event", "new", LONG, "--format", "2hg", "--teams", "t"],
        ["event", "result", LONG, "draw"],
        ["event", "result", "1", LONG],
        ["event", "result", "1", "draw", "--games", LONG],
        ["event", "pair", "--event", LONG],
        ["event", "pair", "--seed", LONG],
        ["event", "standings", "--format", LONG],
        ["event", LONG],
        ["export", "--game", LONG],
        ["export", "--format", LONG],
        [LONG],
    ],
)
def test_no_message_quotes_a_whole_long_argument(
    argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _one_line(argv, folder, capsys)
    assert err.count("N") <= 200, len(err)


def _window_args(argv: list[str]) -> object:
    from tablelife.gui import parse_args

    return parse_args(argv)


def _desk_args(argv: list[str]) -> object:
    from tablelife.deskapp import parse_args

    return parse_args(argv)


@pytest.mark.parametrize("parse", [_window_args, _desk_args])
@pytest.mark.parametrize(
    "argv",
    [[LONG], ["--lang", LONG], ["--data-dir"], ["--data-dir", "d", LONG, LONG]],
)
def test_the_window_s_and_the_desk_s_usage_errors_are_short(
    parse: Callable[[list[str]], object], argv: list[str]
) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exited:
        parse(argv)
    assert exited.value.code == 2
    assert len(err.getvalue()) < MAX_LINE, len(err.getvalue())
    assert err.getvalue().splitlines()[-1].startswith("tablelife")


@pytest.mark.parametrize(
    ("parse", "argv"),
    [
        (_desk_args, ["--event", HUGE]),
        (_desk_args, ["--event", JUST_TOO_LARGE]),
        (_window_args, ["--players", HUGE, "--screenshot", "x.png"]),
        (_window_args, ["--players", "0", "--screenshot", "x.png"]),
    ],
)
def test_the_desk_and_the_window_refuse_numbers_they_cant_use(
    parse: Callable[[list[str]], object], argv: list[str]
) -> None:
    """Before: the desk looked the event up and ended in an OverflowError traceback, and a
    screenshot of 10^22 players in another."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exited:
        parse(argv)
    assert exited.value.code == 2
    last = err.getvalue().splitlines()[-1]
    assert "larger than any there can be" in last or "from 1 to 64" in last, last

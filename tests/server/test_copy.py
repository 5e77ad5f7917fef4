"""`tablelife event copy --to URL` / `--from URL`: an event with its games, between a data
folder and a server, every row as it is, checksums kept; the same event already there is
refused, as is an id that is another's there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablelife.main import main
from tablelife.model.event_model import EventModel
from tablelife.ops.event import new_event
from tablelife.rules import Damage
from tablelife.store import open_journal
from tablelife.tournament.event import EventSettings
from tests.server.conftest import Database

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _evening_in(folder: Path) -> int:
    """An event with a tracked table (a game with events), results and a drop."""
    opened = open_journal(folder)
    assert opened.journal is not None
    with opened.journal as journal:
        event_id = new_event(journal, EventSettings("Friday", format="2hg", rounds=3), TEAMS)
        model = EventModel(journal, event_id, clock=lambda: 1_800_000_000.0)
        try:
            assert model.pair_next()
            game = model.open_game(1)
            assert game is not None
            game.submit(Damage(0, 3))
            game.submit(Damage(2, 5))
            model.set_result(2, 0)
        finally:
            model.deleteLater()
    return event_id


def _exported(where: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run(["event", "export", *where], capsys)
    assert code == 0, err
    data = json.loads(out)
    data.pop("clock")
    return data  # type: ignore[no-any-return]


def test_an_event_goes_to_a_server_and_back_with_its_checksums(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "laptop"
    event_id = _evening_in(folder)
    here = ["--data-dir", str(folder)]
    code, out, err = run(["event", "copy", "--to", db.url("desk"), *here], capsys)
    assert (code, err) == (0, "")
    assert out.startswith(f"Copied event {event_id} ('Friday') to the server ")
    assert "1 game with 2 events, checksums kept." in out
    server = ["--server", db.url("judge")]
    assert _exported(server, capsys) == _exported(here, capsys)
    assert run(["verify", *server], capsys)[0] == 0
    game_here = run(["export", "--game", "1", *here], capsys)[1]
    game_there = run(["export", "--game", "1", *server], capsys)[1]
    assert json.loads(game_there)["events"] == json.loads(game_here)["events"]  # checksums too
    code, out, err = run(["event", "copy", "--to", db.url("desk"), *here], capsys)
    assert (code, out) == (2, "")
    assert "Event 1 is already in the journal on the server" in err
    assert "Nothing was copied." in err
    back = tmp_path / "archive"
    code, out, _ = run(
        ["event", "copy", "--from", db.url("judge"), "--data-dir", str(back)], capsys
    )
    assert code == 0 and f"to {back}:" in out
    assert _exported(["--data-dir", str(back)], capsys) == _exported(here, capsys)
    assert run(["verify", "--data-dir", str(back)], capsys)[0] == 0


def test_an_id_that_is_another_events_there_is_refused(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    new = ["event", "new", "Saturday", "--format", "duel", "--teams", str(teams)]
    assert run([*new, "--server", db.url("desk")], capsys)[0] == 0
    folder = tmp_path / "laptop"
    _evening_in(folder)
    code, out, err = run(
        ["event", "copy", "--to", db.url("desk"), "--data-dir", str(folder)], capsys
    )
    assert (code, out) == (2, "")
    assert "has another event with the id 1" in err and err.count("\n") == 1
    code, out, _ = run(["event", "list", "--server", db.url("judge")], capsys)
    assert "Saturday" in out and "Friday" not in out  # nothing half-copied


def test_copy_takes_one_direction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["event", "copy", "--data-dir", str(tmp_path)], capsys)
    assert code == 2 and "one of the arguments --to --from is required" in err
    code, _, err = run(["event", "copy", "--to", "x", "--from", "y"], capsys)
    assert code == 2 and "not allowed with argument" in err

"""The desk's `EventModel` and `tablelife event` take steps the same way (`take_step`), so an
event can move between them mid-round and each sees what the other did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tablelife.cli import cli_main
from tablelife.model.event_model import EventModel
from tablelife.store import open_journal


def _cli(data: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli_main(["event", *argv, "--data-dir", str(data)], None)
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def test_an_event_moves_between_the_command_line_and_the_desk_mid_round(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    teams = tmp_path / "teams.txt"
    teams.write_text("A & B\nC & D\nE & F\nG & H\n", encoding="utf-8")
    _cli(data, capsys, "new", "Night", "--format", "2hg", "--teams", str(teams))
    tables = json.loads(_cli(data, capsys, "pair", "--seed", "5", "--format", "json"))

    opened = open_journal(data)
    assert opened.journal is not None
    with opened.journal as journal:
        model = EventModel(journal, 1, idle_ms=3_600_000)
        assert [t.teams for t in model.tournament.rounds[0].tables] == [
            tuple(t["teams"]) for t in tables
        ]
        assert model.set_result(1, 1)  # the desk: "1 result b"
        model.deleteLater()

    _cli(data, capsys, "result", "2", tables[1]["teams"][0])  # the command line
    table = json.loads(_cli(data, capsys, "standings", "--format", "json"))
    winners = {tables[0]["teams"][1], tables[1]["teams"][0]}
    assert {s["team"] for s in table if s["points"] == 3} == winners

    opened = open_journal(data)
    assert opened.journal is not None
    with opened.journal as journal:
        model = EventModel(journal, 1, idle_ms=3_600_000)
        assert model.tournament.current is not None and model.tournament.current.finished
        assert model.pair_next(seed=6)  # Ctrl+P
        model.deleteLater()
    assert len(json.loads(_cli(data, capsys, "export"))["rounds"]) == 2

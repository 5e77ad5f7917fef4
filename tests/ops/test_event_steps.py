"""The event's steps in `tablelife.ops.event`, as the desk and the command line share them:
corrections to earlier rounds (a Swiss one stands beside the later pairings and says so; a
top-cut one that changes who went on is refused while the match they went on to exists), and
the champion of a top cut is the winner of the final by the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.store import open_journal
from tablelife.store.events import load_event
from tablelife.tournament.event import EventSettings, replay

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Fay", "Gus & Hal"]


def event(data_dir: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main(["event", *argv, "--data-dir", str(data_dir)], None)
    out, err = capsys.readouterr()
    return code, out, err


def pair(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> list[list[str]]:
    code, out, err = event(data_dir, capsys, "pair", "--seed", "3", "--format", "json")
    assert code == 0, err
    return [t["teams"] for t in json.loads(out)]


def won(data_dir: Path, capsys: pytest.CaptureFixture[str], table: int, team: str) -> None:
    code, _out, err = event(data_dir, capsys, "result", str(table), team)
    assert code == 0, err


def loaded(data_dir: Path) -> Any:
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as journal:
        return load_event(journal, 1)


@pytest.fixture
def top4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, list[list[str]]]:
    """A duel event of one Swiss round and a top 4, its final paired: the data folder and the
    semifinals' tables."""
    data_dir = tmp_path / "data"
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS), "utf-8")
    code, _out, err = event(
        data_dir, capsys, "new", "Top", "--format", "duel", "--teams", str(teams),
        "--rounds", "1", "--top", "4",
    )  # fmt: skip
    assert code == 0, err
    for number, (a, _b) in enumerate(pair(data_dir, capsys), 1):
        won(data_dir, capsys, number, a)
    semis = pair(data_dir, capsys)
    for number, (a, _b) in enumerate(semis, 1):
        won(data_dir, capsys, number, a)
    assert pair(data_dir, capsys) == [[semis[0][0], semis[1][0]]]
    return data_dir, semis


def test_a_top_cut_correction_that_changes_who_went_on_is_refused(
    top4: tuple[Path, list[list[str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir, semis = top4
    before = loaded(data_dir).records
    code, out, err = event(data_dir, capsys, "result", "1", semis[0][1], "--round", "2")
    assert (code, out) == (2, "")
    assert "decided who plays in round 3" in err
    assert loaded(data_dir).records == before


def test_a_top_cut_correction_that_keeps_who_went_on_is_taken(
    top4: tuple[Path, list[list[str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir, semis = top4
    code, _out, err = event(
        data_dir, capsys, "result", "1", semis[0][0], "--round", "2", "--games", "1-0"
    )
    assert code == 0, err
    assert "who went on is unchanged" in err
    assert dict(loaded(data_dir).rounds[1].table(1).result.games)[semis[0][0]] == (1, 0, 0)


def test_the_champion_is_the_final_s_winner(
    top4: tuple[Path, list[list[str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir, semis = top4
    finalist, champion = semis[0][0], semis[1][0]
    won(data_dir, capsys, 1, champion)
    standings = loaded(data_dir).standings()
    assert [s.team for s in standings[:2]] == [champion, finalist]


def test_an_older_journal_s_late_top_cut_correction_still_crowns_the_final_s_winner() -> None:
    """A semifinal corrected after the final was paired (accepted before this check): the
    final was played by the team that lost the semifinal by the record, and it won. The
    standings put the final's winner first and its loser second, whatever the semifinal says."""
    settings = EventSettings(name="Old", format="duel", rounds=1, top=4)
    a, b, c, d = TEAMS
    records: list[tuple[str, dict[str, Any], float]] = [
        *[("team_added", {"team": t}, 1.0) for t in TEAMS],
        ("round_paired", {"round": 1, "tables": [[a, b], [c, d]]}, 2.0),
        ("result", {"round": 1, "table": 1, "outcomes": {a: "draw", b: "draw"}}, 3.0),
        ("result", {"round": 1, "table": 2, "outcomes": {c: "win", d: "loss"}}, 3.0),
        ("round_paired", {"round": 2, "tables": [[a, d], [c, b]], "elimination": True}, 4.0),
        ("result", {"round": 2, "table": 1, "outcomes": {a: "win", d: "loss"}}, 5.0),
        ("result", {"round": 2, "table": 2, "outcomes": {c: "win", b: "loss"}}, 5.0),
        ("round_paired", {"round": 3, "tables": [[a, c]], "elimination": True}, 6.0),
        ("result", {"round": 2, "table": 1, "outcomes": {d: "win", a: "loss"}}, 7.0),
        ("result", {"round": 3, "table": 1, "outcomes": {c: "loss", a: "win"}}, 8.0),
    ]
    standings = replay(settings, records).standings()
    assert [s.team for s in standings[:2]] == [a, c]


def test_a_swiss_correction_after_later_rounds_stands_beside_their_pairings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = tmp_path / "data"
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS), "utf-8")
    code, _out, err = event(
        data_dir, capsys, "new", "Swiss", "--format", "2hg", "--teams", str(teams), "--rounds", "3"
    )
    assert code == 0, err
    first = pair(data_dir, capsys)
    for number, (a, _b) in enumerate(first, 1):
        won(data_dir, capsys, number, a)
    second = pair(data_dir, capsys)
    code, out, err = event(data_dir, capsys, "result", "1", first[0][1], "--round", "1")
    assert code == 0, err
    assert "(a correction" in out
    assert "their pairings stand" in err
    event_now = loaded(data_dir)
    assert [list(t.teams) for t in event_now.rounds[1].tables] == second
    assert event_now.rounds[0].table(1).result.outcomes[first[0][1]] == "win"


def test_the_last_result_of_the_last_round_finishes_the_event(tmp_path: Path) -> None:
    from tablelife.ops.changes import RefusedError
    from tablelife.ops.event import new_event, take_step

    journal = open_journal(tmp_path).journal
    assert journal is not None
    event_id = new_event(journal, EventSettings("Night", rounds=1), TEAMS[:2])
    event = load_event(journal, event_id)
    paired = {"round": 1, "tables": [TEAMS[:2]]}
    event = take_step(journal, event_id, event, "round_paired", paired).event
    outcomes = {TEAMS[0]: "win", TEAMS[1]: "loss"}
    done = take_step(
        journal, event_id, event, "result", {"round": 1, "table": 1, "outcomes": outcomes}
    )
    assert done.kinds == ("result", "finished") and done.finished
    event = done.event
    assert event.complete and event.finished
    assert journal.tournament(event_id).is_finished
    with pytest.raises(RefusedError, match="over"):
        take_step(journal, event_id, event, "team_added", {"team": "Late"})
    # Taking the result back re-opens it.
    event = take_step(journal, event_id, event, "result_cleared", {"round": 1, "table": 1}).event
    assert not event.finished and not journal.tournament(event_id).is_finished
    assert load_event(journal, event_id).rounds[0].tables[0].result is None
    journal.close()

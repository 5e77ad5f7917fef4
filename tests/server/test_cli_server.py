"""The command line on a server: `--server URL` or TABLELIFE_SERVER on every event command,
`list`, `export`, `import` and `verify`; the same steps give the same standings and export
on SQLite and PostgreSQL; --server with --data-dir is refused; without a server, psycopg is
never imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablelife.main import main
from tests.server.conftest import Database

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana", "Ivo & Jo", "Kai & Lu"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _evening(where: list[str], teams: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """One evening's steps through the command line at `where` (--data-dir or --server):
    pairings (a fixed and a skipped table; one round taken back and paired again), the round's
    pairings by name and by table, results, a correction, an earlier round's result, a drop,
    late teams with and without their missed round's loss, the tables changed, and a team
    back; what each printed."""
    said = []

    def step(*argv: str) -> str:
        code, out, err = run([*argv, *where], capsys)
        assert code == 0, (argv, err)
        said.append(out + err)
        return out

    def pair(seed: int) -> list[list[str]]:
        return [
            t["teams"]
            for t in json.loads(step("event", "pair", "--seed", str(seed), "--format", "json"))
        ]

    step(
        "event",
        "new",
        "Friday 2HG",
        "--format",
        "2hg",
        "--teams",
        str(teams),
        "--rounds",
        "3",
        "--fixed-table",
        f"{TEAMS[4]}=1",
        "--skip-tables",
        "7",
    )
    pair(6)
    step("event", "unpair")  # paired by mistake (issue 25): taken back, paired again
    first = pair(7)
    step("event", "pairings", "--format", "json")
    step("event", "pairings", "--by", "table")
    step("event", "result", "1", first[0][0])
    step("event", "result", "2", "draw")
    step("event", "result", "3", first[2][1], "--games", "1-0")
    step("event", "result", "2", first[1][1])  # a correction
    step("event", "drop", first[0][1])
    step("event", "add", "Max & Ned")  # its round missed: a match loss with no games
    step("event", "add", "Oli & Pia", "--no-losses")
    step("event", "settings", "--skip-tables", "7,8")
    second = pair(8)
    step("event", "result", "1", "draw")
    step("event", "result", "2", second[1][0])
    step("event", "return", first[0][1])
    step("event", "result", "3", first[2][0], "--round", "1")  # an earlier round corrected
    if len(second) > 3 and len(second[3]) == 2:  # not a bye
        step("event", "result", "4", second[3][0])
    step("event", "result", "3", second[2][0])
    pair(9)
    step("event", "standings")
    return said


def _timeless(data: dict[str, Any]) -> dict[str, Any]:
    data["log"] = [{k: v for k, v in e.items() if k != "time"} for e in data["log"]]
    data.pop("clock")  # a moment of its own
    return data


def test_the_same_steps_give_the_same_standings_and_export_on_sqlite_and_postgresql(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    on_file = ["--data-dir", str(tmp_path / "folder")]
    on_server = ["--server", db.url("desk")]
    assert _evening(on_file, teams, capsys) == _evening(on_server, teams, capsys)
    results = []
    for where in (on_file, on_server):
        standings = run(["event", "standings", "--format", "json", *where], capsys)
        export = run(["event", "export", *where], capsys)
        listed = run(["event", "list", "--format", "json", *where], capsys)
        assert standings[0] == export[0] == listed[0] == 0
        results.append((standings[1], _timeless(json.loads(export[1])), listed[1]))
    assert results[0] == results[1]
    assert len(results[0][1]["log"]) >= 20


def test_a_game_exported_from_a_folder_imports_to_a_server_and_back(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tablelife.rules import Damage
    from tablelife.store import open_journal
    from tests.store.conftest import GIANT

    opened = open_journal(tmp_path / "folder")
    assert opened.journal is not None
    with opened.journal as journal:
        game = journal.new_game(GIANT)
        journal.append(game, "apply", [Damage(0, 3)])
    exported = tmp_path / "game.json"
    folder = ["--data-dir", str(tmp_path / "folder")]
    assert run(["export", "-o", str(exported), *folder], capsys)[0] == 0
    server = ["--server", db.url("desk")]
    assert run(["import", str(exported), *server], capsys) == (
        0,
        f"Imported {exported} as game 1.\n",
        "",
    )
    code, out, _ = run(["import", str(exported), *server], capsys)
    assert code == 0 and "already imported as game 1" in out
    code, out, _ = run(["list", "--format", "json", "--server", db.url("judge")], capsys)
    assert code == 0 and [g["id"] for g in json.loads(out)] == [1]
    code, out, _ = run(["export", "--game", "1", "--server", db.url("judge")], capsys)
    again = tmp_path / "again.json"
    again.write_text(out, encoding="utf-8")
    keep = ("seq", "time", "kind", "changes")
    assert [{k: e[k] for k in keep} for e in json.loads(out)["events"]] == [
        {k: e[k] for k in keep} for e in json.loads(exported.read_text())["events"]
    ]
    code, out, _ = run(["verify", "--server", db.url("judge")], capsys)
    assert code == 0 and out.startswith("All 1 game in the server ")


COMMANDS = [
    ["list"],
    ["export"],
    ["import", "game.json"],
    ["verify"],
    ["event", "list"],
    ["event", "standings"],
    ["event", "export"],
    ["event", "pair"],
    ["event", "result", "1", "draw"],
    ["event", "drop", "Ann & Bob"],
    ["event", "return", "Ann & Bob"],
    ["event", "add", "Max & Ned"],
    ["event", "new", "X", "--format", "2hg", "--teams", "teams.txt"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_server_with_data_dir_is_refused(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "folder"
    argv = [*command, "--server", "host=/nowhere dbname=x", "--data-dir", str(folder)]
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err.endswith(
        ": --server and --data-dir name two different journals: give one of them.\n"
    )
    assert err.count("\n") == 1
    assert not folder.exists()  # nothing made


def test_the_variable_names_the_server_and_flags_beat_it(
    db: Database,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    monkeypatch.setenv("TABLELIFE_SERVER", db.url("desk"))
    new = ["event", "new", "On the server", "--format", "2hg", "--teams", str(teams)]
    assert run(new, capsys)[0] == 0
    folder = tmp_path / "folder"
    code, _, _ = run(
        [
            "event",
            "new",
            "In a folder",
            "--format",
            "2hg",
            "--teams",
            str(teams),
            "--data-dir",
            str(folder),
        ],
        capsys,
    )
    assert code == 0 and (folder / "tablelife.sqlite3").is_file()  # --data-dir beats the variable
    code, out, _ = run(["event", "list"], capsys)
    assert code == 0 and "On the server" in out and "In a folder" not in out
    monkeypatch.setenv("TABLELIFE_SERVER", "host=/nowhere port=1 dbname=gone")
    code, out, _ = run(["event", "list", "--server", db.url("judge")], capsys)
    assert code == 0 and "On the server" in out  # --server beats the variable
    code, _, err = run(["event", "list"], capsys)
    assert code == 1 and "can't reach the server /nowhere:1/gone" in err


def test_a_data_folder_never_imports_psycopg(tmp_path: Path) -> None:
    """Without a server nothing changes: not even psycopg is loaded."""
    env = {**os.environ, "TABLELIFE_DATA_DIR": str(tmp_path)}
    env.pop("TABLELIFE_SERVER", None)
    script = (
        "import sys\n"
        "from tablelife.main import main\n"
        "codes = [main(['list']), main(['event', 'list']), main(['verify'])]\n"
        "print(codes, sorted(m for m in sys.modules if m.startswith('psycopg')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.splitlines()[-1] == "[0, 0, 1] []"


def test_the_viewer_login_is_refused_writes_in_words(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "teams.txt"
    teams.write_text("\n".join(TEAMS) + "\n", encoding="utf-8")
    judge = ["--server", db.url("judge")]
    code, out, err = run(
        ["event", "new", "X", "--format", "2hg", "--teams", str(teams), *judge], capsys
    )
    assert (code, out) == (1, "")
    assert "may only read the journal on the server" in err and "Nothing was changed." in err
    assert err.count("\n") == 1

"""`tablelife event ...` for a store night's round 3: the pairings by name for the wall (text,
JSON, PDF and a picture of its first page), result slips, a round taken back, late entries'
missed rounds, and fixed and skipped table numbers."""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.store import FILE_NAME, open_journal

REPO = Path(__file__).resolve().parents[1]
TEAMS = ["Zoë & Ann", "émile & Bob", "Cal & Dee", "Gus & Hal", "Ida & Jon"]


@pytest.fixture(autouse=True)
def _the_suite_s_application_first(qapp: object) -> None:
    """Drawing a PDF in this process makes a QGuiApplication when there is none, as the
    command does; the suite's own QApplication is made first, so the widget tests that run
    after these still find one of theirs."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def teams_file(tmp_path: Path) -> Path:
    path = tmp_path / "teams.txt"
    path.write_text("\n".join(TEAMS) + "\n", "utf-8")
    return path


def event(
    argv: list[str], data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    code = cli_main(["event", *argv, "--data-dir", str(data_dir)], None)
    out, err = capsys.readouterr()
    return code, out, err


def ok(argv: list[str], data_dir: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = event(argv, data_dir, capsys)
    assert (code, err) == (0, ""), err
    return out


def snapshot(data_dir: Path) -> object:
    if not (data_dir / FILE_NAME).exists():
        return None
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        return [
            (t.settings, [(r.kind, r.data) for r in j.tournament_log(t.id)])
            for t in j.tournaments()
        ]


def refused(argv: list[str], data_dir: Path, capsys: pytest.CaptureFixture[str]) -> str:
    before = snapshot(data_dir)
    code, out, err = event(argv, data_dir, capsys)
    assert code == 2, (argv, out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert snapshot(data_dir) == before
    return err


def new(data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> None:
    ok(
        ["new", "Friday 2HG", "--format", "2hg", "--teams", str(teams_file), *extra],
        data_dir,
        capsys,
    )


def pair(data_dir: Path, capsys: pytest.CaptureFixture[str], seed: int = 5) -> list[Any]:
    found = json.loads(ok(["pair", "--seed", str(seed), "--format", "json"], data_dir, capsys))
    assert isinstance(found, list)
    return found


def export(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(ok(["export"], data_dir, capsys))


# ----- pairings by name ----------------------------------------------------------------------


def test_pairings_by_name_are_one_row_a_player_sorted_ignoring_case_and_accents(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    tables = pair(data_dir, capsys)
    rows = json.loads(ok(["pairings", "--format", "json"], data_dir, capsys))
    assert all(list(r) == ["player", "team", "table", "opponents"] for r in rows)
    players = [r["player"] for r in rows]
    assert players == ["Ann", "Bob", "Cal", "Dee", "émile", "Gus", "Hal", "Ida", "Jon", "Zoë"]
    seat = {team: t for t in tables for team in t["teams"]}
    for r in rows:
        table = seat[r["team"]]
        if len(table["teams"]) == 1:  # the bye: no table, nobody to play
            assert (r["table"], r["opponents"]) == (None, [])
        else:
            assert r["table"] == table["table"]
            assert r["opponents"] == [t for t in table["teams"] if t != r["team"]]
    # --by table is `event pair`'s JSON, exactly.
    assert json.loads(ok(["pairings", "--by", "table", "--format", "json"], data_dir, capsys)) == (
        tables
    )
    text = ok(["pairings"], data_dir, capsys)
    assert text.splitlines()[0] == "Friday 2HG \u00b7 round 1, Swiss \u00b7 by name:"
    assert re.search(r"^  émile\s+(table \d+|bye)\s+émile & Bob", text, re.M)
    by_table = ok(["pairings", "--by", "table"], data_dir, capsys)
    assert "Table 1: " in by_table and "(bye)" in by_table


def test_an_earlier_round_s_pairings_and_bad_asks(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    assert "No round has been paired" in refused(["pairings"], data_dir, capsys)
    first = pair(data_dir, capsys)
    for t in first:
        if len(t["teams"]) == 2:
            ok(["result", str(t["table"]), t["teams"][0]], data_dir, capsys)
    pair(data_dir, capsys)
    again = json.loads(
        ok(["pairings", "--round", "1", "--by", "table", "--format", "json"], data_dir, capsys)
    )
    assert again == first
    assert "no round 3" in refused(["pairings", "--round", "3"], data_dir, capsys)
    assert "needs -o" in refused(["pairings", "--format", "pdf"], data_dir, capsys)
    assert "--format pdf" in refused(
        ["pairings", "--format", "json", "-o", str(data_dir / "p.png")], data_dir, capsys
    )


# ----- on paper --------------------------------------------------------------------------------


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


def test_pairings_on_paper_a_page_per_column_of_names_and_a_picture_of_the_first(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 64 Two-Headed Giant teams: 128 names, more than one page holds.
    teams = tmp_path / "many.txt"
    teams.write_text("\n".join(f"P{i:03} & Q{i:03}" for i in range(64)), "utf-8")
    ok(["new", "Big", "--format", "2hg", "--teams", str(teams)], data_dir, capsys)
    pair(data_dir, capsys)
    pdf = tmp_path / "wall.pdf"
    ok(["pairings", "--format", "pdf", "-o", str(pdf), "--paper", "a4"], data_dir, capsys)
    assert _pdf_pages(pdf) == 7  # 21 names a page: big enough to read from a metre away
    assert re.search(rb"/MediaBox \[0 0 595(\.0*)? 842(\.0*)?\]", pdf.read_bytes())  # A4
    letter = tmp_path / "wall-letter.pdf"
    ok(["pairings", "-o", str(letter), "--paper", "letter"], data_dir, capsys)  # pdf from .pdf
    assert re.search(rb"/MediaBox \[0 0 612(\.0*)? 792(\.0*)?\]", letter.read_bytes())
    picture = tmp_path / "wall.png"
    ok(["pairings", "-o", str(picture), "--paper", "a4"], data_dir, capsys)
    assert _png_size(picture) == (909, 1286)  # A4's first page at 110 dots an inch
    by_table = tmp_path / "tables.pdf"
    ok(["pairings", "--by", "table", "-o", str(by_table), "--paper", "a4"], data_dir, capsys)
    assert _pdf_pages(by_table) == 2  # 32 tables


def test_result_slips_several_to_a_page_none_for_a_bye(
    tmp_path: Path, data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    assert "No round" in refused(["slips", "-o", str(tmp_path / "s.pdf")], data_dir, capsys)
    pair(data_dir, capsys)
    slips = tmp_path / "slips.pdf"
    ok(["slips", "-o", str(slips), "--paper", "a4"], data_dir, capsys)
    assert _pdf_pages(slips) == 1  # two tables (the bye has no slip): one page
    picture = tmp_path / "slips.png"
    ok(["slips", "-o", str(picture), "--paper", "letter"], data_dir, capsys)
    assert _png_size(picture) == (935, 1210)
    assert ".pdf file" in refused(["slips", "-o", str(tmp_path / "s.txt")], data_dir, capsys)
    assert "required" in refused(["slips"], data_dir, capsys)
    # Never over the journal, even through a link.
    link = tmp_path / "link.pdf"
    link.symlink_to(data_dir / FILE_NAME)
    assert "journal" in refused(["slips", "-o", str(link)], data_dir, capsys)


def test_forty_tables_of_slips_fill_pages_of_four(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "duel.txt"
    teams.write_text("\n".join(f"Player {i}" for i in range(80)), "utf-8")
    ok(["new", "Duel", "--format", "duel", "--teams", str(teams)], data_dir, capsys)
    pair(data_dir, capsys)
    slips = tmp_path / "slips.pdf"
    ok(["slips", "-o", str(slips), "--paper", "a4"], data_dir, capsys)
    assert _pdf_pages(slips) == 10


# ----- a round taken back --------------------------------------------------------------------


def test_a_round_paired_by_mistake_is_taken_back_and_paired_again(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    assert "none to take back" in refused(["unpair"], data_dir, capsys)
    first = pair(data_dir, capsys)
    ok(["result", "1", first[0]["teams"][0]], data_dir, capsys)
    for t in first[1:]:
        if len(t["teams"]) == 2:
            ok(["result", str(t["table"]), t["teams"][1]], data_dir, capsys)
    pair(data_dir, capsys, seed=1)
    out = ok(["unpair"], data_dir, capsys)
    assert out.startswith("Round 2's pairings are taken back")
    data = export(data_dir, capsys)
    assert len(data["rounds"]) == 1 and data["log"][-1]["kind"] == "round_unpaired"
    assert data["clock"]["remaining_s"] == 50 * 60
    second = pair(data_dir, capsys, seed=2)
    assert {team for t in second for team in t["teams"]} == set(TEAMS)


def test_a_round_with_results_is_not_taken_back_and_the_tables_are_named(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    tables = pair(data_dir, capsys)
    played = [t for t in tables if len(t["teams"]) == 2]
    for t in played:
        ok(["result", str(t["table"]), t["teams"][0]], data_dir, capsys)
    numbers = ", ".join(str(t["table"]) for t in played)
    err = refused(["unpair"], data_dir, capsys)
    assert f"tables {numbers} have a result" in err
    ok(["result", str(played[0]["table"]), "draw"], data_dir, capsys)  # still a result
    assert "have a result" in refused(["unpair"], data_dir, capsys)


def test_a_result_is_taken_back_from_a_terminal_and_then_the_round(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the refusal to take back a round says to do can be done from a terminal too:
    `event clear TABLE`, the desk's `12 result clear`."""
    new(data_dir, teams_file, capsys)
    tables = pair(data_dir, capsys)
    table = next(t for t in tables if len(t["teams"]) == 2)["table"]
    ok(["result", str(table), "draw"], data_dir, capsys)
    err = refused(["unpair"], data_dir, capsys)
    assert f"from a terminal: tablelife event clear {table})" in err
    out = ok(["clear", str(table)], data_dir, capsys)
    assert (
        out == f"Round 1, table {table}: its result is taken back (it stays in the journal "
        "as a correction).\n"
    )
    assert export(data_dir, capsys)["log"][-1]["kind"] == "result_cleared"
    assert "table 99" in refused(["clear", "99"], data_dir, capsys).lower()
    assert ok(["unpair"], data_dir, capsys).startswith("Round 1's pairings are taken back")


# ----- late entries --------------------------------------------------------------------------


def test_a_late_team_takes_a_match_loss_for_each_round_it_missed(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys, "--rounds", "3")
    tables = pair(data_dir, capsys)
    for t in tables:
        if len(t["teams"]) == 2:
            ok(["result", str(t["table"]), t["teams"][0]], data_dir, capsys)
    out = ok(["add", "Late & Comer"], data_dir, capsys)
    assert "missed 1 round: each counts as a match loss with no games" in out
    out = ok(["add", "House & Rule", "--no-losses"], data_dir, capsys)
    assert "count for nothing" in out
    standing = {
        s["team"]: s for s in json.loads(ok(["standings", "--format", "json"], data_dir, capsys))
    }
    assert standing["Late & Comer"]["record"] == [0, 1, 0]
    assert standing["House & Rule"]["record"] == [0, 0, 0]
    log = export(data_dir, capsys)["log"]
    assert log[-2]["data"] == {"team": "Late & Comer", "missed": 1}
    assert log[-1]["data"] == {"team": "House & Rule"}


def test_a_team_added_before_the_first_round_missed_nothing(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    out = ok(["add", "Early & Bird"], data_dir, capsys)
    assert out == "Early & Bird joins Friday 2HG, paired from the next round on.\n"
    assert export(data_dir, capsys)["log"][-1]["data"] == {"team": "Early & Bird"}


# ----- fixed and skipped tables ---------------------------------------------------------------


def test_fixed_and_skipped_tables_seat_every_round_and_show_in_the_export(
    data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys, "--fixed-table", "ida & JON=7", "--skip-tables", "1,2")
    settings = export(data_dir, capsys)["settings"]
    assert settings["fixed_tables"] == {"Ida & Jon": 7} and settings["skipped_tables"] == [1, 2]
    for seed in (5, 6):
        tables = pair(data_dir, capsys, seed)
        numbers = [t["table"] for t in tables]
        assert 1 not in numbers and 2 not in numbers
        ida = next(t for t in tables if "Ida & Jon" in t["teams"])
        assert ida["table"] == 7 or len(ida["teams"]) == 1
        for t in tables:
            if len(t["teams"]) == 2:
                ok(["result", str(t["table"]), t["teams"][0]], data_dir, capsys)
    # Changed mid-event, from the next round on, by the same step the desk takes.
    out = ok(["settings", "--no-fixed-tables", "--skip-tables", "3"], data_dir, capsys)
    assert "fixed tables (from the next round on): none; tables never used: 3" in out
    assert json.loads(ok(["settings", "--format", "json"], data_dir, capsys))["skipped_tables"] == [
        3
    ]
    assert export(data_dir, capsys)["log"][-1]["kind"] == "settings"


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--fixed-table", "Nobody=3"], "not one of the teams"),
        (["--fixed-table", "Cal & Dee"], "write TEAM=N"),
        (["--fixed-table", "Cal & Dee=x"], "write TEAM=N"),
        (["--fixed-table", "Cal & Dee=0"], "from 1 to 999"),
        (["--fixed-table", "Cal & Dee=3", "--fixed-table", "Gus & Hal=3"], "fixed for both"),
        (["--fixed-table", "Cal & Dee=3", "--skip-tables", "3"], "can't be both"),
        (["--skip-tables", "1;2"], "write table numbers with commas"),
    ],
)
def test_bad_table_settings_are_refused_and_nothing_is_created(
    data_dir: Path,
    teams_file: Path,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    words: str,
) -> None:
    argv = ["new", "Friday 2HG", "--format", "2hg", "--teams", str(teams_file), *extra]
    assert words in refused(argv, data_dir, capsys)


# ----- Qt only where it draws --------------------------------------------------------------------

PROBE = """
import json, sys
from tablelife.main import main
data, out = sys.argv[1], sys.argv[2]
code = main(["event", *sys.argv[3:], "--data-dir", data])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _probe(data_dir: Path, *argv: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(data_dir), "", *argv],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "xcb", "DISPLAY": ""},
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["code"] == 0, done.stderr
    modules: list[str] = report["modules"]
    return modules


def test_only_the_commands_that_draw_load_qt_and_need_no_display(
    tmp_path: Path, data_dir: Path, teams_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new(data_dir, teams_file, capsys)
    pair(data_dir, capsys)
    for argv in (["pairings"], ["pairings", "--format", "json"], ["settings"], ["unpair"]):
        modules = _probe(data_dir, *argv)
        assert not [m for m in modules if m.split(".")[0] in ("PySide6", "shiboken6")], argv
        assert "tablelife.paper" not in modules
    pair(data_dir, capsys)
    # No display at all (and a platform asked for that needs one): drawn offscreen all the same.
    for argv in (
        ["pairings", "-o", str(tmp_path / "p.pdf")],
        ["slips", "-o", str(tmp_path / "s.png")],
    ):
        modules = _probe(data_dir, *argv)
        assert "PySide6.QtGui" in modules and "tablelife.paper.sheets" in modules
        assert not [
            m
            for m in modules
            if m == "PySide6.QtWidgets" or m.startswith(("tablelife.ui", "tablelife.model"))
        ]
    assert _pdf_pages(tmp_path / "p.pdf") == 1 and _png_size(tmp_path / "s.png")[0] > 0

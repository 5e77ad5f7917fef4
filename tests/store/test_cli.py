"""The command line: `tablelife export` and `tablelife import`, in-process and as a process."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app import cli
from app.cli import cli_main
from app.rules import Damage, PassTurn
from app.store import FILE_NAME, export_json, open_journal
from tests.store.conftest import FFA, GIANT
from tests.store.test_export import content

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def games(data_dir: Path) -> tuple[int, int]:
    """Two games in the journal: an older giant game and a newer free-for-all."""
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        old = j.new_game(GIANT, started=100.0)
        j.append(old, "apply", [Damage(0, 4)])
        new = j.new_game(FFA, started=200.0)
        j.append(new, "apply", [Damage(2, 3), PassTurn()])
        j.append(new, "undo")
    return old, new


def run(
    argv: list[str], data_dir: Path | None, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    code = cli_main(argv, data_dir)
    out, err = capsys.readouterr()
    return code, out, err


def _export(data_dir: Path, game: int) -> dict[str, object]:
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        return export_json(j, game)


def test_export_last_as_json(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", "--last"], data_dir, capsys)
    assert (code, err) == (0, "")
    assert json.loads(out) == _export(data_dir, games[1])
    # --last is the default.
    assert run(["export"], data_dir, capsys)[1] == out


def test_export_a_game_as_csv(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", "--game", str(games[0]), "--format", "csv"], data_dir, capsys)
    assert (code, err) == (0, "")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][4:] == [
        "Ann & Bob life",
        "Ann & Bob poison",
        "Cat & Dan life",
        "Cat & Dan poison",
    ]
    assert rows[1][2:] == ["apply", "Ann: 4 damage", "26", "0", "30", "0"]
    code, out, _ = run(["export", "--last", "--format", "csv"], data_dir, capsys)
    assert [r[2] for r in csv.reader(io.StringIO(out))][1:] == ["apply", "undo"]


def test_export_to_a_file_is_atomic(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "game.json"
    code, out, err = run(["export", "--game", str(games[0]), "-o", str(target)], data_dir, capsys)
    assert (code, out, err) == (0, "", "")
    assert json.loads(target.read_text("utf-8")) == _export(data_dir, games[0])
    assert sorted(p.name for p in out_dir.iterdir()) == ["game.json"]  # no temp file left
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    # Overwriting keeps the old file's mode.
    target.chmod(0o640)
    assert run(["export", "--format", "csv", "-o", str(target)], data_dir, capsys)[0] == 0
    assert target.read_text("utf-8").startswith("seq,time,kind,changes")
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_failed_write_leaves_the_old_file_whole(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    target = tmp_path / "game.json"
    target.write_text("the old export")

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli.os, "replace", full)
    assert run(["export", "-o", str(target)], data_dir, capsys) == (
        1,
        "",
        f"tablelife: can't write {target}: No space left on device\n",
    )
    assert target.read_text() == "the old export"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".game")) == []


def test_export_into_a_missing_folder(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nowhere" / "game.json"
    code, _, err = run(["export", "-o", str(target)], data_dir, capsys)
    assert code == 1
    assert err == f"tablelife: can't write {target}: No such file or directory\n"


def test_export_an_unknown_game(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["export", "--game", "99"], data_dir, capsys) == (
        1,
        "",
        "tablelife: There is no game 99 in the journal.\n",
    )


def test_export_without_a_journal_or_games(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export"], data_dir, capsys)
    assert (code, out) == (1, "")
    assert err == f"tablelife: There is no journal at {data_dir / FILE_NAME}.\n"
    assert not data_dir.exists()  # exporting creates nothing
    open_journal(data_dir).journal.close()  # type: ignore[union-attr]
    code, _, err = run(["export"], data_dir, capsys)
    assert code == 1
    assert err == f"tablelife: there are no games in {data_dir / FILE_NAME} yet\n"


def test_data_dir_overrides_the_default(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["export", "--data-dir", str(data_dir)], tmp_path / "elsewhere", capsys)
    assert code == 0 and json.loads(out)["game_id"] == games[1]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([], "the following arguments are required"),
        (["dance"], "invalid choice: 'dance'"),
        (["export", "--game", "2", "--last"], "not allowed with argument"),
        (["export", "--game", "two"], "invalid int value: 'two'"),
        (["export", "--format", "xml"], "invalid choice: 'xml'"),
        (["import"], "the following arguments are required: FILE.json"),
    ],
)
def test_usage_errors(
    data_dir: Path, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, data_dir, capsys)
    assert (code, out) == (2, "")
    assert err.startswith("tablelife") and words in err
    assert err.count("\n") == 1


def test_no_data_folder_at_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["export"], None, capsys) == (
        2,
        "",
        "tablelife: no data folder: pass --data-dir DIR\n",
    )


def test_help_returns_zero(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["export", "--help"], data_dir, capsys)
    assert code == 0 and "--format {json,csv}" in out


def test_import_a_good_file(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "game.json"
    assert run(["export", "--game", str(games[0]), "-o", str(file)], data_dir, capsys)[0] == 0
    code, out, err = run(["import", str(file)], data_dir, capsys)
    assert (code, out, err) == (0, f"Imported {file} as game 3.\n", "")
    first, copied = _export(data_dir, games[0]), _export(data_dir, 3)
    first.pop("game_id"), copied.pop("game_id")
    assert content(first) == content(copied)


def test_import_into_a_new_folder(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "game.json"
    assert run(["export", "-o", str(file)], data_dir, capsys)[0] == 0
    elsewhere = tmp_path / "elsewhere"
    code, out, _ = run(["import", str(file), "--data-dir", str(elsewhere)], data_dir, capsys)
    assert (code, out) == (0, f"Imported {file} as game 1.\n")
    assert (elsewhere / FILE_NAME).is_file()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "{file} is not JSON: line 1, column 2: Expecting property name"),
        (b"\xff\xfe\x00", "{file} is not UTF-8 text, so it is not a Tablelife export"),
        (b"[1, 2]", "{file} was not imported: The file must hold a JSON object"),
        (b"[" * 100_000, "{file} can't be read as a Tablelife export: maximum recursion"),
        (b"[" + b"9" * 5000 + b"]", "{file} can't be read as a Tablelife export: Exceeds"),
        (
            b'{"format": "tablelife-game", "version": 1}',
            "{file} was not imported: variant: is missing.",
        ),
    ],
)
def test_import_a_bad_file(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    content: bytes,
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    code, out, err = run(["import", str(file)], data_dir, capsys)
    assert (code, out) == (1, "")
    assert err.startswith("tablelife: " + message.format(file=file))
    assert err.count("\n") == 1
    opened = open_journal(data_dir, readonly=True)
    with opened.journal as j:  # type: ignore[union-attr]
        assert len(j.games()) == 2


def test_import_an_illegal_event_names_it(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(data_dir, games[0])
    data["events"][0]["changes"] = [{"type": "PayLife", "player": 0, "amount": 31}]  # type: ignore[index]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data))
    code, _, err = run(["import", str(file)], data_dir, capsys)
    assert code == 1
    assert err == (
        f"tablelife: {file} was not imported: events[0].changes: Ann & Bob can't pay 31 life "
        "with 30 life (CR 119.4a, 810.9b).\n"
    )


def test_import_a_missing_file(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["import", "/no/such/file.json"], data_dir, capsys)
    assert code == 1
    assert err == "tablelife: can't read /no/such/file.json: No such file or directory\n"
    assert not data_dir.exists()


def test_import_where_games_cannot_be_saved(
    tmp_path: Path, games: tuple[int, int], data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "game.json"
    assert run(["export", "-o", str(file)], data_dir, capsys)[0] == 0
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, _, err = run(["import", str(file), "--data-dir", str(blocker)], data_dir, capsys)
    assert code == 1
    assert "it is a file, not a folder" in err and "Traceback" not in err


# ----- as a separate process, without Qt ----------------------------------------------------


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )


def test_the_module_runs_as_a_process(
    data_dir: Path, games: tuple[int, int], tmp_path: Path
) -> None:
    done = _python("-m", "app.cli", "export", "--last", "--data-dir", str(data_dir))
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["game_id"] == games[1]

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tablelife-game", "version": 1, "events": []}')
    done = _python("-m", "app.cli", "import", str(bad), "--data-dir", str(data_dir))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"tablelife: {bad} was not imported: variant: is missing.\n"

    # TABLELIFE_DATA_DIR (the test setup points it at data_dir) is the default as a module.
    done = _python("-m", "app.cli", "export", "--game", str(games[0]))
    assert done.returncode == 0 and json.loads(done.stdout)["game_id"] == games[0]
    done = _python("-m", "app.cli", "export", "--game", "99")
    assert (done.returncode, done.stderr) == (1, "tablelife: There is no game 99 in the journal.\n")


def test_the_cli_never_imports_qt(data_dir: Path, games: tuple[int, int]) -> None:
    code = (
        "import sys; from pathlib import Path; from app.cli import cli_main; "
        f"rc = cli_main(['export', '--format', 'csv'], Path({str(data_dir)!r})); "
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]; "
        "sys.exit(rc)"
    )
    done = _python("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("seq,time,kind,changes")

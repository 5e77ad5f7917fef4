"""The command line: `tablelife export` and `tablelife import`, in-process and as a process."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main, files
from tablelife.cli import games as game_commands
from tablelife.rules import Damage, PassTurn
from tablelife.store import FILE_NAME, FORMAT_VERSION, export_json, open_journal
from tablelife.store.export import local_time
from tablelife.store.lock import FolderLock, held_by_another
from tests.store.conftest import FFA, GIANT
from tests.store.test_export import content

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def games(data_dir: Path) -> tuple[int, int]:
    """Two games in the journal: an older giant game and a newer free-for-all."""
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        old = j.new_game(GIANT, started=1_700_000_100.0)
        j.append(old, "apply", [Damage(0, 4)])
        new = j.new_game(FFA, started=1_700_000_200.0)
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

    monkeypatch.setattr(files.os, "replace", full)
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
        (["export", "--game", "two"], "'two' is not a whole number"),
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
        "tablelife: no data folder: pass --data-dir DIR or --server URL\n",
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
        (
            b"seq,time,kind,changes,Ann life\r\n1,2026-11-25,apply,Ann: 3 damage,17\r\n",
            "{file} is a CSV export, for reading; only a JSON export can be imported",
        ),
        (b"\xff\xfe\x00", "{file} is not UTF-8 text, so it is not a Tablelife export"),
        (b"[1, 2]", "{file} was not imported: The file must hold a JSON object"),
        (b"[" * 100_000, "{file} can't be read as a Tablelife export: its values nest too deeply"),
        (
            b"[" + b"9" * 5000 + b"]",
            "{file} can't be read as a Tablelife export: it holds a number",
        ),
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


def _python(*args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env=env,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )


def test_the_module_runs_as_a_process(
    data_dir: Path, games: tuple[int, int], tmp_path: Path
) -> None:
    done = _python("-m", "tablelife.cli", "export", "--last", "--data-dir", str(data_dir))
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["game_id"] == games[1]

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tablelife-game", "version": 1, "events": []}')
    done = _python("-m", "tablelife.cli", "import", str(bad), "--data-dir", str(data_dir))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"tablelife: {bad} was not imported: variant: is missing.\n"

    # TABLELIFE_DATA_DIR (the test setup points it at data_dir) is the default as a module.
    done = _python("-m", "tablelife.cli", "export", "--game", str(games[0]))
    assert done.returncode == 0 and json.loads(done.stdout)["game_id"] == games[0]
    done = _python("-m", "tablelife.cli", "export", "--game", "99")
    assert (done.returncode, done.stderr) == (1, "tablelife: There is no game 99 in the journal.\n")


def test_the_cli_never_imports_qt(data_dir: Path, games: tuple[int, int]) -> None:
    code = (
        "import sys; from pathlib import Path; from tablelife.cli import cli_main; "
        f"rc = cli_main(['export', '--format', 'csv'], Path({str(data_dir)!r})); "
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]; "
        "sys.exit(rc)"
    )
    done = _python("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("seq,time,kind,changes")


# ----- issue 11, item 1: the output file is never the journal -----------------------------


def _journal_files(data_dir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(data_dir.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    "name",
    [
        FILE_NAME,
        f"{FILE_NAME}-wal",
        f"{FILE_NAME}-shm",
        f"{FILE_NAME}-journal",
        "tablelife.lock",
    ],
)
def test_export_refuses_to_write_over_the_journal(
    data_dir: Path, games: tuple[int, int], name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (data_dir / "tablelife.lock").write_text("")
    before = _journal_files(data_dir)
    for fmt in ("json", "csv"):
        code, out, err = run(
            ["export", "--format", fmt, "-o", str(data_dir / name)], data_dir, capsys
        )
        assert (code, out) == (2, "")
        assert err == (
            f"tablelife: {data_dir / name} is the journal or one of its files in {data_dir}: "
            "exporting there would destroy the games in it. Nothing was written; choose "
            "another file.\n"
        )
    assert _journal_files(data_dir) == before
    assert _export(data_dir, games[0])["game_id"] == games[0]  # the journal still opens


def test_export_refuses_to_write_over_the_folder_s_settings(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder chosen with --data-dir or $TABLELIFE_DATA_DIR keeps its settings beside the
    journal (names, language, theme, idle time): an export never replaces them."""
    settings = data_dir / "settings.ini"
    settings.write_text("[General]\ntheme=dark\n")
    code, out, err = run(["export", "-o", str(settings)], data_dir, capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"tablelife: {settings} is the settings file in {data_dir}: exporting there would "
        "destroy the names, language and theme kept in it. Nothing was written; choose "
        "another file.\n"
    )
    assert settings.read_text() == "[General]\ntheme=dark\n"


def test_export_refuses_the_journal_by_any_other_name(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _journal_files(data_dir)
    link = tmp_path / "link.json"
    link.symlink_to(data_dir / FILE_NAME)
    folder_link = tmp_path / "folder"
    folder_link.symlink_to(data_dir)
    attempts = [
        (data_dir, link),  # a symlink to the journal
        (data_dir, folder_link / f"{FILE_NAME}-wal"),  # through a link to its folder
        (folder_link, data_dir / FILE_NAME),  # the journal's folder given by a link
        (data_dir, data_dir / ".." / data_dir.name / FILE_NAME),
    ]
    for folder, target in attempts:
        code, _, err = run(["export", "-o", str(target)], folder, capsys)
        assert code == 2 and "is the journal or one of its files" in err, target
    assert _journal_files(data_dir) == before
    assert link.is_symlink()


def test_export_writes_through_a_symlink_and_keeps_the_link(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "game.json"
    real.write_text("old")
    link = tmp_path / "game.json"
    link.symlink_to(real)
    assert run(["export", "-o", str(link)], data_dir, capsys) == (0, "", "")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text("utf-8"))["game_id"] == games[1]
    dangling = tmp_path / "new.csv"
    dangling.symlink_to(elsewhere / "new.csv")
    assert run(["export", "--format", "csv", "-o", str(dangling)], data_dir, capsys)[0] == 0
    assert dangling.is_symlink()
    assert (elsewhere / "new.csv").read_text("utf-8").startswith("seq,time,kind,changes")
    assert sorted(p.name for p in elsewhere.iterdir()) == ["game.json", "new.csv"]


@pytest.fixture
def full_device(tmp_path: Path) -> Path:
    """A device that is always full, like /dev/full.

    As root, a node of our own in tmp_path: an export that wrongly replaced its target with a
    file would otherwise replace the system's /dev/full. Anyone else gets /dev/full itself,
    which they can't replace.
    """
    if os.geteuid() != 0:
        if not Path("/dev/full").is_char_device():
            pytest.skip("no /dev/full here")
        return Path("/dev/full")
    node = tmp_path / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except OSError:
        pytest.skip("can't make a device node here")
    return node


def test_export_to_a_full_device_is_one_line(
    data_dir: Path, games: tuple[int, int], full_device: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["export", "-o", str(full_device)], data_dir, capsys) == (
        1,
        "",
        f"tablelife: can't write {full_device}: No space left on device\n",
    )
    assert full_device.is_char_device()  # written to, never replaced by a file


@pytest.mark.parametrize("verb", [["export"], ["export", "--format", "csv"], ["list"], ["verify"]])
def test_a_full_stdout_is_one_line(
    data_dir: Path, games: tuple[int, int], full_device: Path, verb: list[str]
) -> None:
    with open(full_device, "w") as full:
        done = _python("-m", "tablelife.cli", *verb, "--data-dir", str(data_dir), stdout=full)
    assert done.returncode == 1
    assert done.stderr == "tablelife: can't write to standard output: No space left on device\n"


def test_an_import_whose_line_cant_be_written_still_says_it_was_imported(
    data_dir: Path, games: tuple[int, int], full_device: Path, tmp_path: Path
) -> None:
    """The game is in the journal: exit 0, and stderr says so (issue 11, item 1)."""
    file = tmp_path / "game.json"
    file.write_text(json.dumps(_export(data_dir, games[1])), "utf-8")
    other = tmp_path / "other"
    with open(full_device, "w") as full:
        done = _python(
            "-m", "tablelife.cli", "import", str(file), "--data-dir", str(other), stdout=full
        )
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        f"tablelife: imported {file} as game 1, but can't write to standard output: "
        "No space left on device\n"
    )
    listed = _python("-m", "tablelife.cli", "list", "--data-dir", str(other))
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 2  # header and game


def test_export_to_dev_stdout_writes_the_pipe(
    data_dir: Path, games: tuple[int, int], tmp_path: Path
) -> None:
    # A link of our own, like /dev/stdout: a broken export replaces it, never the system's.
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    if not Path("/proc/self/fd/1").exists():
        pytest.skip("no /proc here")
    done = _python("-m", "tablelife.cli", "export", "-o", str(stdout), "--data-dir", str(data_dir))
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["game_id"] == games[1]
    assert stdout.is_symlink()


# ----- issue 11, items 4 to 7, at the command line ----------------------------------------


def _good_file(data_dir: Path, tmp_path: Path, game: int) -> tuple[Path, dict[str, object]]:
    data = _export(data_dir, game)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(data))
    return file, data


def _games_and_events(data_dir: Path) -> tuple[int, int]:
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        conn = j.connection
        return (
            conn.execute("SELECT count(*) FROM games").fetchone()[0],
            conn.execute("SELECT count(*) FROM events").fetchone()[0],
        )


@pytest.mark.parametrize(
    ("key", "raw", "words"),
    [
        ("started", "9" * 309, "started: must be a time in seconds, not a number of 309 digits."),
        ("started", "1e300", "started: is 1e+300 (a date past 9999)"),
        ("started", "253402300800", "started: is 253402300800 (a date past 9999)"),
        ("started", "0", "started: is 0 (1970-01-01): a game can't be played before 2000."),
        ("players", '["\\ud800", "Fay", "Gus"]', "players[0]: the name '\\ud800' has a broken"),
        ("players", '["\\u001b[2J", "Fay", "Gus"]', "the name '\\x1b[2J' has a control"),
        ("players", '["\\u202eevE", "Fay", "Gus"]', "has a text-direction control character"),
        ("players", '["E\\u200bve", "Fay", "Gus"]', "has an invisible character (U+200B)"),
    ],
)
def test_import_refuses_values_it_cant_store(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    key: str,
    raw: str,
    words: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _export(data_dir, games[1])
    data[key] = "MARK"
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data).replace('"MARK"', raw))
    before = _games_and_events(data_dir)
    code, out, err = run(["import", str(file)], data_dir, capsys)
    assert (code, out) == (1, "")
    assert err.startswith(f"tablelife: {file} was not imported: ") and words in err, err
    assert err.count("\n") == 1 and "\x1b" not in err and "\u202e" not in err
    assert _games_and_events(data_dir) == before


def test_import_refuses_a_huge_file_before_reading_it(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "huge.json"
    with file.open("wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: no disk needed
    opened, reads = [], []
    real_open = open

    def spy(path: object, *args: object, **kwargs: object) -> object:
        handle = real_open(path, *args, **kwargs)  # type: ignore[call-overload]
        if str(path) != str(file):
            return handle
        opened.append(path)
        real_read = handle.read
        return _Spy(handle, lambda n=-1: reads.append(n) or real_read(n))

    monkeypatch.setattr("builtins.open", spy)
    code, out, err = run(["import", str(file)], data_dir, capsys)
    monkeypatch.undo()
    assert (code, out) == (2, "")
    assert err == (
        f"tablelife: {file} is 100 MiB, larger than any Tablelife export (at most 64 MiB): it "
        "was not read.\n"
    )
    assert opened and reads == []
    assert _games_and_events(data_dir) == (2, 3)


class _Spy:
    """A file object whose read() is watched."""

    def __init__(self, handle: object, read: object) -> None:
        self._handle, self.read = handle, read

    def __getattr__(self, name: str) -> object:
        return getattr(self._handle, name)

    def __enter__(self) -> _Spy:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()  # type: ignore[attr-defined]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_import_of_dev_zero_reads_nothing(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    """A device never ends: it is refused before a byte is read (issue 28: what isn't a
    regular file is refused; before, it was read up to the size limit)."""
    code, out, err = run(["import", "/dev/zero"], data_dir, capsys)
    assert (code, out) == (2, "")
    assert err == (
        "tablelife: /dev/zero is not a file but a device: it was not read. Save the export as "
        "a file, then import that.\n"
    )


def test_the_size_limit_is_said_in_words() -> None:
    assert [game_commands._size(n) for n in (5, 2048, 64 * 1024 * 1024, 3 * 1024**3 // 2)] == [
        "5 bytes",
        "2 KiB",
        "64 MiB",
        "1.5 GiB",
    ]


def test_a_50_mb_change_type_gives_a_short_line(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(data_dir, games[1])
    data["events"][0]["changes"][0]["type"] = "X" * 50_000_000  # type: ignore[index]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data))
    code, _, err = run(["import", str(file)], data_dir, capsys)
    assert code == 1 and err.count("\n") == 1 and len(err) < 250
    assert err.endswith("Unknown change type '" + "X" * 40 + "'… (50,000,000 characters).\n")


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (
            lambda t: t.replace(f'"version": {FORMAT_VERSION}', '"version": 1, "version": 1'),
            "'version'",
        ),
        (lambda t: t.replace('"player": 2', '"player": 2, "player": 0'), "'player'"),
    ],
)
def test_duplicate_keys_are_refused(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    edit: object,
    words: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "dup.json"
    file.write_text(edit(json.dumps(_export(data_dir, games[1]))))  # type: ignore[operator]
    code, out, err = run(["import", str(file)], data_dir, capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"tablelife: {file} is not a Tablelife export: the key {words} appears twice in one "
        "object.\n"
    )


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_that_are_not_json_are_refused(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    constant: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "nan.json"
    file.write_text(json.dumps(_export(data_dir, games[1])).replace("1700000200.0", constant))
    code, _, err = run(["import", str(file)], data_dir, capsys)
    assert code == 1
    assert err.endswith(f"{constant} is not a number JSON allows\n")


def test_messages_never_carry_terminal_escapes(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "\x1b[2J.json"
    file.write_text("{")
    code, _, err = run(["import", str(file)], data_dir, capsys)
    assert code == 1 and "\x1b" not in err and "\ufffd[2J.json is not JSON" in err


# ----- issue 10, defect 6: the same file twice --------------------------------------------


def test_importing_the_same_file_twice_says_so(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file, _ = _good_file(data_dir, tmp_path, games[0])
    assert run(["import", str(file)], data_dir, capsys) == (
        0,
        f"Imported {file} as game 3.\n",
        "",
    )
    counts = _games_and_events(data_dir)
    assert run(["import", str(file)], data_dir, capsys) == (
        0,
        f"{file} is already imported as game 3; nothing was added.\n",
        "",
    )
    assert _games_and_events(data_dir) == counts


# ----- issue 10, defect 2: tablelife list -------------------------------------------------


def _order(data_dir: Path) -> list[int]:
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        return [g.id for g in j.readable_games()[0]]


def test_list_as_text(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file, _ = _good_file(data_dir, tmp_path, games[0])
    assert run(["import", str(file)], data_dir, capsys)[0] == 0
    code, out, err = run(["list"], data_dir, capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == [
        "ID",
        "STARTED",
        "ENDED",
        "VARIANT",
        "RESULT",
        "EVENTS",
        "IMPORTED",
        "PLAYERS",
    ]
    assert [int(line.split()[0]) for line in lines[1:]] == _order(data_dir)
    by_id = {int(line.split()[0]): line for line in lines[1:]}
    assert "Two-Headed Giant" in by_id[games[0]] and "Ann, Bob, Cat, Dan" in by_id[games[0]]
    assert "imported" in by_id[3] and "imported" not in by_id[games[0]]
    assert "Free-for-all, 3 players" in by_id[games[1]] and "unfinished" in by_id[games[1]]
    assert by_id[games[1]].split("unfinished")[1].split()[0] == "2"  # two events
    started = local_time(1_700_000_200.0)[:16].replace("T", " ")
    assert started in by_id[games[1]]
    assert len({line.index("VARIANT") for line in lines[:1]}) == 1
    assert all(len(line) > 0 for line in lines)


def test_list_as_json(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["list", "--format", "json"], data_dir, capsys)
    assert (code, err) == (0, "")
    listed = json.loads(out)
    assert [g["id"] for g in listed] == _order(data_dir)
    newer = next(g for g in listed if g["id"] == games[1])
    assert newer == {
        "id": games[1],
        "started": 1_700_000_200.0,
        "ended": None,
        "variant": "Free-for-all, 3 players",
        "players": ["Eve", "Fay", "Gus"],
        "teams": ["Eve", "Fay", "Gus"],
        "result": None,
        "outcome": "unfinished",
        "events": 2,
        "imported": False,
    }


def test_list_of_nothing(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["list"], data_dir, capsys) == (
        0,
        f"There are no games in {data_dir} yet.\n",
        "",
    )
    assert run(["list", "--format", "json"], data_dir, capsys) == (0, "[]\n", "")
    assert not data_dir.exists()  # listing creates nothing


def test_list_shows_names_safely_and_notes_damaged_rows(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:  # rows written before the name check existed
        j.connection.execute(
            "UPDATE games SET names = ? WHERE id = ?",
            (json.dumps(["Eve\x1b[31m", "Fay", "Gus"]), games[1]),
        )
        j.connection.execute("UPDATE games SET variant = 'oops' WHERE id = ?", (games[0],))
    code, out, err = run(["list"], data_dir, capsys)
    assert code == 0 and "\x1b" not in out and "Eve\ufffd[31m, Fay, Gus" in out
    assert err.startswith(f"tablelife: note: a game can't be read and is left out: game {games[0]}")
    assert err.count("\n") == 1


# ----- one writer: import refuses while a window holds the folder ------------------------


def test_import_refuses_while_a_window_holds_the_folder(
    data_dir: Path, games: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file, _ = _good_file(data_dir, tmp_path, games[0])
    window = FolderLock(data_dir)
    assert window.acquire()
    try:
        before = _journal_files(data_dir)
        code, out, err = run(["import", str(file)], data_dir, capsys)
        assert (code, out) == (2, "")
        assert err == (
            f"tablelife: a Tablelife window is using {data_dir}: nothing was imported. Close "
            "that window, then import again.\n"
        )
        assert _journal_files(data_dir) == before
        # Said before the file is even read.
        assert run(["import", str(tmp_path / "missing.json")], data_dir, capsys)[0] == 2
        # Reading commands work any time.
        assert run(["list"], data_dir, capsys)[0] == 0
        assert run(["export"], data_dir, capsys)[0] == 0
    finally:
        window.release()
    assert run(["import", str(file)], data_dir, capsys)[0] == 0


def test_import_refuses_a_window_that_started_while_it_read_the_file(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file, _ = _good_file(data_dir, tmp_path, games[0])
    window = FolderLock(data_dir)
    real_read = game_commands._read_at_most

    def read_then_a_window_starts(*args: Any) -> bytes:
        raw = real_read(*args)
        assert window.acquire()
        return raw

    monkeypatch.setattr(game_commands, "_read_at_most", read_then_a_window_starts)
    try:
        before = _journal_files(data_dir)
        code, _, err = run(["import", str(file)], data_dir, capsys)
        assert code == 2 and "a Tablelife window is using" in err
        after = _journal_files(data_dir)
        assert after.pop("tablelife.lock") == f"{os.getpid()}\n".encode()  # the window's
        assert after == before
    finally:
        window.release()


def test_import_holds_the_folder_while_it_writes(
    data_dir: Path,
    games: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file, _ = _good_file(data_dir, tmp_path, games[0])
    held: list[bool] = []
    real = game_commands.add_import

    def importing(*args: object, **kwargs: object) -> int:
        held.append(held_by_another(data_dir))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(game_commands, "add_import", importing)
    assert run(["import", str(file)], data_dir, capsys)[0] == 0
    assert held == [True] and not held_by_another(data_dir)


# ----- issue 12: compact JSON, and no Qt ---------------------------------------------------


def test_export_is_compact_unless_asked_to_be_pretty(
    data_dir: Path, games: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    _, compact, _ = run(["export"], data_dir, capsys)
    _, pretty, _ = run(["export", "--pretty"], data_dir, capsys)
    assert compact.count("\n") == 1 and ", " not in compact and '":' in compact
    assert pretty.startswith('{\n  "format": "tablelife-game",\n')
    assert json.loads(compact) == json.loads(pretty)


def test_no_command_imports_qt(data_dir: Path, games: tuple[int, int], tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    code = (
        "import sys; from pathlib import Path; from tablelife.cli import cli_main; "
        f"d = Path({str(data_dir)!r}); "
        "codes = [cli_main(['list'], d), cli_main(['list', '--format', 'json'], d), "
        f"cli_main(['export', '-o', {str(file)!r}], d), "
        f"cli_main(['import', {str(file)!r}], d), "
        "cli_main(['export', '--format', 'csv', '--game', '3'], d)]; "
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', "
        "'tablelife.ui', 'tablelife.model', 'tablelife.main'))); "
        "print(codes, qt, file=sys.stderr); sys.exit(1 if any(codes) or qt else 0)"
    )
    done = _python("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "[0, 0, 0, 0, 0] []\n"


def test_list_and_export_survive_times_from_older_imports(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rows stored before times were checked still list and export, as the journal reads
    any finite time of its own."""
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        game = j.new_game(GIANT, started=1e300)
        j.append(game, "apply", [Damage(0, 1)], when=253_402_300_800.0)
        j.finish(game, {"status": ["playing"] * 2, "winners": [], "abandoned": True}, when=1e300)
    code, out, err = run(["list"], data_dir, capsys)
    assert (code, err) == (0, "") and "1e+300" in out
    for fmt in ("json", "csv"):
        assert run(["export", "--format", fmt], data_dir, capsys)[0] == 0


def test_a_written_file_goes_through_a_private_temp_file_beside_it(tmp_path: Path) -> None:
    """`write_atomic`'s temp file is made as `tempfile.mkstemp` makes one (without importing
    tempfile): new, in the same folder, readable and writable by its owner only."""
    target = tmp_path / "out.json"
    made = [files.temp_file_beside(target) for _ in range(3)]
    try:
        names = [name for _fd, name in made]
        assert len(set(names)) == 3
        for name in names:
            assert Path(name).parent == tmp_path and Path(name).is_absolute()
            assert Path(name).name.startswith(".out.json.") and name.endswith(".tmp")
            assert stat.S_IMODE(os.stat(name).st_mode) == 0o600
    finally:
        for fd, name in made:
            os.close(fd)
            os.unlink(name)
    with pytest.raises(FileNotFoundError):
        files.temp_file_beside(tmp_path / "missing" / "out.json")
    files.write_atomic(target, "ø\n")
    assert target.read_text("utf-8") == "ø\n"
    # A name as long as mkstemp's temp file leaves room for (255 bytes in all) is written.
    longest = tmp_path / ("x" * (255 - len(".") - len(".12345678.tmp") - len(".json")) + ".json")
    files.write_atomic(longest, "ok\n")
    assert longest.read_text("utf-8") == "ok\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_journals_place_may_come_before_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tablelife --data-dir D list` is `tablelife list --data-dir D`, as people type it; a
    window's options, and a folder named like a command, are left as they are."""
    from tablelife.main import command_first, main

    folder = tmp_path / "folder"
    assert main(["--data-dir", str(folder), "list"]) == 0
    assert capsys.readouterr().out == f"There are no games in {folder} yet.\n"
    assert main([f"--data-dir={folder}", "event", "list"]) == 0
    assert capsys.readouterr().out == f"There are no events in {folder} yet.\n"
    assert command_first(["--server", "U", "desk", "--scoreboard"]) == [
        "desk",
        "--scoreboard",
        "--server",
        "U",
    ]
    for as_it_is in (["--data-dir", "list"], ["--data-dir", "D", "--lang", "ru"], ["list"]):
        assert command_first(as_it_is) == as_it_is

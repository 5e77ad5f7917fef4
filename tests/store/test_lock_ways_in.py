"""The last ways two writers got in (issue 28): a journal reached through a symlink, and a lock
that can't be taken. One journal file has one writer however it is reached; a lock that can't
be taken keeps every writer out instead of none.

CI runs as root, and root opens any file: the second writer here runs as `nobody`
(`setpriv`), as a person who once started Tablelife with sudo would be.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Damage
from tablelife.store import FILE_NAME, export_json, open_journal
from tablelife.store.lock import (
    LOCK_NAME,
    FolderLock,
    LockUnavailableError,
    held_by_another,
    lock_path,
)
from tests.store.conftest import GIANT
from tests.store.places import NOBODY, shared_folder

REPO = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from pathlib import Path
from tablelife.store.lock import FolderLock
lock = FolderLock(Path(sys.argv[1]))
print("held" if lock.acquire() else "refused", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def holders() -> Iterator[list[subprocess.Popen[str]]]:
    """Processes holding a folder's lock (a window, as far as the lock can tell), ended after
    the test."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        proc.kill()
        proc.communicate()


def _hold(folder: Path, started: list[subprocess.Popen[str]]) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    started.append(proc)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"


def _journal_with_a_game(folder: Path) -> int:
    opened = open_journal(folder)
    assert opened.journal is not None
    with opened.journal as j:
        game = j.new_game(GIANT, started=1_700_000_000.0)
        j.append(game, "apply", [Damage(0, 4)])
    return game


def _export_file(folder: Path, game: int, file: Path) -> Path:
    opened = open_journal(folder, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        data = export_json(j, game)
    file.write_text(json.dumps(data))
    return file


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main(argv, None)
    out, err = capsys.readouterr()
    return code, out, err


def _event(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An event in `folder` with its first round paired."""
    teams = folder.parent / "teams.txt"
    teams.write_text("Ann & Bob\nCal & Dee\nEve & Fay\nGus & Hal\n")
    argv = ["event", "new", "Friday", "--format", "2hg", "--teams", str(teams)]
    assert _run([*argv, "--data-dir", str(folder)], capsys)[0] == 0
    assert _run(["event", "pair", "--seed", "1", "--data-dir", str(folder)], capsys)[0] == 0


# ----- 1. a symlinked journal ------------------------------------------------------------------


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    """Folder B with a journal, and folder A whose journal is a symlink to B's."""
    a, b = tmp_path / "a", tmp_path / "b"
    _journal_with_a_game(b)
    a.mkdir()
    (a / FILE_NAME).symlink_to(b / FILE_NAME)
    return a, b


def test_a_symlinked_journal_meets_the_lock_of_the_file_it_links_to(tmp_path: Path) -> None:
    a, b = _linked(tmp_path)
    assert lock_path(a) == lock_path(b) == b.resolve() / LOCK_NAME
    window_b = FolderLock(b)
    assert window_b.acquire()
    try:
        assert held_by_another(a)
        assert not FolderLock(a).acquire()  # before: A took its own lock and wrote too
    finally:
        window_b.release()
    window_a = FolderLock(a)
    assert window_a.acquire()  # and the other way round
    try:
        assert held_by_another(b) and not FolderLock(b).acquire()
    finally:
        window_a.release()


def test_a_journal_linked_under_another_name_has_a_lock_of_its_own(tmp_path: Path) -> None:
    """A journal linked to a file of another name locks beside that file, by its name: two
    journals in one folder don't share a lock."""
    a, b = tmp_path / "a", tmp_path / "b"
    b.mkdir()
    (b / "kept.sqlite3").touch()
    a.mkdir()
    (a / FILE_NAME).symlink_to(b / "kept.sqlite3")
    assert lock_path(a) == b.resolve() / f"kept.sqlite3.{LOCK_NAME}"
    assert lock_path(b) == b.resolve() / LOCK_NAME


def test_writing_commands_through_a_symlinked_journal_refuse_while_a_window_writes_it(
    tmp_path: Path, holders: list[subprocess.Popen[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    game = _journal_with_a_game(b)
    _event(b, capsys)
    file = _export_file(b, game, tmp_path / "game.json")
    a.mkdir()
    (a / FILE_NAME).symlink_to(b / FILE_NAME)
    _hold(b, holders)  # a window on B
    before = _files(b)
    code, out, err = _run(["import", str(file), "--data-dir", str(a)], capsys)
    assert (code, out) == (2, "") and "a Tablelife window is using" in err, err
    code, out, err = _run(["event", "result", "1", "draw", "--data-dir", str(a)], capsys)
    assert (code, out) == (2, "") and "is using" in err, err
    assert _files(b) == before
    # Reading through the link works any time.
    assert _run(["verify", "--data-dir", str(a)], capsys)[0] == 0


# ----- 2. a lock that can't be taken -----------------------------------------------------------


def test_a_folder_in_the_lock_s_place_is_said_not_taken_for_a_free_lock(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    (folder / LOCK_NAME).mkdir(parents=True)
    with pytest.raises(LockUnavailableError) as caught:
        FolderLock(folder).acquire()
    assert str(caught.value) == (
        f"Tablelife can't take the lock {folder / LOCK_NAME} that keeps two copies from writing "
        "the same journal: it is a folder, not a file."
    )
    assert not held_by_another(folder)


def test_writing_commands_refuse_when_the_lock_is_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    game = _journal_with_a_game(folder)
    _event(folder, capsys)
    file = _export_file(folder, game, tmp_path / "game.json")
    (folder / LOCK_NAME).unlink()
    (folder / LOCK_NAME).mkdir()
    before = _files(folder)
    code, out, err = _run(["import", str(file), "--data-dir", str(folder)], capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"tablelife: Tablelife can't take the lock {folder / LOCK_NAME} that keeps two copies "
        "from writing the same journal: it is a folder, not a file. Nothing was imported.\n"
    )
    code, out, err = _run(["event", "result", "1", "draw", "--data-dir", str(folder)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("tablelife event: Tablelife can't take the lock") and err.endswith(
        "it is a folder, not a file. Nothing was changed.\n"
    )
    assert _files(folder) == before
    assert _run(["event", "standings", "--data-dir", str(folder)], capsys)[0] == 0


def _as_nobody(*argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m tablelife ARGV` run as the unprivileged user nobody."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    env["HOME"] = "/nonexistent"
    return subprocess.run(
        [
            "setpriv",
            f"--reuid={NOBODY}",
            f"--regid={NOBODY}",
            "--clear-groups",
            sys.executable,
            "-m",
            "tablelife",
            *argv,
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="runs a second writer as another user: needs root and setpriv",
)


@pytest.fixture
def open_to_all(capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[Path, Path]]:
    """A data folder and journal anyone may write (so only the lock can keep a second writer
    out), with a game and an event in it, and a good export to import; the lock file made by
    root, as `sudo tablelife` leaves it."""
    with shared_folder() as base:
        folder = base / "data"
        game = _journal_with_a_game(folder)
        _event(folder, capsys)
        file = _export_file(folder, game, base / "game.json")
        os.chmod(folder, 0o777)
        for p in folder.iterdir():
            os.chmod(p, 0o666)
        os.chmod(base / "game.json", 0o644)
        lock = folder / LOCK_NAME
        lock.touch()
        os.chmod(lock, 0o644)
        yield folder, file


@needs_root
def test_a_lock_file_of_another_user_still_keeps_a_second_writer_out(
    open_to_all: tuple[Path, Path], holders: list[subprocess.Popen[str]]
) -> None:
    """Root's window holds the root-owned lock; nobody's commands are refused beside it (before,
    nobody could not open the lock for writing, took that for a free folder, and wrote)."""
    folder, file = open_to_all
    _hold(folder, holders)
    before = _files(folder)
    done = _as_nobody("import", str(file), "--data-dir", str(folder))
    assert done.returncode == 2, done.stderr
    assert "a Tablelife window is using" in done.stderr
    done = _as_nobody("event", "result", "1", "draw", "--data-dir", str(folder))
    assert done.returncode == 2, done.stderr
    assert "is using" in done.stderr
    assert _files(folder) == before


@needs_root
def test_a_lock_another_user_may_not_even_read_keeps_every_writer_out(
    open_to_all: tuple[Path, Path],
) -> None:
    folder, file = open_to_all
    os.chmod(folder / LOCK_NAME, 0o600)
    before = _files(folder)
    for argv in (["import", str(file)], ["event", "result", "1", "draw"]):
        done = _as_nobody(*argv, "--data-dir", str(folder))
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and (
            f"Tablelife can't take the lock {folder / LOCK_NAME} that keeps two copies from "
            "writing the same journal: permission was denied." in done.stderr
        ), done.stderr
    assert _files(folder) == before
    done = _as_nobody("verify", "--data-dir", str(folder))  # reading works all the same
    assert done.returncode == 0, done.stderr

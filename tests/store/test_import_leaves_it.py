"""`tablelife import` of a file it refuses (issue 28, item 7): the journal byte for byte as it
was, SQLite's own header included; a full disk said as a full disk; what is not a regular
file refused without waiting on it."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Damage
from tablelife.store import FILE_NAME, export_json, open_journal
from tests.store.conftest import FFA, GIANT

REPO = Path(__file__).resolve().parents[2]


def _play(folder: Path) -> dict[str, Any]:
    """A journal with two games; returns the first one's export."""
    opened = open_journal(folder)
    assert opened.journal is not None
    with opened.journal as j:
        first = j.new_game(GIANT, started=1_700_000_000.0)
        j.append(first, "apply", [Damage(0, 4)])
        j.append(j.new_game(FFA, started=1_700_000_100.0), "apply", [Damage(1, 2)])
        return export_json(j, first)


def _bad(data: dict[str, Any], how: str) -> bytes:
    bad = copy.deepcopy(data)
    if how == "not JSON":
        return b'{"format": "tablelife-game",'
    if how == "an illegal event":
        bad["events"][0]["changes"][0]["amount"] = -5
    elif how == "a name that shows nothing":
        bad["players"][0] = "\ufe0f"
    elif how == "a changed checksum":
        bad["events"][0]["checksum"] = "0" * 64
    return json.dumps(bad).encode()


@pytest.mark.parametrize(
    "how",
    ["not JSON", "an illegal event", "a name that shows nothing", "a changed checksum", "again"],
)
def test_a_refused_or_repeated_import_leaves_the_journal_byte_for_byte(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the journal was opened for writing first, and closing it rewrote SQLite's file
    change counter (header bytes 24-27 and 92-95) in most refusals."""
    folder = tmp_path / "data"
    data = _play(folder)
    file = tmp_path / "game.json"
    file.write_bytes(json.dumps(data).encode() if how == "again" else _bad(data, how))
    if how == "again":
        assert cli_main(["import", str(file)], folder) == 0
    journal = folder / FILE_NAME
    before = journal.read_bytes()
    files = sorted(p.name for p in folder.iterdir())
    capsys.readouterr()
    code = cli_main(["import", str(file)], folder)
    out, err = capsys.readouterr()
    assert code == (0 if how == "again" else 1), err
    assert ("already imported" in out) == (how == "again")
    after = journal.read_bytes()
    assert after[24:28] == before[24:28] and after[92:96] == before[92:96]
    assert after == before
    assert sorted(p.name for p in folder.iterdir()) == files  # no -wal or -shm left either


def _python(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_with_no_writer_is_refused_without_waiting(tmp_path: Path) -> None:
    """Before: `import` opened the pipe and waited for a writer forever (the timeout here
    stands for forever: it is minutes, far beyond the second this takes)."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _python("-m", "tablelife", "import", str(fifo), "--data-dir", str(tmp_path / "data"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"tablelife: {fifo} is not a file but a pipe: it was not read. Save the export as a "
        "file, then import that.\n"
    )
    assert not (tmp_path / "data").exists()


FULL_DISK = """
set -e
mount -t tmpfs -o size=512k tmpfs "$1"
cp -r "$2" "$1/data"
free=$(df -k "$1" | tail -1 | awk '{print $4}')
head -c $(( (free - $3) * 1024 )) /dev/zero > "$1/filler" || true
"$4" -m tablelife import "$5" --data-dir "$1/data"
"""


def _can_mount() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
        capture_output=True,
        timeout=60,
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _can_mount(), reason="needs a private mount of a small tmpfs (root)")
@pytest.mark.parametrize("free_kib", [0, 16, 36, 48])
def test_a_full_disk_is_said_to_be_full(tmp_path: Path, free_kib: int) -> None:
    """A 512 KiB disk with `free_kib` left (a private mount, gone with the process). However
    little room is left, the import says the disk is full; before, with room for SQLite's
    -shm but not for a write, it said the journal "is open read-only"."""
    folder = tmp_path / "data"
    _play(folder)
    other = tmp_path / "other"
    opened = open_journal(other)
    assert opened.journal is not None
    with opened.journal as j:
        game = j.new_game(FFA, started=1_700_000_500.0)
        j.append(game, "apply", [Damage(0, 3)])
        (tmp_path / "new.json").write_text(json.dumps(export_json(j, game)))
    disk = tmp_path / "disk"
    disk.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [
            "unshare",
            "-m",
            "sh",
            "-c",
            FULL_DISK,
            "sh",
            str(disk),
            str(folder),
            str(free_kib),
            sys.executable,
            str(tmp_path / "new.json"),
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    assert done.stderr.startswith(f"tablelife: {tmp_path / 'new.json'} was not imported: ")
    assert "the disk is full" in done.stderr and "read-only" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr

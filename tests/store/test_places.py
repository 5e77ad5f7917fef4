"""Places and clocks (issue 11, items 8 to 11): the order of play, not the clock; a read-only
folder read anyway; a crash's leftovers in a folder now read-only; a WAL that never fills a
small disk."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Concede, Damage, GainLife, PassTurn
from tablelife.store import FILE_NAME, Journal, StorageError, open_journal, result_of
from tablelife.store import opening as opening_module
from tests.store.conftest import FFA, GIANT
from tests.store.places import crashed_copy, read_only, shared_folder

REPO = Path(__file__).resolve().parents[2]
YEAR = 365 * 86400


# ----- 8: newest means most recently played -------------------------------------------------


def test_a_clock_four_years_ahead_does_not_pin_a_game_on_top(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = time.time()
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        # Played while the clock was four years ahead, then the clock was put right.
        ahead = j.new_game(GIANT, started=now + 4 * YEAR)
        j.append(ahead, "apply", [Concede(0)], when=now + 4 * YEAR + 60)
        j.finish(ahead, {"status": ["lost", "won"], "winners": [1]}, when=now + 4 * YEAR + 61)
        later = j.new_game(FFA, started=now)
        j.append(later, "apply", [Damage(0, 3)], when=now + 1)
        assert [g.id for g in j.games()] == [later, ahead]
        assert [g.id for g in j.readable_games()[0]] == [later, ahead]
        assert j.last_unfinished() == j.game(later)
        j.finish(later, {"status": ["playing"] * 3, "winners": [], "abandoned": True})
        # A game started since, with nothing played yet, is the newest all the same.
        newest = j.new_game(GIANT, started=now + 2)
        assert [g.id for g in j.games()] == [newest, later, ahead]
    assert cli_main(["export", "--last"], data_dir) == 0
    assert json.loads(capsys.readouterr().out)["game_id"] == newest


def test_taking_an_old_game_back_makes_it_the_last(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        old = j.new_game(GIANT, started=1000.0)
        j.append(old, "apply", [Damage(0, 2)], when=1001.0)
        j.finish(old, {"status": ["playing", "playing"], "winners": [], "abandoned": True})
        new = j.new_game(FFA, started=2000.0)
        j.append(new, "apply", [Damage(1, 1)], when=2001.0)
        j.finish(new, {"status": ["playing"] * 3, "winners": [], "abandoned": True})
        j.reopen(old)  # taken back (File → Recent games), nothing played yet
        assert [g.id for g in j.games()] == [old, new]
        assert j.last_unfinished() == j.game(old)
    assert cli_main(["export", "--last"], data_dir) == 0
    assert json.loads(capsys.readouterr().out)["game_id"] == old


def test_finishing_a_game_does_not_make_it_the_last(journal: Journal) -> None:
    """Ctrl+N starts the new game, then marks the old one abandoned: the new one is last."""
    old = journal.new_game(GIANT)
    journal.append(old, "apply", [Damage(0, 1)])
    new = journal.new_game(GIANT)
    journal.finish(old, {"status": ["playing", "playing"], "winners": [], "abandoned": True})
    assert [g.id for g in journal.games()] == [new, old]


# ----- 9: a read-only folder ----------------------------------------------------------------


def _journal_in(folder: Path) -> int:
    with open_journal(folder).journal as j:  # type: ignore[union-attr]
        done = j.new_game(FFA)
        j.append(done, "apply", [Concede(0)])
        j.append(done, "apply", [Concede(1)])
        j.finish(done, {"status": ["lost", "lost", "won"], "winners": [2]})
        going = j.new_game(GIANT)
        j.append(going, "apply", [Damage(0, 4)])
        j.append(going, "apply", [PassTurn()])
    return going


def test_a_read_only_folder_is_read_and_its_last_game_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with shared_folder() as base:
        folder = base / "data"
        going = _journal_in(folder)
        before = {p.name: p.read_bytes() for p in folder.iterdir()}
        with read_only(folder):
            opened = open_journal(folder)
            assert opened.journal is not None and opened.journal.readonly
            assert not opened.saving
            assert opened.message == (
                f"Tablelife can't write to {folder / FILE_NAME}: the file or its folder is "
                "read-only. Games are not being saved. The games already in it can be looked "
                "at, read-only."
            )
            with opened.journal as j:
                row = j.last_unfinished()
                assert row is not None and row.id == going  # to show, read-only
                assert [e.seq for e in j.events(going)] == [1, 2]
                assert j.verify_all() == []
                for write in (
                    lambda: j.append(going, "apply", [Damage(0, 1)]),
                    lambda: j.new_game(GIANT),
                    lambda: j.finish(going, result_of(GIANT.new_game().state, abandoned=True)),
                    lambda: j.new_tournament("Friday", {}),
                ):
                    with pytest.raises(StorageError, match="it is open read-only"):
                        write()
            # The reading commands work on it.
            assert cli_main(["export", "--last"], folder) == 0
            assert json.loads(capsys.readouterr().out)["game_id"] == going
            assert cli_main(["export", "--last", "--format", "csv"], folder) == 0
            assert capsys.readouterr().out.count("\n") == 3
            assert cli_main(["verify"], folder) == 0
            assert "check out" in capsys.readouterr().out
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_read_only_folder_that_another_tablelife_writes_is_not_read_as_a_snapshot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A snapshot (immutable) read is only safe when nothing writes the file meanwhile."""
    monkeypatch.setattr(opening_module, "held_by_another", lambda folder: True)
    with shared_folder() as base:
        folder = base / "data"
        _journal_in(folder)
        with read_only(folder):
            opened = open_journal(folder, readonly=True)
            assert opened.journal is None
            assert opened.message == (
                f"Tablelife can't read {folder / FILE_NAME}: the file or its folder is read-only."
            )


# ----- 10: a crash's leftovers in a folder now read-only ------------------------------------


@pytest.mark.parametrize("shm", [True, False], ids=["with -shm", "without -shm"])
def test_a_crash_left_wal_in_a_read_only_folder_says_not_saved_up_front(
    data_dir: Path, shm: bool
) -> None:
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with shared_folder() as base, opened.journal as live:
        gid = live.new_game(GIANT)
        live.connection.execute("PRAGMA wal_autocheckpoint = 0")  # the last events in the WAL
        for amount in (1, 2, 3):
            live.append(gid, "apply", [Damage(0, amount)])
        folder = crashed_copy(live, base / "crashed")
        if not shm:
            (folder / f"{FILE_NAME}-shm").unlink()
        with read_only(folder):
            opened = open_journal(folder)
            assert opened.journal is not None and not opened.saving
            assert opened.message is not None and "Games are not being saved." in opened.message
            with opened.journal as j:
                # Every committed event is there, those in the -wal alone too.
                assert [e.seq for e in j.events(gid)] == [1, 2, 3]
                assert j.verify(gid) is None
                with pytest.raises(StorageError, match="read-only"):
                    j.append(gid, "apply", [Damage(0, 1)])
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            f"{FILE_NAME}{s}" for s in ("", "-wal", "-shm") if shm or s != "-shm"
        )


# ----- 11: the WAL is checkpointed as it grows, and capped ----------------------------------


def test_the_wal_stays_small(journal: Journal) -> None:
    games = [journal.new_game(GIANT) for _ in range(4)]
    wal = Path(f"{journal.path}-wal")
    biggest = 0
    for n in range(1500):
        journal.append(games[n % 4], "apply", [GainLife(n % 4, 1)])
        biggest = max(biggest, wal.stat().st_size)
    # SQLite's default waits for 1000 pages (4 MB) before the first checkpoint.
    assert biggest < 600 * 1024
    assert journal.verify_all() == []


def test_a_full_disk_gets_one_more_try_after_the_wal_is_cut_back(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = journal.new_game(GIANT)
    journal.connection.execute("PRAGMA wal_autocheckpoint = 0")
    for _ in range(20):
        journal.append(gid, "apply", [Damage(0, 0)])
    wal = Path(f"{journal.path}-wal")
    assert wal.stat().st_size > 0
    real = Journal._next_seq
    failures = []

    def full_once(conn: sqlite3.Connection, game_id: int) -> int:
        if not failures:
            failures.append(1)
            raise sqlite3.OperationalError("database or disk is full")
        return real(conn, game_id)

    monkeypatch.setattr(Journal, "_next_seq", staticmethod(full_once))
    assert journal.append(gid, "apply", [Damage(0, 1)]) == 21
    assert failures == [1]
    assert wal.stat().st_size < 64 * 1024  # truncated, then this one event written
    assert journal.verify(gid) is None


_SMALL_DISK = """
import resource, signal, sys
from pathlib import Path
from tablelife.rules import Damage
from tablelife.store import StorageError, open_journal
from tests.store.conftest import GIANT
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails, as on a full disk
cap = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
journal = open_journal(Path(sys.argv[1])).journal
games = [journal.new_game(GIANT) for _ in range(4)]
saved = 0
try:
    for n in range(int(sys.argv[3])):
        journal.append(games[n % 4], "apply", [Damage(n % 4, 0)])
        saved += 1
except StorageError as exc:
    print("refused:", exc)
print("saved", saved)
"""


def test_a_small_disk_holds_far_more_than_sixty_events(tmp_path: Path) -> None:
    """No file may grow past 1 MiB (RLIMIT_FSIZE stands in for a small disk): the journal
    keeps 1500 events, where an unchecked WAL stopped it after a few dozen."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-c", _SMALL_DISK, str(tmp_path / "data"), str(1 << 20), "1500"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "saved 1500", done.stdout
    with open_journal(tmp_path / "data").journal as j:  # type: ignore[union-attr]
        assert sum(len(j.events(g.id)) for g in j.games()) == 1500
        assert j.verify_all() == []

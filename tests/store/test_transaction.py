"""One step, one transaction (DESIGN.md, "Operations"): `Journal.transaction()` commits a
step whole or not at all, nested calls join it; `Journal.snapshot()` gives reads across
several statements one moment of the file, whatever another process writes meanwhile."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest

from tablelife.rules import GainLife
from tablelife.store import Journal, StorageError, UnknownGameError, open_journal

from .conftest import GIANT

REPO = Path(__file__).resolve().parents[2]


def _counts(journal: Journal) -> tuple[int, int, int]:
    conn = journal.connection
    events, entries, games = (
        int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0])
        for t in ("tournaments", "tournament_log", "games")
    )
    return events, entries, games


def test_a_step_of_several_writes_is_committed_together(journal: Journal) -> None:
    with journal.transaction():
        event = journal.new_tournament("Friday", {"format": "2hg"})
        for team in ("A", "B", "C"):
            journal.log(event, "team_added", {"team": team})
        assert journal.connection.in_transaction  # not committed one by one
    assert not journal.connection.in_transaction
    assert [e.data["team"] for e in journal.tournament_log(event)] == ["A", "B", "C"]


def test_a_step_that_fails_halfway_leaves_nothing(journal: Journal) -> None:
    before = _counts(journal)
    with pytest.raises(ZeroDivisionError), journal.transaction():
        event = journal.new_tournament("Friday", {"format": "2hg"})
        journal.log(event, "team_added", {"team": "A"})
        journal.new_game(GIANT)
        _ = 1 / 0
    assert _counts(journal) == before
    assert not journal.connection.in_transaction


def test_a_failed_part_fails_the_whole_step_even_if_caught(journal: Journal) -> None:
    before = _counts(journal)
    with pytest.raises(UnknownGameError), journal.transaction():
        journal.new_tournament("Friday", {"format": "2hg"})
        with contextlib.suppress(UnknownGameError):  # the code around it goes on...
            journal.append(999, "apply", [GainLife(0, 1)])
        # ...and the step is still not kept
    assert _counts(journal) == before


def test_after_a_failed_step_the_next_one_is_written(journal: Journal) -> None:
    with pytest.raises(ZeroDivisionError), journal.transaction():
        journal.new_tournament("Lost", {})
        _ = 1 / 0
    event = journal.new_tournament("Kept", {})
    assert [t.name for t in journal.tournaments()] == ["Kept"]
    assert journal.tournament(event).name == "Kept"


def test_nothing_is_written_inside_a_snapshot(journal: Journal) -> None:
    with journal.snapshot(), pytest.raises(RuntimeError, match="read snapshot"):
        journal.new_tournament("Friday", {})
    assert journal.tournaments() == []


def test_a_read_only_journal_refuses_a_step_in_words(data_dir: Path, journal: Journal) -> None:
    journal.new_tournament("Friday", {})
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with (
        opened.journal as reader,
        pytest.raises(StorageError, match="read-only"),
        reader.transaction(),
    ):
        pass


def test_a_snapshot_sees_one_moment(data_dir: Path, journal: Journal) -> None:
    event = journal.new_tournament("Friday", {})
    journal.log(event, "team_added", {"team": "A"})
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as reader:
        with reader.snapshot():
            assert len(reader.tournament_log(event)) == 1
            journal.log(event, "team_added", {"team": "B"})  # another process, meanwhile
            assert len(reader.tournament_log(event)) == 1
            assert reader.verify_all() == []
        assert len(reader.tournament_log(event)) == 2


def test_reads_beside_a_live_writer_never_report_damage(data_dir: Path) -> None:
    """Thousands of reads (verify, an event's log, a game's export) while another process
    commits a step every few milliseconds: each read sees one moment, so none says an entry
    is missing or a checksum is wrong. Runs for as long as the writer does, not a set time."""
    from tablelife.store.export import export_json

    with subprocess.Popen(
        [sys.executable, "-m", "tests.store.live_writer", str(data_dir), "600"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    ) as writer:
        try:
            assert writer.stdout is not None
            ready = writer.stdout.readline().split()
            assert ready[:1] == ["ready"], ready
            event, game = int(ready[1]), int(ready[2])
            opened = open_journal(data_dir, readonly=True)
            assert opened.journal is not None
            reads = 0
            with opened.journal as reader:
                while writer.poll() is None or reads < 300:
                    assert reader.verify_all() == []
                    reader.tournament_log(event)  # raises BrokenChainError on a false break
                    with reader.snapshot():
                        export_json(reader, game)
                    reads += 1
            assert writer.wait() == 0
            assert writer.stdout.read().split() == ["done"]
        finally:
            writer.kill()


def test_a_full_disk_inside_a_step_frees_the_wal_s_room_and_the_step_tries_once_more(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's step is the game's event and its end in one transaction: a full disk in its
    nested write still has the WAL checkpointed and cut back, and the whole step tried once
    more (found in review: only a lone append did)."""
    import sqlite3

    from tablelife.ops.game import save_step
    from tablelife.store.journal import Journal as JournalClass

    game_id = journal.new_game(GIANT)
    freed: list[bool] = []
    make_room = JournalClass._make_room
    monkeypatch.setattr(
        JournalClass,
        "_make_room",
        lambda self, conn: freed.append(make_room(self, conn)) or freed[-1],
    )
    tries = [0]
    next_seq = JournalClass._next_seq

    def full_once(conn: sqlite3.Connection, game: int) -> int:
        tries[0] += 1
        if tries[0] == 1:
            raise sqlite3.OperationalError("database or disk is full")
        return next_seq(conn, game)

    monkeypatch.setattr(JournalClass, "_next_seq", staticmethod(full_once))
    event = GIANT.new_game().preview(GainLife(0, 1), when=1.0)
    save_step(journal, game_id, "apply", event.changes, 1.0, event.after, was_over=False)
    assert freed == [True] and tries[0] == 2
    assert len(journal.events(game_id)) == 1

"""The journal: schema and pragmas, appending and reading, undo/redo journaled, replay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablelife.rules import (
    Change,
    Concede,
    Damage,
    GainLife,
    Game,
    PassTurn,
    PayLife,
    Poison,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.store import (
    FILE_NAME,
    SCHEMA_VERSION,
    BadDataError,
    GameSetup,
    Journal,
    StorageError,
    UnknownGameError,
    open_journal,
    replay,
    result_of,
)
from tablelife.store import schema as schema_module
from tests.store.conftest import FFA, GIANT


def same_game(a: Game, b: Game) -> None:
    """State, history (with each event's before/after/notes) and redo stack all equal."""
    assert a.state == b.state
    assert a.history == b.history
    assert a.redo_events == b.redo_events


# ----- schema and pragmas -------------------------------------------------------------------


def test_schema_version_and_pragmas(journal: Journal) -> None:
    conn = journal.connection
    assert SCHEMA_VERSION == len(schema_module.MIGRATIONS) == 5
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema_module.APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == b"wal"  # text comes as bytes
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 128
    assert conn.execute("PRAGMA journal_size_limit").fetchone()[0] == 1 << 20
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == {b"games", b"events", b"tournaments", b"tournament_log", b"partner_marks"}
    assert journal.path.name == FILE_NAME == "tablelife.sqlite3"


def test_reopening_keeps_games_and_pragmas(data_dir: Path) -> None:
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        gid = j.new_game(GIANT)
        j.append(gid, "apply", [Damage(0, 3)])
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert [e.changes for e in j.events(gid)] == [(Damage(0, 3),)]
        assert j.connection.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_events_are_append_only(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 3)])
    for sql in ("UPDATE events SET kind = 'undo'", "DELETE FROM events"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            journal.connection.execute(sql)
    assert len(journal.events(gid)) == 1


def test_a_migration_step_runs_once_and_keeps_the_data(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        gid = j.new_game(GIANT)
        j.append(gid, "apply", [Damage(0, 3)])
    step = ("CREATE TABLE notes (game_id INTEGER, text TEXT)",)
    monkeypatch.setattr(schema_module, "MIGRATIONS", (*schema_module.MIGRATIONS, step))
    monkeypatch.setattr(schema_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    for _ in range(2):  # the second open finds the new version and runs nothing
        opened = open_journal(data_dir)
        assert opened.message is None and opened.journal is not None
        with opened.journal as j:
            version = j.connection.execute("PRAGMA user_version").fetchone()[0]
            assert version == SCHEMA_VERSION + 1
            assert j.connection.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
            assert len(j.events(gid)) == 1


def test_a_failing_migration_changes_nothing(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken migration is a bug: it surfaces as itself, and the file keeps its version."""
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        j.new_game(GIANT)
    step = ("CREATE TABLE notes (x)", "CREATE TABLE games (x)")  # the second one fails
    monkeypatch.setattr(schema_module, "MIGRATIONS", (*schema_module.MIGRATIONS, step))
    monkeypatch.setattr(schema_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(sqlite3.OperationalError, match="already exists"):
        open_journal(data_dir)
    with sqlite3.connect(data_dir / FILE_NAME) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'notes'").fetchone()
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    conn.close()


# ----- games --------------------------------------------------------------------------------


def test_new_game_stores_the_setup(journal: Journal) -> None:
    gid = journal.new_game(GIANT, started=1000.0)
    row = journal.game(gid)
    assert row.setup == GIANT
    assert row.names == ("Ann", "Bob", "Cat", "Dan")
    assert row.team_names == ("Ann & Bob", "Cat & Dan")
    assert (row.starting, row.preset, row.house_rules) == (0, "Two-Headed Giant", False)
    assert (row.started, row.ended, row.result, row.finished) == (1000.0, None, None, False)
    stored = journal.connection.execute("SELECT variant, house_rules FROM games").fetchone()
    assert b'"kind":"giant"' in stored[0] and stored[1] == 0


def test_house_rules_and_team_names(journal: Journal) -> None:
    setup = GameSetup(
        TwoHeadedGiant(starting_life=40), ("A", "B", "C", "D"), ("Reds", "Blues"), starting=1
    )
    row = journal.game(journal.new_game(setup))
    assert row.house_rules and row.team_names == ("Reds", "Blues") and row.starting == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"names": ("A", "B")}, "2 names given for 4 players"),
        ({"team_names": ("only one",)}, "1 team names given for 2 teams"),
        ({"starting": 2}, "no team 2"),
        ({"names": ("A", "B", "C", 4)}, "must be text"),
    ],
)
def test_a_bad_setup_is_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"variant": TwoHeadedGiant(), "names": ("A", "B", "C", "D")}
    with pytest.raises(RuleError, match=message):
        GameSetup(**(args | kwargs))  # type: ignore[arg-type]


def test_games_most_recently_played_first_and_last_unfinished(journal: Journal) -> None:
    """By the journal's order of play; the start times (a clock) don't matter."""
    old = journal.new_game(GIANT, started=100.0)
    new = journal.new_game(FFA, started=300.0)
    mid = journal.new_game(GIANT, started=200.0)
    assert [g.id for g in journal.games()] == [mid, new, old]
    journal.append(new, "apply", [Damage(0, 1)])
    assert [g.id for g in journal.games()] == [new, mid, old]
    assert journal.last_unfinished().id == new  # type: ignore[union-attr]
    journal.finish(new, {"status": ["won", "lost", "lost"], "winners": [0]}, when=400.0)
    assert journal.last_unfinished().id == mid  # type: ignore[union-attr]
    journal.finish(mid, {"status": ["drawn", "drawn"], "winners": []})
    journal.finish(old, {"status": ["lost", "won"], "winners": [1]})
    assert journal.last_unfinished() is None
    row = journal.game(new)
    assert row.finished and row.ended == 400.0
    assert row.result == {"status": ["won", "lost", "lost"], "winners": [0]}


def test_reopen_after_an_undo_across_the_end(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    game = GIANT.new_game()
    game.apply(Concede(0))
    journal.append(gid, "apply", [Concede(0)])
    journal.finish(gid, result_of(game.state))
    assert journal.game(gid).result == {"status": ["lost", "won"], "winners": [1]}
    game.undo()
    journal.append(gid, "undo")
    journal.reopen(gid)
    row = journal.game(gid)
    assert not row.finished and row.result is None
    assert journal.last_unfinished() == row
    same_game(replay(row, journal.events(gid)), game)


def test_a_bad_result_is_refused(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    with pytest.raises(BadDataError, match=r"result.status: has 3 entries for 2 teams"):
        journal.finish(gid, {"status": ["won", "lost", "lost"], "winners": [0]})
    assert not journal.game(gid).finished


def test_unknown_game(journal: Journal) -> None:
    for call in (
        lambda: journal.game(42),
        lambda: journal.events(42),
        lambda: journal.append(42, "apply", [Damage(0, 1)]),
        lambda: journal.reopen(42),
        lambda: journal.finish(42, {"status": [], "winners": []}),
    ):
        with pytest.raises(UnknownGameError, match="There is no game 42 in the journal"):
            call()
    assert journal.games() == []


# ----- events -------------------------------------------------------------------------------


def test_append_numbers_events_per_game_and_reads_them_back(journal: Journal) -> None:
    a = journal.new_game(GIANT)
    b = journal.new_game(FFA)
    assert journal.append(a, "apply", [Damage(0, 3)], when=10.0) == 1
    assert journal.append(b, "apply", [Poison(1, 2), PassTurn()], when=11.0) == 1
    assert journal.append(a, "apply", [GainLife(2, 4)], when=12.0) == 2
    assert journal.append(a, "undo", when=13.0) == 3
    assert journal.append(a, "redo", when=14.0) == 4
    events = journal.events(a)
    assert [(e.seq, e.time, e.kind, e.changes) for e in events] == [
        (1, 10.0, "apply", (Damage(0, 3),)),
        (2, 12.0, "apply", (GainLife(2, 4),)),
        (3, 13.0, "undo", ()),
        (4, 14.0, "redo", ()),
    ]
    assert [e.changes for e in journal.events(b)] == [(Poison(1, 2), PassTurn())]
    assert all(e.game_id == a for e in events)


def test_an_append_is_committed_before_it_returns(journal: Journal) -> None:
    """Another connection (as another process would) sees the event at once."""
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 3)])
    other = sqlite3.connect(journal.path)
    try:
        assert other.execute("SELECT seq, kind FROM events").fetchall() == [(1, "apply")]
    finally:
        other.close()
    assert not journal.connection.in_transaction


@pytest.mark.parametrize(
    ("kind", "changes"),
    [("apply", []), ("undo", [Damage(0, 1)]), ("redo", [Damage(0, 1)]), ("jump", [])],
)
def test_a_malformed_append_is_a_bug(journal: Journal, kind: str, changes: list[Change]) -> None:
    gid = journal.new_game(GIANT)
    with pytest.raises(ValueError):
        journal.append(gid, kind, changes)  # type: ignore[arg-type]
    assert journal.events(gid) == []


def test_undo_and_redo_are_journaled_and_replayed(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    game = GIANT.new_game()

    def do(kind: str, *changes: Change) -> None:
        if kind == "apply":
            game.apply(*changes)
        else:
            assert getattr(game, kind)()
        journal.append(gid, kind, changes)  # type: ignore[arg-type]

    do("apply", Damage(0, 5))
    do("apply", Poison(2, 3), PassTurn())
    do("apply", PayLife(1, 4))
    do("undo")
    do("undo")
    do("redo")
    assert [e.kind for e in journal.events(gid)] == [
        "apply",
        "apply",
        "apply",
        "undo",
        "undo",
        "redo",
    ]
    rebuilt = replay(journal.game(gid), journal.events(gid))
    same_game(rebuilt, game)
    assert len(rebuilt.history) == 2 and len(rebuilt.redo_events) == 1
    # And the rebuilt game carries on exactly like the original.
    assert rebuilt.redo() and game.redo()
    same_game(rebuilt, game)


def test_an_apply_after_undo_drops_the_redo_stack_on_replay(journal: Journal) -> None:
    gid = journal.new_game(FFA)
    game = FFA.new_game()
    for kind, changes in [
        ("apply", (Damage(0, 1),)),
        ("apply", (Damage(1, 2),)),
        ("undo", ()),
        ("apply", (Damage(2, 3),)),
    ]:
        if changes:
            game.apply(*changes)
        else:
            game.undo()
        journal.append(gid, kind, changes)  # type: ignore[arg-type]
    rebuilt = replay(journal.game(gid), journal.events(gid))
    same_game(rebuilt, game)
    assert rebuilt.redo_events == ()


_CHANGES = st.one_of(
    st.builds(Damage, st.integers(0, 3), st.integers(0, 12)),
    st.builds(GainLife, st.integers(0, 3), st.integers(0, 5)),
    st.builds(PayLife, st.integers(0, 3), st.integers(0, 8)),
    st.builds(Poison, st.integers(0, 3), st.integers(-2, 6)),
    st.just(PassTurn()),
)
_STEPS = st.lists(
    st.one_of(
        st.lists(_CHANGES, min_size=1, max_size=3).map(tuple),
        st.sampled_from(["undo", "redo"]),
    ),
    max_size=25,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=_STEPS)
def test_replay_rebuilds_any_game_exactly(journal: Journal, steps: list[object]) -> None:
    """Whatever happens (illegal changes are refused and not journaled), replay matches."""
    gid = journal.new_game(GIANT)
    game = GIANT.new_game()
    for step in steps:
        if isinstance(step, tuple):
            try:
                game.apply(*step)
            except RuleError:
                continue
            journal.append(gid, "apply", step)
        elif getattr(game, str(step))():
            journal.append(gid, step)  # type: ignore[arg-type]
    same_game(replay(journal.game(gid), journal.events(gid)), game)


# ----- bad data in the journal --------------------------------------------------------------


def _raw_event(journal: Journal, gid: int, seq: int, kind: str, changes: str) -> None:
    """An event written from outside, without its checksum: read with verify=False, it
    shows what else is wrong with it."""
    journal.connection.execute(
        "INSERT INTO events (game_id, seq, time, kind, changes) VALUES (?, ?, 1.0, ?, ?)",
        (gid, seq, kind, changes),
    )


def test_an_unknown_change_in_the_journal_is_named(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 1)])
    _raw_event(journal, gid, 2, "apply", '[{"type": "Foo"}]')
    with pytest.raises(BadDataError) as caught:
        journal.events(gid)
    assert str(caught.value) == (
        f"game {gid} in the journal, event 2, changes[0]: Unknown change type 'Foo'."
    )


def test_an_illegal_event_in_the_journal_is_named_on_replay(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    _raw_event(journal, gid, 1, "apply", '[{"type": "PayLife", "player": 0, "amount": 99}]')
    with pytest.raises(BadDataError, match=r"event 1: Ann & Bob can't pay 99 life with 30"):
        replay(journal.game(gid), journal.events(gid, verify=False))


@pytest.mark.parametrize(
    ("seq", "kind", "changes", "message"),
    [
        (3, "apply", '[{"type": "PassTurn"}]', "event 3: expected event 2 here"),
        (2, "redo", "[]", "event 2: There is nothing to redo"),
        (2, "apply", "not json", r"event 2, changes: is not valid JSON"),
        (2, "undo", '[{"type": "PassTurn"}]', "an undo event can't have 1 changes"),
    ],
)
def test_other_bad_events_are_named(
    journal: Journal, seq: int, kind: str, changes: str, message: str
) -> None:
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 1)])
    _raw_event(journal, gid, seq, kind, changes)
    with pytest.raises(BadDataError, match=message):
        replay(journal.game(gid), journal.events(gid, verify=False))


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("variant", '{"kind": "giant"}', "variant.heads: is missing"),
        ("variant", "{", "variant: is not valid JSON"),
        ("names", '["A", "B"]', "players: has 2 names for 4 seats"),
        ("result", '{"status": "won", "winners": []}', "result.status: must be a list"),
        ("started", "'yesterday'", "started: must be a time in seconds"),
    ],
)
def test_a_damaged_game_row_is_named(
    journal: Journal, column: str, value: str, message: str
) -> None:
    gid = journal.new_game(GIANT)
    literal = value if value.startswith("'") else "?"
    params = () if literal != "?" else (value,)
    journal.connection.execute(f"UPDATE games SET {column} = {literal}", params)
    for call in (journal.games, lambda: journal.game(gid)):
        with pytest.raises(BadDataError, match=f"game {gid} in the journal, {message}"):
            call()
    rows, (problem,) = journal.readable_games()
    assert rows == [] and str(problem).startswith(f"game {gid} in the journal, {message}")


def test_damaged_game_rows_are_skipped_and_reported_by_readable_games(journal: Journal) -> None:
    old = journal.new_game(GIANT, started=100.0)
    new = journal.new_game(FFA, started=400.0)
    # Damaged from outside (another program, a bad disk): broken JSON in two rows.
    other = sqlite3.connect(journal.path, isolation_level=None)
    try:
        insert = (
            "INSERT INTO games (id, variant, names, team_names, starting, house_rules, started,"
            " ended, result) SELECT ?, variant, names, team_names, 0, 0, ?, ?, ? FROM games"
            " WHERE id = ?"
        )
        other.execute(insert, (7, 300.0, None, None, old))
        other.execute("UPDATE games SET variant = '{\"kind\": ' WHERE id = 7")
        other.execute(insert, (8, 200.0, 250.0, '{"status": ["won"', old))
    finally:
        other.close()
    with pytest.raises(BadDataError, match="game 8 in the journal, result: is not valid JSON"):
        journal.games()  # strict, for export
    rows, problems = journal.readable_games()
    assert [r.id for r in rows] == [new, old]
    assert rows == [journal.game(new), journal.game(old)]
    # Written from outside, the two rows were never played here: they come last.
    assert [str(p).split(" (")[0] for p in problems] == [
        "game 8 in the journal, result: is not valid JSON",
        "game 7 in the journal, variant: is not valid JSON",
    ]
    assert [p.where for p in problems] == [
        "game 8 in the journal, result",
        "game 7 in the journal, variant",
    ]


def test_readable_games_of_a_sound_journal(journal: Journal) -> None:
    assert journal.readable_games() == ([], [])
    gid = journal.new_game(GIANT)
    assert journal.readable_games() == ([journal.game(gid)], [])


# ----- errors a person can fix, kept apart from bugs ----------------------------------------


def test_disk_full_on_append(journal: Journal) -> None:
    """A real SQLITE_FULL: the journal may not grow past its current size."""
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 1)])
    conn = journal.connection
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    saved = 1
    with pytest.raises(StorageError) as caught:
        for _ in range(10_000):
            journal.append(gid, "apply", [GainLife(1, 1)] * 20)
            saved += 1
    message = str(caught.value)
    assert "the disk is full" in message and "Free some disk space" in message
    assert "Nothing was changed" in message
    # Nothing half-written: every event before the failure is whole, none after it.
    assert not conn.in_transaction
    events = journal.events(gid)
    assert [e.seq for e in events] == list(range(1, saved + 1))
    assert journal.check(full=True) is None
    games = len(journal.games())
    with pytest.raises(StorageError, match="the disk is full"):
        for _ in range(10_000):
            journal.new_game(GIANT)
            games += 1
    assert len(journal.games()) == games
    # Once there is room again, the journal carries on with the next seq.
    conn.execute("PRAGMA max_page_count = 1000000")
    assert journal.append(gid, "undo") == saved + 1
    replay(journal.game(gid), journal.events(gid))


def test_a_simulated_disk_full_without_an_error_code(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Errors that carry no SQLite code are recognised by their message."""
    gid = journal.new_game(GIANT)

    def full(conn: sqlite3.Connection, game_id: int) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Journal, "_next_seq", staticmethod(full))
    with pytest.raises(StorageError, match="the disk is full"):
        journal.append(gid, "apply", [Damage(0, 1)])
    monkeypatch.undo()
    assert journal.events(gid) == []
    assert journal.append(gid, "apply", [Damage(0, 1)]) == 1


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (sqlite3.OperationalError("attempt to write a readonly database"), "read-only"),
        (sqlite3.OperationalError("disk I/O error"), "input/output error"),
        (sqlite3.OperationalError("database is locked"), "holding it locked"),
        (OSError(28, "No space left on device"), "the disk is full"),
    ],
)
def test_other_world_errors_on_append(
    journal: Journal, monkeypatch: pytest.MonkeyPatch, error: Exception, words: str
) -> None:
    gid = journal.new_game(GIANT)

    def fail(conn: sqlite3.Connection, game_id: int) -> int:
        raise error

    monkeypatch.setattr(Journal, "_next_seq", staticmethod(fail))
    with pytest.raises(StorageError, match=words):
        journal.append(gid, "apply", [Damage(0, 1)])


def test_a_bug_is_not_dressed_up_as_a_save_error(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = journal.new_game(GIANT)

    def broken(conn: sqlite3.Connection, game_id: int) -> int:
        return int(conn.execute("SELECT nope FROM nowhere").fetchone()[0])

    monkeypatch.setattr(Journal, "_next_seq", staticmethod(broken))
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        journal.append(gid, "apply", [Damage(0, 1)])
    assert not journal.connection.in_transaction


def test_close_twice_and_use_after_close(data_dir: Path) -> None:
    j = open_journal(data_dir).journal
    assert j is not None
    j.close()
    j.close()
    with pytest.raises(sqlite3.ProgrammingError):
        j.games()


def test_partner_marks_are_kept_with_their_game(data_dir: Path, journal: Journal) -> None:
    """Marks are a way of showing a game, kept with it in the journal: set, taken off, read
    back by another process (and none in a journal older than them)."""
    from tablelife.rules import FreeForAll
    from tablelife.store import GameSetup, UnknownGameError

    game = journal.new_game(GameSetup(FreeForAll(players=4, commander=True)))
    journal.mark_partners(game, 1, True)
    journal.mark_partners(game, 3, True)
    journal.mark_partners(game, 1, True)  # again: still one mark
    journal.mark_partners(game, 3, False)
    assert journal.partner_marks(game) == {1}
    with pytest.raises(UnknownGameError):
        journal.mark_partners(game + 1, 0, True)
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None
    with opened.journal as reader:
        assert reader.partner_marks(game) == {1}

"""Import refuses every value it can't store or show faithfully (issue 11, items 4 to 7), says
when a file is already imported (issue 10, defect 6), and does its bulk work in linear time
with the collector paused (issue 12)."""

from __future__ import annotations

import copy
import csv
import gc
import importlib
import io
import json
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from tablelife.rules import Change, Damage, Effect, Game, PassTurn, change_to_dict
from tablelife.rules.changes import CHANGE_TYPES
from tablelife.store import BadDataError, Journal, export_csv, export_json, import_json
from tablelife.store.codec import (
    EARLIEST_TIME,
    FUTURE_SLACK,
    MESSAGE_LIMIT,
    changes_to_list,
    expect_played_time,
    expect_time,
)
from tablelife.store.export import MAX_SEATS, AlreadyImportedError, list_games, local_time
from tests.store.conftest import FFA, GIANT
from tests.store.test_export import STEPS, play, unchained

replay_module = importlib.import_module("tablelife.store.replay")
export_module = importlib.import_module("tablelife.store.export")

NOW = 1_800_000_000.0  # the clock the checks are given, so the tests don't depend on today


@pytest.fixture
def data(journal: Journal) -> dict[str, Any]:
    """A good export of a Two-Headed Giant game with undo and redo."""
    return export_json(journal, play(journal, GIANT, STEPS))


def _counts(journal: Journal) -> tuple[int, int]:
    conn = journal.connection
    return (
        conn.execute("SELECT count(*) FROM games").fetchone()[0],
        conn.execute("SELECT count(*) FROM events").fetchone()[0],
    )


def _refused(journal: Journal, data: object) -> BadDataError:
    before = _counts(journal)
    with pytest.raises(BadDataError) as caught:
        import_json(journal, data, now=NOW)
    assert _counts(journal) == before
    message = str(caught.value)
    assert "\n" not in message and len(message) <= MESSAGE_LIMIT + 100
    return caught.value


# ----- item 4: values that crashed the import ---------------------------------------------


@pytest.mark.parametrize("where", ["started", "ended", "event"])
def test_a_time_as_a_309_digit_number_is_refused(
    journal: Journal, data: dict[str, Any], where: str
) -> None:
    huge = int("9" * 309)  # larger than any float
    if where == "event":
        data["events"][0]["time"] = huge
    else:
        data["started" if where == "started" else "ended"] = huge
        data["result"] = data["result"] or {"status": ["playing"] * 2, "winners": []}
        data["result"]["abandoned"] = True
    error = _refused(journal, data)
    assert "a number of 309 digits" in error.problem


def test_expect_time_never_overflows() -> None:
    with pytest.raises(BadDataError, match="must be a time in seconds, not a number of 309"):
        expect_time(int("9" * 309), "time")
    assert expect_time(5, "time") == 5.0  # the journal's own check stays as lenient as it was


@pytest.mark.parametrize("field", ["players", "teams"])
def test_a_lone_surrogate_in_a_name_is_refused(
    journal: Journal, data: dict[str, Any], field: str
) -> None:
    data[field][1] = "\ud800"
    error = _refused(journal, data)
    assert error.where == f"{field}[1]"
    assert "lone surrogate" in error.problem


def test_a_lone_surrogate_in_the_preset_is_refused(journal: Journal, data: dict[str, Any]) -> None:
    data["preset"] = "Giant\udfff"
    assert _refused(journal, data).where == "preset"


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        ({"type": "Damage", "player": 0, "amount": 2**63}, ".amount", "is too large"),
        ({"type": "Damage", "player": 10**400, "amount": 1}, ".player", "a number of 401 digits"),
        ({"type": "Effect", "player": 0, "kind": "\ud800"}, "", "Unknown effect"),
        ({"type": "Damage", "player": [0] * 1000, "amount": 1}, ".player", "not a list"),
        ({"type": "Damage", "player": {"a": 1}, "amount": 1}, ".player", "not an object"),
    ],
)
def test_every_change_value_that_cant_be_stored_is_refused(
    journal: Journal, data: dict[str, Any], change: dict[str, Any], where: str, problem: str
) -> None:
    data["events"][0]["changes"] = [change]
    error = _refused(journal, data)
    assert error.where.startswith("events[0].changes")
    assert error.where.endswith(where) and problem in error.problem


def test_a_game_with_too_many_seats_is_refused_before_it_is_built(journal: Journal) -> None:
    seats = MAX_SEATS + 1
    data = export_json(journal, play(journal, FFA, []))
    data["variant"]["players"] = data["variant"]["teams"] = seats
    data["players"] = data["teams"] = [f"P{i}" for i in range(seats)]
    data["initial"]["teams"] = data["initial"]["teams"][:1] * seats
    assert _refused(journal, data).where == "players"


# ----- item 5: implausible times -----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (1e300, "a date past 9999"),
        (253_402_300_800.0, "a date past 9999"),  # 10000-01-01
        (NOW + FUTURE_SLACK + 1, "more than a day after this computer's clock (2027-01-15)"),
        (EARLIEST_TIME - 1, "a game can't be played before 2000"),
        (0, "(1970-01-01): a game can't be played before 2000"),
    ],
)
def test_times_must_be_plausible(
    journal: Journal, data: dict[str, Any], value: float, problem: str
) -> None:
    for where in ("started", "events[2].time"):
        bad = copy.deepcopy(data)
        if where == "started":
            bad["started"] = value
        else:
            bad["events"][2]["time"] = value
        error = _refused(journal, bad)
        assert error.where == where and problem in error.problem


def test_plausible_times_pass() -> None:
    assert expect_played_time(EARLIEST_TIME, "t", NOW) == EARLIEST_TIME
    assert expect_played_time(NOW + FUTURE_SLACK, "t", NOW) == NOW + FUTURE_SLACK
    assert expect_played_time(1_700_000_000, "t") == 1_700_000_000.0  # today's clock


def test_csv_export_survives_any_stored_time(journal: Journal) -> None:
    """A journal row from an older import (before the time check) still exports."""
    gid = journal.new_game(FFA, started=1e300)
    for when in (1e300, 253_402_300_800.0, 0.0):
        journal.append(gid, "apply", [Damage(0, 1)], when=when)
    rows = list(csv.reader(io.StringIO(export_csv(journal, gid))))
    assert [r[1] for r in rows[1:3]] == ["1e+300", "253402300800.0"]
    assert rows[3][1] == local_time(0.0)
    assert json.loads(json.dumps(export_json(journal, gid)))["started"] == 1e300


# ----- item 6: short messages --------------------------------------------------------------


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["events"][0]["changes"][0].update(type="X" * 50_000_000),
        lambda d: d["events"][0]["changes"][0].update(amount="X" * 50_000_000),
        lambda d: d["events"][0]["changes"][0].update({"X" * 50_000_000: 1}),
        lambda d: d["events"][0].update(kind="X" * 50_000_000),
        lambda d: d["events"][0].update(seq=10**4000),
        lambda d: d.update({"X" * 50_000_000: 1}),
        lambda d: d.update(house_rules="X" * 50_000_000),
        lambda d: d["players"].__setitem__(0, "X" * 50_000_000),
        lambda d: d["variant"].update(kind="X" * 50_000_000),
        lambda d: d["variant"].update(heads=10**4000),
        lambda d: d.update(starting=10**4000),
        lambda d: d["events"][0]["after"]["teams"][0].update(status="X" * 50_000_000),
        lambda d: d["events"][0]["after"]["teams"][0].update(life=10**4000),
        lambda d: d["events"][0]["changes"].__setitem__(0, [[0] * 1000]),
    ],
)
def test_a_huge_bad_value_gives_a_short_message(
    journal: Journal, data: dict[str, Any], mutate: Any
) -> None:
    mutate(data)
    error = _refused(journal, data)
    assert len(str(error)) < 250, str(error)[:500]


# ----- item 7: nothing changed silently ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ann\x1b[31m", "control character (U+001B)"),
        ("\u202enA", "text-direction control character (U+202E)"),
        ("A\u200bnn", "invisible character (U+200B)"),
        ("Ann\nBob", "control character (U+000A)"),
        ("x" * 41, "is 41 characters long: at most 40"),
        ("\ufe0f\u034f", "shows nothing"),  # issue 28
        ("\u2800", "shows nothing"),
    ],
)
def test_names_go_through_the_shared_check(
    journal: Journal, data: dict[str, Any], name: str, problem: str
) -> None:
    for field in ("players", "teams"):
        bad = copy.deepcopy(data)
        bad[field][0] = name
        error = _refused(journal, bad)
        assert error.where == f"{field}[0]" and problem in error.problem


@pytest.mark.parametrize(
    ("field", "index", "name", "stored"),
    [
        ("players", 0, " Ann", "'Ann'"),
        ("players", 1, "", "'Player 2'"),
        ("teams", 0, "Ann  &  Bob", "'Ann & Bob'"),
    ],
)
def test_a_name_the_game_would_change_is_refused(
    journal: Journal, data: dict[str, Any], field: str, index: int, name: str, stored: str
) -> None:
    data[field][index] = name
    error = _refused(journal, data)
    assert error.where == f"{field}[{index}]"
    assert error.problem.endswith(f"would be stored as {stored}: write it so in the file.")


def test_free_for_all_team_names_must_be_the_players(journal: Journal) -> None:
    data = export_json(journal, play(journal, FFA, []))
    data["teams"][2] = "Someone else"
    assert _refused(journal, data).where == "teams[2]"


@pytest.mark.parametrize(
    ("path", "value"), [(("teams", 1, "life"), 28.0), (("active",), False), (("turn",), 1.0)]
)
def test_a_state_equal_only_loosely_is_refused(
    journal: Journal, data: dict[str, Any], path: tuple[str | int, ...], value: object
) -> None:
    """28.0 == 28 and False == 0 in Python, but not in the file's format."""
    target: Any = data["events"][0]["after"]
    for key in path[:-1]:
        target = target[key]
    assert target[path[-1]] == value
    target[path[-1]] = value
    error = _refused(journal, data)
    assert error.where == "events[0].after." + ".".join(
        f"{k}" if isinstance(k, str) else f"[{k}]" for k in path
    ).replace(".[", "[")


# ----- issue 10, defect 6: the same file twice ---------------------------------------------


def test_importing_the_same_game_twice_says_so(journal: Journal, data: dict[str, Any]) -> None:
    first = import_json(journal, copy.deepcopy(data), now=NOW)
    before = _counts(journal)
    with pytest.raises(AlreadyImportedError) as caught:
        import_json(journal, copy.deepcopy(data), now=NOW)
    assert caught.value.game_id == first
    assert str(caught.value) == f"It is already imported as game {first}; nothing was added."
    assert _counts(journal) == before


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["events"][0].update(time=d["events"][0]["time"] + 1),
        lambda d: d.update(started=d["started"] + 0.5),
        lambda d: d["events"].pop(),
        lambda d: d.update(preset=None),
        lambda d: d.update(
            ended=d["started"] + 60,
            result={"status": ["playing", "playing"], "winners": [], "abandoned": True},
        ),
    ],
)
def test_a_different_game_is_not_a_duplicate(
    journal: Journal, data: dict[str, Any], change: Any
) -> None:
    first = import_json(journal, copy.deepcopy(data), now=NOW)
    changed = unchained(data)  # an edited file can't keep the checksums it was exported with
    change(changed)
    assert import_json(journal, changed, now=NOW) == first + 1


def test_a_game_played_here_is_not_an_import(journal: Journal, data: dict[str, Any]) -> None:
    """Importing a game played at this table keeps a copy the first time."""
    assert import_json(journal, data, now=NOW) == data["game_id"] + 1


# ----- list --------------------------------------------------------------------------------


def test_list_games_summarises_each_game_in_the_journals_order(journal: Journal) -> None:
    giant = play(journal, GIANT, STEPS)
    ffa = play(journal, FFA, [("apply", (Damage(0, 25),)), ("apply", (Damage(1, 25),))])
    imported = import_json(journal, export_json(journal, ffa), now=NOW)
    empty = journal.new_game(FFA, started=1_700_000_000.0)
    games, damaged = list_games(journal)
    assert damaged == []
    assert [g["id"] for g in games] == [g.id for g in journal.readable_games()[0]]
    by_id = {g["id"]: g for g in games}
    assert by_id[giant] == {
        "id": giant,
        "started": 1_700_000_000.0,
        "ended": None,
        "variant": "Two-Headed Giant",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "teams": ["Ann & Bob", "Cat & Dan"],
        "result": None,
        "outcome": "unfinished",
        "events": len(STEPS),
        "imported": False,
    }
    assert by_id[ffa]["outcome"] == "Gus won" and by_id[ffa]["ended"] == 1_700_000_100.0
    assert by_id[imported]["imported"] and by_id[imported]["events"] == 2
    assert by_id[empty]["events"] == 0
    journal.finish(empty, {"status": ["drawn"] * 3, "winners": []})
    journal.finish(giant, {"status": ["playing"] * 2, "winners": [], "abandoned": True})
    outcomes = {g["id"]: g["outcome"] for g in list_games(journal)[0]}
    assert (outcomes[empty], outcomes[giant]) == ("draw", "abandoned")


def test_list_games_names_a_damaged_row_and_lists_the_rest(journal: Journal) -> None:
    good = play(journal, FFA, [])
    bad = play(journal, FFA, [])
    journal.connection.execute("UPDATE games SET names = 'not json' WHERE id = ?", (bad,))
    games, damaged = list_games(journal)
    assert [g["id"] for g in games] == [good]
    assert len(damaged) == 1 and f"game {bad}" in str(damaged[0])


# ----- issue 12: linear, with the collector paused -----------------------------------------


def test_replay_never_copies_the_history(journal: Journal, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = play(journal, GIANT, STEPS * 3)
    row, events = journal.game(gid), journal.events(gid)
    calls = []
    original = Game.history

    def counted(game: Game) -> tuple[Any, ...]:
        calls.append(1)
        return original.fget(game)  # type: ignore[attr-defined, no-any-return]

    monkeypatch.setattr(Game, "history", property(counted))
    game = replay_module.replay(row, events)
    assert len(calls) <= 1  # once, when the replayer starts
    monkeypatch.undo()
    assert game.history == replay_module.replay(row, events).history


def test_bulk_work_runs_with_the_collector_paused(
    journal: Journal, data: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real_walk = replay_module.walk

    def walk(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return real_walk(*args)

    monkeypatch.setattr(export_module, "walk", walk)
    real_step = replay_module.Replayer.step

    def step(self: Any, *args: Any) -> Any:
        seen.append(gc.isenabled())
        return real_step(self, *args)

    monkeypatch.setattr(replay_module.Replayer, "step", step)
    assert gc.isenabled()
    export_json(journal, data["game_id"])
    export_csv(journal, data["game_id"])
    import_json(journal, data, now=NOW)
    assert seen and not any(seen)
    assert gc.isenabled()  # given back afterwards
    gc.disable()
    try:
        export_json(journal, data["game_id"])
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


@pytest.fixture
def thawed() -> Iterator[None]:
    """A heap with nothing frozen, as the command line starts; frozen again after the test
    if it was (the test run freezes what collecting loaded: tests/conftest.py)."""
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    yield
    if frozen:
        gc.freeze()


def test_what_bulk_work_keeps_goes_to_the_oldest_generation_without_a_pass(
    thawed: None,
) -> None:
    """The first collection after a pause would walk everything the work made; it is moved
    to the oldest generation instead, and nothing is left frozen (issue 12)."""
    with export_module.gc_paused():
        kept = [{"n": [n]} for n in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert gc.get_count()[0] < 100  # nothing left for the youngest generation to walk
    assert all(gc.is_tracked(k) for k in kept)
    # Objects frozen on purpose (the window freezes its own after its first paint) stay so.
    before = [kept]
    gc.freeze()
    try:
        with export_module.gc_paused():
            kept = [{"n": [n]} for n in range(1000)]
        assert gc.isenabled() and gc.get_freeze_count() > 0
        assert not any(o is before for o in gc.get_objects())  # still frozen
    finally:
        gc.unfreeze()
    assert any(o is before for o in gc.get_objects())


def test_changes_to_list_matches_change_to_dict() -> None:
    samples: list[Change] = [
        cls(**{f.name: ("cant_lose" if f.name == "kind" else 1) for f in fields(cls)})
        for cls in CHANGE_TYPES.values()
    ]
    samples += [Effect(2, "cant_win", on=False), PassTurn(), Damage(3, 7)]
    assert changes_to_list(samples) == [change_to_dict(c) for c in samples]
    for listed, change in zip(changes_to_list(samples), samples, strict=True):
        assert list(listed) == list(change_to_dict(change))  # the same key order, too


def test_changes_written_directly_are_what_the_encoder_writes() -> None:
    """The export writes the usual changes without the encoder (issue 12): the same text, and
    anything unusual (a float, an unknown type) still goes through it."""

    class Unknown:
        pass

    samples: list[tuple[Any, ...]] = [
        tuple(
            cls(**{f.name: ("cant_lose" if f.name == "kind" else 1) for f in fields(cls)})
            for cls in CHANGE_TYPES.values()
        ),
        (Effect(2, 'cant_win "ø"\\', on=False), PassTurn(), Damage(3, 7)),
        (Damage(True, -(2**63)),),
        (Damage(0, 2.5),),  # not a change the rules take, but written as the encoder would
    ]
    # Events share change objects: each is written once, in whatever tuples it turns up.
    shared, odd = Damage(3, 7), Damage(0, 2.5)
    samples += [(shared,), (odd, shared), (shared, odd), (shared, shared, PassTurn()), ()]
    pieces = export_module._Pieces()
    for changes in samples + samples:
        expected = json.dumps(changes_to_list(changes), separators=(",", ":"), ensure_ascii=False)
        assert export_module._Pieces().changes(changes) == expected
        assert pieces.changes(changes) == expected
    assert export_module._change_text(Damage(0, 2.5)) is None
    assert export_module._change_text(Unknown()) is None  # type: ignore[arg-type]


def _set(path: list[str | int], value: object) -> Any:
    def mutate(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


@pytest.mark.parametrize(
    ("mutate", "where", "problem"),
    [
        (_set(["events", 0, "seq"], True), "events[0].seq", "must be a whole number, not true."),
        (_set(["events", 1, "seq"], 2.0), "events[1].seq", "must be a whole number, not 2.0."),
        (_set(["events", 1, "time"], float("inf")), "events[1].time", "not inf."),
        (_set(["events", 1, "time"], 900_000_000.0), "events[1].time", "played before 2000."),
        (_set(["events", 1, "time"], NOW + 2 * FUTURE_SLACK), "events[1].time", "a day after"),
        (_set(["events", 0, "notes"], [1]), "events[0].notes[0]", "must be text, not 1."),
        (_set(["events", 0, "notes"], None), "events[0].notes", "must be a list, not null."),
        (_set(["events", 0, "colour"], 1), "events[0].colour", "is not a field Tablelife knows."),
        (
            _set(["events", 0, "after", "teams", 0, "life"], 25.0),
            "events[0].after.teams[0].life",
            "the file says 25.0, but replaying the events gives 25.",
        ),
        (
            _set(["events", 1, "after", "active"], True),
            "events[1].after.active",
            "the file says True, but replaying the events gives 1.",
        ),
        (
            # The same changes as an earlier event but for a true where a number belongs:
            # decoding each distinct changes value once must not take it for the earlier one.
            _set(["events", 5, "changes", 0, "amount"], True),
            "events[5].changes",
            "The amount must be a whole number, not True.",
        ),
        (
            _set(["events", 0, "changes", 0], {"type": "Damage", "player": 0}),
            "events[0].changes[0]",
            "Damage is missing a field (Damage.__init__() missing 1 required positional argument",
        ),
        (
            _set(["events", 0, "changes", 0, "colour"], 1),
            "events[0].changes[0]",
            "Damage has unknown fields: colour.",
        ),
        (
            _set(["events", 0, "changes", 0, "amount"], 2.0),
            "events[0].changes",
            "The amount must be a whole number, not 2.0.",
        ),
        (
            _set(["events", 0, "changes", 0, "amount"], None),
            "events[0].changes",
            "The amount must be a whole number, not None.",
        ),
        (
            _set(["events", 0, "after", "teams", 0, "effects"], None),
            "events[0].after.teams[0].effects",
            "must be a list, not null.",
        ),
        (
            _set(["events", 0, "after", "teams", 0, "colour"], 1),
            "events[0].after.teams[0].colour",
            "is not a field Tablelife knows.",
        ),
        (
            _set(["events", 0, "after", "colour"], 1),
            "events[0].after.colour",
            "is not a field Tablelife knows.",
        ),
        (
            _set(["events", 0, "after", "teams", 1, "status"], "won"),
            "events[0].after.teams[1].status",
            "the file says 'won', but replaying the events gives 'playing'.",
        ),
        (
            _set(["events", 3, "checksum"], "ab"),
            "events[3].checksum",
            "does not match event 4: the file was changed after it was exported, or is damaged.",
        ),
    ],
)
def test_the_quick_checks_of_the_usual_event_refuse_as_the_full_ones(
    journal: Journal, data: dict[str, Any], mutate: Any, where: str, problem: str
) -> None:
    """Import checks the usual event in a few steps and leaves anything else to the full
    checks (issue 12): a value just off the usual is refused as before, in the same words."""
    bad = copy.deepcopy(data)
    mutate(bad)
    refused = _refused(journal, bad)
    assert refused.where == where
    assert problem in refused.problem


def test_an_event_with_changes_seen_before_in_another_key_order_imports(
    journal: Journal, data: dict[str, Any]
) -> None:
    """Changes decoded once per distinct value: the same value with its keys in another order
    is the same changes (and the same chain)."""
    twin = copy.deepcopy(data)
    for event in twin["events"]:
        event["changes"] = [dict(reversed(list(c.items()))) for c in event["changes"]]
    first = import_json(journal, twin, now=NOW)
    with pytest.raises(AlreadyImportedError) as again:
        import_json(journal, data, now=NOW)
    assert again.value.game_id == first

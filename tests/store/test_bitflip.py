"""Bit rot (issue 11): flip one bit of a small journal, again and again, and start on it.

Every start must run without a traceback, and every game and event (tournament) must be either
reported (the file set aside, a damaged row named, or a broken checksum chain) or provably
untouched: its export (every event, its changes, times, states after and checksums), its
listing, and its log exactly as before the flip.

By default a few hundred flips, at random but seeded so a failure can be replayed; set
TABLELIFE_BITFLIPS to a number for that many, or to "all" to flip one bit of every byte of
the file (minutes). The figures in the README's "What Tablelife promises about your games"
come from the "all" run; the summary line is printed (`pytest -s`).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Concede, Damage, GainLife, PassTurn, Poison
from tablelife.store import (
    FILE_NAME,
    DamagedError,
    Journal,
    JournalError,
    export_json,
    open_journal,
    result_of,
)
from tests.store.conftest import FFA, GIANT

DEFAULT_FLIPS = 200
SEED = 20250611


def _build(folder: Path) -> None:
    """A small journal: a finished 2HG game with undo and redo, an unfinished free-for-all,
    and an event with its log and a game at one of its tables."""
    with open_journal(folder).journal as j:  # type: ignore[union-attr]
        done = j.new_game(GIANT, started=1_700_000_000.0)
        game = GIANT.new_game()
        steps: list[tuple[str, tuple[Any, ...]]] = [
            ("apply", (Damage(0, 3),)),
            ("apply", (Poison(2, 4), PassTurn())),
            ("apply", (GainLife(1, 2),)),
            ("undo", ()),
            ("redo", ()),
            ("apply", (Damage(3, 7),)),
            ("apply", (Concede(2),)),
        ]
        for n, (kind, changes) in enumerate(steps, 1):
            if kind == "apply":
                game.apply(*changes)
            else:
                getattr(game, kind)()
            j.append(done, kind, changes, when=1_700_000_000.0 + n)  # type: ignore[arg-type]
        j.finish(done, result_of(game.state), when=1_700_000_100.0)
        going = j.new_game(FFA, started=1_700_001_000.0)
        for n, changes in enumerate([(Damage(0, 4),), (PassTurn(),), (Poison(1, 3),)], 1):
            j.append(going, "apply", changes, when=1_700_001_000.0 + n)
        tid = j.new_tournament("Friday 2HG", {"rounds": 3, "minutes": 50}, when=1_700_002_000.0)
        for n, name in enumerate(["Ann & Bob", "Cat & Dan"], 1):
            j.log(tid, "team", {"name": name}, when=1_700_002_000.0 + n)
        j.log(tid, "pairing", {"round": 1, "tables": [["Ann & Bob", "Cat & Dan"]]})
        table = j.new_game(GIANT, tournament=tid, round=1, table=1, started=1_700_002_100.0)
        j.append(table, "apply", (Damage(1, 2),), when=1_700_002_101.0)
        j.append(table, "apply", (PassTurn(),), when=1_700_002_102.0)


@dataclass
class _Baseline:
    games: dict[int, dict[str, Any]]
    listed: list[int]
    tournaments: dict[int, tuple[Any, list[Any]]]


def _baseline(journal: Journal) -> _Baseline:
    return _Baseline(
        games={g.id: export_json(journal, g.id) for g in journal.games()},
        listed=[g.id for g in journal.games()],
        tournaments={t.id: (t, journal.tournament_log(t.id)) for t in journal.tournaments()},
    )


@dataclass
class _Tally:
    flips: int = 0
    set_aside: int = 0  # the file was moved aside at start (or refused), the person told
    outcomes: Counter[str] = field(default_factory=Counter)  # per game or event
    failures: list[str] = field(default_factory=list)


def _check_start(folder: Path, base: _Baseline, tally: _Tally, where: str) -> None:
    """Starts on `folder` as the app does and classifies what it finds."""
    opened = open_journal(folder)
    if opened.journal is None or opened.moved_to is not None:
        assert opened.message, where
        tally.set_aside += 1
        tally.outcomes["set aside"] += len(base.games) + len(base.tournaments)
        if opened.journal is not None:
            opened.journal.close()
        return
    with opened.journal as j:
        try:
            problems = j.verify_all()
            rows, damaged = j.readable_games()
            j.last_unfinished()
        except JournalError:  # the file refuses a read: said in words, all reported
            tally.outcomes["read refused"] += len(base.games) + len(base.tournaments)
            return
        found = problems + damaged
        bad_games = {p.game_id for p in found if isinstance(p, DamagedError)}
        bad_events = {p.tournament_id for p in found if isinstance(p, DamagedError)}
        listed = [r.id for r in rows]
        for gid, before in base.games.items():
            if gid in bad_games:
                tally.outcomes["game reported"] += 1
                continue
            try:
                after = export_json(j, gid)
            except JournalError as exc:
                tally.failures.append(f"{where}: game {gid} unreported, yet: {exc}")
                continue
            if after != before or listed.count(gid) != 1:
                tally.failures.append(f"{where}: game {gid} changed silently")
            else:
                tally.outcomes["game untouched"] += 1
        for tid, (row, log) in base.tournaments.items():
            if tid in bad_events:
                tally.outcomes["event reported"] += 1
                continue
            try:
                same = j.tournament(tid) == row and j.tournament_log(tid) == log
            except JournalError as exc:
                tally.failures.append(f"{where}: event {tid} unreported, yet: {exc}")
                continue
            if not same:
                tally.failures.append(f"{where}: event {tid} changed silently")
            else:
                tally.outcomes["event untouched"] += 1


def _check_commands(folder: Path, where: str, tally: _Tally) -> None:
    """The reading commands on the same file: an exit code and lines, never a traceback."""
    for argv in (["verify"], ["export", "--last"], ["export", "--game", "1", "--format", "csv"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(argv, folder)
        if code not in (0, 1) or "Traceback" in err.getvalue():
            tally.failures.append(f"{where}: {' '.join(argv)} exited {code}: {err.getvalue()}")


def _positions(data: bytes, rng: random.Random) -> list[int]:
    wanted = os.environ.get("TABLELIFE_BITFLIPS", str(DEFAULT_FLIPS))
    if wanted == "all":
        return list(range(len(data)))
    count = int(wanted)
    # Mostly where the data is (most of a small journal's pages are empty), some anywhere.
    used = [i for i, b in enumerate(data) if b]
    return sorted(rng.choice(used) if n % 4 else rng.randrange(len(data)) for n in range(count))


def test_every_flipped_bit_is_reported_or_provably_harmless(tmp_path: Path) -> None:
    source = tmp_path / "source"
    _build(source)
    with open_journal(source, readonly=True).journal as j:  # type: ignore[union-attr]
        base = _baseline(j)
    assert list(base.games) == [3, 2, 1] and list(base.tournaments) == [1]
    data = (source / FILE_NAME).read_bytes()
    wal = Path(f"{source / FILE_NAME}-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # closed cleanly: all in the file
    rng = random.Random(SEED)
    tally = _Tally()
    for n, pos in enumerate(_positions(data, rng)):
        bit = rng.randrange(8)
        flipped = bytearray(data)
        flipped[pos] ^= 1 << bit
        where = f"byte {pos} bit {bit} (page {pos // 4096 + 1})"
        app, cli = tmp_path / f"app{n}", tmp_path / f"cli{n}"
        for folder in (app, cli):
            folder.mkdir()
            (folder / FILE_NAME).write_bytes(bytes(flipped))
        tally.flips += 1
        try:
            _check_start(app, base, tally, where)
            _check_commands(cli, where, tally)
        except Exception:  # a traceback a person would have seen
            tally.failures.append(f"{where}: {traceback.format_exc()}")
        shutil.rmtree(app)
        shutil.rmtree(cli)
    summary = {"flips": tally.flips, "file_set_aside": tally.set_aside, **tally.outcomes}
    print("bit flips:", json.dumps(summary))
    assert tally.failures == [], "\n".join(tally.failures[:10])
    assert sum(tally.outcomes.values()) == tally.flips * (len(base.games) + len(base.tournaments))


@pytest.mark.parametrize("what", ["starting life 30 -> 40", "a name", "an amount"])
def test_the_issue_s_silent_changes_are_caught(tmp_path: Path, what: str) -> None:
    """The probe's 12 silent changes were of these kinds: each one bit, each now reported."""
    _build(tmp_path)
    path = tmp_path / FILE_NAME
    data = bytearray(path.read_bytes())
    old, new = {
        "starting life 30 -> 40": (b'"starting_life":30', b'"starting_life":40'),  # '3' ^ 0x07
        "a name": (b'"Ann","Bob"', b'"Ann","Rob"'),  # 'B' ^ 0x10
        "an amount": (b'"amount":7', b'"amount":5'),  # '7' ^ 0x02
    }[what]
    at = data.find(old)
    assert at >= 0 and sum(x != y for x, y in zip(old, new, strict=True)) == 1
    data[at : at + len(old)] = new
    path.write_bytes(bytes(data))
    opened = open_journal(tmp_path)
    assert opened.message is None and opened.journal is not None  # quick_check: all "ok"
    with opened.journal as j:
        (problem,) = j.verify_all()
        assert isinstance(problem, DamagedError) and problem.game_id in (1, 3)  # 2HG games
        assert "does not match its checksum" in str(problem)

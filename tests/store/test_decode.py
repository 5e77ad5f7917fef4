"""A game's rows are decoded the usual way in a few steps (issue 12): whatever a row holds,
`rows.decode_events` gives exactly what `rows.decode_event` gives for each row, or refuses it
in the same words."""

from __future__ import annotations

from typing import Any

import pytest

from app.store import DamagedError, Journal
from app.store import rows as rows_module
from tests.store.conftest import GIANT
from tests.store.test_export import STEPS, play


def _rows(journal: Journal, gid: int) -> list[list[Any]]:
    raw = journal.connection.execute(
        "SELECT seq, time, kind, changes, checksum FROM events WHERE game_id = ? ORDER BY seq",
        (gid,),
    ).fetchall()
    return [list(r) for r in raw]


def _same_as_one_by_one(gid: int, raw: list[list[Any]]) -> None:
    quick = rows_module.decode_events(gid, raw)
    full = [rows_module.decode_event(gid, r) for r in raw]
    assert quick == full
    # The checksum as shown is no part of an EventRow's equality: compared apart.
    assert [s.event.checksum for s in quick] == [s.event.checksum for s in full]
    assert [type(s.event.time) for s in quick] == [type(s.event.time) for s in full]


def test_the_usual_rows_decode_as_one_by_one(journal: Journal) -> None:
    gid = play(journal, GIANT, STEPS)
    raw = _rows(journal, gid)
    assert all(isinstance(r[2], bytes) for r in raw)  # what the connection returns
    _same_as_one_by_one(gid, raw)
    quick = rows_module.decode_events(gid, raw + raw)
    # The same changes text decodes to one shared value.
    assert quick[0].event.changes is quick[len(raw)].event.changes


@pytest.mark.parametrize(
    ("column", "value"),
    [
        (1, 1_700_000_001),  # a whole number of seconds
        (1, -0.0),
        (2, "apply"),  # text as str rather than bytes
        (3, "[]"),
        (4, "ab"),
        (4, None),
        (4, 7),
    ],
)
def test_an_unusual_row_that_reads_decodes_as_one_by_one(
    journal: Journal, column: int, value: object
) -> None:
    gid = play(journal, GIANT, STEPS)
    raw = _rows(journal, gid)
    target = 3 if column == 3 else 0  # an undo's changes are []
    raw[target][column] = value
    _same_as_one_by_one(gid, raw)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        (0, 0),
        (0, True),
        (1, float("nan")),
        (1, float("inf")),
        (1, b"soon"),
        (2, b"apply\xff"),
        (2, b"cancel"),
        (3, b"[{\xff}]"),
        (3, b"[{"),
        (3, b'[{"type":"Damage","player":0}]'),
        (3, b"[]"),
        (3, 5),
    ],
)
def test_a_damaged_row_is_refused_in_the_same_words(
    journal: Journal, column: int, value: object
) -> None:
    gid = play(journal, GIANT, STEPS)
    raw = _rows(journal, gid)
    raw[1][column] = value
    with pytest.raises(DamagedError) as full:
        rows_module.decode_event(gid, raw[1])
    with pytest.raises(DamagedError) as quick:
        rows_module.decode_events(gid, raw)
    assert str(quick.value) == str(full.value)
    assert (quick.value.where, quick.value.problem) == (full.value.where, full.value.problem)

"""A game's rows are decoded the usual way in a few steps (issue 12): whatever a row holds,
`rows.decode_events` gives exactly what `rows.decode_event` gives for each row, or refuses it
in the same words."""

from __future__ import annotations

from typing import Any

import pytest

from tablelife.store import DamagedError, Journal
from tablelife.store import rows as rows_module
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


@pytest.mark.parametrize(
    "changes",
    [
        b'[{"type":"Damage","player":1,"amount":2},{"type":"PassTurn"}]',
        b'[{"type":"Damage","amount":2,"player":1}]',  # keys in another order
        b'[ {"type":"Damage","player":1,"amount":2}]',  # spaces: left to json.loads
        b'[{"type":"Damage","player":1,"amount":2} ]',
        b'[{"type":"Damage","player":1,"amount":2}, {"type":"PassTurn"}]',
        b'[{"type":"Damage","player":1,"amount":2}]\n',
        b'[{"type":"Damage","player":1,"player":0,"amount":2}]',  # the last of a key counts
        b'[{"type":"Effect","player":0,"kind":"a},{b","on":true}]',  # "},{" inside a text
        b'[{"type":"Effect","player":0,"kind":"},{","on":false},{"type":"PassTurn"}]',
        b'[{"type":"Effect","player":0,"kind":"\\u00e9\\ud800","on":true}]',
        b'[{"type":"Effect","player":0,"kind":"\xc3\xa9","on":true}]',
        b'[{"type":"Damage","player":1,"amount":2.0}]',
        b'[{"type":"Damage","player":1,"amount":true}]',
        b'[{"type":"Damage","player":1,"amount":99999999999999999999}]',
        b'[{"type":"Damage","player":1,"amount":2,"extra":[[[1]]]}]',
        b'[{"type":"Effect","player":0,"kind":"' + b"x" * 60 + b'","on":true}]',
        b"[{}]",
        b"[{},{}]",
        b'[{"type":"PassTurn"},{"type":"PassTurn"},{"type":"PassTurn"}]',
    ],
)
def test_a_changes_text_decodes_as_one_by_one(journal: Journal, changes: bytes) -> None:
    """The usual changes text is decoded change by change, each distinct change once: it
    gives exactly what `decode_event` gives, or refuses the row in its words."""
    gid = play(journal, GIANT, STEPS)
    raw = _rows(journal, gid)
    raw[0][3] = changes
    raw[5][3] = changes  # the same text again, and its changes in another one
    raw[2][3] = b'[{"type":"PassTurn"},' + changes[1:]
    try:
        full = [rows_module.decode_event(gid, r) for r in raw]
    except DamagedError as exc:
        with pytest.raises(DamagedError) as quick:
            rows_module.decode_events(gid, raw)
        assert (quick.value.where, quick.value.problem) == (exc.where, exc.problem)
    else:
        quick = rows_module.decode_events(gid, raw)
        assert quick == full


def test_the_usual_changes_decode_change_by_change(journal: Journal) -> None:
    gid = play(journal, GIANT, STEPS)
    raw = _rows(journal, gid)
    parts: dict[bytes, Any] = {}
    text = b'[{"type":"Damage","player":1,"amount":2},{"type":"PassTurn"}]'
    made = rows_module._usual_changes_text(text, parts)
    assert made is not None
    assert made == (
        rows_module.load(text, "changes"),
        rows_module.changes_from_list(rows_module.load(text, "changes"), "changes"),
        rows_module.chain.canonical(rows_module.load(text, "changes")),
    )
    assert len(parts) == 2  # each change, once
    assert (
        rows_module._usual_changes_text(b'[{"type":"Damage","player":1,"amount":2.5}]', parts)
        is None
    )
    assert rows_module.decode_events(gid, raw)[0].canonical == rows_module.chain.canonical(
        rows_module.load(raw[0][3], "changes")
    )

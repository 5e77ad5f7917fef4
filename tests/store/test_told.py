"""What a server's notice says (`tablelife.store.live.told_from`), read the way its triggers
word it (`tablelife.store.server_schema`)."""

from __future__ import annotations

from tablelife.store.live import Told, told_from


def test_a_log_entrys_and_a_holds_notices() -> None:
    assert told_from("3:17", sender=9) == Told("log", 3, seq=17)
    assert told_from("hold:3:41") == Told("hold", 3, game=41)


def test_a_game_events_notice_with_the_event_in_it() -> None:
    """The changes' JSON comes last, colons and all; text as the journal reads it (bytes)."""
    changes = '[{"amount":3,"player":0,"type":"Damage"}]'
    told = told_from(f"game+:3:12:41:7:1764172345.1234567:apply:ab12:{changes}", sender=501)
    assert told == Told(
        "game",
        3,
        seq=7,
        game=41,
        table=12,
        sender=501,
        stored=(7, 1764172345.1234567, b"apply", changes.encode(), b"ab12"),
    )


def test_a_game_events_notice_without_it_or_with_it_garbled_still_says_where_to_look() -> None:
    assert told_from("game:3:12:41:7") == Told("game", 3, seq=7, game=41, table=12)
    garbled = told_from("game+:3:12:41:7:soon:apply:ab12:[]", sender=5)
    assert garbled == Told("game", 3, seq=7, game=41, table=12, sender=5)


def test_what_it_does_not_know_is_nothing() -> None:
    for payload in (
        "",
        "x",
        "game:1:2",
        "game:1:2:3:x",
        "hold:1",
        "a:b",
        "game:1:2:3:4:5",
        "game+:1:2:3:4",  # the event-carrying notice without its event
        "game:1:2:3:4:1.0:apply:ab:[]",  # the event on the notice every Tablelife reads
    ):
        assert told_from(payload) is None, payload

"""A store night, round 3, in the event core: pairings by name for the wall, a round taken
back, late entries' missed rounds, and fixed and skipped table numbers."""

from __future__ import annotations

from typing import Any

import pytest

from tablelife.tournament.event import (
    EventError,
    EventSettings,
    Tournament,
    number_tables,
    replay,
)
from tablelife.tournament.sheets import (
    pairings_by_name,
    pairings_by_table,
    players,
    round_of,
    slips,
    sort_key,
)

T0 = 1_800_000_000.0


def event_of(teams: list[str], **settings: Any) -> Tournament:
    event = Tournament(EventSettings("Friday", **settings))
    for team in teams:
        event.apply("team_added", {"team": team}, T0)
    return event


def pair(event: Tournament, tables: list[list[str]], **extra: Any) -> None:
    data = {"round": len(event.rounds) + 1, "tables": tables, "elimination": False, **extra}
    event.apply("round_paired", data, T0)


def win(event: Tournament, table: int, winner: str) -> None:
    current = event.current
    assert current is not None
    teams = current.table(table).teams
    outcomes = {t: "win" if t == winner else "loss" for t in teams}
    event.apply("result", {"round": current.number, "table": table, "outcomes": outcomes}, T0)


# ----- names on the wall -------------------------------------------------------------------------


def test_the_sort_key_ignores_case_and_accents_alike_everywhere() -> None:
    names = ["zoë", "Émile", "emile", "Ångström", "ﬁona", "Eve", "anna"]
    assert sorted(names, key=sort_key) == [
        "Ångström",
        "anna",
        "Émile",
        "emile",
        "Eve",
        "ﬁona",
        "zoë",
    ]
    assert sort_key("Ｅmile") == sort_key("émile") == "emile"  # NFKD folds the wide letter too


def test_pairings_by_name_list_both_heads_of_a_team_sorted_with_a_bye_at_no_table() -> None:
    event = event_of(["Zoë & Ann", "émile & Bob", "Cal & Dee"])
    pair(event, [["Zoë & Ann", "émile & Bob"], ["Cal & Dee"]])
    rows = [r.to_dict() for r in pairings_by_name(event, round_of(event))]
    assert rows == [
        {"player": "Ann", "team": "Zoë & Ann", "table": 1, "opponents": ["émile & Bob"]},
        {"player": "Bob", "team": "émile & Bob", "table": 1, "opponents": ["Zoë & Ann"]},
        {"player": "Cal", "team": "Cal & Dee", "table": None, "opponents": []},
        {"player": "Dee", "team": "Cal & Dee", "table": None, "opponents": []},
        {"player": "émile", "team": "émile & Bob", "table": 1, "opponents": ["Zoë & Ann"]},
        {"player": "Zoë", "team": "Zoë & Ann", "table": 1, "opponents": ["émile & Bob"]},
    ]
    assert pairings_by_table(round_of(event)) == [
        {"table": 1, "teams": ["Zoë & Ann", "émile & Bob"]},
        {"table": 2, "teams": ["Cal & Dee"]},
    ]
    assert [(s.table, s.teams) for s in slips(event, round_of(event))] == [
        (1, ("Zoë & Ann", "émile & Bob"))
    ]


def test_a_player_is_a_team_outside_two_headed_giant_and_a_pod_lists_every_opponent() -> None:
    assert players("Ann & Bob", team_format=False) == ["Ann & Bob"]
    assert players("Team Rocket", team_format=True) == ["Team Rocket"]
    event = event_of(["A", "B", "C"], format="ffa", pod_size=3)
    pair(event, [["C", "A", "B"]])
    rows = pairings_by_name(event, round_of(event))
    assert [(r.player, r.opponents) for r in rows] == [
        ("A", ("C", "B")),
        ("B", ("C", "A")),
        ("C", ("A", "B")),
    ]


def test_an_earlier_round_and_one_that_isnt_there() -> None:
    event = event_of(["A", "B"])
    with pytest.raises(EventError, match="No round"):
        round_of(event)
    pair(event, [["A", "B"]])
    win(event, 1, "A")
    pair(event, [["B", "A"]])
    assert round_of(event, 1).tables[0].teams == ("A", "B")
    with pytest.raises(EventError, match="no round 3"):
        round_of(event, 3)


# ----- a round taken back ----------------------------------------------------------------------


def test_the_latest_round_is_taken_back_with_its_clock_and_paired_again() -> None:
    event = event_of(["A", "B", "C", "D", "E"])
    pair(event, [["A", "B"], ["C", "D"], ["E"]])
    event.apply("clock", {"op": "start"}, T0)
    event.apply("extension", {"table": 1, "seconds": 120}, T0)
    event.apply("round_unpaired", {"round": 1}, T0 + 60)
    assert event.rounds == [] and event.current is None
    pair(event, [["A", "C"], ["B", "D"], ["E"]])
    current = event.current
    assert current is not None and current.number == 1
    assert not current.clock.started and current.table(1).extension == 0


def test_a_round_with_a_result_or_a_tracked_game_is_not_taken_back_and_the_tables_are_named() -> (
    None
):
    event = event_of(["A", "B", "C", "D", "E", "F"])
    pair(event, [["A", "B"], ["C", "D"], ["E", "F"]])
    win(event, 3, "E")
    event.apply("game", {"table": 2, "game_id": 7}, T0)
    before = event.copy()
    with pytest.raises(EventError, match=r"table 3 has a result"):
        event.apply("round_unpaired", {"round": 1}, T0)
    event.apply("result_cleared", {"round": 1, "table": 3}, T0)
    with pytest.raises(EventError, match=r"tracked at table 2"):
        event.apply("round_unpaired", {"round": 1}, T0)
    assert len(event.rounds) == 1 and before.rounds[0].table(2).game_id == 7


def test_only_the_latest_round_is_taken_back() -> None:
    event = event_of(["A", "B"])
    pair(event, [["A", "B"]])
    win(event, 1, "A")
    pair(event, [["B", "A"]])
    with pytest.raises(EventError, match="Only the latest round, round 2"):
        event.apply("round_unpaired", {"round": 1}, T0)


# ----- late entries ---------------------------------------------------------------------------


def test_a_late_team_s_missed_rounds_are_match_losses_in_mw_not_gw() -> None:
    event = event_of(["A", "B", "C", "D"])
    pair(event, [["A", "B"], ["C", "D"]])
    win(event, 1, "A")
    win(event, 2, "C")
    event.apply("team_added", {"team": "Late", "missed": 1}, T0)
    pair(event, [["A", "C"], ["B", "D"], ["Late"]])  # the late team has the bye
    late = {s.team: s for s in event.standings()}["Late"]
    # Today's 100% was the bye alone; the missed round is a loss: 3 points of 6.
    assert late.record == (1, 1, 0) and late.points == 3
    assert late.mw == pytest.approx(0.5) and late.gw == pytest.approx(1.0)
    assert late.opponents == () and late.games[1] == 0  # nobody's opponent, no game lost
    assert event.late_losses() == {"Late": 1}


def test_without_missed_rounds_a_late_team_counts_only_what_it_played() -> None:
    event = event_of(["A", "B", "C", "D"])
    pair(event, [["A", "B"], ["C", "D"]])
    win(event, 1, "A")
    win(event, 2, "C")
    event.apply("team_added", {"team": "House"}, T0)
    pair(event, [["A", "C"], ["B", "D"], ["House"]])
    house = {s.team: s for s in event.standings()}["House"]
    assert house.record == (1, 0, 0) and house.mw == pytest.approx(1.0)


def test_missed_rounds_are_only_rounds_that_were_paired_and_it_sat_out() -> None:
    event = event_of(["A", "B"])
    with pytest.raises(EventError, match="can't have missed 1 rounds"):
        event.apply("team_added", {"team": "Late", "missed": 1}, T0)
    pair(event, [["A", "B"]])
    event.apply("team_added", {"team": "Late", "missed": 1}, T0)
    event.apply("round_unpaired", {"round": 1}, T0)
    pair(event, [["A", "B"], ["Late"]])  # round 1 again, and it plays it: no loss for it
    assert event.late_losses() == {}


# ----- fixed and skipped tables ------------------------------------------------------------------


def test_fixed_and_skipped_tables_number_a_round() -> None:
    settings = EventSettings("Friday", fixed_tables=(("Wheel", 7),), skipped_tables=(1, 3))
    tables = [["A", "B"], ["C", "Wheel"], ["D", "E"], ["F"]]
    assert number_tables(tables, settings) == [2, 7, 4, 5]
    # A fixed team with the bye has no seat to keep: the bye takes a number like any other.
    assert number_tables([["A", "B"], ["Wheel"]], settings) == [2, 4]


def test_a_round_keeps_its_numbers_and_lists_its_tables_in_number_order() -> None:
    event = event_of(["A", "B", "C", "D"])
    pair(event, [["A", "B"], ["C", "D"]], numbers=[9, 2])
    current = event.current
    assert current is not None
    assert [(t.number, t.teams) for t in current.tables] == [(2, ("C", "D")), (9, ("A", "B"))]
    event.apply("round_unpaired", {"round": 1}, T0)
    with pytest.raises(EventError, match="table numbers"):
        pair(event, [["A", "B"], ["C", "D"]], numbers=[2, 2])


@pytest.mark.parametrize(
    ("fixed", "skipped", "words"),
    [
        ((("A", 0),), (), "from 1 to 999"),
        ((("A", 1000),), (), "from 1 to 999"),
        ((), (0,), "from 1 to 999"),
        ((("A", 2), ("B", 2)), (), "fixed for both A and B"),
        ((("A", 2), ("a", 3)), (), "two fixed tables"),
        ((("A", 2),), (2,), "fixed for A and skipped"),
    ],
)
def test_bad_table_settings_are_refused_in_words(
    fixed: tuple[tuple[str, int], ...], skipped: tuple[int, ...], words: str
) -> None:
    with pytest.raises(EventError, match=words):
        EventSettings("Friday", fixed_tables=fixed, skipped_tables=skipped)


def test_table_settings_round_trip_and_an_older_journal_s_settings_still_load() -> None:
    settings = EventSettings("Friday", fixed_tables={"B": 4, "A": 2}, skipped_tables=(3, 1, 3))
    data = settings.to_dict()
    assert data["fixed_tables"] == {"A": 2, "B": 4} and data["skipped_tables"] == [1, 3]
    assert EventSettings.from_dict(data) == settings
    old = {k: v for k, v in data.items() if k not in ("fixed_tables", "skipped_tables")}
    assert EventSettings.from_dict(old).fixed_tables == ()


def test_table_settings_change_mid_event_by_a_record() -> None:
    records = [
        ("team_added", {"team": "Ann"}, T0),
        ("team_added", {"team": "Bob"}, T0),
        ("settings", {"fixed_tables": {"ann": 5}, "skipped_tables": [1]}, T0),
    ]
    event = replay(EventSettings("Friday"), records)
    assert event.settings.fixed_tables == (("Ann", 5),)
    assert event.settings.skipped_tables == (1,)
    with pytest.raises(EventError, match="no team called"):
        event.apply("settings", {"fixed_tables": {"Nobody": 2}}, T0)

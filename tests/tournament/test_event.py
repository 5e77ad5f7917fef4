"""The event as its records make it: teams, rounds, results, the clock, extensions, turns."""

from __future__ import annotations

from typing import Any

import pytest

from tablelife.tournament.event import EventError, EventSettings, Tournament, replay

T0 = 1_800_000_000.0  # a wall-clock time in 2027
TEAMS = [f"T{i}" for i in range(1, 9)]


def event_with_teams(teams: list[str] = TEAMS, **settings: Any) -> Tournament:
    event = Tournament(EventSettings("Prerelease", **settings))
    for team in teams:
        event.apply("team_added", {"team": team}, T0)
    return event


def pair(event: Tournament, seed: int = 7) -> list[tuple[str, ...]]:
    tables, elimination = event.pair_next(seed)
    number = len(event.rounds) + 1
    data = {"round": number, "tables": [list(t) for t in tables], "elimination": elimination}
    event.apply("round_paired", data, T0)
    return tables


def first_wins_everywhere(event: Tournament) -> None:
    current = event.current
    assert current is not None
    for table in current.tables:
        if not table.finished:
            outcomes = {table.teams[0]: "win", table.teams[1]: "loss"}
            event.apply(
                "result", {"round": current.number, "table": table.number, "outcomes": outcomes}, T0
            )


def test_an_eight_team_2hg_evening_three_swiss_rounds_then_a_top_4() -> None:
    event = event_with_teams(top=4)
    assert event.suggested_rounds() == 3
    for _ in range(3):
        tables = pair(event)
        assert len(tables) == 4 and sorted(t for table in tables for t in table) == sorted(TEAMS)
        first_wins_everywhere(event)
    table = event.standings()
    assert table[0].points == 9 and table[0].record == (3, 0, 0)
    assert sum(s.points for s in table) == 3 * 4 * 3  # every match gives out 3 points
    semis = pair(event)
    assert event.current is not None and event.current.elimination
    top4 = [s.team for s in table[:4]]
    assert semis == [(top4[0], top4[3]), (top4[1], top4[2])]  # MTR: 1 v 4, 2 v 3
    first_wins_everywhere(event)
    final = pair(event)
    assert final == [(top4[0], top4[1])]
    first_wins_everywhere(event)
    with pytest.raises(EventError, match="final is played"):
        event.pair_next()


def test_after_a_top_cut_the_standings_place_its_teams_by_how_far_they_went() -> None:
    """The finalist is second, ahead of a semifinalist with more Swiss points; the figures
    stay the Swiss rounds' (the cut's matches and rematches are not added to them)."""
    event = event_with_teams(top=4)
    for _ in range(3):
        pair(event)
        first_wins_everywhere(event)
    swiss = event.standings()
    seeds = [s.team for s in swiss[:4]]
    semis = pair(event)
    assert semis == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    current = event.current
    assert current is not None
    for table in current.tables:  # the lower seeds win both semifinals
        a, b = table.teams
        outcomes = {a: "loss", b: "win"}
        event.apply(
            "result", {"round": current.number, "table": table.number, "outcomes": outcomes}, T0
        )
    # Both finalists went as far so far: in Swiss order, then the semifinalists out.
    assert [s.team for s in event.standings()[:4]] == [seeds[2], seeds[3], seeds[0], seeds[1]]
    assert pair(event) == [(seeds[3], seeds[2])]
    first_wins_everywhere(event)  # seed 4 wins the final
    final = event.standings()
    assert [s.team for s in final] == [seeds[3], seeds[2], seeds[0], seeds[1]] + [
        s.team for s in swiss[4:]
    ]
    assert [s.rank for s in final] == list(range(1, 9))
    by_team = {s.team: s for s in swiss}
    assert all(s.points == by_team[s.team].points and s.omw == by_team[s.team].omw for s in final)


def test_a_round_cant_be_paired_twice_or_before_the_last_has_its_results() -> None:
    event = event_with_teams()
    pair(event)
    with pytest.raises(EventError, match="still has tables without a result"):
        event.pair_next()
    with pytest.raises(EventError, match="next round is round 2"):
        event.apply("round_paired", {"round": 1, "tables": [["T1", "T2"]]}, T0)


def test_an_odd_count_gets_a_bye_that_is_a_win_at_once() -> None:
    event = event_with_teams(TEAMS[:5])
    tables = pair(event)
    assert [len(t) for t in tables].count(1) == 1
    current = event.current
    assert current is not None
    bye = next(t for t in current.tables if t.bye)
    assert bye.finished and bye.result is not None
    assert dict(bye.result.outcomes) == {bye.teams[0]: "bye"}


def test_a_correction_replaces_the_result_and_is_counted() -> None:
    event = event_with_teams(TEAMS[:2])
    pair(event)
    a, b = event.rounds[0].tables[0].teams
    event.apply("result", {"round": 1, "table": 1, "outcomes": {a: "win", b: "loss"}}, T0)
    event.apply("result", {"round": 1, "table": 1, "outcomes": {a: "draw", b: "draw"}}, T0)
    table = event.rounds[0].tables[0]
    assert table.corrections == 1
    assert [s.points for s in event.standings()] == [1, 1]


def test_single_elimination_never_ends_in_a_draw() -> None:
    event = event_with_teams(TEAMS[:4], rounds=1, top=4)
    pair(event)
    first_wins_everywhere(event)
    pair(event)
    a, b = event.rounds[1].tables[0].teams
    with pytest.raises(EventError, match=r"can't end in a draw \(MTR 2.4\)"):
        event.apply("result", {"round": 2, "table": 1, "outcomes": {a: "draw", b: "draw"}}, T0)


def test_mtr_2_4_the_clock_time_called_then_3_additional_turns_in_2hg() -> None:
    event = event_with_teams(TEAMS[:4], minutes=50)
    pair(event)
    table = event.rounds[0].tables[0]
    assert event.table_status(table, T0) == "playing"
    event.apply("clock", {"op": "start"}, T0)
    assert event.time_left(table, T0 + 60) == 49 * 60
    with pytest.raises(EventError, match="not been called"):
        event.apply("turn", {"table": 1}, T0 + 60)
    end = T0 + 50 * 60
    assert event.table_status(table, end) == "time"  # the active player finishes the turn
    for n in range(1, 4):
        event.apply("turn", {"table": 1}, end)
        assert event.rounds[0].tables[0].turns == n
        assert event.table_status(event.rounds[0].tables[0], end) == "turn"
    event.apply("turn", {"table": 1}, end)
    assert event.table_status(event.rounds[0].tables[0], end) == "needs result"


def test_five_additional_turns_in_two_player_games() -> None:
    event = event_with_teams(TEAMS[:2], format="duel")
    pair(event)
    assert event.additional_turns(event.rounds[0].tables[0]) == 5


def test_mtr_2_6_an_extension_delays_that_tables_time_and_pauses_hold_the_clock() -> None:
    event = event_with_teams(TEAMS[:4], minutes=50)
    pair(event)
    event.apply("clock", {"op": "start"}, T0)
    event.apply("extension", {"table": 2, "seconds": 420}, T0 + 100)
    event.apply("clock", {"op": "pause"}, T0 + 600)
    event.apply("clock", {"op": "resume"}, T0 + 900)  # 5 minutes held
    event.apply("clock", {"op": "adjust", "seconds": -60}, T0 + 900)
    one, two = event.rounds[0].tables
    at = T0 + 900 + 40 * 60
    assert event.time_left(one, at) == 50 * 60 - 60 - 600 - 40 * 60
    assert event.time_left(two, at) == event.time_left(one, at) + 420  # type: ignore[operator]
    called = T0 + 300 + 49 * 60
    assert event.table_status(one, called) == "time"
    assert event.table_status(two, called) == "playing"


def test_records_replay_to_the_same_event() -> None:
    records: list[tuple[str, dict[str, Any], float]] = [
        ("team_added", {"team": t}, T0) for t in TEAMS[:4]
    ]
    records += [
        ("round_paired", {"round": 1, "tables": [["T1", "T2"], ["T3", "T4"]]}, T0),
        ("clock", {"op": "start"}, T0 + 5),
        ("extension", {"table": 1, "seconds": 180}, T0 + 50),
        ("result", {"round": 1, "table": 2, "outcomes": {"T3": "win", "T4": "loss"}}, T0 + 60),
        ("team_dropped", {"team": "T4"}, T0 + 70),
    ]
    event = replay(EventSettings("Night"), records)
    assert event.records == len(records)
    assert event.dropped == {"T4"}
    assert event.rounds[0].tables[0].extension == 180
    assert event.standings()[0].team == "T3"


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        ("team_added", {"team": "  "}, "can't be blank"),
        ("team_added", {"team": "t1"}, "already a team called t1"),
        ("team_dropped", {"team": "Nobody"}, "no team called Nobody"),
        ("round_paired", {"round": 1, "tables": [["T1", "T1"]]}, "seated at two tables"),
        ("round_paired", {"round": 1, "tables": [["T1", "Zed"]]}, "no team called Zed"),
        ("result", {"round": 1, "table": 1, "outcomes": {}}, "No round has been paired"),
        ("clock", {"op": "start"}, "No round has been paired"),
        ("wizardry", {}, "Unknown event record"),
    ],
)
def test_bad_records_are_refused_with_words_and_change_nothing(
    kind: str, data: dict[str, Any], message: str
) -> None:
    event = event_with_teams(TEAMS[:4])
    before = (list(event.teams), set(event.dropped), list(event.rounds), event.records)
    with pytest.raises(EventError, match=message):
        event.apply(kind, data, T0)
    assert (event.teams, event.dropped, event.rounds, event.records) == before


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("2hg", ("2hg", 4)),
        ("duel", ("duel", 4)),
        ("ffa:3", ("ffa", 3)),
        ("commander:5", ("commander", 5)),
    ],
)
def test_formats_parse(text: str, parsed: tuple[str, int]) -> None:
    assert EventSettings.parse_format(text) == parsed


@pytest.mark.parametrize("text", ["chess", "ffa", "ffa:9", "commander:x", "2hg:4"])
def test_bad_formats_say_what_is_allowed(text: str) -> None:
    with pytest.raises(EventError):
        EventSettings.parse_format(text)


def test_pods_pair_and_score() -> None:
    event = event_with_teams(TEAMS, format="commander", pod_size=4)
    tables = pair(event)
    assert [len(t) for t in tables] == [4, 4]
    assert event.settings.variant(4).starting_life == 40


@pytest.mark.parametrize(
    ("teams", "settings"),
    [([], {}), (["T1"], {}), (["T1", "T2"], {"format": "ffa", "pod_size": 3})],
)
def test_pairing_too_few_teams_is_an_event_error_the_desk_can_show(
    teams: list[str], settings: dict[str, Any]
) -> None:
    # The desk catches EventError only: a PairingError escaping here was a crash at Ctrl+P
    # once drops had left too few teams.
    event = event_with_teams(teams, **settings)
    with pytest.raises(EventError):
        event.pair_next(1)


def test_dropping_all_but_one_team_then_pairing_is_refused_in_words() -> None:
    event = event_with_teams()
    pair(event)
    first_wins_everywhere(event)
    for team in TEAMS[1:]:
        event.apply("team_dropped", {"team": team}, T0)
    with pytest.raises(EventError, match="at least two teams"):
        event.pair_next(1)


@pytest.mark.parametrize("games", ["ab", 5, [["T1", 1]], {"T1": 5, "T2": [0, 1, 0]}])
def test_a_result_with_games_of_the_wrong_shape_is_refused_in_words(games: object) -> None:
    event = event_with_teams(["T1", "T2"])
    pair(event)
    before = event.copy()
    outcomes = {"T1": "win", "T2": "loss"}
    with pytest.raises(EventError):
        event.apply("result", {"round": 1, "table": 1, "outcomes": outcomes, "games": games}, T0)
    assert event.current == before.current and event.records == before.records


@pytest.mark.parametrize("name", ["Ann\u202eboB", "Zero\u200bWidth", "Bell\x07"])
def test_team_names_go_through_the_shared_name_check(name: str) -> None:
    event = Tournament(EventSettings("Night"))
    with pytest.raises(EventError, match="The team's name"):
        event.apply("team_added", {"team": name}, T0)
    assert event.teams == []


def test_mtr_2_4_additional_turns_by_format_name() -> None:
    from tablelife.tournament import additional_turns

    assert additional_turns("2hg") == additional_turns("Two-Headed Giant") == 3
    assert additional_turns("duel") == additional_turns("commander") == 5


# ----- issue 28: a clock that was ahead, corrected -------------------------------------------

DAYS_400 = 400 * 24 * 3600.0


def test_a_clock_correction_sets_the_time_back_and_keeps_the_round_s_time_left() -> None:
    """The round clock was started while the computer's clock was 400 days ahead, and a
    result came 10 minutes later; staff correct the clock a minute after T0: the event's
    latest time is that minute, and the round has the 40 minutes it had at the last record."""
    event = event_with_teams(TEAMS[:4])
    pair(event)
    ahead = T0 + DAYS_400
    event.apply("clock", {"op": "start"}, ahead)
    outcomes = {"T1": "win", "T2": "loss"}
    table = next(t for t in event.rounds[0].tables if set(t.teams) == {"T1", "T2"})
    event.apply("result", {"round": 1, "table": table.number, "outcomes": outcomes}, ahead + 600)
    clock = event.rounds[0].clock
    assert event.latest == ahead + 600 and clock.remaining(ahead + 600) == 40 * 60
    event.apply("clock_corrected", {"from": ahead + 600}, T0 + 60)
    assert event.latest == T0 + 60
    assert event.rounds[0].clock.remaining(T0 + 60) == 40 * 60
    assert event.rounds[0].clock.remaining(T0 + 120) == 39 * 60  # and it runs on from there
    event.apply("extension", {"table": table.number, "seconds": 60}, T0 + 120)
    assert event.latest == T0 + 120  # later records count from the corrected time


def test_a_round_clock_started_before_the_wrong_time_is_left_as_it_was() -> None:
    event = event_with_teams(TEAMS[:4])
    pair(event)
    event.apply("clock", {"op": "start"}, T0)  # started right
    event.apply("extension", {"table": 1, "seconds": 60}, T0 + DAYS_400)  # then one wrong
    event.apply("clock_corrected", {"from": T0 + DAYS_400}, T0 + 300)
    assert event.rounds[0].clock.since == T0
    assert event.rounds[0].clock.remaining(T0 + 300) == 45 * 60


@pytest.mark.parametrize(
    ("data", "at"),
    [
        ({"from": T0 + 100}, T0 + 200),  # not ahead of the correction's time
        ({"from": T0 + 999}, T0 + 50),  # ahead of anything the event holds
        ({}, T0),
        ({"from": "soon"}, T0),
    ],
)
def test_a_clock_correction_that_corrects_nothing_is_refused(data: Any, at: float) -> None:
    event = event_with_teams(TEAMS[:4])
    event.apply("team_added", {"team": "T9"}, T0 + 100)
    with pytest.raises(EventError):
        event.apply("clock_corrected", data, at)
    assert event.latest == T0 + 100


def test_a_finished_event_s_clock_can_be_corrected() -> None:
    """Its results can still be corrected, so their times can be wrong too."""
    event = event_with_teams(TEAMS[:2], rounds=1)
    pair(event)
    first_wins_everywhere(event)
    event.apply("finished", {}, T0 + DAYS_400)
    event.apply("clock_corrected", {"from": T0 + DAYS_400}, T0 + 5)
    assert event.finished and event.latest == T0 + 5

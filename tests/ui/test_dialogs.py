"""Typed numbers and the new-game dialog refuse bad input, in words, and change nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale, QSettings
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.settings import Settings
from tablelife.rules import MAX_AMOUNT, Damage, Effect, GainLife, PayLife, SetLife, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.ui.dialogs import NewGameDialog, NumberDialog, parse_whole
from tablelife.ui.main_window import MainWindow


@pytest.mark.parametrize(
    ("text", "least", "most", "expected"),
    [
        ("12", 0, 30, 12),
        (" 1,000 ", 0, MAX_AMOUNT, 1000),
        ("−3", -5, 5, -3),
        ("abc", 0, 30, "“abc” is not a whole number."),
        ("2.5", 0, 30, "“2.5” is not a whole number."),
        ("", 0, 30, "Type a whole number."),
        ("-3", 0, 30, "\u22123 is too small: the least is 0."),
        # As the prompt writes them, found by a tester ("-1000000000000 … -1000000").
        (
            "-1000000000000",
            -MAX_AMOUNT,
            0,
            "\u22121,000,000,000,000 is too small: the least is \u22121,000,000.",
        ),
        ("1000000000000", 0, MAX_AMOUNT, "1,000,000,000,000 is too large: the most is 1,000,000."),
        ("1,000,000", 0, MAX_AMOUNT, 1_000_000),
        ("1 000", 0, MAX_AMOUNT, 1000),
        ("\u22121\u202f000", -MAX_AMOUNT, 0, -1000),  # as the app itself writes numbers
        ("+7", 0, 30, 7),
        # Commas only between groups of three: "1,5" is not 15, nor is "12,34" 1234.
        ("1,5", 0, 30, "“1,5” is not a whole number."),
        ("12,34", 0, MAX_AMOUNT, "“12,34” is not a whole number."),
        ("1,,000", 0, MAX_AMOUNT, "“1,,000” is not a whole number."),
        ("1 000,000", 0, MAX_AMOUNT, "“1 000,000” is not a whole number."),
        ("1_0", 0, 30, "“1_0” is not a whole number."),
        # Longer than Python turns into a number at all (4,300 digits): refused, not a crash.
        ("9" * 5000, 0, 30, f"{'9' * 29}… is too large: the most is 30."),
        ("-" + "9" * 5000, -30, 30, f"-{'9' * 28}… is too small: the least is \u221230."),
        ("0" * 5000 + "5", 0, 30, 5),
    ],
)
def test_parse_whole(text: str, least: int, most: int, expected: int | str) -> None:
    assert parse_whole(text, least, most) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2,0", "“2,0” is not a whole number."),  # two, in Russian: never 20
        ("1,5", "“1,5” is not a whole number."),
        ("1,000", "“1,000” is not a whole number."),
        ("1 000", 1000),  # as the Russian prompt writes its limits
        ("1\u00a0000", 1000),
        ("\u2212250", -250),
    ],
)
def test_parse_whole_reads_russian_numbers(qapp: object, text: str, expected: int | str) -> None:
    """Where the comma is the decimal mark, it never groups digits."""
    before = QLocale()
    QLocale.setDefault(QLocale("ru"))
    try:
        assert parse_whole(text, -MAX_AMOUNT, MAX_AMOUNT) == expected
    finally:
        QLocale.setDefault(before)


@pytest.mark.parametrize("typed", ["abc", "-3", str(10**12), "4.5"])
def test_number_dialog_refuses_bad_input(qtbot: QtBot, typed: str) -> None:
    dialog = NumberDialog("Pay life", "How much?", 0, 30)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.edit, typed)
    assert not dialog.ok_button.isEnabled()
    assert dialog.error.text()
    dialog.accept()
    assert dialog.result() == 0  # not accepted
    assert dialog.value() is None


def test_number_dialog_accepts_a_number_in_range(qtbot: QtBot) -> None:
    dialog = NumberDialog("Pay life", "How much?", 0, 30)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.edit, "7")
    assert dialog.ok_button.isEnabled() and dialog.error.text() == ""
    dialog.accept()
    assert dialog.value() == 7


def test_a_number_given_is_typed_over(qtbot: QtBot) -> None:
    """Set life opens on the total there is: typing 20 sets 20, never 3020."""
    dialog = NumberDialog("Set life", "The new total?", -MAX_AMOUNT, MAX_AMOUNT, value=30)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.edit.hasFocus)
    qtbot.keyClicks(dialog.edit, "20")
    assert dialog.value() == 20


def _window(qtbot: QtBot, tmp_path: object) -> MainWindow:
    settings = Settings(QSettings(f"{tmp_path}/d.ini", QSettings.Format.IniFormat))
    setup = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))
    window = MainWindow(GameModel(setup), settings, GameModel)
    qtbot.addWidget(window)
    return window


def test_pay_life_dialog_is_capped_at_the_team_total(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)
    window.model.submit(Damage(0, 26))
    asked: list[tuple[int, int]] = []

    def ask(
        title: str, prompt: str, least: int, most: int, value: int | None = None, **_: object
    ) -> int:
        asked.append((least, most))
        return most

    monkeypatch.setattr(window.table, "ask_number", ask)
    window.table.pay_life(1)
    assert asked == [(0, 4)]  # CR 119.4: up to the team's 4 life
    assert window.model.game.history[-1].changes == (PayLife(1, 4),)
    assert window.model.game.life(0) == 0


def test_set_life_cancelled_changes_nothing(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)
    monkeypatch.setattr(window.table, "ask_number", lambda *a, **k: None)
    window.table.set_life(0)
    assert window.model.game.history == ()
    monkeypatch.setattr(window.table, "ask_number", lambda *a, **k: 12)
    window.table.set_life(2)
    assert window.model.game.history[-1].changes == (SetLife(2, 12),)
    assert window.model.game.life(1) == 12


def test_107_1b_set_life_dialog_takes_negative_totals(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)
    window.model.submit(Effect(0, "cant_lose"), Damage(0, 34))
    asked: list[tuple[int, int, int | None]] = []

    def ask(
        title: str, prompt: str, least: int, most: int, value: int | None = None, **_: object
    ) -> int:
        asked.append((least, most, value))
        return -8

    monkeypatch.setattr(window.table, "ask_number", ask)
    window.table.set_life(1)
    # CR 107.1b, 119.5: any whole total within the typo limit, starting from the one there is.
    assert asked == [(-MAX_AMOUNT, MAX_AMOUNT, -4)]
    assert window.model.game.life(0) == -8
    assert window.model.game.status(0) == "playing"


def test_119_4_pay_life_dialog_asks_within_the_cores_limit_past_the_typo_limit(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)
    # A team past the typo limit, as a game saved before totals kept within it (issue 26)
    # comes back: its events replay without that limit.
    game = window.model.setup.new_game()
    game.apply(GainLife(2, MAX_AMOUNT), GainLife(3, MAX_AMOUNT))
    window.model._install(game)
    asked: list[int] = []

    def ask(
        title: str, prompt: str, least: int, most: int, value: int | None = None, **_: object
    ) -> int:
        asked.append(most)
        return 1_500_000

    monkeypatch.setattr(window.table, "ask_number", ask)
    window.table.pay_life(2)
    assert asked == [2_000_030] == [window.model.game.life(1) + 1_500_000]
    assert window.model.game.history[-1].changes == (PayLife(2, 1_500_000),)


def _new_game(qtbot: QtBot, players: list[str] | None = None) -> NewGameDialog:
    dialog = NewGameDialog(players or [], [])
    qtbot.addWidget(dialog)
    return dialog


def test_new_game_dialog_refuses_a_typed_word_for_life(qtbot: QtBot) -> None:
    dialog = _new_game(qtbot)
    qtbot.keyClicks(dialog.life_edit, "abc")
    assert "not a whole number" in dialog.error.text()
    dialog.accept()
    assert dialog.chosen is None


@pytest.mark.parametrize("poison", ["0", "-4", "99999999999"])
def test_new_game_dialog_refuses_a_bad_poison_limit(qtbot: QtBot, poison: str) -> None:
    dialog = _new_game(qtbot)
    qtbot.keyClicks(dialog.poison_edit, poison)
    assert dialog.error.text().startswith("Poison limit:")
    dialog.accept()
    assert dialog.chosen is None


def test_new_game_dialog_refuses_two_players_with_one_name(qtbot: QtBot) -> None:
    dialog = _new_game(qtbot)
    qtbot.keyClicks(dialog.player_edits[0], "Ann")
    qtbot.keyClicks(dialog.player_edits[2], " ann ")
    assert "different name" in dialog.error.text()
    dialog.accept()
    assert dialog.chosen is None


def test_new_game_dialog_refuses_a_name_import_would_refuse(qtbot: QtBot) -> None:
    """A bidi override pasted into a name is refused in the dialog, as import refuses it."""
    dialog = _new_game(qtbot)
    dialog.player_edits[0].setText("Tom\u202eX")  # pasted: no key types it
    assert "text-direction control character (U+202E)" in dialog.error.text()
    dialog.accept()
    assert dialog.chosen is None


@pytest.mark.parametrize("name", ["\ufe0f", "\u034f", "\u2800"])
def test_new_game_dialog_refuses_a_name_that_shows_nothing(qtbot: QtBot, name: str) -> None:
    """Issue 28: a name of a variation selector alone named a seat with nothing to see."""
    dialog = _new_game(qtbot)
    dialog.player_edits[1].setText(name)  # pasted
    assert "shows nothing" in dialog.error.text()
    dialog.accept()
    assert dialog.chosen is None


def test_new_game_dialog_builds_a_three_headed_giant_with_house_rules(qtbot: QtBot) -> None:
    dialog = _new_game(qtbot, ["Ann", "Bob"])
    dialog.preset_box.setCurrentIndex(1)  # Three-Headed Giant
    assert len(dialog.player_edits) == 6
    assert dialog.player_edits[0].text() == "Ann"  # remembered from the last game
    assert dialog.life_edit.placeholderText() == "45"
    assert dialog.poison_edit.placeholderText() == "20"
    qtbot.keyClicks(dialog.life_edit, "50")
    dialog.accept()
    setup = dialog.chosen
    assert setup is not None
    assert setup.variant.heads == 3 and setup.variant.starting_life == 50
    assert setup.variant.poison_limit == 20 and setup.variant.house_rules
    assert setup.names[:3] == ("Ann", "Bob", "Player 3")  # empty names fall back


def test_new_game_dialog_switches_to_free_for_all_players(qtbot: QtBot) -> None:
    dialog = _new_game(qtbot)
    dialog.preset_box.setCurrentIndex(4)  # Free-for-all (40 life)
    dialog.size_box.setValue(6)
    assert len(dialog.player_edits) == 6 and dialog.team_edits == []
    dialog.accept()
    assert dialog.chosen is not None
    assert dialog.chosen.variant.players == 6 and dialog.chosen.variant.starting_life == 40
    assert not dialog.chosen.variant.house_rules


def test_new_game_remembers_names(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)

    def run(dialog: NewGameDialog) -> int:
        dialog.player_edits[0].setText("Zed")
        dialog.accept()
        return 1

    monkeypatch.setattr(NewGameDialog, "exec", run)
    window.new_game()  # nothing played yet, so it does not ask
    assert window.model.setup.names[0] == "Zed"
    assert window.settings.get("names/players")[0] == "Zed"
    assert window.model.game.history == ()
    assert "Die roll: Zed & Player 2 start" in window.table.banner.text()


def test_names_left_empty_are_remembered_empty(
    qtbot: QtBot, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name left to its default is not remembered as typed: the next game's teams are named
    after its own players, not after the last game's ("Player 1 & Player 2")."""
    window = _window(qtbot, tmp_path)
    games = [["", "", "", ""], ["Ann", "Bob", "Cal", "Dee"]]  # the players typed, game by game

    def run(dialog: NewGameDialog) -> int:
        for edit, name in zip(dialog.player_edits, games.pop(0), strict=True):
            edit.setText(name)
        dialog.accept()
        return 1

    monkeypatch.setattr(NewGameDialog, "exec", run)
    window.new_game()
    assert window.model.setup.team_names == ("Player 1 & Player 2", "Player 3 & Player 4")
    assert window.settings.get("names/players") == ["", "", "", ""]
    window.new_game()  # the team fields as the dialog fills them
    assert window.model.setup.team_names == ("Ann & Bob", "Cal & Dee")
    assert window.settings.get("names/teams") == ["", ""]


def test_an_empty_team_name_shows_the_name_it_will_get(qtbot: QtBot) -> None:
    dialog = _new_game(qtbot)
    qtbot.keyClicks(dialog.player_edits[0], "Ann")
    qtbot.keyClicks(dialog.player_edits[1], "Bob")
    assert dialog.team_edits[0].placeholderText() == "Ann & Bob"
    dialog.accept()
    assert dialog.chosen is not None and dialog.chosen.team_names[0] == "Ann & Bob"

"""The kitchen table window in Russian, looked at as the players see it: Two-Headed Giant,
Commander, eight players, the new-game dialog, the keys help, a refusal, a finished game, and
a switch from English to Russian through View → Language while the window is open."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from tablelife.model.i18n import language
from tablelife.rules import (
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    PassTurn,
    PayLife,
    Poison,
)
from tablelife.ui.dialogs import KeysDialog, NewGameDialog
from tablelife.ui.main_window import MainWindow
from tests.i18n.visible import english_words, visible_texts
from tests.ui.conftest import Factory, giant, make_window

# The table window's fixtures (tests/ui/conftest.py), used here as they are.
__all__ = ["giant", "make_window"]

# What stays as it is in Russian, on purpose:
# - the players' names are data, and so are their first two letters on the commander
#   counters ("Bo 7");
NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Finn", "Gus", "Hana")
SHORT = tuple(name[:2] for name in NAMES)
# - View → Language names each language in itself ("English", "Русский");
LANGUAGES = ("English",)
# - Qt's own Russian (qtbase_ru) keeps the standard button's "OK" in Latin letters.
QT_OWN = ("OK",)
ALLOWED = (*NAMES, *SHORT, *LANGUAGES, *QT_OWN)


def play_a_little(window: MainWindow, qtbot: QtBot) -> None:
    """A few events, so the history, the undo action and the panels have words in them."""
    model = window.model
    model.submit(Damage(0, 3), Poison(2, 2))
    model.submit(PassTurn())
    model.submit(GainLife(1, 2), Effect(0, "cant_gain_life", True))
    qtbot.waitUntil(lambda: window.history.row_count() == 3)


def english_left(window: MainWindow) -> list[str]:
    return english_words(visible_texts(window), allowed=ALLOWED)


def retranslated(qtbot: QtBot, window: MainWindow) -> None:
    """Waits for Qt's LanguageChange (posted, so it comes through the event loop) and for the
    history's rows, made again in the new language."""
    qtbot.waitUntil(lambda: window.history_dock.windowTitle() == "История")
    count = len(window.model.game.history)
    qtbot.waitUntil(lambda: window.history.row_count() == count)


def to_russian(qtbot: QtBot, window: MainWindow) -> None:
    assert language().set("ru")
    retranslated(qtbot, window)


def test_two_headed_giant_reads_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    play_a_little(giant, qtbot)
    to_russian(qtbot, giant)
    assert english_left(giant) == []
    assert giant.table.banner.text() == "Ход 2 — очередь: Cal & Dee"
    assert giant.table.panels[1].turn_label.text() == "▶ ход 2"
    # Plural forms follow the count: 1 жизнь, 5 жизней.
    row = giant.table.panels[0].heads[0]
    assert row.buttons[(-1, 0)].toolTip() == "Ann: потерять 1 жизнь"
    assert row.buttons[(-5, 0)].toolTip() == "Ann: потерять 5 жизней"
    assert row.buttons[(0, 1)].toolTip() == "Ann: добавить 1 счётчик яда"
    assert giant.history_dock.windowTitle() == "История"
    history = giant.history
    assert [history.header_text(i) for i in range(3)] == ["Время", "Что", "После"]


def test_a_commander_game_reads_in_russian(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(FreeForAll(players=4, starting_life=40, commander=True), names=NAMES[:4])
    window.table.tap_commander(1)  # Ann takes 1 pending combat damage from Bob's commander
    to_russian(qtbot, window)
    assert english_left(window) == []
    counter = next(c for c in window.table.panels[0].counters if c.source == 1)
    assert counter.toolTip() == (
        "Боевой урон от командира (Bob): 0 из 21, ещё 1 ожидает. "
        "Щелчок добавляет 1, правый щелчок снимает 1 из ожидающих (CR 903.10a)."
    )


def test_eight_players_read_in_russian(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(FreeForAll(players=8), names=NAMES)
    window.model.submit(Damage(3, 4))
    qtbot.waitUntil(lambda: window.history.row_count() == 1)
    to_russian(qtbot, window)
    assert english_left(window) == []
    # Eight teams: the totals sit under "What", and the headers are two.
    history = window.history
    assert history.column_count() == 2
    assert [history.header_text(i) for i in range(2)] == ["Время", "Что"]


def test_the_new_game_dialog_reads_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    assert language().set("ru")
    dialog = NewGameDialog([], [], giant)
    qtbot.addWidget(dialog)
    dialog.show()
    assert english_words(visible_texts(dialog), allowed=ALLOWED) == []
    assert dialog.windowTitle() == "Новая партия"
    assert dialog.size_label.text() == "&Голов в команде"
    start = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert start.text() == "Начать"
    dialog.life_edit.setText("25")
    assert dialog.house.text() == "Домашние правила: Начальная жизнь 25 (по правилам 30)."
    dialog.life_edit.setText("x")
    assert dialog.error.text() == "Начальная жизнь: «x» — не целое число."


def test_the_keys_help_reads_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    assert language().set("ru")
    dialog = KeysDialog(giant)
    qtbot.addWidget(dialog)
    dialog.show()
    assert english_words(visible_texts(dialog), allowed=ALLOWED) == []
    assert dialog.windowTitle() == "Клавиши"
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "±5 жизней" in texts and "<b>Ctrl+Z / Ctrl+Shift+Z</b>" in texts


def test_a_refused_payment_is_told_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    assert language().set("ru")
    giant.model.submit(PayLife(0, 99))  # more than the team's 30 life (CR 119.4)
    message = giant.statusBar().currentMessage()
    assert "CR 119.4" in message
    assert english_words([message], allowed=ALLOWED) == []
    # The question that asks how much keeps the limit in the reader's numbers.
    prompt, most = giant.table._pay_limit(0)
    assert (prompt, most) == ("Сколько жизни платит Ann? (от 0 до 30)", 30)


def test_a_finished_game_reads_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    giant.model.submit(Damage(2, 5))
    giant.model.submit(PassTurn())
    giant.model.submit(Concede(2))
    qtbot.waitUntil(lambda: giant.history.row_count() == 3)
    to_russian(qtbot, giant)
    assert english_left(giant) == []
    banner = giant.table.banner.text()
    # The last team standing wins (CR 104.2a); the team that conceded left (CR 810.8b).
    assert banner.startswith("Ann & Bob побеждают! — ") and banner.endswith("(CR 104.2a)")
    assert giant.table.panels[1].status_label.text().startswith("Вне игры: ")
    assert giant.table.panels[1].status_label.text().endswith(" — CR 810.8b")
    assert "Сыграно 2 хода." in giant.table.summary.text()
    assert giant.history.text(2, 1).endswith(" — партия окончена")


def test_view_language_switches_the_open_window_to_russian(qtbot: QtBot, giant: MainWindow) -> None:
    play_a_little(giant, qtbot)
    assert giant.menuBar().actions()[0].text() == "&File"
    assert english_left(giant) != []  # English first
    russian = next(a for a in giant.language_menu.actions() if a.data() == "ru")
    with qtbot.waitSignal(language().changed):
        russian.trigger()
    retranslated(qtbot, giant)
    assert english_left(giant) == []
    assert [a.text() for a in giant.menuBar().actions()] == [
        "&Файл",
        "&Партия",
        "&Правка",
        "&Вид",
        "&Справка",
    ]
    assert giant.language_menu.title() == "&Язык"
    assert giant.undo_action.text().startswith("&Отменить: ")
    assert giant.statusBar().currentMessage() == "F1 — список клавиш."
    assert giant.settings.get("language") == "ru"  # remembered for the next start


def test_the_rules_notes_are_told_in_russian(qtbot: QtBot, giant: MainWindow) -> None:
    """An event's notes stay English in the event (its export is the record); the status bar
    and the history's tooltip say them in the reader's language, the citation kept."""
    assert language().set("ru")
    giant.model.submit(Effect(0, "cant_gain_life", True))
    with qtbot.waitSignal(giant.model.message) as said:
        giant.model.submit(GainLife(1, 2))
    assert giant.model.game.history[-1].notes[0].endswith("can't gain life (CR 810.9g).")
    assert "(CR 810.9g)" in said.args[0]
    assert english_words([said.args[0]], allowed=ALLOWED) == []
    qtbot.waitUntil(lambda: giant.history.row_count() == 2)
    tooltip = giant.history.tool_tip(1, 1)
    assert said.args[0] in tooltip

"""The staff desk, the scoreboard and the event's dialogs in Russian, looked at as staff see
them: a sample round of 16 tables, real widgets, the command bar typed into."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from tablelife.deskapp import SAMPLE_TEAMS, sample_round
from tablelife.model.event_model import EventModel
from tablelife.model.i18n import language
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow
from tablelife.ui.event_dialogs import NewEventDialog, PairingsDialog, StandingsDialog
from tablelife.ui.scoreboard import Scoreboard
from tests.i18n.visible import english_words, visible_texts

T0 = 1_800_000_000.0
# What stays as it is in Russian, on purpose:
# - the sample round's team names and its event's name ("Prerelease 2HG") are data;
NAMES = {word for team in SAMPLE_TEAMS for word in re.findall(r"[A-Za-z]{2,}", team)}
# - View → Language names each language in itself ("English", "Русский");
DATA = NAMES | {"Prerelease", "HG", "English"}
# - the command bar's words are a fixed grammar that staff type in every language;
COMMAND_WORDS = {"poison", "result", "draw", "clear", "ext", "turn", "undo", "play"}
# - OMW, GW, OGW (and MW) are the MTR's names of the tiebreakers (Appendix C), which players
#   know from every printed standings, as they know "MTR 2.4";
TIEBREAKERS = {"MW", "OMW", "GW", "OGW"}
# - Qt's own Russian (qtbase_ru) keeps the standard button's "OK" in Latin letters.
QT_OWN = {"OK"}


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


def sample_desk(qtbot: QtBot, session: Session) -> DeskWindow:
    """The desk on the sample round (16 2HG tables mid-round, time called), at laptop size."""
    assert session.journal is not None
    event_id = sample_round(session.journal, now=T0)
    model = EventModel(session.journal, event_id, clock=lambda: T0, idle_ms=3_600_000)
    model.read_all()
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    with qtbot.waitActive(desk):
        desk.show()
        desk.activateWindow()
    return desk


def small_event(session: Session, teams: int = 4) -> EventModel:
    """A two-player event, its first round paired, nothing played yet."""
    assert session.journal is not None
    names = [f"Team {chr(65 + i)}" for i in range(teams)]
    event_id = new_event(session.journal, EventSettings("Pauper", format="duel"), names)
    model = EventModel(session.journal, event_id, clock=lambda: T0, idle_ms=3_600_000)
    model.pair_by_hand([names[i : i + 2] for i in range(0, teams, 2)])
    return model


def type_command(qtbot: QtBot, desk: DeskWindow, line: str) -> None:
    desk.command.setFocus()
    desk.command.setText(line)
    qtbot.keyClick(desk.command, Qt.Key.Key_Return)


def test_the_desk_board_reads_in_russian(qtbot: QtBot, session: Session) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    assert english_words(visible_texts(desk), allowed=DATA | COMMAND_WORDS) == []
    assert desk.windowTitle() == "Пульт Tablelife \u2014 Prerelease 2HG"
    assert desk.title_label.text() == "Prerelease 2HG \u00b7 Раунд 1"
    assert desk.filter_buttons["all"].text() == "Все (16)"
    assert desk.filter_buttons["finished"].text() == "Закончили (3)"
    cards = desk.board.cards
    assert cards[1].status_label.text() == "Время вышло"
    assert cards[4].status_label.text() == "Доп. ход 2 из 3"
    assert cards[2].status_label.text() == "Победа: a"
    assert cards[3].status_label.text() == "Идёт игра"
    assert desk.time_banner.text().startswith("ВРЕМЯ! Столы 1, 4, 6")
    assert "(MTR 2.4)" in desk.time_banner.text()  # the citation keeps its number
    # The commands are typed as they are in every language; the words around them are Russian.
    assert desk.command.placeholderText().startswith("12 a -3 \u00b7 12 b poison 2")
    assert "номер стола открывает его" in desk.command.placeholderText()
    assert [a.text() for a in desk.menuBar().actions()] == [
        "&Турнир", "&Правка", "&Вид", "&Справка"
    ]  # fmt: skip


def test_sixteen_russian_cards_fit_a_laptop_and_nothing_is_cut_off(
    qtbot: QtBot, session: Session
) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    assert desk.board.verticalScrollBar().maximum() == 0, "the board scrolls at 1366x768"
    for card in desk.board.cards.values():
        status = card.status_label
        assert status.elided() == status.text(), f"table {card.number}: {status.text()!r} is cut"
    for button in desk.filter_buttons.values():
        assert button.width() >= button.sizeHint().width(), button.text()
    for button in (desk.start_button, desk.minus_button, desk.plus_button):
        assert button.width() >= button.sizeHint().width(), button.text()
    assert desk.title_label.elided() == desk.title_label.text()


def test_an_extension_in_minutes_takes_the_right_russian_plural(
    qtbot: QtBot, session: Session
) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    card = desk.board.cards[3]  # the sample's 7-minute extension
    assert card.extension_label.text().startswith("+7 мин \u00b7 ")  # and its own time left
    assert card.extension_label.toolTip() == "Продление: 7 минут (MTR 2.6)"
    for line, total, words in (
        ("15 ext 1", "+1 мин", "Продление: 1 минута (MTR 2.6)"),
        ("15 ext 2", "+3 мин", "Продление: 3 минуты (MTR 2.6)"),
        ("15 ext 18", "+21 мин", "Продление: 21 минута (MTR 2.6)"),
        ("15 ext 4", "+25 мин", "Продление: 25 минут (MTR 2.6)"),
    ):
        type_command(qtbot, desk, line)
        extension = desk.board.cards[15].extension_label
        minutes = extension.text().split(" \u00b7 ")[0]  # then the table's own time left
        assert (minutes, extension.toolTip()) == (total, words), line
    assert desk.statusBar().currentMessage() == "Готово: 15 ext 4"


def test_a_refused_command_is_said_in_russian_and_the_line_stays(
    qtbot: QtBot, session: Session
) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    type_command(qtbot, desk, "6 c -3")
    assert desk.statusBar().currentMessage() == "За столом 6 нет команды c."
    assert desk.command.text() == "6 c -3"  # kept, to be corrected
    type_command(qtbot, desk, "6 ext 0")
    assert desk.statusBar().currentMessage() == "Продление на 0 минут ничего не меняет."
    type_command(qtbot, desk, "6 undo")
    assert (
        desk.statusBar().currentMessage() == "За столом 6 нет записанной партии: отменять нечего."
    )


def test_a_line_the_grammar_cant_read_is_refused_in_russian(qtbot: QtBot, session: Session) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    type_command(qtbot, desk, "6 zz -3")
    refusal = desk.statusBar().currentMessage()
    assert refusal and english_words([refusal], allowed=COMMAND_WORDS | {"zz"}) == [], refusal


def test_the_f1_help_explains_the_commands_in_russian_and_keeps_them_as_typed(
    qtbot: QtBot, session: Session
) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    help_text = desk.grammar()
    for command in ("12 a -3", "12 result draw", "12 ext 4", "12 turn", "12 undo"):
        assert f"<b>{command}</b>" in help_text
    assert "стол 12: ничья" in help_text
    assert "латинскими буквами" in help_text
    assert english_words([help_text], allowed=COMMAND_WORDS) == []


def test_opening_a_table_and_back_is_said_in_russian(qtbot: QtBot, session: Session) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    type_command(qtbot, desk, "3")
    assert desk.statusBar().currentMessage() == (
        "Стол 3: Ivo & Jo \u2013 Kai & Lu. Клавиши действуют на этот стол; "
        "Esc \u2014 назад к столам."
    )
    assert desk.back_button.text() == "\u2190 Столы (Esc)"
    qtbot.keyClick(desk, Qt.Key.Key_Escape)
    assert desk.stack.currentWidget() is desk.board
    assert desk.statusBar().currentMessage() == "Все столы. Номер стола и Enter открывают стол."


def test_the_scoreboard_reads_in_russian(qtbot: QtBot, session: Session) -> None:
    assert language().set("ru")
    desk = sample_desk(qtbot, session)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    board.resize(1920, 1080)
    assert english_words(visible_texts(board), allowed=DATA) == []
    assert board.windowTitle() == "Табло Tablelife \u2014 Prerelease 2HG"
    assert board.round_label.text() == "Prerelease 2HG \u00b7 Раунд 1"
    assert "Доп. ход 2 из 3" in board.tiles[4].text()
    assert "+7 мин" in board.tiles[3].text()
    assert "Победа: Eve & Finn" in board.tiles[2].text()
    assert board.tiles[2].status_label.text() == "Завершено"  # its winner "победа" by its name
    assert board.tiles[2].marks[0].text() == "победа"


def test_the_scoreboard_between_rounds_and_the_standings_dialog_in_russian(
    qtbot: QtBot, session: Session
) -> None:
    assert language().set("ru")
    model = small_event(session)
    board = Scoreboard(model)
    qtbot.addWidget(board)
    model.set_result(1, 0)
    model.set_result(2, 1)
    assert board.stack.currentWidget() is board.standings_label
    standings = board.standings_label.text()
    assert "#\tКоманда\tОчки\t" in standings
    names = {"Team", "Pauper"}  # the teams' and the event's names
    assert english_words([standings], allowed=names | TIEBREAKERS) == []

    dialog = StandingsDialog(model.name, model.tournament.standings())
    qtbot.addWidget(dialog)
    dialog.show()
    table = dialog.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert english_words(visible_texts(dialog), allowed=names | TIEBREAKERS | QT_OWN) == []
    assert dialog.windowTitle() == "Турнирная таблица \u2014 Pauper"
    assert headers[:4] == ["Место", "Команда", "Очки", "В-П-Н"]
    # A Russian reader's percentages: a decimal comma and a space before the sign.
    assert table.item(0, 4).text() == "100,00\u00a0%" and "." not in table.item(3, 5).text()
    assert dialog.print_button.text() == "Печать в PDF…"
    model.deleteLater()


def test_the_pairings_dialog_in_russian(qtbot: QtBot) -> None:
    assert language().set("ru")
    dialog = PairingsDialog(["Ann & Bob", "Cal & Dee"])
    qtbot.addWidget(dialog)
    dialog.show()
    # The example in the placeholder shows the "v" that parse_pairings reads between teams.
    names = {"Ann", "Bob", "Cal", "Dee"}
    assert english_words(visible_texts(dialog), allowed=names | QT_OWN) == []
    assert dialog.windowTitle() == "Пары вручную"
    assert dialog.hint.text() == "Команды: Ann & Bob, Cal & Dee"
    assert "Аня & Боря v Вика & Гоша" in dialog.edit.placeholderText()


def test_the_new_event_dialog_in_russian_and_its_refusals(qtbot: QtBot) -> None:
    assert language().set("ru")
    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert english_words(visible_texts(dialog), allowed=QT_OWN) == []
    assert dialog.windowTitle() == "Новый турнир"
    formats = [dialog.format.itemText(i) for i in range(dialog.format.count())]
    assert formats == ["Двухголовый гигант", "Один на один", "Каждый сам за себя", "Командир"]
    assert dialog.minutes.suffix() == " мин"
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    dialog.teams.setPlainText("Ann & Bob")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.error.text() == "Для турнира нужны хотя бы две команды, по одной в строке."
    dialog.teams.setPlainText("Ann & Bob\nann & bob")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.error.text().startswith("Две команды называются «")
    assert dialog.isVisible() and dialog.chosen is None


def test_switching_to_russian_changes_the_open_desk_and_scoreboard(
    qtbot: QtBot, session: Session
) -> None:
    desk = sample_desk(qtbot, session)  # built in English
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    assert desk.filter_buttons["all"].text() == "All (16)"
    assert desk.board.cards[1].status_label.text() == "Time called"
    assert "Round 1" in board.round_label.text()
    with qtbot.waitSignal(language().changed):
        assert language().set("ru")
    # Qt posts LanguageChange to the windows: they change on the next turn of the event loop.
    qtbot.waitUntil(lambda: desk.windowTitle() == "Пульт Tablelife \u2014 Prerelease 2HG")
    qtbot.waitUntil(lambda: board.round_label.text() == "Prerelease 2HG \u00b7 Раунд 1")
    assert english_words(visible_texts(desk), allowed=DATA | COMMAND_WORDS) == []
    assert english_words(visible_texts(board), allowed=DATA) == []
    assert desk.windowTitle() == "Пульт Tablelife \u2014 Prerelease 2HG"
    assert desk.filter_buttons["all"].text() == "Все (16)"
    assert desk.board.cards[1].status_label.text() == "Время вышло"
    assert desk.board.cards[3].extension_label.toolTip() == "Продление: 7 минут (MTR 2.6)"
    assert desk.time_banner.text().startswith("ВРЕМЯ! Столы")
    assert desk.menuBar().actions()[0].text() == "&Турнир"
    assert desk.screens_menu.title() == "Табло во весь &экран на"
    assert board.round_label.text() == "Prerelease 2HG \u00b7 Раунд 1"
    assert "Время вышло" in board.tiles[1].text()
    # ... and back to English, as it was.
    assert language().set("en")
    qtbot.waitUntil(lambda: desk.filter_buttons["all"].text() == "All (16)")
    assert desk.menuBar().actions()[0].text() == "&Event"


def test_view_language_at_the_desk_switches_it_and_is_remembered(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    """The desk has View → Language too: staff pick Русский, the desk changes at once, and
    the choice is kept for the next start."""
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction

    from tablelife.model.settings import Settings

    settings = Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))
    event_id = sample_round(session.journal, now=T0)  # type: ignore[arg-type]
    model = EventModel(session.journal, event_id, clock=lambda: T0)  # type: ignore[arg-type]
    desk = DeskWindow(model, settings=settings)
    qtbot.addWidget(desk)
    russian = [a for a in desk.findChildren(QAction) if a.text() == "Русский"]
    assert len(russian) == 1
    russian[0].trigger()
    qtbot.waitUntil(lambda: desk.filter_buttons["all"].text().startswith("Все"))
    assert settings.get("language") == "ru"

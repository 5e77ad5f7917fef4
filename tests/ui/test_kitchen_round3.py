"""Issue 26, the window: a screen reader hears the game, small screens, and one test per defect
the playgroup found (each failed before its fix)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleInterface, QFont
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QWidget
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.model.settings import Settings
from tablelife.rules import (
    MAX_AMOUNT,
    CommanderDamage,
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    Poison,
    RuleError,
    SetLife,
    TwoHeadedGiant,
)
from tablelife.rules.setup import MAX_NAME, GameSetup
from tablelife.ui.dialogs import NewGameDialog
from tablelife.ui.main_window import MainWindow
from tablelife.ui.team_panel import CommanderCounter, TeamPanel
from tests.ui.conftest import Factory
from tests.ui.helpers import button, click

COMMANDER_NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Finn", "Gus", "Hana")


def settle() -> None:
    """Lets posted layout requests and resizes run (no time passes)."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def colour(label: QWidget) -> str:
    """The colour a label's words are drawn in, as the style sheet sets it."""
    return label.palette().color(label.foregroundRole()).name()


# ----- defect 1: one header style in every state ---------------------------------------------


def test_defect_1_a_header_keeps_its_size_weight_and_colour_in_every_state(
    qtbot: QtBot, make_window: Factory
) -> None:
    # Names dropped to a small, thin, grey font once a player was out, stayed small after an
    # undo, and every header shrank when a finished game's window opened (its theme applied
    # to the whole application).
    window = make_window(FreeForAll(players=4))
    panels = window.table.panels

    def looks(panel: TeamPanel) -> tuple[int, int, str]:
        label = panel.name_label
        return label.font().pixelSize(), label.font().weight().value, colour(label)

    def header(panel: TeamPanel) -> tuple[int, int, str]:
        """The one header style: bold, white, sized by the panel's height."""
        return max(18, min(40, panel.height() // 16)), QFont.Weight.Bold.value, "#ffffff"

    qtbot.waitUntil(lambda: looks(panels[2]) == header(panels[2]))
    window.model.submit(Concede(2))
    assert panels[2].property("out") == "yes"
    assert looks(panels[2]) == header(panels[2])  # at once, not at the next resize
    window.undo_action.trigger()
    assert looks(panels[2]) == header(panels[2])
    window.model.submit(Concede(2))
    window.apply_theme("light")  # what a second window does as it opens
    settle()
    assert [looks(p) for p in panels] == [header(p) for p in panels]
    assert panels[2].status_label.font().pixelSize() == header(panels[2])[0]


# ----- defect 2: the double-click guard covers the ⋯ button ---------------------------------


def test_defect_2_the_second_click_of_a_cancel_opens_no_menu(
    qtbot: QtBot, ffa4: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, *_args: opened.append(menu.title()))

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        dialog.reject()  # the first click of a double-click on Cancel

    QTimer.singleShot(0, cancel)
    ffa4.table.pay_life(0)  # Pay life…, answered by Cancel
    menu_button = ffa4.table.panels[1].heads[0].menu_button
    qtbot.mouseClick(menu_button, Qt.MouseButton.LeftButton)  # its second click, on the ⋯
    assert opened == []
    ffa4.table.clock = lambda: ffa4.table._guard_until + 1  # a moment later: a click of its own
    qtbot.mouseClick(menu_button, Qt.MouseButton.LeftButton)
    assert opened == ["Player 2"]


# ----- defect 3: the life graph and read-only windows close from the keyboard ----------------


@pytest.mark.parametrize("key", ["Esc", "Ctrl+W"])
def test_defect_3_the_life_graph_closes_with_esc_or_ctrl_w(
    qtbot: QtBot, giant: MainWindow, key: str
) -> None:
    graph = giant.show_graph()
    graph.activateWindow()
    qtbot.waitUntil(graph.isActiveWindow)
    if key == "Esc":
        qtbot.keyClick(graph, Qt.Key.Key_Escape)
    else:
        qtbot.keyClick(graph, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not graph.isVisible()
    assert giant.isVisible()


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "journal")
    yield s
    s.close()


@pytest.fixture
def finished(qtbot: QtBot, tmp_path: Path, session: Session) -> Iterator[MainWindow]:
    """A finished Two-Headed Giant game's own window, read-only, beside the table's."""
    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))

    def new_model(setup: GameSetup) -> GameModel:
        return session.new_game(setup, 60_000)

    setup = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))
    window = MainWindow(new_model(setup), settings, new_model, session)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.model.submit(Damage(2, 3))
    window.model.submit(Concede(3))
    other = window.open_finished(window.model.game_id)  # type: ignore[arg-type]
    assert other is not None
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    yield other
    if shiboken6.isValid(other):  # (it deletes itself when closed)
        other.close()


@pytest.mark.parametrize("key", ["Esc", "Ctrl+W"])
def test_defect_3_a_read_only_game_s_window_closes_with_esc_or_ctrl_w(
    qtbot: QtBot, finished: MainWindow, key: str
) -> None:
    if key == "Esc":
        qtbot.keyClick(finished, Qt.Key.Key_Escape)
    else:
        qtbot.keyClick(finished, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not finished.isVisible()


def test_defect_3_the_table_s_own_window_is_not_closed_by_esc(
    qtbot: QtBot, giant: MainWindow
) -> None:
    qtbot.keyClick(giant, Qt.Key.Key_Escape)
    assert giant.isVisible()


# ----- defect 4: a read-only view says why ---------------------------------------------------


def test_defect_4_a_read_only_view_says_why_at_a_tap_ctrl_z_or_n(
    qtbot: QtBot, finished: MainWindow
) -> None:
    bar = finished.statusBar()
    events = len(finished.model.game.history)

    def says_why(act: object) -> None:
        bar.clearMessage()
        assert callable(act)
        act()
        assert "read-only" in bar.currentMessage()

    says_why(lambda: qtbot.mouseClick(button(finished, 0, -1), Qt.MouseButton.LeftButton))
    says_why(lambda: qtbot.keyClick(finished, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier))
    says_why(lambda: qtbot.keyClick(finished, Qt.Key.Key_N))
    assert len(finished.model.game.history) == events and finished.model.game.over
    # The menus still show what can't be done greyed.
    assert not finished.undo_action.isEnabled() and not finished.pass_action.isEnabled()


# ----- defect 5: the ±1,000,000 limit holds for taps; totals are grouped ----------------------


def test_defect_5_taps_cant_take_a_total_past_a_million(qtbot: QtBot, ffa4: MainWindow) -> None:
    model = ffa4.model
    model.submit(SetLife(0, MAX_AMOUNT - 2))
    click(qtbot, ffa4, 0, 5)  # 1,000,003: refused at the tap
    assert model.pending(0) == (0, 0)
    assert "1,000,003" in ffa4.statusBar().currentMessage()
    qtbot.keyClick(ffa4, Qt.Key.Key_Up)
    qtbot.keyClick(ffa4, Qt.Key.Key_Up)
    qtbot.keyClick(ffa4, Qt.Key.Key_Up)  # the third is one too many
    assert model.pending(0) == (2, 0)
    qtbot.keyClick(ffa4, Qt.Key.Key_Return)
    assert model.game.life(0) == MAX_AMOUNT
    assert ffa4.table.panels[0].life_label.text() == "1,000,000"
    # Whatever makes the event (a menu, the desk), the rules refuse it, saying why.
    assert not model.submit(GainLife(0, 5))
    assert model.game.life(0) == MAX_AMOUNT
    assert "1,000,005" in ffa4.statusBar().currentMessage()
    assert model.submit(Damage(0, 5))  # toward 0 is fine


def test_defect_5_a_total_saved_past_the_limit_still_reads_back() -> None:
    # The limit is asked of each new event, never of a replay: a game saved with 1,001,505
    # before it (as the playgroup's was) is not lost.
    game = GameSetup(FreeForAll(players=2)).new_game()
    game.apply(GainLife(0, MAX_AMOUNT))
    game.apply(GainLife(0, 1_485))  # as taps made it before the limit
    assert game.life(0) == 1_001_505
    with pytest.raises(RuleError, match="1,001,510"):
        game.check_totals(game.preview(GainLife(0, 5)))
    game.check_totals(game.preview(Damage(0, 5)))  # toward 0: fine


def test_defect_5_a_seven_digit_total_fills_its_row(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(FreeForAll(players=4, starting_life=40, commander=True))
    window.model.submit(SetLife(3, MAX_AMOUNT))
    label = window.table.panels[3].life_label
    settle()
    assert label.text() == "1,000,000"
    drawn = label.fontMetrics().horizontalAdvance(label.text())
    # It was drawn in 62% of its panel's width, the pending amount's empty column beside it.
    assert drawn >= 0.7 * window.table.panels[3].width()


# ----- defect 6: N held down ----------------------------------------------------------------


def test_defect_6_key_repeat_doesnt_pass_turns(qtbot: QtBot, ffa4: MainWindow) -> None:
    game = ffa4.model.game
    turn = game.turn
    code, none = int(Qt.Key.Key_N), Qt.KeyboardModifier.NoModifier
    QTest.simulateEvent(ffa4, True, code, none, "n", False)  # the press
    for _ in range(30):  # what a key held down sends after it
        QTest.simulateEvent(ffa4, True, code, none, "n", True)
    QTest.simulateEvent(ffa4, False, code, none, "n", False)
    assert ffa4.model.game.turn == turn + 1


# ----- defect 7: the new-game dialog -------------------------------------------------------


def test_defect_7_the_new_game_dialog_keeps_its_size_as_its_messages_come_and_go(
    qtbot: QtBot,
) -> None:
    long_name = "A" * MAX_NAME
    dialog = NewGameDialog([long_name], [], preset="Two-Headed Giant")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    settle()
    # A remembered 40-character name is not news: nothing said before any typing.
    assert dialog.player_edits[0].text() == long_name
    assert not dialog.name_note.isVisible()
    size = dialog.size()
    qtbot.keyClicks(dialog.life_edit, "x")
    settle()
    assert dialog.error.isVisible() and "not a whole number" in dialog.error.text()
    assert dialog.size() == size
    dialog.life_edit.clear()
    settle()
    assert not dialog.error.isVisible() and dialog.size() == size
    edit = dialog.player_edits[1]
    qtbot.keyClicks(edit, "B" * MAX_NAME)  # typed to the limit: now it says so
    settle()
    assert dialog.name_note.isVisible() and dialog.size() == size


# ----- defect 8: a refusal in the status bar goes with the next tap ------------------------


def test_defect_8_a_refusal_goes_at_the_next_tap(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(
        FreeForAll(players=4, starting_life=40, commander=True), names=COMMANDER_NAMES[:4]
    )
    bar = window.statusBar()
    qtbot.keyClick(window, Qt.Key.Key_7, Qt.KeyboardModifier.ControlModifier)
    assert bar.currentMessage() == "There is no player 7."
    qtbot.keyClick(window, Qt.Key.Key_Down)  # a tap that goes in: the refusal is old news
    assert window.model.pending(0) == (-1, 0)
    assert bar.currentMessage() == ""
    # What a commit says about itself stays: it comes after the commit.
    window.model.submit(Effect(1, "cant_gain_life", True))
    qtbot.keyClick(window, Qt.Key.Key_2)
    qtbot.keyClick(window, Qt.Key.Key_Up)
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert "can't gain life" in bar.currentMessage()


# ----- defect 9: plural verbs for teams; turns, not events ----------------------------------


def test_defect_9_a_team_takes_a_plural_verb_in_the_history(
    qtbot: QtBot, giant: MainWindow
) -> None:
    giant.model.submit(Damage(0, 30))
    history = giant.history
    qtbot.waitUntil(lambda: history.row_count() == 1)
    what = history.text(0, 1)
    assert "Ann & Bob are out: life 0 or less" in what
    assert "Cal & Dee win: last one standing" in what


def test_defect_9_no_poison_to_remove_takes_a_plural_verb_for_a_team(giant: MainWindow) -> None:
    giant.table.tap_selected(0, -1)
    assert giant.statusBar().currentMessage() == "Ann & Bob have no poison counters to remove."


def test_defect_9_the_summary_counts_turns_not_events(qtbot: QtBot, giant: MainWindow) -> None:
    giant.model.pass_turn()
    giant.model.pass_turn()
    giant.model.submit(Damage(2, 12))  # the third event, in turn 3
    giant.model.submit(Concede(3))
    assert "Biggest swing: Cal & Dee \u221212 life in turn\u00a03." in giant.table.summary.text()


# ----- defect 10: warning colours, the history's totals, commander counters -----------------


def test_defect_10_life_at_5_or_less_takes_poison_s_warning_colour(
    qtbot: QtBot, ffa4: MainWindow
) -> None:
    panels = ffa4.table.panels
    ffa4.model.submit(Poison(1, 5))  # half of 10: the warning colour
    warning = colour(panels[1].poison_label)
    normal = colour(panels[0].life_label)
    assert warning != normal
    ffa4.model.submit(Damage(0, 14))
    assert colour(panels[0].life_label) == normal  # 6
    ffa4.model.submit(Damage(0, 1))
    assert colour(panels[0].life_label) == warning  # 5
    ffa4.model.undo()
    assert colour(panels[0].life_label) == normal


def test_defect_10_the_history_says_whose_total_is_whose(qtbot: QtBot, ffa4: MainWindow) -> None:
    ffa4.model.submit(Damage(1, 3), Poison(3, 2))
    ffa4.model.pass_turn()
    history = ffa4.history
    qtbot.waitUntil(lambda: history.row_count() == 2)
    assert history.text(0, 2) == "Player 2 17\nPlayer 4 20 \u26202"
    assert history.text(1, 2) == ""  # the turn passes: no total moved
    assert "Player 1: 20, poison 0" in history.tool_tip(0, 2)  # every total, by name


@pytest.mark.parametrize("partners", [False, True])
def test_defect_10_every_commander_counter_names_its_commander(
    qtbot: QtBot, make_window: Factory, partners: bool
) -> None:
    window = make_window(
        FreeForAll(players=8, starting_life=40, commander=True), names=COMMANDER_NAMES
    )
    if partners:
        for player in range(8):
            window.model.set_partners(player, True)
    window.resize(1024, 570)
    settle()
    counters = [c for panel in window.table.panels for c in panel.counters]
    assert len(counters) == 8 * 7 * (2 if partners else 1)
    for counter in counters:
        shown = counter.shown()
        assert shown[0].startswith(COMMANDER_NAMES[counter.source][:2]), shown


# ----- defect 11: "turn 1" where it fits ----------------------------------------------------


def test_defect_11_the_first_run_s_header_says_turn_1(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(TwoHeadedGiant())  # the first run: default names, the history shown
    start = window.table.panels[window.model.game.active]
    qtbot.waitUntil(
        lambda: (
            (start.turn_label.text(), start.name_label.elided())
            == ("\u25b6 turn 1", "Player 1 & Player 2")
        )
    )


# ----- a screen reader hears the game -------------------------------------------------------


def test_each_total_says_its_number_and_a_commit_is_announced(
    qtbot: QtBot, giant: MainWindow
) -> None:
    from tablelife.ui.accessibility import announcer

    panel = giant.table.panels[0]
    assert panel.accessibleName() == "Ann & Bob"
    assert panel.life_label.accessibleName() == "Ann & Bob: 30 life, 0 poison"
    assert panel.poison_label.accessibleName() == "Ann & Bob: 0 of 15 poison"
    for _ in range(3):
        click(qtbot, giant, 0, -1)
    assert panel.pending_label.accessibleName() == "Ann & Bob: \u22123 life pending"
    with qtbot.waitSignal(announcer().announced) as said:
        qtbot.keyClick(giant, Qt.Key.Key_Return)
    assert said.args == [giant.table, "Ann & Bob: 27 life"]
    assert panel.life_label.accessibleName() == "Ann & Bob: 27 life, 0 poison"
    assert panel.pending_label.accessibleName() == "Ann & Bob: no life pending"
    with qtbot.waitSignal(announcer().announced) as said:
        giant.model.submit(Poison(2, 3), Damage(3, 25))
    assert said.args[1] == "Cal & Dee: 5 life, 3 poison"
    with qtbot.waitSignal(announcer().announced) as said:
        qtbot.keyClick(giant, Qt.Key.Key_N)
    assert said.args[1] == "Turn 2 \u2014 Cal & Dee\u2019s turn"
    with qtbot.waitSignal(announcer().announced) as said:
        giant.model.submit(Damage(2, 5))
    assert said.args[1] == "Cal & Dee: 0 life, 3 poison. Cal & Dee are out. Ann & Bob win"


def test_the_light_theme_s_focus_frame_has_3_to_1_contrast() -> None:
    from tablelife.ui.theme import DARK, LIGHT, contrast

    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast(LIGHT.focus, LIGHT.panel), 2) == 2.16  # the frame as it was
    for theme in (LIGHT, DARK):
        assert contrast(theme.focus_frame, theme.panel) >= 3, theme.name
        assert contrast(theme.focus_frame, theme.window) >= 3, theme.name


CONTROLS = {
    QAccessible.Role.PushButton,
    QAccessible.Role.ButtonMenu,
    QAccessible.Role.ButtonDropDown,
    QAccessible.Role.CheckBox,
    QAccessible.Role.RadioButton,
    QAccessible.Role.ComboBox,
    QAccessible.Role.SpinBox,
    QAccessible.Role.EditableText,
    QAccessible.Role.Slider,
    QAccessible.Role.ScrollBar,
    QAccessible.Role.PageTab,
    QAccessible.Role.MenuItem,
}


def _walk(face: QAccessibleInterface, depth: int = 0) -> Iterator[QAccessibleInterface]:
    yield face
    for i in range(face.childCount()):
        child = face.child(i)
        if child is not None and child.isValid() and depth < 40:
            yield from _walk(child, depth + 1)


def unnamed_and_numberless(window: QWidget) -> list[str]:
    """What a screen reader's walk of the window finds wrong: a visible control without a
    name, a total without its number, a team's panel without a name."""
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None
    wrong = []
    totals = {
        id(label): label
        for panel in window.findChildren(TeamPanel)
        for label in (panel.life_label, panel.poison_label)
    }
    panels = {id(p) for p in window.findChildren(TeamPanel)}
    seen = 0
    for face in _walk(root):
        thing = face.object()
        if isinstance(thing, QWidget) and not thing.isVisible():
            continue
        if face.state().invisible:
            continue
        seen += 1
        name = face.text(QAccessible.Text.Name)
        what = f"{type(thing).__name__} {thing.objectName()!r} ({face.role().name})"
        if face.role() in CONTROLS and not name.strip():
            wrong.append(f"a control without a name: {what}")
        if id(thing) in panels and not name.strip():
            wrong.append(f"a team's panel without a name: {what}")
        if isinstance(thing, CommanderCounter):
            done = thing.shown()[-1].split("+")[0].split()[-1]  # "Bo 7+2": 7
            if f"{done} of 21" not in name:
                wrong.append(f"a commander counter without its number: {name!r}")
        if id(thing) in totals:
            shown = totals[id(thing)]
            assert isinstance(shown, QLabel)
            number = shown.text().split("/")[0].replace("\u2620", "").strip()
            if number not in name:
                wrong.append(f"a total without its number: {what} {name!r} shows {number!r}")
    assert seen > 50  # the walk reached the panels
    return wrong


@pytest.mark.parametrize(
    ("variant", "names"),
    [
        (TwoHeadedGiant(), ("Ann", "Bob", "Cal", "Dee")),
        (FreeForAll(players=4, starting_life=40, commander=True), COMMANDER_NAMES[:4]),
    ],
)
def test_a_walk_of_the_accessibility_tree_finds_every_control_named_and_every_total_numbered(
    qtbot: QtBot, make_window: Factory, variant: FreeForAll | TwoHeadedGiant, names: tuple[str, ...]
) -> None:
    window = make_window(variant, names=names)
    window.history  # noqa: B018 (the history's own view, as a frame later)
    window.model.submit(Damage(1, 3), Poison(0, 2))
    if variant.commander:
        window.model.set_partners(1, True)
        window.model.submit(CommanderDamage(0, 1, 4, 1))
    click(qtbot, window, 0, -1)
    settle()
    assert unnamed_and_numberless(window) == []


# ----- small screens ------------------------------------------------------------------------


def fully_inside(widget: QWidget, window: QWidget) -> bool:
    """True when `widget` is wholly inside `window` (nothing of it cut off)."""
    top_left = widget.mapTo(window, widget.rect().topLeft())
    bottom_right = widget.mapTo(window, widget.rect().bottomRight())
    return window.rect().contains(top_left) and window.rect().contains(bottom_right)


@pytest.mark.parametrize(("players", "partners"), [(4, False), (4, True), (8, False), (8, True)])
def test_commander_fits_a_netbook_s_1024_by_570_window(
    qtbot: QtBot, make_window: Factory, players: int, partners: bool
) -> None:
    window = make_window(
        FreeForAll(players=players, starting_life=40, commander=True),
        names=COMMANDER_NAMES[:players],
    )
    if partners:
        for player in range(players):
            window.model.set_partners(player, True)
    window.resize(1024, 570)
    settle()
    assert (window.width(), window.height()) == (1024, 570)
    assert window.minimumSize().width() <= 1024 and window.minimumSize().height() <= 570
    table = window.table
    for panel in table.panels:
        assert fully_inside(panel, window)
        for widget in (
            panel.life_label,
            panel.poison_label,
            *panel.counters,
            *(b for row in panel.heads for b in (*row.buttons.values(), row.menu_button)),
        ):
            assert fully_inside(widget, window), type(widget).__name__
            assert widget.height() >= 20 and widget.width() >= 22  # a finger's worth
        assert panel.life_label.glyph_height() >= 20  # read from across the table
    if players == 8:
        assert window.history_folded and not window.history_dock.isVisible()
        assert window.history_action.isChecked()  # still the players' choice
        window.resize(1600, 900)  # room again: it comes back
        settle()
        assert not window.history_folded and window.history_dock.isVisible()
    else:
        assert window.history_dock.isVisible()  # beside four panels, there is room


def test_the_history_folds_at_1024_and_ctrl_h_says_why_it_doesnt_show(
    qtbot: QtBot, make_window: Factory
) -> None:
    window = make_window(
        FreeForAll(players=8, starting_life=40, commander=True), names=COMMANDER_NAMES
    )
    window.resize(1024, 570)
    settle()
    assert window.history_folded
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)  # hide it
    assert not window.history_action.isChecked() and not window.history_folded
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)  # show it
    assert window.history_folded and "No room for the history" in (
        window.statusBar().currentMessage()
    )
    window.close()
    assert window.settings.get("window/history") is True  # the choice is what is kept


def test_the_history_dock_s_close_button_is_a_choice_a_fold_is_not(
    qtbot: QtBot, giant: MainWindow
) -> None:
    assert giant.history_dock.isVisible()
    giant.history_dock.close()  # its title bar's ×
    assert not giant.history_action.isChecked()
    giant.history_action.trigger()
    assert giant.history_dock.isVisible()

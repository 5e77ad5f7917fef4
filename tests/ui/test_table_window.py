"""The table window, driven with real clicks and keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from tablelife.rules import Damage, FreeForAll, GainLife, PassTurn, Poison, TwoHeadedGiant
from tablelife.ui.main_window import MainWindow, grid_columns
from tablelife.ui.team_panel import TeamPanel
from tests.ui.conftest import Factory
from tests.ui.helpers import answer, button, click


def test_810_9_a_heads_taps_belong_to_that_head_and_land_on_the_team(
    qtbot: QtBot, giant: MainWindow
) -> None:
    click(qtbot, giant, 1, -1)  # Bob
    click(qtbot, giant, 1, -1)
    assert giant.model.pending(1) == (-2, 0)
    assert giant.model.pending(0) == (0, 0)
    assert giant.table.panels[0].heads[1].pending_label.text() == "−2"
    assert giant.table.panels[0].pending_label.text() == "−2"
    with qtbot.waitSignal(giant.model.changed) as blocker:
        qtbot.keyClick(giant, Qt.Key.Key_Return)
    assert blocker.args[0].event.changes == (Damage(1, 2),)
    assert giant.table.panels[0].life_label.text() == "28"
    qtbot.waitUntil(lambda: giant.history.row_count() == 1)
    assert "Bob" in giant.history.text(0, 1)


def test_several_taps_on_several_panels_become_one_event(qtbot: QtBot, giant: MainWindow) -> None:
    click(qtbot, giant, 0, -5)
    click(qtbot, giant, 0, -1)
    click(qtbot, giant, 3, 1)
    click(qtbot, giant, 2, 0, 1)
    giant.resolve_action.trigger()
    history = giant.model.game.history
    assert len(history) == 1
    assert history[0].changes == (Damage(0, 6), Poison(2, 1), GainLife(3, 1))
    qtbot.waitUntil(lambda: giant.history.row_count() == 1)
    assert giant.undo_action.text() == "&Undo Ann: 6 damage, Cal: +1 poison, Dee: gains 1 life"


def test_the_idle_timer_commits_by_itself(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(TwoHeadedGiant(), idle_ms=30)
    click(qtbot, window, 0, -1)
    qtbot.waitUntil(lambda: len(window.model.game.history) == 1, timeout=2000)
    assert window.table.panels[0].life_label.text() == "29"
    assert window.table.panels[0].pending_label.text() == ""


def test_resolve_does_not_lose_a_tap_made_during_the_idle_time(
    qtbot: QtBot, make_window: Factory
) -> None:
    window = make_window(TwoHeadedGiant(), idle_ms=200)
    click(qtbot, window, 0, -1)
    assert window.model.commit_scheduled  # the idle time runs
    click(qtbot, window, 0, -1)  # and a second tap restarts it
    qtbot.keyClick(window, Qt.Key.Key_Enter)
    assert window.model.game.life(0) == 28
    assert len(window.model.game.history) == 1
    assert not window.model.commit_scheduled
    # The old timer must not fire a second, empty or duplicate event.
    with qtbot.assertNotEmitted(window.model.changed, wait=300):
        pass
    assert len(window.model.game.history) == 1


def test_104_4d_damage_to_both_teams_at_once_is_a_draw(qtbot: QtBot, giant: MainWindow) -> None:
    giant.model.submit(Damage(0, 28), Damage(2, 28))
    click(qtbot, giant, 0, -5)
    click(qtbot, giant, 2, -5)
    qtbot.keyClick(giant, Qt.Key.Key_Return)
    assert [giant.model.game.status(t) for t in (0, 1)] == ["drawn", "drawn"]
    assert "draw" in giant.table.banner.text()
    assert "CR 104.4d" in giant.table.panels[0].status_label.text()  # a draw between teams
    assert not button(giant, 0, -1).isEnabled()


def test_810_8b_concession_asks_first_and_takes_the_whole_team(
    qtbot: QtBot, giant: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = answer(monkeypatch, yes=False)
    giant.table.concede(3)
    assert asked and "Dee" in asked[0] and "810.8b" in asked[0]
    assert giant.model.game.history == ()
    answer(monkeypatch, yes=True)
    giant.table.concede(3)
    assert giant.model.game.status(1) == "lost"
    assert giant.model.game.winners == (0,)
    assert "conceded — CR 810.8b" in giant.table.panels[1].status_label.text()
    assert "Ann & Bob win!" in giant.table.banner.text()


def test_concede_from_the_player_menu(
    qtbot: QtBot, giant: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer(monkeypatch, yes=True)
    menu = giant.table.player_menu(2)
    concede = next(a for a in menu.actions() if a.text() == "Concede…")
    concede.trigger()
    assert giant.model.game.status(1) == "lost"


def test_a_player_menu_closed_is_gone(qtbot: QtBot, giant: MainWindow) -> None:
    """M opens the selected player's menu; Esc closes it and Qt deletes it (and its
    submenu), so a long evening of menus leaves none behind in the window."""
    for _ in range(3):
        qtbot.keyClick(giant, Qt.Key.Key_M)
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu) and menu.parent() is giant.table
        qtbot.keyClick(menu, Qt.Key.Key_Escape)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert giant.table.findChildren(QMenu) == []


def test_undo_across_the_end_of_the_game(qtbot: QtBot, giant: MainWindow) -> None:
    click(qtbot, giant, 2, -5)
    giant.model.submit(Damage(3, 25))
    assert giant.model.game.over
    assert "Ann & Bob win!" in giant.table.banner.text()
    qtbot.keyClick(giant, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not giant.model.game.over
    assert giant.model.game.life(1) == 25
    assert button(giant, 2, -1).isEnabled()
    assert giant.table.panels[1].status_label.text() == ""
    qtbot.keyClick(
        giant, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert giant.model.game.winners == (0,)


def test_a_whole_game_from_the_keyboard(qtbot: QtBot, make_window: Factory) -> None:
    window = make_window(FreeForAll(players=3))
    keys = qtbot.keyClick
    keys(window, Qt.Key.Key_2)  # select player 2
    for _ in range(4):
        keys(window, Qt.Key.Key_PageDown)  # −20
    keys(window, Qt.Key.Key_Up)  # +1: mis-tap fixed before it counts
    keys(window, Qt.Key.Key_Down)
    keys(window, Qt.Key.Key_Return)
    game = window.model.game
    assert game.status(1) == "lost" and game.life(1) == 0
    keys(window, Qt.Key.Key_N)  # pass the turn
    assert game.turn == 2
    keys(window, Qt.Key.Key_3)
    for _ in range(10):
        keys(window, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)  # poison
    keys(window, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    keys(window, Qt.Key.Key_Escape)  # drop it all
    assert game.poison(2) == 0 and not window.model.has_pending
    for _ in range(10):
        keys(window, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    keys(window, Qt.Key.Key_Enter)
    assert game.status(2) == "lost" and "10 or more poison" in game.reason(2)
    assert game.winners == (0,)
    assert "Player 1 wins" in window.table.banner.text()


def test_tab_moves_the_selection_between_players(qtbot: QtBot, ffa4: MainWindow) -> None:
    ffa4.table.select_player(0)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert ffa4.table.selected == 1
    qtbot.keyClick(ffa4, Qt.Key.Key_Down)
    assert ffa4.model.pending(1) == (-1, 0)


def test_pass_turn_and_undo_it(qtbot: QtBot, giant: MainWindow) -> None:
    start = giant.model.game.active
    qtbot.keyClick(giant, Qt.Key.Key_N)
    assert giant.model.game.active == 1 - start
    assert giant.model.game.history[0].changes == (PassTurn(),)
    assert "turn 2" in giant.table.panels[1 - start].turn_label.text()
    giant.undo_action.trigger()
    assert giant.model.game.active == start and giant.model.game.turn == 1


def test_illegal_exchange_shows_the_rule_in_the_status_bar(giant: MainWindow) -> None:
    from tablelife.rules import ExchangeLife

    giant.table.submit(ExchangeLife(0, 1))
    assert "810.9e" in giant.statusBar().currentMessage()
    assert giant.model.game.history == ()


def test_the_exchange_menu_offers_only_opponents(giant: MainWindow) -> None:
    menu = giant.table.player_menu(0)
    exchange = next(a.menu() for a in menu.actions() if a.text() == "Exchange life with")
    assert [a.text() for a in exchange.actions()] == ["Cal", "Dee"]


def test_effect_toggle_shows_a_badge_and_covers_the_team(giant: MainWindow) -> None:
    menu = giant.table.player_menu(1)
    toggle = next(a for a in menu.actions() if a.text().startswith("Can't gain life"))
    toggle.trigger()
    assert "can't gain life" in giant.table.panels[0].badges.text()
    giant.model.submit(GainLife(0, 5))  # Ann's gain is stopped by Bob's effect (CR 810.9g)
    assert giant.model.game.life(0) == 30
    assert "810.9g" in giant.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("players", "columns"), [(2, 2), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)]
)
def test_free_for_all_grid_fits_the_laptop_screen(
    make_window: Factory, players: int, columns: int
) -> None:
    assert grid_columns(players) == columns
    window = make_window(FreeForAll(players=players))
    panels = window.table.panels
    assert len({p.geometry().left() for p in panels}) == columns
    central = window.centralWidget().geometry()
    for panel in panels:
        assert panel.isVisible()
        assert central.contains(panel.mapTo(window, panel.rect().bottomRight()))


def test_life_digits_are_big_for_four_players_on_a_laptop(ffa4: MainWindow) -> None:
    for panel in ffa4.table.panels:
        glyphs = panel.life_label.glyph_height()
        assert glyphs >= 100, glyphs
        assert glyphs >= panel.height() / 3, (glyphs, panel.height())


def test_negative_totals_show_a_minus_sign(giant: MainWindow) -> None:
    giant.model.submit(Damage(0, 35))
    assert giant.table.panels[0].life_label.text() == "−5"


def test_every_control_has_an_accessible_name(giant: MainWindow) -> None:
    for panel in giant.table.panels:
        for row in panel.heads:
            for b in [*row.buttons.values(), row.menu_button]:
                assert b.accessibleName(), b.text()
    assert button(giant, 0, -1).accessibleName() == "Ann: lose 1 life"
    assert button(giant, 3, 0, 1).accessibleName() == "Dee: add 1 poison"


def test_theme_switch_is_remembered(qtbot: QtBot, giant: MainWindow) -> None:
    giant.theme_actions["dark"].trigger()
    assert giant.settings.get("theme") == "dark"
    qtbot.waitUntil(lambda: giant.palette().window().color().name() == "#101318")
    # One application-level style sheet restyles every widget, the status bar included.
    assert "#1b2028" in QApplication.instance().styleSheet()  # type: ignore[union-attr]
    assert giant.centralWidget().styleSheet() == ""
    assert "#f3f5f8" in QApplication.instance().styleSheet()  # type: ignore[union-attr]
    giant.theme_actions["light"].trigger()
    qtbot.waitUntil(lambda: giant.palette().window().color().name() == "#e9ecf1")


def test_new_game_asks_first_when_a_game_is_on(
    qtbot: QtBot, giant: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    giant.model.submit(Damage(0, 1))
    asked = answer(monkeypatch, yes=False)
    qtbot.keyClick(giant, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert asked and "in progress" in asked[0]
    assert giant.model.game.life(0) == 29


def test_house_rules_are_marked_on_the_panels(make_window: Factory) -> None:
    window = make_window(TwoHeadedGiant(starting_life=40))
    labels = [w.text() for w in window.table.panels[0].findChildren(type(window.table.banner))]
    assert "house rule" in labels


def test_long_names_are_elided_not_broken(make_window: Factory) -> None:
    long = "Bartholomew the Exceedingly Verbose 🐉🐉"
    window = make_window(FreeForAll(players=8), names=(long, *[f"P{i}" for i in range(2, 9)]))
    label = window.table.panels[0].name_label
    assert label.elided().endswith("…")
    assert label.width() <= window.table.panels[0].width()


def test_keys_dialog_opens_on_f1(
    qtbot: QtBot, giant: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelife.ui import dialogs

    shown: list[str] = []
    monkeypatch.setattr(dialogs.KeysDialog, "exec", lambda self: shown.append("keys") or 0)
    qtbot.keyClick(giant, Qt.Key.Key_F1)
    assert shown == ["keys"]


def test_panel_reads_only_the_model(giant: MainWindow) -> None:
    panel: TeamPanel = giant.table.panels[1]
    giant.model.submit(Poison(2, 3))
    assert panel.poison_label.text() == "☠ 3/15"


@pytest.mark.parametrize(
    "variant",
    [FreeForAll(players=8), FreeForAll(players=6), TwoHeadedGiant(heads=4), TwoHeadedGiant()],
    ids=str,
)
def test_the_window_fits_a_laptop_screen_with_a_taskbar(
    make_window: Factory, variant: FreeForAll | TwoHeadedGiant
) -> None:
    hint = make_window(variant).minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 700, hint


def test_the_selection_survives_the_end_of_the_game_and_its_undo(
    qtbot: QtBot, giant: MainWindow
) -> None:
    giant.table.select_player(0)
    giant.model.submit(Damage(2, 30))  # Cal & Dee are out: their rows are disabled
    assert giant.table.selected == 0
    qtbot.keyClick(giant, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert giant.table.selected == 0
    assert button(giant, 0, -1).parentWidget().hasFocus()
    qtbot.keyClick(giant, Qt.Key.Key_Down)
    assert giant.model.pending(0) == (-1, 0) and giant.model.pending(3) == (0, 0)


def test_when_the_selected_player_leaves_the_first_one_playing_is_selected(
    ffa4: MainWindow,
) -> None:
    from tablelife.rules import Concede

    ffa4.table.select_player(2)
    ffa4.model.submit(Concede(2))
    assert ffa4.table.selected == 0


def test_undoing_a_selected_player_s_loss_selects_them_again(
    qtbot: QtBot, ffa4: MainWindow
) -> None:
    """A mis-tap took the selected player out and moved the keys to the first one playing:
    Ctrl+Z brings the player back and the keys with them, so the next tap is theirs again."""
    ffa4.table.select_player(2)
    ffa4.model.submit(Damage(2, 20))
    assert ffa4.table.selected == 0
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.model.game.status(2) == "playing"
    assert ffa4.table.selected == 2
    qtbot.keyClick(ffa4, Qt.Key.Key_Down)
    assert ffa4.model.pending(2) == (-1, 0) and ffa4.model.pending(0) == (0, 0)


def test_undoing_two_losses_in_turn_gives_the_keys_back_each_time(
    qtbot: QtBot, ffa4: MainWindow
) -> None:
    ffa4.table.select_player(2)
    ffa4.model.submit(Damage(2, 20))  # the keys go to player 0...
    ffa4.model.submit(Damage(0, 20))  # ...who is out too: to player 1
    assert ffa4.table.selected == 1
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.table.selected == 0
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.table.selected == 2


def test_the_keys_come_back_by_keyboard_play_alone(qtbot: QtBot, ffa4: MainWindow) -> None:
    """The same, played by keys only: a tap on the selected player isn't choosing another."""

    def knock_out() -> None:
        for _ in range(4):
            qtbot.keyClick(ffa4, Qt.Key.Key_PageDown)
        qtbot.keyClick(ffa4, Qt.Key.Key_Return)

    qtbot.keyClick(ffa4, Qt.Key.Key_3)
    knock_out()
    assert ffa4.table.selected == 0
    knock_out()
    assert ffa4.table.selected == 1
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.table.selected == 0
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.table.selected == 2


def test_a_player_chosen_meanwhile_keeps_the_keys_after_the_undo(
    qtbot: QtBot, ffa4: MainWindow
) -> None:
    ffa4.table.select_player(2)
    ffa4.model.submit(Damage(2, 20))
    ffa4.table.select_player(3)  # the players chose someone else since
    qtbot.keyClick(ffa4, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ffa4.table.selected == 3


def test_redo_does_not_throw_pending_taps_away(qtbot: QtBot, giant: MainWindow) -> None:
    giant.model.submit(Damage(0, 1))
    giant.undo_action.trigger()
    click(qtbot, giant, 1, -5)
    click(qtbot, giant, 1, 1)
    giant.redo_action.trigger()
    assert giant.model.pending(1) == (-4, 0)
    assert giant.model.game.life(0) == 30
    assert "pending" in giant.statusBar().currentMessage()


def test_the_reason_a_team_is_out_explains_its_rule(giant: MainWindow) -> None:
    giant.model.submit(Damage(2, 30))
    tip = giant.table.panels[1].status_label.toolTip()
    assert tip == "CR 810.8c: A team at 0 life or less loses."
    giant.undo_action.trigger()
    assert giant.table.panels[1].status_label.toolTip() == ""


def test_a_change_redraws_only_the_panels_it_touched(
    giant: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    redrawn: list[int] = []
    original = TeamPanel.refresh

    def spy(panel: TeamPanel) -> None:
        redrawn.append(panel.team)
        original(panel)

    monkeypatch.setattr(TeamPanel, "refresh", spy)
    giant.model.submit(Damage(2, 3))
    assert redrawn == [1]
    assert giant.table.panels[1].life_label.text() == "27"
    redrawn.clear()
    giant.model.submit(PassTurn())  # the turn marker moves on every panel
    assert sorted(redrawn) == [0, 1]


def test_the_status_bar_follows_a_theme_switch(qtbot: QtBot, giant: MainWindow) -> None:
    """It kept the old theme's colour (near-black on black) when it had its own style sheet."""
    giant.theme_actions["dark"].trigger()
    giant.statusBar().showMessage("hello")
    bar = giant.statusBar()
    qtbot.waitUntil(lambda: bar.palette().windowText().color().lightness() > 200)
    giant.theme_actions["light"].trigger()
    qtbot.waitUntil(lambda: bar.palette().windowText().color().lightness() < 60)


def test_ctrl_z_goes_to_the_focused_tables_stack(qtbot: QtBot, giant: MainWindow) -> None:
    assert giant.undo_group.activeStack() is giant.model.undo_stack
    giant.model.submit(Damage(0, 2))
    qtbot.keyClick(giant, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert giant.model.game.life(0) == 30 and giant.model.game.position == 0


def test_an_ampersand_in_a_name_shows_in_menus(make_window: Factory) -> None:
    """Qt reads "&" as a mnemonic: "Tom & Jerry" showed as "Tom _Jerry" (issue 10, defect 1)."""
    window = make_window(FreeForAll(players=3), names=("Ann", "Tom & Jerry", "Cal"))
    menu = window.table.player_menu(0)
    exchange = next(a.menu() for a in menu.actions() if a.text() == "Exchange life with")
    assert [a.text() for a in exchange.actions()] == ["Tom && Jerry", "Cal"]
    assert window.table.player_menu(1).title() == "Tom && Jerry"


def test_numbers_stay_big_when_the_style_sheet_repolishes_them(
    qtbot: QtBot, ffa4: MainWindow
) -> None:
    """Re-polishing (a pending amount turning to a loss, a player going out) reset the font of
    the big numbers to body text."""
    from tablelife.rules import Concede

    panel = ffa4.table.panels[1]
    big = panel.life_label.font().pixelSize()
    assert big > 60
    ffa4.model.stage_life(1, -3)
    assert panel.pending_label.font().pixelSize() > 40
    ffa4.model.drop_pending()
    ffa4.model.submit(Concede(1))
    assert panel.property("out") == "yes"
    assert panel.life_label.font().pixelSize() > big // 2  # smaller for the status line, still big


def test_a_pending_loss_shows_red_and_a_gain_green_after_any_enter(
    qtbot: QtBot, giant: MainWindow
) -> None:
    """The colour follows the sign of what is pending, tap after tap (a cleared amount keeps
    its colour until the next one is shown)."""
    label = giant.table.panels[0].pending_label

    def colour() -> str:
        return label.palette().color(label.foregroundRole()).name()

    for amount, shown in ((-1, "#d23b3b"), (-1, "#d23b3b"), (1, "#23944f"), (-5, "#d23b3b")):
        click(qtbot, giant, 0, amount)
        assert colour() == shown, (amount, colour())
        qtbot.keyClick(giant, Qt.Key.Key_Return)
        assert label.text() == ""

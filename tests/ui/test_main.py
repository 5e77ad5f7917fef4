"""The command line: --screenshot renders a sample game to a PNG and exits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tablelife.gui import roll_starting
from tablelife.main import main
from tablelife.rules import FreeForAll, TwoHeadedGiant
from tablelife.rules.setup import GameSetup


@pytest.mark.parametrize(
    ("preset", "players"), [("Two-Headed Giant", None), ("Free-for-all (20 life)", 6)]
)
def test_screenshot_writes_a_laptop_sized_png(
    qapp: QApplication, tmp_path: Path, preset: str, players: int | None
) -> None:
    out = tmp_path / "shot.png"
    args = ["--screenshot", str(out), "--preset", preset]
    if players:
        args += ["--players", str(players)]
    assert main(args) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
    assert not (Path.home() / ".config" / "Tablelife").exists()  # user settings untouched


@pytest.mark.parametrize(
    ("extra", "size"),
    [
        ([], (1366, 768)),
        (["--players", "8"], (1366, 768)),
        (["--table-mode", "--theme", "dark"], (1366, 768)),
        (["--graph"], (900, 560)),
        (["--players", "8", "--size", "1024x570"], (1024, 570)),  # a netbook's (issue 26)
        (["--counters"], (1366, 768)),
    ],
)
def test_screenshot_of_a_commander_game(
    qapp: QApplication, tmp_path: Path, extra: list[str], size: tuple[int, int]
) -> None:
    out = tmp_path / "commander.png"
    assert main(["--screenshot", str(out), "--preset", "Commander", *extra]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == size


def test_unknown_preset_is_a_clear_error(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--screenshot", str(tmp_path / "x.png"), "--preset", "Chess"]) == 2
    assert "There is no preset 'Chess'" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_a_screenshot_size_that_isnt_wxh_is_a_clear_error(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--screenshot", str(tmp_path / "x.png"), "--size", "big"]) == 2
    assert "--size takes WxH" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_unwritable_screenshot_path_is_a_clear_error(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--screenshot", str(tmp_path / "missing" / "x.png")]) == 1
    assert "could not write" in capsys.readouterr().err


def test_103_die_roll_picks_every_team_in_time() -> None:
    rng = random.Random(7)
    setup = GameSetup(FreeForAll(players=5))
    assert {roll_starting(setup, rng).starting for _ in range(200)} == set(range(5))
    giant = GameSetup(TwoHeadedGiant(heads=3))
    assert {roll_starting(giant, rng).starting for _ in range(50)} == {0, 1}


def test_the_app_has_its_icon_and_desktop_entry(qapp: QApplication) -> None:
    from PySide6.QtGui import QIcon

    from tablelife.gui import _app, set_window_icon
    from tablelife.identity import APP_ID
    from tablelife.rules.seeds import package_folder

    app = _app()
    app.setWindowIcon(QIcon())
    set_window_icon(app)  # the window sets it once its first frame is painted
    assert not app.windowIcon().pixmap(64, 64).isNull()
    entry = (package_folder("tablelife.resources") / f"{APP_ID}.desktop").read_text("utf-8")
    assert "Exec=tablelife" in entry
    assert f"Icon={APP_ID}" in entry

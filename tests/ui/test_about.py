"""Help → About Tablelife (issue 27): the version, the licence, the data folder with a button
that opens it, and the journal's schema, in the table window and at the desk."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QSettings, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tablelife.identity import APP_ID, version
from tablelife.model.about import AboutFacts, about_facts
from tablelife.model.session import Session
from tablelife.model.settings import Settings
from tablelife.rules import TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.store import SCHEMA_VERSION
from tablelife.ui.about import AboutDialog
from tablelife.ui.main_window import MainWindow


class FileOpener(QObject):
    """Stands in for the desktop's file manager: remembers what it was asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.fixture
def opener() -> Iterator[FileOpener]:
    handler = FileOpener()
    QDesktopServices.setUrlHandler("file", handler, "open")
    yield handler
    QDesktopServices.unsetUrlHandler("file")


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "games")
    yield s
    s.close()


def _shown(monkeypatch: pytest.MonkeyPatch) -> list[AboutDialog]:
    """AboutDialog.exec records the dialog instead of waiting for a person."""
    shown: list[AboutDialog] = []
    monkeypatch.setattr(AboutDialog, "exec", lambda self: shown.append(self) or 0)
    return shown


def test_help_about_tells_version_licence_folder_and_schema(
    qtbot: QtBot,
    session: Session,
    tmp_path: Path,
    opener: FileOpener,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model = session.new_game(GameSetup(TwoHeadedGiant()), 60_000)
    settings = Settings(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    window = MainWindow(model, settings, lambda s: session.new_game(s, 60_000), session)
    qtbot.addWidget(window)
    shown = _shown(monkeypatch)
    help_menu = window.help_menu
    about = next(a for a in help_menu.actions() if a.text() == "&About Tablelife")
    about.trigger()
    (dialog,) = shown
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "About Tablelife"
    assert f"Tablelife {version()}" in dialog.title.text()
    assert dialog.version_value.text() == version()
    assert dialog.license_value.text().startswith("MIT")
    assert dialog.folder_value.text() == str(tmp_path / "games")
    assert dialog.schema_value.text() == str(SCHEMA_VERSION)
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    assert opener.opened == [QUrl.fromLocalFile(str(tmp_path / "games"))]
    assert dialog.status.isHidden()


def _facts(folder: Path, journal_schema: int | None = SCHEMA_VERSION) -> AboutFacts:
    facts = about_facts(folder)
    return AboutFacts(**{**facts.__dict__, "journal_schema": journal_schema})


def test_a_folder_not_made_yet_is_said_not_opened(
    qtbot: QtBot, tmp_path: Path, opener: FileOpener
) -> None:
    dialog = AboutDialog(_facts(tmp_path / "nothing yet", None))
    qtbot.addWidget(dialog)
    assert not dialog.open_data_folder()
    assert opener.opened == []
    assert not dialog.status.isHidden()
    assert "does not exist yet" in dialog.status.text()


def test_an_older_journal_opened_read_only_says_both_schemas(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = AboutDialog(_facts(tmp_path, SCHEMA_VERSION - 1))
    qtbot.addWidget(dialog)
    text = dialog.schema_value.text()
    assert str(SCHEMA_VERSION - 1) in text and f"schema {SCHEMA_VERSION}" in text


def test_the_about_box_speaks_russian(qtbot: QtBot, tmp_path: Path) -> None:
    from tablelife.model.i18n import language

    dialog = AboutDialog(_facts(tmp_path))
    qtbot.addWidget(dialog)
    language().set("ru")  # Qt posts each window a LanguageChange
    qtbot.waitUntil(lambda: dialog.windowTitle() == "О программе Tablelife")
    assert dialog.open_button.text() == "&Открыть папку данных"
    assert dialog.license_value.text() == "MIT (свободная программа)"


def test_the_desk_has_about_too(
    qtbot: QtBot, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.ui.test_desk import Clock, make_desk

    desk = make_desk(qtbot, session, Clock())
    shown = _shown(monkeypatch)
    about = next(a for a in desk.actions() if a.text() == "&About Tablelife")
    about.trigger()
    (dialog,) = shown
    qtbot.addWidget(dialog)
    assert dialog.folder_value.text() == str(session.directory)
    assert dialog.schema_value.text() == str(SCHEMA_VERSION)


def test_the_app_names_its_desktop_entry(qapp: QApplication) -> None:
    from tablelife.gui import _app

    assert _app().desktopFileName() == APP_ID


def test_qt_s_own_buttons_speak_russian_from_beside_ours(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standalone bundle has no Qt translations folder: Qt's qtbase_ru.qm then comes from
    beside Tablelife's own (.ci/bundle-build puts it there)."""
    from PySide6.QtCore import QLibraryInfo
    from PySide6.QtWidgets import QDialogButtonBox

    from tablelife.model import i18n
    from tablelife.rules.seeds import package_folder

    qt = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    assert i18n.qt_translation_folders() == [
        str(qt),
        str(package_folder("tablelife.resources") / "translations"),
    ]
    beside = tmp_path / "beside"
    beside.mkdir()
    shutil.copy(qt / "qtbase_ru.qm", beside)
    monkeypatch.setattr(
        i18n, "qt_translation_folders", lambda: [str(tmp_path / "no Qt folder"), str(beside)]
    )
    dialog = AboutDialog(_facts(tmp_path))
    qtbot.addWidget(dialog)
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    close = box.button(QDialogButtonBox.StandardButton.Close)
    i18n.language().set("ru")
    qtbot.waitUntil(lambda: close.text() == "Закрыть")

"""View → Language: the languages the app speaks, each named in itself; the choice is
remembered and takes effect at once (every widget retranslates on LanguageChange)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from tablelife.model.i18n import NAMES, available, language
from tablelife.model.settings import Settings


class LanguageMenu(QMenu):
    """A checkable entry per language; picking one switches the app and remembers it."""

    def __init__(self, settings: Settings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        group = QActionGroup(self)
        self._actions: dict[str, QAction] = {}
        for code in available():
            action = QAction(self, text=NAMES[code], checkable=True)
            action.setData(code)
            group.addAction(action)
            self.addAction(action)
            self._actions[code] = action
        group.triggered.connect(self._pick)
        language().changed.connect(self._check)
        self._check(language().code)
        self._retranslate()

    def _retranslate(self) -> None:
        self.setTitle(self.tr("&Language"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _check(self, code: str) -> None:
        action = self._actions.get(code)
        if action is not None:
            action.setChecked(True)

    def _pick(self, action: QAction) -> None:
        code = str(action.data())
        if language().set(code) and self._settings is not None:
            self._settings.set("language", code)

"""The app's language: which one, the translators that speak it, and switching at run time.

The language is, first to last: `--lang`, then $TABLELIFE_LANG, then View → Language (kept in
the settings), then the system's locale; English when none of them names a language the app
has. Translations are `resources/translations/tablelife_<code>.qm` (built by
`make translations`); Qt's own (standard buttons) come from Qt's translations folder.

Switching installs the new translators; Qt then sends every widget a LanguageChange event
and each retranslates itself (`changeEvent`). The Qt-free layers' sentences
(tablelife.rules.i18n) go through `QCoreApplication.translate` from the moment one is installed.
"""

from __future__ import annotations

import os

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
)

from tablelife.rules import i18n as rules_i18n
from tablelife.rules.seeds import package_folder

LANG_ENV = "TABLELIFE_LANG"
ENGLISH = "en"
NAMES = {"en": "English", "ru": "Русский"}
"""Each language the app speaks, by its code, named in itself (as a language menu shows it)."""


def _qm(code: str) -> str | None:
    """The path of the app's translation into `code`, or None when there is none."""
    item = package_folder("tablelife.resources") / "translations" / f"tablelife_{code}.qm"
    return str(item) if item.is_file() else None


def qt_translation_folders() -> list[str]:
    """Where Qt's own translations (qtbase_ru.qm) may be: Qt's translations folder, then
    beside the app's own, where the standalone bundle carries the ones it needs (Nuitka
    leaves Qt's folder out; .ci/bundle-build)."""
    return [
        QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
        str(package_folder("tablelife.resources") / "translations"),
    ]


def available() -> list[str]:
    """The codes of the languages the app speaks: English and each built translation."""
    return [code for code in NAMES if code == ENGLISH or _qm(code)]


def _known(code: str | None) -> str | None:
    """`code` ("ru", "ru_RU", "RU") as a language the app speaks, or None."""
    if not code:
        return None
    short = code.strip().replace("-", "_").split("_")[0].lower()
    return short if short in available() else None


def choose(forced: str | None = None, remembered: str = "") -> str:
    """The language to start in (see the module's docstring for the order)."""
    for candidate in (forced, os.environ.get(LANG_ENV), remembered):
        known = _known(candidate)
        if known:
            return known
    for name in QLocale.system().uiLanguages():
        known = _known(name)
        if known:
            return known
    return ENGLISH


def _translate(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
    return QCoreApplication.translate(context, source, disambiguation, n)


class Language(QObject):
    """The app's one language: `set` switches it; `changed` says it did."""

    changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._code = ENGLISH
        self._translators: list[QTranslator] = []

    @property
    def code(self) -> str:
        return self._code

    def set(self, code: str) -> bool:
        """Speaks `code` from now on; False (and nothing changes) for a language the app
        doesn't have."""
        known = _known(code)
        if known is None:
            return False
        if known == self._code and self._translators:
            return True  # already spoken: no reinstall, so no LanguageChange for every widget
        app = QCoreApplication.instance()
        assert app is not None, "a QApplication comes first"
        for old in self._translators:
            app.removeTranslator(old)
        self._translators = []
        # English has a file too: only the plural forms ("1 turn", "2 turns") of its sources.
        files = [(_qm(known), "")]
        if known != ENGLISH:  # Qt's own buttons and dialogs, from the first folder that has them
            files += [(f"qtbase_{known}", folder) for folder in qt_translation_folders()]
        for name, folder in files:
            translator = QTranslator(self)
            if name and translator.load(name, folder):
                app.installTranslator(translator)
                self._translators.append(translator)
                if name.startswith("qtbase_"):
                    break
        QLocale.setDefault(QLocale(known))
        rules_i18n.install(_translate)
        changed = known != self._code
        self._code = known
        if changed:
            self.changed.emit(known)
        return True


_language: Language | None = None


def language() -> Language:
    """The app's one Language (made on first use, after the QApplication)."""
    global _language
    if _language is None:
        _language = Language(QCoreApplication.instance())
    return _language

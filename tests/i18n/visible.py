"""What a person can read in a window, gathered from its widgets, menus and item views, and
the English words left in it (for the tests that look at the app in Russian)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

# Words that stay as they are in a Russian app: key names on the keyboard, the rules' own
# abbreviation, file formats and the app's name.
KEEP = {
    "CR", "MTR", "Ctrl", "Shift", "Alt", "Enter", "Return", "Esc", "Del", "Delete", "Tab",
    "Backspace", "Space", "Home", "End", "PgUp", "PgDown", "Ins", "Up", "Down", "Left",
    "Right", "PDF", "JSON", "CSV", "Tablelife", "Meta", "Num",
}  # fmt: skip
_TAG = re.compile(r"<[^>]+>")
_ENTITY = re.compile(r"&[a-z]+;|&#\d+;")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _plain(text: str) -> str:
    """Text as read: without HTML tags and entities, mnemonic ampersands dropped."""
    return _ENTITY.sub(" ", _TAG.sub(" ", text)).replace("&", "")


def _model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> list[str]:
    parent = parent or QModelIndex()
    texts: list[str] = []
    for column in range(model.columnCount(parent)):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        if header:
            texts.append(str(header))
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if isinstance(value, str) and value:
                    texts.append(value)
            # rowCount, not hasChildren: a QTableWidget's model hides hasChildren from Python.
            if column == 0 and model.rowCount(index) > 0:
                texts.extend(_model_texts(model, index))
    return texts


def _menu_texts(menu: QMenu) -> list[str]:
    texts = [menu.title()]
    for action in menu.actions():
        if action.menu() is not None:
            texts.extend(_menu_texts(action.menu()))  # type: ignore[arg-type]
        elif action.text():
            texts.append(action.text())
    return texts


def visible_texts(root: QWidget, *, hidden: bool = False) -> list[str]:
    """Every text `root` and its children show (or would show, with `hidden`): titles, labels,
    buttons, fields' placeholders, combo items, tabs, menus, item views, tooltips."""
    texts: list[str] = [root.windowTitle()]
    widgets: Iterable[QWidget] = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not hidden and not widget.isVisibleTo(root) and widget is not root:
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QComboBox):
            texts.extend(widget.itemText(i) for i in range(widget.count()))
        elif isinstance(widget, QTabWidget):
            texts.extend(widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QTextEdit | QPlainTextEdit):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts.extend(_model_texts(widget.model()))
        accessible = widget.accessibleName()
        if accessible:
            texts.append(accessible)
    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            if action.menu() is not None:
                texts.extend(_menu_texts(action.menu()))  # type: ignore[arg-type]
        texts.append(root.statusBar().currentMessage())
    return [t for t in texts if t]


def english_words(texts: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """The English (Latin-letter) words in `texts` that are not kept as they are: each as
    "word  (in: the text)"."""
    keep = KEEP | set(allowed)
    found = []
    for text in texts:
        plain = _plain(text)
        for word in _WORD.findall(plain):
            if word not in keep:
                found.append(f"{word}  (in: {plain.strip()[:120]!r})")
    return found

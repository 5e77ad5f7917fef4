"""The history panel: every event with its time, who, what, and the totals after it."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from app.model.game_model import GameModel
from app.rules import Event
from app.rules.i18n import arg
from app.rules.words import describe_event, note_text, number

INLINE_AFTER = 4
"""More teams than this, and the totals go under "What" instead of beside it."""
WHAT = 1
"""The column that wraps: what happened."""


class _WrapDelegate(QStyledItemDelegate):
    """Measures the "What" cell at its column's width, so wrapped text gets the lines it needs (the
    tree view asks with no width, and the style then measures one long line)."""

    def __init__(self, view: QTreeWidget) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        if index.column() != WHAT:
            return super().sizeHint(option, index)
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, self._view.header().sectionSize(index.column()), 1)
        return super().sizeHint(sized, index)


class HistoryView(QTreeWidget):
    """Lists the applied events. Updated incrementally: only the rows that changed move."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Three columns that fit the dock's default width, even with 8 players: "What" names
        # who did it and wraps; "After" is as wide as its totals (defect 5).
        self._shown: list[Event] = []
        self._model: GameModel | None = None
        self._inline = False
        self.setColumnCount(3)
        self._set_headers()
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a read-only log; keys belong to the table
        self.setAccessibleName(self.tr("History"))
        self.setItemDelegate(_WrapDelegate(self))
        header = self.header()
        header.setStretchLastSection(False)
        self._size_columns()
        # Rows are as tall as their wrapped text at the column's width now, not when added.
        header.sectionResized.connect(self._on_section_resized)

    def _on_section_resized(self, _index: int, _old: int, _new: int) -> None:
        self.scheduleDelayedItemsLayout()

    def _size_columns(self) -> None:
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        if self.columnCount() > 2:
            header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)

    def sizeHint(self) -> QSize:
        return QSize(420, 400)  # the dock's default width: the three columns fit in it

    def set_model(self, model: GameModel) -> None:
        """Shows another table's history."""
        self._model = model
        # With more than four teams the totals are too wide for a column of their own beside
        # "What": they go on a line of their own under it.
        self._inline = len(model.setup.team_names) > INLINE_AFTER
        self.setColumnCount(2 if self._inline else 3)
        self._set_headers()
        self._size_columns()
        self._shown = []
        self.clear()  # the rows come with the next `refresh`, after the first paint

    def _set_headers(self) -> None:
        labels = [self.tr("Time"), self.tr("What"), self.tr("After")]
        self.setHeaderLabels(labels[: self.columnCount()])
        if self._model is not None:
            teams = " \u00b7 ".join(self._model.setup.team_names)
            self.headerItem().setToolTip(
                1 if self._inline else 2,
                arg(self.tr("Life and poison after the event: %1"), teams),
            )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            # The rows are words too (app.rules.words): made again in the new language.
            self.setAccessibleName(self.tr("History"))
            self._set_headers()
            self._shown = []
            self.clear()
            self.refresh()
        super().changeEvent(event)

    def refresh(self) -> None:
        """Brings the rows in line with the game's history."""
        if self._model is None:
            return
        history = self._model.game.history
        keep = min(len(self._shown), len(history))
        while keep and self._shown[keep - 1] is not history[keep - 1]:
            keep -= 1
        while len(self._shown) > keep:
            self._shown.pop()
            self.takeTopLevelItem(len(self._shown))
        for index in range(keep, len(history)):
            self.addTopLevelItem(self._item(index, history[index]))
            self._shown.append(history[index])
        if len(history) > keep:
            self.scrollToBottom()

    def _item(self, index: int, event: Event) -> QTreeWidgetItem:
        assert self._model is not None
        game = self._model.game
        names = game.names
        when = time.strftime("%H:%M:%S", time.localtime(self._model.event_time(index)))
        # Totals in team order, short enough to need no eliding (the header names the teams).
        after = " ".join(
            f"{number(s.life)}" + (f" \u2620{s.poison}" if s.poison else "")
            for s in event.after.teams
        )
        what = describe_event(event, names)
        if event.after.over and not event.before.over:
            what += self.tr(" \u2014 game over")
        totals = "\n".join(
            arg(self.tr("%1: %2, poison %3"), n, number(s.life), s.poison)
            for n, s in zip(self._model.setup.team_names, event.after.teams, strict=True)
        )
        if self._inline:
            item = QTreeWidgetItem([when, f"{what}\n\u2192 {after}"])
            item.setToolTip(1, "\n".join((what, *map(note_text, event.notes), totals)))
            return item
        item = QTreeWidgetItem([when, what, after])
        item.setToolTip(1, "\n".join((what, *map(note_text, event.notes))))
        item.setToolTip(2, totals)
        return item

"""The history panel: every event with its time, who, what, and the totals after it.

Two parts, as napari's `_qt/containers` adapters: `HistoryModel`, a thin table model over the
`GameModel`'s history that stores nothing per event but a reference (each cell's words are made
when asked, and only the rows on screen are asked), and `HistoryView`, a scroll area that paints
only the rows exposed.

Why not a `QTreeWidget`, or a `QTreeView`/`QTableView` over the same model (issue 12): they lay
out and repaint every visible row on each append and `scrollToBottom`, and wrapped rows of
different heights make them measure every row. Measured with `bench.speed.enter_to_history`
(Enter to the new row painted, p99 of 200 Enters back to back on a 1,000-event game) on this
2-core machine at a load average of 1.1-1.5: the `QTreeWidget` behind a 100 ms throttle, 131 ms;
a `QTreeView` over this model, columns sized to contents, 230-310 ms (it asks every row for its
words); with fixed column widths, 14.4 ms with word wrap and 10.5 ms with uniform one-line rows;
this view, 3.2-4.3 ms, of which the totals take 2.3-2.7 ms. When the person is at the bottom a new
row moves what is shown up by copying its pixels and only the new row's strip is painted (0.09 ms
against 1.0 ms for the whole viewport), and the scroll bar is repainted only when it looks
different (a repaint of it costs 1.2 ms under the application's style sheet). Memory per journaled
event in a live window (`memory_per_event`): 2.9 KB with an item per row, 1.5 KB here (1.46 KB
with no history at all).
"""

from __future__ import annotations

import time
from math import ceil

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QFontMetricsF,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QShowEvent,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QHeaderView,
    QScrollBar,
    QToolTip,
    QWidget,
)

from tablelife.model.game_model import GameModel, TableChange
from tablelife.rules import Event, cite
from tablelife.rules.i18n import arg, grouped
from tablelife.rules.words import describe_event, note_text, reason_text

INLINE_AFTER = 4
"""More teams than this, and the totals go under "What" instead of beside it."""
WHAT = 1
"""The column that wraps: what happened."""
PAD_X = 4
"""Space left and right of a cell's text (px)."""
PAD_Y = 3
"""Space above and below a row's text (px)."""
AFTER_SHARE = 0.4
"""The most of the view's width "After" grows to; its lines wrap beyond it."""
AFTER_LEAST = 120
"""...though never less than this (px)."""
CACHE_ROWS = 256
"""Rows whose words (and heights) are kept: more than a screen, far fewer than a long game."""

_Index = QModelIndex | QPersistentModelIndex


class HistoryModel(QAbstractTableModel):
    """The game's history as a table: one row per applied event, oldest first. It holds a
    reference per event and the words of the last few rows asked for, nothing else; appends,
    undos and resets arrive as `rowsInserted`, `rowsRemoved` and `modelReset`."""

    def __init__(self, view: HistoryView) -> None:
        super().__init__(view)
        self._view = view  # the words are the view's (its translation context, "HistoryView")
        self._game_model: GameModel | None = None
        self._shown: list[Event] = []
        self._texts: dict[int, tuple[str, ...]] = {}
        # What the game's `changed` said since the last refresh: events applied or redone,
        # None for one undone; and the history's length it said last. A reset (or anything
        # that doesn't add up) compares the whole history instead.
        self._steps: list[Event | None] = []
        self._length = 0
        self._whole = True
        # A whole refresh waits for the next pass of the event loop: a burst of changes (a
        # reset, a replay, another table shown) is one.
        self._refill = QTimer(self)
        self._refill.setSingleShot(True)
        self._refill.timeout.connect(self.refresh)
        self.inline = False
        """True when the totals go under "What" (more than INLINE_AFTER teams)."""

    def set_game_model(self, model: GameModel | None) -> None:
        """Shows another table's history: a reset, its rows in the next pass of the event loop
        (or at `refresh`)."""
        if self._game_model is not None:
            self._game_model.changed.disconnect(self._on_changed)
        self.beginResetModel()
        self._game_model = model
        self.inline = model is not None and len(model.setup.team_names) > INLINE_AFTER
        self._shown = []
        self._texts.clear()
        self._steps.clear()
        self._whole = True
        self.endResetModel()
        if model is not None:
            model.changed.connect(self._on_changed)
            self._refill.start()

    def _on_changed(self, change: TableChange) -> None:
        self._length = change.history
        if change.kind == "reset" or change.event is None:
            self._whole = True
        elif not self._whole:
            self._steps.append(None if change.kind == "undo" else change.event)
        # One event applied, undone or redone is one row, shown now: it is painted in the same
        # frame as the totals, and nothing waits for another pass of the event loop (issue 12).
        if self._whole:
            self._refill.start()
        else:
            self.refresh()

    def retranslate(self) -> None:
        """The rows' words again, in the current language."""
        self.beginResetModel()
        self._texts.clear()
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def refresh(self) -> None:
        """Brings the rows in line with the game's history: the rows past the last one still
        the same event go, the new ones come.

        Events applied, undone and redone are taken from the game's `changed`, so the common
        refresh (one new event) never copies the game's history (`Game.history` is a tuple
        rebuilt after each change: 20,000 events are 160 KB, and rebuilding it on every event
        costs memory, issue 12)."""
        if self._game_model is None:
            return
        shown = self._shown
        keep, new = len(shown), []
        for step in self._steps:
            if step is not None:
                new.append(step)
            elif new:
                new.pop()
            else:
                keep -= 1
        self._steps.clear()
        if self._whole or keep < 0 or keep + len(new) != self._length:
            self._whole = False
            history = self._game_model.game.history
            keep = min(len(shown), len(history))
            while keep and shown[keep - 1] is not history[keep - 1]:
                keep -= 1
            new = list(history[keep:])
            self._length = len(history)
        if len(shown) > keep:
            self.beginRemoveRows(QModelIndex(), keep, len(shown) - 1)
            for row in range(keep, len(shown)):
                self._texts.pop(row, None)
            del shown[keep:]
            self.endRemoveRows()
        if new:
            self.beginInsertRows(QModelIndex(), keep, keep + len(new) - 1)
            shown.extend(new)
            self.endInsertRows()

    def texts(self, row: int) -> tuple[str, ...]:
        """The row's cells' words, made now unless made lately."""
        texts = self._texts.get(row)
        if texts is None:
            assert self._game_model is not None
            if len(self._texts) >= CACHE_ROWS:
                self._texts.clear()
            texts = self._view.row_texts(self._game_model, row, self._shown[row])
            self._texts[row] = texts
        return texts

    # ----- QAbstractItemModel ------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2 if self.inline else 3

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or self._game_model is None:
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.texts(row)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self._view.row_tool_tip(self._game_model, self._shown[row], column)
            return tip or None
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._view.header_labels()[section]
        after = 1 if self.inline else 2  # the column the totals are in
        if role == Qt.ItemDataRole.ToolTipRole and section == after and self._game_model:
            return self._view.header_tool_tip(self._game_model)
        return None


class _ScrollBar(QScrollBar):
    """A scroll bar that repaints only when it would look different: a history of thousands of
    rows moves its slider less than a pixel per new row, and under the application's style sheet
    a repaint of the bar costs ~1.2 ms, more than the new row itself (issue 12)."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self._painted: tuple[object, ...] = ()
        self._settling = False

    def _looks(self) -> tuple[object, ...]:
        from PySide6.QtWidgets import QStyle, QStyleOptionSlider

        option = QStyleOptionSlider()
        self.initStyleOption(option)
        slider = self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar,
            option,
            QStyle.SubControl.SC_ScrollBarSlider,
            self,
        )
        # The arrows look disabled at the ends.
        return (slider, self.value() == self.minimum(), self.value() == self.maximum())

    def settle(self, top: int, value: int | None) -> None:
        """Sets the range 0..top and then the value (if given), and repaints once if the bar
        looks different after both (not for the moment in between)."""
        self._settling = True
        try:
            self.setRange(0, top)
            if value is not None:
                self.setValue(value)
        finally:
            self._settling = False
        if self._painted and self._looks() != self._painted:
            self.update()

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        kinds = QAbstractSlider.SliderChange
        # Not painted yet (hidden, or before the first frame): its first paint draws it.
        # (Accessibility hears of a new value from setValue itself, before this is called.)
        if change == kinds.SliderOrientationChange or (
            self._painted and not self._settling and self._looks() != self._painted
        ):
            super().sliderChange(change)  # repaints

    def paintEvent(self, event: QPaintEvent) -> None:
        self._painted = self._looks()
        super().paintEvent(event)


class HistoryView(QAbstractScrollArea):
    """Lists the applied events, oldest first, in rows as tall as their wrapped words.

    It scrolls by rows: the scroll bar's value is the top row, and at its maximum the last row
    sits on the bottom edge. There, a new row moves what is shown up by copying pixels and only
    the new row is painted; a person scrolled up stays where they are.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game_model: GameModel | None = None
        self._model = HistoryModel(self)
        self._heights: dict[int, int] = {}
        # The cells laid out lately, by (row, column, width): a new row is laid out to measure
        # its height and drawn from the same layout.
        self._layouts: dict[tuple[int, int, int], QTextLayout] = {}
        self._screen: tuple[tuple[int, ...], list[tuple[int, int, int]]] | None = None
        # (viewport height, rows, first row that fits, height of the rows from it to the last)
        self._fit: tuple[int, int, int, int] | None = None
        self._generation = 0  # one more each time the columns' widths change
        self._measured_at: list[int] = []  # the columns' widths the heights are for
        self._quiet = False  # the scroll bar moved by the view itself: no full repaint
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a read-only log; keys belong to the table
        self.setAccessibleName(self.tr("History"))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._bar = _ScrollBar()
        self.setVerticalScrollBar(self._bar)
        # A viewport made here: one Qt makes would reach Python typeless, and PySide would
        # then build the type of every kind of QWidget to find its own (13 ms, 2 MB; issue 12).
        viewport = QWidget()
        self.setViewport(viewport)
        viewport.setBackgroundRole(QPalette.ColorRole.Base)
        viewport.setAutoFillBackground(True)
        bar = self.verticalScrollBar()
        bar.setSingleStep(1)
        bar.setRange(0, 0)
        # The header is a QHeaderView over the model, as a QTableView's is: the labels and
        # the totals' tooltip come from `headerData`.
        header = QHeaderView(Qt.Orientation.Horizontal, self)
        header.setModel(self._model)
        header.setSectionsClickable(False)
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self._header = header
        self._widths = [0, 0]  # the widest time and "after" seen since the last reset
        self._labels: list[int] = []  # the fixed columns' headers' widths
        self._size_columns()
        header.sectionResized.connect(self._on_section_resized)
        self._model.rowsInserted.connect(self._on_rows_inserted)
        self._model.rowsRemoved.connect(self._on_rows_removed)
        self._model.modelReset.connect(self._on_reset)
        for rows_changed in (self._model.rowsInserted, self._model.rowsRemoved):
            rows_changed.connect(self._describe)
        self._model.modelReset.connect(self._describe)
        self._describe()

    # ----- what tests and the window read ------------------------------------------------

    def model(self) -> HistoryModel:
        """The table model the rows come from."""
        return self._model

    def header(self) -> QHeaderView:
        """The column headers."""
        return self._header

    def row_count(self) -> int:
        """How many rows the history shows."""
        return self._model.rowCount()

    def column_count(self) -> int:
        """How many columns: time, what and after; or time and what, the totals under it."""
        return self._model.columnCount()

    def text(self, row: int, column: int) -> str:
        """A cell's words."""
        return self._model.texts(row)[column]

    def tool_tip(self, row: int, column: int) -> str:
        """A cell's tooltip, or ""."""
        tip = self._model.data(self._model.index(row, column), Qt.ItemDataRole.ToolTipRole)
        return tip if isinstance(tip, str) else ""

    def header_text(self, column: int) -> str:
        """A column's header."""
        return str(self._model.headerData(column, Qt.Orientation.Horizontal))

    def header_tool_tip(self, model: GameModel) -> str:
        """The totals column's header tooltip: whose totals they are."""
        del model  # (each row names its teams)
        return self.tr(
            "Life and poison after the event, of the teams it changed; a row's tooltip has "
            "every team's"
        )

    def row_rect(self, row: int) -> QRect:
        """Where the row is in the viewport (its height even when it is off screen)."""
        for shown, top, height in self._rows_on_screen():
            if shown == row:
                return QRect(0, top, self.viewport().width(), height)
        return QRect(0, -self._height(row) - 1, self.viewport().width(), self._height(row))

    def is_at_bottom(self) -> bool:
        """True when the last row is on screen with nothing below it to scroll to."""
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum()

    def sizeHint(self) -> QSize:
        return QSize(420, 400)  # the dock's default width: the three columns fit in it

    # ----- the game ----------------------------------------------------------------------

    def set_model(self, model: GameModel) -> None:
        """Shows another table's history; the rows come with the next `refresh`."""
        self._game_model = model
        self._model.set_game_model(model)
        self._size_columns()

    def refresh(self) -> None:
        """Brings the rows in line with the game's history."""
        self._model.refresh()

    # ----- the words (in this class, so their translation context stays "HistoryView") -----

    def header_labels(self) -> list[str]:
        """The columns' headers, in the current language."""
        labels = [self.tr("Time"), self.tr("What"), self.tr("After")]
        return labels[: self._model.columnCount()]

    def _describe(self, *_signal_args: object) -> None:
        """What a screen reader hears of the history, whose rows are painted, not widgets:
        how many events, and the latest one's words. (Qt tells assistive tools it changed.)"""
        rows = self._model.rowCount()
        if rows == 0:
            self.setAccessibleDescription(self.tr("No events yet."))
        else:
            said = self.tr("%n event(s). The latest: %1", "", rows)
            self.setAccessibleDescription(arg(said, self._model.texts(rows - 1)[1]))

    def _what(self, model: GameModel, event: Event) -> str:
        what = describe_event(event, model.game.names, teams=model.setup.team_names)
        # Who left the game in this event, and why: in a pod that plays on, the row is the
        # record a judge reads (the panel says it only while it shows the game's end state).
        # A team's name takes a plural verb, as the banner's does (issue 26, defect 9).
        words = (
            {
                "lost": self.tr(" \u2014 %1 are out: %2 (%3)"),
                "drawn": self.tr(" \u2014 %1 draw: %2 (%3)"),
                "won": self.tr(" \u2014 %1 win: %2 (%3)"),
            }
            if model.game.variant.team_game
            else {
                "lost": self.tr(" \u2014 %1 is out: %2 (%3)"),
                "drawn": self.tr(" \u2014 %1 draws: %2 (%3)"),
                "won": self.tr(" \u2014 %1 wins: %2 (%3)"),
            }
        )
        teams = list(
            zip(model.setup.team_names, event.before.teams, event.after.teams, strict=True)
        )
        for status, said in words.items():  # those out first, the winner last
            for name, before, after in teams:
                if after.status == status != before.status:
                    what += arg(said, name, reason_text(after.reason), cite(after.rule))
        if event.after.over and not event.before.over:
            what += self.tr(" \u2014 game over")
        return what

    def row_texts(self, model: GameModel, row: int, event: Event) -> tuple[str, ...]:
        """A row's cells: when, what, and the totals after (beside, or under "What")."""
        when = time.strftime("%H:%M:%S", time.localtime(event.time))
        # The totals of the teams the event moved, each with its name, one to a line: whose
        # total is whose without counting columns (issue 26, defect 10). The tooltip has all.
        moved = [
            f"{name} {grouped(b.life)}" + (f" \u2620{b.poison}" if b.poison else "")
            for name, a, b in zip(
                model.setup.team_names, event.before.teams, event.after.teams, strict=True
            )
            if (a.life, a.poison) != (b.life, b.poison)
        ]
        what = self._what(model, event)
        if self._model.inline:
            return (when, f"{what}\n\u2192 {', '.join(moved)}" if moved else what)
        return (when, what, "\n".join(moved))

    def row_tool_tip(self, model: GameModel, event: Event, column: int) -> str:
        """A cell's tooltip: what (with the rules' notes) on "What", the totals by name on
        "After" (or on "What" too when the totals sit under it)."""
        if column == 0:
            return ""
        totals = "\n".join(
            arg(self.tr("%1: %2, poison %3"), n, grouped(s.life), s.poison)
            for n, s in zip(model.setup.team_names, event.after.teams, strict=True)
        )
        if column == 2:
            return totals
        what = (self._what(model, event), *map(note_text, event.notes))
        return "\n".join((*what, totals) if self._model.inline else what)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            # The rows are words too (tablelife.rules.words): made again in the new language.
            self.setAccessibleName(self.tr("History"))
            self._model.retranslate()
            self._describe()
            self._size_columns()
        elif event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._size_columns()
            self._relayout()
        super().changeEvent(event)

    # ----- columns and rows --------------------------------------------------------------

    def _size_columns(self) -> None:
        """Time and "after" as wide as their widest text (and header); "What" takes the rest."""
        header = self._header
        columns = self._model.columnCount()
        metrics = QFontMetricsF(self.font())
        sample = ceil(metrics.horizontalAdvance("00:00:00")) + 2 * PAD_X
        self._widths = [sample, 0]
        self._labels = []
        for column in range(columns):
            mode = (
                QHeaderView.ResizeMode.Stretch if column == WHAT else QHeaderView.ResizeMode.Fixed
            )
            header.setSectionResizeMode(column, mode)
        self._apply_widths()

    def _apply_widths(self) -> None:
        """Time and "after" as wide as they need; the header can put back sizes of its own
        (a model reset, its delayed layout), so this runs before each layout of the rows."""
        header = self._header
        columns = self._model.columnCount()
        fixed = [0] + ([columns - 1] if columns > 2 else [])
        if len(self._labels) != len(fixed):  # the headers' own widths, once per language
            self._labels = [header.sectionSizeHint(column) for column in fixed]
        for slot, column in enumerate(fixed):
            width = max(self._widths[slot], self._labels[slot])
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def _widen(self, texts: tuple[str, ...]) -> bool:
        """Makes the fixed columns wide enough for `texts`; True if one grew."""
        metrics = QFontMetricsF(self.font())
        grew = False
        port = self.viewport().width()
        most = max(AFTER_LEAST, int(port * AFTER_SHARE)) if port > 0 else None
        for slot, column in enumerate((0, 2)):
            if column < len(texts) and (column != WHAT):
                lines = texts[column].split("\n")
                need = ceil(max(metrics.horizontalAdvance(line) for line in lines)) + 2 * PAD_X
                if column and most is not None:
                    need = min(need, most)  # wider totals wrap rather than squeeze "What"
                if need > self._widths[slot]:
                    self._widths[slot] = need
                    grew = True
        if grew:
            self._apply_widths()
        return grew

    def _on_section_resized(self, _index: int, _old: int, _new: int) -> None:
        # Rows are as tall as their wrapped text at the column's width now.
        self._relayout()

    def _relayout(self) -> None:
        bottom = self.is_at_bottom()
        self._forget()
        self._update_range(bottom)
        self.viewport().update()

    def _cell_layout(self, text: str, width: float, wrap: bool) -> tuple[QTextLayout, int]:
        """The cell's text laid out in `width` (wrapped at words, or anywhere in a word too
        long for the line, as item views wrap), and its height."""
        metrics = QFontMetricsF(self.font())
        layout = QTextLayout(text.replace("\n", "\u2028"), self.font())
        option = QTextOption()
        option.setWrapMode(
            QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
            if wrap
            else QTextOption.WrapMode.NoWrap
        )
        layout.setTextOption(option)
        layout.beginLayout()
        y = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(1.0, width))
            line.setPosition(QPointF(0, y))
            y += metrics.lineSpacing()
        layout.endLayout()
        return layout, ceil(y)

    def _cell(self, row: int, column: int, text: str, width: int) -> tuple[QTextLayout, int]:
        """The cell's layout and height, laid out once for its width."""
        key = (row, column, width)
        layout = self._layouts.get(key)
        if layout is None:
            if len(self._layouts) >= CACHE_ROWS:
                self._layouts.clear()
            layout = self._cell_layout(text, width - 2 * PAD_X, column != 0)[0]
            self._layouts[key] = layout
        lines = layout.lineCount()
        return layout, ceil(lines * QFontMetricsF(self.font()).lineSpacing())

    def _forget(self) -> None:
        """Heights and layouts are for other widths or rows now."""
        self._heights.clear()
        self._layouts.clear()
        self._screen = None
        self._fit = None
        self._generation += 1

    def _cell_widths(self) -> list[int]:
        header = self._header
        return [header.sectionSize(c) for c in range(self._model.columnCount())]

    def _height(self, row: int) -> int:
        height = self._heights.get(row)
        if height is None:
            texts = self._model.texts(row)
            if self._widen(texts):
                self._forget()
            widths = self._cell_widths()
            tallest = max(self._cell(row, c, text, widths[c])[1] for c, text in enumerate(texts))
            height = tallest + 2 * PAD_Y
            if len(self._heights) >= CACHE_ROWS:
                self._heights.clear()
            self._heights[row] = height
        return height

    def _check_widths(self) -> None:
        """Forgets the heights if the columns are not as wide as when they were measured (the
        header resizes its stretched column later, and not always with `sectionResized`)."""
        self._apply_widths()
        widths = self._cell_widths()
        if widths != self._measured_at:
            self._forget()
            self._measured_at = widths

    def _first_that_fits(self) -> int:
        """The first row from which every row to the last fits on screen (0 if all do).

        Kept from the last time with the rows' total height, so a new row costs its own
        height and the rows that no longer fit above it, not a walk over a screen of rows."""
        self._check_widths()
        generation = self._generation
        room = self.viewport().height()
        count = self._model.rowCount()
        fit = self._fit
        if fit is not None and fit[0] == room and fit[1] <= count:
            _, last, row, used = fit
            used += sum(self._height(r) for r in range(last, count))
            while used > room and row < count:
                used -= self._height(row)
                row += 1
        else:
            row, used = count, 0
        while row > 0 and used + self._height(row - 1) <= room:
            row -= 1
            used += self._height(row)
        if generation != self._generation:  # a row measured on the way widened a column
            return self._first_that_fits()
        self._fit = (room, count, row, used)
        return row

    def _update_range(self, bottom: bool) -> None:
        """The scroll bar's range for the rows now; at the bottom again if it was there."""
        bar = self._bar
        top = self._first_that_fits()
        line = QFontMetricsF(self.font()).lineSpacing() + 2 * PAD_Y
        page = max(1, int(self.viewport().height() // line) - 1)
        self._quiet = True
        try:
            if bar.pageStep() != page:
                bar.setPageStep(page)
            bar.settle(top, top if bottom else None)
        finally:
            self._quiet = False

    def _rows_on_screen(self) -> list[tuple[int, int, int]]:
        """(row, top, height) of each row on screen, top to bottom."""
        self._check_widths()
        count = self._model.rowCount()
        room = self.viewport().height()
        bar = self.verticalScrollBar()
        key = (count, room, bar.value(), bar.maximum(), self._generation)
        if self._screen is not None and self._screen[0] == key:
            return self._screen[1]
        rows = self._lay_out_screen(count, room)
        if key[-1] != self._generation:  # a row measured on the way widened a column
            return self._rows_on_screen()
        self._screen = (key, rows)
        return rows

    def _lay_out_screen(self, count: int, room: int) -> list[tuple[int, int, int]]:
        bar = self.verticalScrollBar()
        rows: list[tuple[int, int, int]] = []
        if bar.maximum() > 0 and bar.value() >= bar.maximum():
            # At the bottom: the last row's bottom on the viewport's bottom edge.
            y = room
            row = count - 1
            while row >= 0 and y > 0:
                height = self._height(row)
                y -= height
                rows.append((row, y, height))
                row -= 1
            rows.reverse()
            return rows
        y = 0
        row = bar.value()
        while row < count and y < room:
            height = self._height(row)
            rows.append((row, y, height))
            y += height
            row += 1
        return rows

    # ----- the model's signals -----------------------------------------------------------

    def _on_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        bar = self.verticalScrollBar()
        before = bar.maximum()
        bottom = bar.value() >= before
        grew = False
        for row in range(max(first, last - 64), last + 1):  # the rows a screen can show
            grew = self._widen(self._model.texts(row)) or grew
        if grew:
            self._relayout()
            return
        self._update_range(bottom)
        after = bar.maximum()
        viewport = self.viewport()
        if bottom and before > 0 and after > 0:
            # Everything shown moves up by the new rows' height: copy the pixels, paint only
            # the strip that comes in (issue 12: this is what keeps Enter cheap).
            shift = sum(self._height(row) for row in range(first, last + 1))
            if shift < viewport.height():
                viewport.scroll(0, -shift)
                return
            viewport.update()
        elif bottom and after > 0:
            viewport.update()  # the rows no longer all fit: from now on, anchored at the bottom
        else:
            # Rows below a screen that isn't full yet, or below where a person scrolled to.
            for row, top, height in self._rows_on_screen():
                if row >= first:
                    viewport.update(QRect(0, top, viewport.width(), height))

    def _on_rows_removed(self, _parent: QModelIndex, first: int, _last: int) -> None:
        for row in [r for r in self._heights if r >= first]:
            del self._heights[row]
        for key in [k for k in self._layouts if k[0] >= first]:
            del self._layouts[key]
        self._screen = None
        self._fit = None
        self._update_range(self.is_at_bottom())
        self.viewport().update()

    def _on_reset(self) -> None:
        self._forget()
        self._update_range(True)
        self.viewport().update()

    # ----- Qt ----------------------------------------------------------------------------

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        if not self._quiet:
            self.viewport().update()  # rows differ in height: paint them again, not move them

    def resizeEvent(self, event: QResizeEvent) -> None:
        bottom = self.is_at_bottom()
        super().resizeEvent(event)
        self._place_header()
        self._update_range(bottom)

    def showEvent(self, event: QShowEvent) -> None:
        self._place_header()
        super().showEvent(event)

    def _place_header(self) -> None:
        height = self._header.sizeHint().height()
        self.setViewportMargins(0, height, 0, 0)
        port = self.viewport().geometry()
        self._header.setGeometry(port.left(), port.top() - height, port.width(), height)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            place = self._cell_at(event.pos().x(), event.pos().y())
            tip = self.tool_tip(*place[:2]) if place is not None else ""
            if tip and place is not None:
                QToolTip.showText(event.globalPos(), tip, self.viewport(), place[2])
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def _cell_at(self, x: int, y: int) -> tuple[int, int, QRect] | None:
        for row, top, height in self._rows_on_screen():
            if top <= y < top + height:
                left = 0
                for column, width in enumerate(self._cell_widths()):
                    if left <= x < left + width:
                        return row, column, QRect(left, top, width, height)
                    left += width
        return None

    def paintEvent(self, event: QPaintEvent) -> None:
        viewport = self.viewport()
        painter = QPainter(viewport)
        palette = self.palette()
        exposed = event.rect()
        widths = self._cell_widths()
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        for row, top, height in self._rows_on_screen():
            if top + height <= exposed.top() or top >= exposed.bottom() + 1:
                continue
            if row % 2:
                painter.fillRect(
                    QRect(0, top, viewport.width(), height),
                    palette.brush(QPalette.ColorRole.AlternateBase),
                )
            left = 0
            for column, text in enumerate(self._model.texts(row)):
                layout = self._cell(row, column, text, widths[column])[0]
                painter.save()
                painter.setClipRect(QRect(left, top, widths[column], height))
                layout.draw(painter, QPointF(left + PAD_X, top + PAD_Y))
                painter.restore()
                left += widths[column]
        painter.end()

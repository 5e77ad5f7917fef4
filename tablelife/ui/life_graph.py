"""The life graph: each team's life over the game's events as step lines in team colours, a
cross where a team left, and poison in a second, smaller chart below. QPainter only; the
numbers come from `tablelife.model.life_graph`, which the tests check."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tablelife.model.life_graph import GraphData, life_graph
from tablelife.rules import Game
from tablelife.rules.i18n import arg, grouped
from tablelife.ui.theme import team_colour

_MARGIN_LEFT = 56
_MARGIN_RIGHT = 16
_GAP = 40


def _nice_step(span: int, ticks: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50…) that gives about `ticks` grid lines."""
    raw = max(1, span // max(1, ticks))
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= raw:
                return step * m
        step *= 10


def step_corners(values: Sequence[int], left: int | None, events: int) -> list[tuple[int, int]]:
    """The corners of a team's line, as (step, value): each value holds until the next event.
    The line of a team that left ends at its cross (at step `left`); the others' run on to
    `events`, the chart's right edge."""
    corners = [(0, values[0])]
    end = len(values) if left is None else left + 1
    for i in range(1, end):
        corners += [(i, values[i - 1]), (i, values[i])]
    if left is None:
        corners.append((events, values[-1]))
    return corners


class LifeGraph(QWidget):
    """Paints a `GraphData`: life above, poison below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Life graph"))
        self.setMinimumSize(360, 260)
        self.data: GraphData | None = None
        self.names: tuple[str, ...] = ()

    def sizeHint(self) -> QSize:
        return QSize(760, 480)

    def set_data(self, data: GraphData, names: tuple[str, ...]) -> None:
        """Shows new numbers."""
        self.data = data
        self.names = names
        lows = ", ".join(
            f"{names[s.team]} {grouped(s.life[-1])}" for s in data.series if s.team < len(names)
        )
        self.setAccessibleDescription(
            arg(self.tr("Life after %n event(s): %1", "", data.events), lows)
        )
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(self.tr("Life graph"))
            if self.data is not None:
                self.set_data(self.data, self.names)  # repaints the legend's words too
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        data = self.data
        if data is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(self.foregroundRole())
        font = QFont(self.font())
        font.setPixelSize(14)
        painter.setFont(font)
        legend_h = 26
        area = QRectF(self.rect()).adjusted(_MARGIN_LEFT, legend_h + 28, -_MARGIN_RIGHT, -12)
        life_h = (area.height() - _GAP) * 0.7
        life_box = QRectF(area.left(), area.top(), area.width(), life_h)
        poison_box = QRectF(
            area.left(), life_box.bottom() + _GAP, area.width(), area.height() - life_h - _GAP
        )
        self._legend(painter, data, text)
        self._chart(painter, data, life_box, text, poison=False)
        self._chart(painter, data, poison_box, text, poison=True)
        painter.end()

    def _legend(self, painter: QPainter, data: GraphData, text: QColor) -> None:
        x = float(_MARGIN_LEFT)
        for s in data.series:
            name = self.names[s.team] if s.team < len(self.names) else str(s.team + 1)
            painter.setPen(QPen(QColor(team_colour(s.team)), 4))
            painter.drawLine(QPointF(x, 15), QPointF(x + 22, 15))
            painter.setPen(text)
            painter.drawText(QPointF(x + 28, 20), name)
            x += 40 + painter.fontMetrics().horizontalAdvance(name)
        count = self.tr("%n event(s)", "", data.events)
        painter.drawText(
            QRectF(0, 6, self.width() - _MARGIN_RIGHT, 20), int(Qt.AlignmentFlag.AlignRight), count
        )

    def _chart(
        self, painter: QPainter, data: GraphData, box: QRectF, text: QColor, *, poison: bool
    ) -> None:
        # Each state holds for one step: the start, then after each event, so the last state
        # has room too.
        events = data.events + 1
        if poison:
            low, high = 0, max(data.poison_limit, *(max(s.poison) for s in data.series))
        else:
            low, high = data.lowest, data.highest
        span = max(1, high - low)

        def x_of(i: int) -> float:
            return box.left() + box.width() * i / events

        def y_of(v: int) -> float:
            return box.bottom() - box.height() * (v - low) / span

        grid = QColor(text)
        grid.setAlpha(50)
        step = _nice_step(span, 4 if poison else 6)
        painter.setPen(QPen(grid, 1))
        value = low - low % step
        while value <= high:
            if value >= low:
                y = y_of(value)
                painter.drawLine(QPointF(box.left(), y), QPointF(box.right(), y))
                painter.setPen(text)
                painter.drawText(
                    QRectF(0, y - 10, _MARGIN_LEFT - 8, 20),
                    int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                    grouped(value),
                )
                painter.setPen(QPen(grid, 1))
            value += step
        # The line that loses: 0 life, or the poison limit.
        danger = QColor("#d23b3b")
        painter.setPen(QPen(danger, 2, Qt.PenStyle.DashLine))
        edge = data.poison_limit if poison else 0
        if low <= edge <= high:
            painter.drawLine(QPointF(box.left(), y_of(edge)), QPointF(box.right(), y_of(edge)))
        painter.setPen(text)
        title = self.tr("Poison") if poison else self.tr("Life")
        painter.drawText(QPointF(box.left() + 4, box.top() - 6), title)
        for s in data.series:
            values = s.poison if poison else s.life
            if poison and not any(values):
                continue
            corners = step_corners(values, s.left, events)
            path = QPainterPath(QPointF(x_of(0), y_of(values[0])))
            for i, value in corners[1:]:
                path.lineTo(QPointF(x_of(i), y_of(value)))
            colour = QColor(team_colour(s.team))
            painter.setPen(QPen(colour, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            if s.left is not None:
                # A cross where the team left the game.
                c = QPointF(x_of(s.left), y_of(values[s.left]))
                painter.setPen(QPen(colour, 4))
                painter.drawLine(c + QPointF(-7, -7), c + QPointF(7, 7))
                painter.drawLine(c + QPointF(-7, 7), c + QPointF(7, -7))


class LifeGraphWindow(QWidget):
    """A window of its own beside the table (View → Life graph), following the game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Life graph"))
        self.graph = LifeGraph(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.graph)
        self.resize(self.graph.sizeHint())
        # Closed from the keyboard as a window of its own is (issue 26, defect 3).
        self.close_action = QAction(self)
        self.close_action.setShortcuts([QKeySequence("Esc"), QKeySequence("Ctrl+W")])
        self.close_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.close_action.triggered.connect(self.close)
        self.addAction(self.close_action)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Life graph"))
        super().changeEvent(event)

    def set_game(self, game: Game, names: tuple[str, ...]) -> None:
        """Shows a game's life and poison after each of its events."""
        self.graph.set_data(life_graph(game), names)

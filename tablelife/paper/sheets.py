"""A round on paper: pairings by name (one column of names a page, big enough to read from a
metre away), pairings by table, and result slips (several to a page, with cut marks).

Each sheet is a list of pages, each page a function that draws on a `Canvas` measured in
millimetres; `render` turns them into a PDF, or the first page into a PNG. Words go through
`Paper.tr`, so a desk prints in its reader's language and the command line in English.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QImageWriter,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from tablelife.rules.i18n import Context, arg
from tablelife.tournament.event import RoundState, TableState
from tablelife.tournament.sheets import NameRow, Slip

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
"""The paper sizes a sheet is laid out for."""
PDF_DPI = 300
PICTURE_DPI = 110
"""A picture of the first page: an A4 page is 909 × 1286 pixels."""
MARGIN = 12.0
"""Millimetres of blank paper around a page (printers can't print to the edge)."""
INK = QColor("#000000")
GREY = QColor("#555555")
SHADE = QColor("#ececec")

Page = Callable[["Canvas"], None]
"""Draws one page."""


class Paper(Context):
    """The translation context of the words on paper."""


_app: QGuiApplication | None = None


def ensure_gui() -> None:
    """Qt's painting needs a GUI application (for its fonts): when none runs (the command
    line), one on the offscreen platform, which needs no display."""
    global _app
    if QGuiApplication.instance() is None:
        _app = QGuiApplication(["tablelife", "-platform", "offscreen"])


def default_paper() -> str:
    """Letter where the system's locale measures in US units, else A4."""
    system = QLocale.system().measurementSystem()
    return "letter" if system == QLocale.MeasurementSystem.ImperialUSSystem else "a4"


class Canvas:
    """A page to draw on, in millimetres from its top left corner."""

    def __init__(self, painter: QPainter, dpi: float, width: float, height: float) -> None:
        self.painter = painter
        self.dpi = dpi
        self.width = width
        """The page's width in millimetres."""
        self.height = height

    def mm(self, value: float) -> float:
        """Millimetres as the device's pixels."""
        return value * self.dpi / 25.4

    def rect(self, x: float, y: float, w: float, h: float) -> QRectF:
        """A rectangle in millimetres, as the device's pixels."""
        return QRectF(self.mm(x), self.mm(y), self.mm(w), self.mm(h))

    def text(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        text: str,
        points: float,
        *,
        bold: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
        color: QColor = INK,
        shrink_to: float | None = None,
    ) -> None:
        """One line of text in a box, vertically centred; cut with "…" if it doesn't fit
        (after shrinking down to `shrink_to` points, if given)."""
        font = QFont()
        font.setBold(bold)
        width = self.mm(w)
        size = points
        while True:
            font.setPointSizeF(size)
            self.painter.setFont(font)
            fits = self.painter.fontMetrics().horizontalAdvance(text) <= width
            if fits or shrink_to is None or size <= shrink_to:
                break
            size = max(shrink_to, size - 1)
        shown = self.painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(width))
        self.painter.setPen(color)
        self.painter.drawText(
            self.rect(x, y, w, h), int(align | Qt.AlignmentFlag.AlignVCenter), shown
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.25) -> None:
        """A straight line, `width` millimetres thick."""
        self.painter.setPen(QPen(INK, self.mm(width)))
        self.painter.drawLine(
            int(self.mm(x1)), int(self.mm(y1)), int(self.mm(x2)), int(self.mm(y2))
        )

    def box(self, x: float, y: float, w: float, h: float, width: float = 0.35) -> None:
        """An empty box to write in."""
        self.painter.setPen(QPen(INK, self.mm(width)))
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.drawRect(self.rect(x, y, w, h))

    def shade(self, x: float, y: float, w: float, h: float) -> None:
        """A light band behind a row, so the eye follows it across the page."""
        self.painter.fillRect(self.rect(x, y, w, h), SHADE)


def render(pages: Sequence[Page], paper: str, *, picture: bool = False, title: str = "") -> bytes:
    """The pages as a PDF on `paper` ("a4" or "letter"), or the first page as a PNG picture
    (`picture`), as bytes."""
    ensure_gui()
    size = QPageSize(PAPERS[paper])
    millimetres = size.size(QPageSize.Unit.Millimeter)
    width, height = millimetres.width(), millimetres.height()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if picture:
        scale = PICTURE_DPI / 25.4
        image = QImage(round(width * scale), round(height * scale), QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(round(PICTURE_DPI / 0.0254))
        image.setDotsPerMeterY(round(PICTURE_DPI / 0.0254))
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if pages:
            pages[0](Canvas(painter, PICTURE_DPI, width, height))
        painter.end()
        QImageWriter(buffer, QByteArray(b"PNG")).write(image)
    else:
        writer = QPdfWriter(buffer)
        writer.setPageSize(size)
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
        writer.setResolution(PDF_DPI)
        writer.setTitle(title)
        writer.setCreator("Tablelife")
        painter = QPainter(writer)
        for i, page in enumerate(pages):
            if i:
                writer.newPage()
            page(Canvas(painter, PDF_DPI, width, height))
        painter.end()
    buffer.close()
    return bytes(data.data())


def round_words(round_: RoundState) -> str:
    """ "Round 3", or "Round 4 (single elimination)"."""
    if round_.elimination:
        return arg(Paper.tr("Round %1 (single elimination)"), round_.number)
    return arg(Paper.tr("Round %1"), round_.number)


def _printed() -> str:
    now = datetime.datetime.now().astimezone()
    return arg(Paper.tr("Printed %1"), now.strftime("%Y-%m-%d %H:%M"))


def _header(canvas: Canvas, event: str, what: str, page: int, pages: int) -> float:
    """The event's name and what the sheet is, with its page; returns where rows begin."""
    inner = canvas.width - 2 * MARGIN
    canvas.text(MARGIN, MARGIN, inner * 0.75, 10, event, 18, bold=True, shrink_to=12)
    said = arg(Paper.tr("page %1 of %2"), page, pages) if pages > 1 else ""
    canvas.text(
        MARGIN + inner * 0.75, MARGIN, inner * 0.25, 10, said, 11,
        align=Qt.AlignmentFlag.AlignRight, color=GREY,
    )  # fmt: skip
    canvas.text(MARGIN, MARGIN + 10, inner, 8, what, 13)
    canvas.line(MARGIN, MARGIN + 19.5, canvas.width - MARGIN, MARGIN + 19.5, 0.4)
    canvas.text(
        MARGIN, canvas.height - MARGIN - 5, inner, 5, _printed(), 8,
        align=Qt.AlignmentFlag.AlignRight, color=GREY,
    )  # fmt: skip
    return MARGIN + 22


# ----- pairings by name -------------------------------------------------------------------------

NAME_ROW = 11.0
"""A player's row in millimetres: a 20-point name, read from a metre away."""


def pairings_by_name(
    event: str, round_: RoundState, rows: Sequence[NameRow], paper: str, *, picture: bool = False
) -> bytes:
    """Every player of the round by name, one column of names a page: the name, big; the
    table, bigger; the team and whom it plays, smaller."""
    ensure_gui()
    size = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Millimeter)
    top = MARGIN + 22 + 7  # the header, then the columns' heads
    per_page = max(1, int((size.height() - top - MARGIN - 6) // NAME_ROW))
    chunks = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    what = arg(Paper.tr("%1 \u00b7 pairings by name"), round_words(round_))

    def page(number: int, chunk: Sequence[NameRow]) -> Page:
        def draw(canvas: Canvas) -> None:
            said = what
            if chunk:
                said += f" \u00b7 {chunk[0].player} \u2013 {chunk[-1].player}"
            y = _header(canvas, event, said, number, len(chunks))
            inner = canvas.width - 2 * MARGIN
            name_w, table_w = inner * 0.5, 30.0
            rest_x = MARGIN + name_w + table_w + 4
            rest_w = canvas.width - MARGIN - rest_x
            canvas.text(MARGIN + 2, y, name_w, 6, Paper.tr("Name"), 10, color=GREY)
            canvas.text(
                MARGIN + name_w, y, table_w, 6, Paper.tr("Table"), 10,
                align=Qt.AlignmentFlag.AlignRight, color=GREY,
            )  # fmt: skip
            canvas.text(rest_x, y, rest_w, 6, Paper.tr("Team, and whom it plays"), 10, color=GREY)
            y += 7
            for i, row in enumerate(chunk):
                if i % 2 == 0:
                    canvas.shade(MARGIN, y, inner, NAME_ROW)
                canvas.text(
                    MARGIN + 2, y, name_w - 2, NAME_ROW, row.player, 20, bold=True, shrink_to=14
                )
                table = str(row.table) if row.table is not None else Paper.tr("bye")
                canvas.text(
                    MARGIN + name_w, y, table_w, NAME_ROW, table,
                    24 if row.table is not None else 16, bold=True,
                    align=Qt.AlignmentFlag.AlignRight,
                )  # fmt: skip
                canvas.text(rest_x, y + 0.5, rest_w, NAME_ROW / 2 - 0.5, row.team, 10, color=GREY)
                against = (
                    arg(Paper.tr("vs %1"), " \u00b7 ".join(row.opponents))
                    if row.opponents
                    else Paper.tr("a bye: a match win")
                )
                canvas.text(rest_x, y + NAME_ROW / 2, rest_w, NAME_ROW / 2 - 0.5, against, 10)
                y += NAME_ROW

        return draw

    pages = [page(n, chunk) for n, chunk in enumerate(chunks, 1)]
    return render(pages, paper, picture=picture, title=f"{event} \u2014 {what}")


# ----- pairings by table ------------------------------------------------------------------------

TABLE_ROW = 13.0


def pairings_by_table(
    event: str, round_: RoundState, paper: str, *, picture: bool = False
) -> bytes:
    """The round's tables in order: the number, big, and who sits there."""
    ensure_gui()
    size = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Millimeter)
    top = MARGIN + 22 + 7
    per_page = max(1, int((size.height() - top - MARGIN - 6) // TABLE_ROW))
    tables = list(round_.tables)
    chunks: list[list[TableState]] = [
        tables[i : i + per_page] for i in range(0, len(tables), per_page)
    ] or [[]]
    what = arg(Paper.tr("%1 \u00b7 pairings by table"), round_words(round_))

    def page(number: int, chunk: Sequence[TableState]) -> Page:
        def draw(canvas: Canvas) -> None:
            y = _header(canvas, event, what, number, len(chunks))
            inner = canvas.width - 2 * MARGIN
            number_w = 24.0
            canvas.text(
                MARGIN, y, number_w, 6, Paper.tr("Table"), 10,
                align=Qt.AlignmentFlag.AlignRight, color=GREY,
            )  # fmt: skip
            canvas.text(MARGIN + number_w + 6, y, inner, 6, Paper.tr("Teams"), 10, color=GREY)
            y += 7
            for i, table in enumerate(chunk):
                if i % 2 == 0:
                    canvas.shade(MARGIN, y, inner, TABLE_ROW)
                label = Paper.tr("bye") if table.bye else str(table.number)
                canvas.text(
                    MARGIN, y, number_w, TABLE_ROW, label, 24 if not table.bye else 16,
                    bold=True, align=Qt.AlignmentFlag.AlignRight,
                )  # fmt: skip
                teams = (
                    arg(Paper.tr("%1: a bye, a match win"), table.teams[0])
                    if table.bye
                    else Paper.tr(" vs ", "between the teams at a table").join(table.teams)
                )
                canvas.text(
                    MARGIN + number_w + 6, y, inner - number_w - 8, TABLE_ROW, teams, 18,
                    shrink_to=11,
                )  # fmt: skip
                y += TABLE_ROW

        return draw

    pages = [page(n, chunk) for n, chunk in enumerate(chunks, 1)]
    return render(pages, paper, picture=picture, title=f"{event} \u2014 {what}")


# ----- result slips -----------------------------------------------------------------------------

SLIP_GAP = 8.0
"""Millimetres between two slips, where the cut marks are."""
SLIP_HEAD = 16.0
SLIP_COLUMNS = 6.0
SLIP_TEAM = 14.0
SLIP_FOOT = 12.0
MARK = 4.0
"""A cut mark's length."""


def slip_height(slip: Slip) -> float:
    """A slip's height in millimetres: its head, a row per team, its foot."""
    return SLIP_HEAD + SLIP_COLUMNS + SLIP_TEAM * len(slip.teams) + SLIP_FOOT


def _cut_marks(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Marks where to cut, at a slip's four corners, outside it."""
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            canvas.line(cx + dx * 1, cy, cx + dx * (1 + MARK), cy, 0.2)
            canvas.line(cx, cy + dy * 1, cx, cy + dy * (1 + MARK), 0.2)


def _draw_slip(canvas: Canvas, slip: Slip, x: float, y: float, w: float) -> None:
    pod = len(slip.teams) > 2
    round_ = (
        arg(Paper.tr("Round %1 (single elimination)"), slip.round)
        if slip.elimination
        else arg(Paper.tr("Round %1"), slip.round)
    )
    canvas.text(x + 2, y + 1, w * 0.58, 8, slip.event, 13, bold=True, shrink_to=9)
    canvas.text(x + 2, y + 8, w * 0.58, 7, round_, 11)
    canvas.text(
        x + w * 0.6, y + 1, w * 0.4 - 2, 14, arg(Paper.tr("Table %1"), slip.table), 26,
        bold=True, align=Qt.AlignmentFlag.AlignRight,
    )  # fmt: skip
    y += SLIP_HEAD
    won_w, drop_w, sign_w = 22.0, 14.0, 58.0
    name_w = w - won_w - drop_w - sign_w - 6
    won_x = x + 2 + name_w
    drop_x = won_x + won_w
    sign_x = drop_x + drop_w + 2
    left, centre = Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignHCenter
    won = Paper.tr("Won", "a pod's winner: tick") if pod else Paper.tr("Games won")
    heads = (
        (x + 2, name_w, Paper.tr("Team"), left),
        (won_x, won_w, won, centre),
        (drop_x, drop_w, Paper.tr("Drop"), centre),
        (sign_x, sign_w, Paper.tr("Signature"), left),
    )
    for hx, hw, said, align in heads:
        canvas.text(hx, y, hw, SLIP_COLUMNS, said, 9, color=GREY, align=align)
    y += SLIP_COLUMNS
    for team in slip.teams:
        canvas.text(x + 2, y, name_w - 2, SLIP_TEAM, team, 14, bold=True, shrink_to=10)
        side = SLIP_TEAM - 4
        canvas.box(won_x + (won_w - side) / 2, y + 2, side, side)
        little = 6.0
        canvas.box(drop_x + (drop_w - little) / 2, y + (SLIP_TEAM - little) / 2, little, little)
        canvas.line(sign_x, y + SLIP_TEAM - 3, sign_x + sign_w - 2, y + SLIP_TEAM - 3, 0.25)
        y += SLIP_TEAM
    drawn = Paper.tr("Drawn game (tick)") if pod else Paper.tr("Games drawn")
    canvas.text(won_x - 50, y + 1, 48, SLIP_FOOT - 2, drawn, 10, align=Qt.AlignmentFlag.AlignRight)
    side = SLIP_FOOT - 4
    canvas.box(won_x + (won_w - side) / 2, y + 2, side, side)
    note = (
        Paper.tr("No draws in single elimination (MTR 2.4).")
        if slip.elimination
        else arg(Paper.tr("Best of %1."), slip.best_of)
        if slip.best_of > 1 and not pod
        else ""
    )
    canvas.text(sign_x, y + 1, sign_w, SLIP_FOOT - 2, note, 9, color=GREY)


def result_slips(slips: Sequence[Slip], paper: str, *, picture: bool = False) -> bytes:
    """A result slip per table, as many to a page as fit, each with cut marks: the event,
    round and table; each team with a box for its games won, a drop box and a line to sign;
    a box for drawn games."""
    ensure_gui()
    size = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Millimeter)
    room = size.height() - 2 * MARGIN
    pages_of: list[list[Slip]] = [[]]
    used = 0.0
    for slip in slips:
        need = slip_height(slip) + (SLIP_GAP if pages_of[-1] else 0)
        if pages_of[-1] and used + need > room:
            pages_of.append([])
            used, need = 0.0, slip_height(slip)
        pages_of[-1].append(slip)
        used += need

    def page(chunk: Sequence[Slip]) -> Page:
        def draw(canvas: Canvas) -> None:
            y = MARGIN
            w = canvas.width - 2 * MARGIN
            for slip in chunk:
                h = slip_height(slip)
                _cut_marks(canvas, MARGIN, y, w, h)
                _draw_slip(canvas, slip, MARGIN, y, w)
                y += h + SLIP_GAP

        return draw

    title = arg(Paper.tr("%1 \u2014 result slips"), slips[0].event) if slips else ""
    return render([page(c) for c in pages_of], paper, picture=picture, title=title)

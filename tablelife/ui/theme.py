"""Light and dark themes and the team colours."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from tablelife.rules.values import frozen

TEAM_COLOURS = (
    "#2f6fd0",  # blue
    "#c93c3c",  # red
    "#24874c",  # green
    "#b86e12",  # orange
    "#7d4cc2",  # purple
    "#13858c",  # teal
    "#b23a73",  # pink
    "#56657a",  # slate
)


def team_colour(team: int) -> str:
    """A team's colour; they repeat after eight."""
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


@frozen
class Theme:
    """The colours of one theme."""

    name: str
    window: str
    panel: str
    text: str
    muted: str
    button: str
    button_text: str
    focus: str
    banner: str
    banner_text: str
    focus_frame: str
    """The frame of the player the keys act on: at least 3:1 against the panel it is drawn
    on (WCAG 2.1, 1.4.11 non-text contrast; `contrast`)."""


LIGHT = Theme(
    "light",
    "#e9ecf1",
    "#ffffff",
    "#14171c",
    "#5b6270",
    "#e3e7ee",
    "#14171c",
    "#f0a000",
    "#fff4cf",
    "#3d2c00",
    "#b36b00",  # the focus amber, darkened: 4.2:1 on the white panel (#f0a000 was 2.16:1)
)
DARK = Theme(
    "dark",
    "#101318",
    "#1b2028",
    "#f3f5f8",
    "#a5adbb",
    "#2b323d",
    "#f3f5f8",
    "#ffc233",
    "#3d3212",
    "#fff0c2",
    "#ffc233",
)


def relative_luminance(colour: str) -> float:
    """A colour's relative luminance, as WCAG 2.1 defines it (0 black, 1 white)."""
    rgb = QColor(colour)

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in (rgb.redF(), rgb.greenF(), rgb.blueF()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours (WCAG 2.1): 1 for the same, 21 for black on white."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def system_theme() -> Theme:
    """The theme that matches the system's colour scheme (light when unknown)."""
    scheme = QGuiApplication.styleHints().colorScheme()
    return DARK if scheme == Qt.ColorScheme.Dark else LIGHT


def resolve(name: str) -> Theme:
    """ "light", "dark" or "system" as a Theme."""
    return {"light": LIGHT, "dark": DARK}.get(name) or system_theme()


def palette(t: Theme) -> QPalette:
    """The application palette for a theme: dialogs, menus and the history follow it."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: t.window,
        QPalette.ColorRole.WindowText: t.text,
        QPalette.ColorRole.Base: t.panel,
        QPalette.ColorRole.AlternateBase: t.window,
        QPalette.ColorRole.Text: t.text,
        QPalette.ColorRole.Button: t.button,
        QPalette.ColorRole.ButtonText: t.button_text,
        QPalette.ColorRole.ToolTipBase: t.panel,
        QPalette.ColorRole.ToolTipText: t.text,
        QPalette.ColorRole.PlaceholderText: t.muted,
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor(t.muted))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor(t.muted))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor(t.muted))
    return p


def style_sheet(t: Theme) -> str:
    """The application's one style sheet. Widgets carry object names and dynamic properties
    (team, out, pending, over); no widget sets a style sheet of its own, so a theme switch
    restyles everything at once and 64 tables cost little to build. No catch-all selectors:
    those would send every paint through the slower style-sheet path."""
    teams = "\n".join(
        f'QFrame#title[team="{i}"] {{ background: {c}; }}\n'
        f'QLabel#badges[team="{i}"] {{ color: {c}; }}\n'
        f'QFrame#panel[team="{i}"][turn="yes"] {{ border-color: {c}; }}\n'
        f'QPushButton#commander[team="{i}"] {{ border-color: {c}; }}'
        for i, c in enumerate(TEAM_COLOURS)
    )
    return f"""
QWidget#tables {{ background: {t.window}; }}
QStatusBar {{ font-size: 15px; color: {t.text}; }}
QStatusBar QLabel {{ color: {t.text}; }}
QFrame#panel {{ background: {t.panel}; border-radius: 10px; border: 5px solid {t.panel}; }}
QFrame#panel[turn="yes"] {{ border-width: 5px; }}
QFrame#title {{ border-top-left-radius: 10px; border-top-right-radius: 10px; }}
{teams}
QLabel#teamName {{ color: white; }}
QLabel#turn {{ color: white; font-weight: 800; }}
QLabel#house {{ color: white; font-size: 14px; border: 1px solid white; border-radius: 6px;
    padding: 0 6px; }}
QLabel#poison[level="none"] {{ color: {t.muted}; }}
QLabel#poison[level="high"], QLabel#life[level="high"] {{ color: #b3261e; }}
QLabel#badges {{ font-weight: 700; }}
QLabel#status {{ font-weight: 700; }}
QPushButton#commander {{ background: {t.button}; color: {t.button_text}; border: 3px solid;
    border-radius: 6px; font-size: 16px; font-weight: 600; min-height: 18px; padding: 0 2px; }}
QPushButton#commander[stress="yes"] {{ background: #b3261e; color: white; font-size: 19px;
    font-weight: 800; }}
QPushButton#commander:disabled {{ color: {t.muted}; }}
QLabel#summary {{ color: {t.text}; font-size: 15px; }}
QPushButton#graphButton {{ font-size: 16px; font-weight: 600; padding: 6px 12px; }}
QLabel#headName {{ font-size: 18px; font-weight: 600; }}
QLabel#headPending {{ font-size: 18px; font-weight: 700; }}
QFrame#panel[out="yes"] {{ background: rgba(128, 128, 128, 0.28); }}
QFrame#panel[out="yes"] QLabel {{ color: #8a8f98; }}
QFrame#panel QFrame#title QLabel {{ color: white; }}
QLabel[pending="loss"] {{ color: #d23b3b; }}
QLabel[pending="gain"] {{ color: #23944f; }}
QLabel#notice {{ background: #b3261e; color: white; border-radius: 8px; padding: 6px 14px;
    font-size: 16px; font-weight: 600; }}
QLabel#banner {{ background: {t.banner}; color: {t.banner_text}; border-radius: 8px;
    padding: 6px 14px; font-size: 20px; font-weight: 600; }}
QLabel#banner[over="yes"] {{ background: #1f7a45; color: white; font-size: 26px; }}
QFrame#head QPushButton {{ background: {t.button}; color: {t.button_text};
    border: 1px solid {t.muted}; border-radius: 6px; padding: 2px 2px; font-size: 17px;
    font-weight: 600; min-height: 20px; }}
QFrame#head QPushButton:hover {{ border-color: {t.text}; }}
QFrame#head QPushButton:pressed {{ background: {t.muted}; }}
QFrame#head QPushButton:disabled {{ color: {t.muted}; background: transparent; }}
QFrame#head {{ border: 2px solid transparent; border-radius: 8px; }}
QFrame#head:focus {{ border: 2px dashed {t.focus_frame}; }}
QLineEdit#numberEdit {{ font-size: 22px; }}
QWidget#desk, QWidget#board {{ background: {t.window}; }}
QLabel#deskTitle {{ font-size: 24px; font-weight: 700; }}
QLabel#deskClock {{ font-size: 44px; font-weight: 800; padding: 0 16px;
    font-family: "DejaVu Sans Mono", monospace; }}
QLabel#deskClock[over="yes"], QLabel#boardClock[over="yes"] {{ color: #d23b3b; }}
QPushButton#deskButton, QPushButton#deskFilter {{ font-size: 16px; padding: 6px 12px; }}
QPushButton#deskFilter:checked {{ background: {t.focus}; color: #14171c; }}
QLabel#timeBanner {{ background: #b3261e; color: white; border-radius: 8px; padding: 8px 14px;
    font-size: 22px; font-weight: 800; }}
QLabel#timeBanner[flash="yes"] {{ background: #ffc233; color: #14171c; }}
QLineEdit#command {{ font-size: 20px; padding: 6px; font-family: "DejaVu Sans Mono", monospace; }}
QFrame#card {{ background: {t.panel}; border-radius: 10px; border: 3px solid {t.panel}; }}
QFrame#card[attention="yes"] {{ border: 3px solid #d23b3b; }}
QFrame#card[done="yes"] {{ background: {t.window}; border: 3px solid {t.button}; }}
QFrame#card[done="yes"] QLabel {{ color: {t.muted}; }}
QLabel#cardNumber {{ font-size: 28px; font-weight: 800; min-width: 44px; }}
QLabel#cardStatus {{ font-size: 16px; font-weight: 600; }}
QFrame#card[attention="yes"] QLabel#cardStatus {{ color: #d23b3b; }}
QLabel#cardExtension {{ font-size: 16px; font-weight: 800; color: #b86e12; padding-left: 8px; }}
QLabel#cardTeam {{ font-size: 17px; }}
QLabel#cardTotals {{ font-size: 19px; font-weight: 700; padding-left: 8px; }}
QWidget#scoreboard {{ background: {t.window}; }}
QLabel#boardRound {{ font-size: 56px; font-weight: 800; }}
QLabel#boardClock {{ font-size: 160px; font-weight: 800;
    font-family: "DejaVu Sans Mono", monospace; }}
QFrame#tile {{ background: {t.panel}; border-radius: 12px; }}
QFrame#tile QLabel {{ font-size: 30px; }}
QFrame#tile QLabel#tileNumber, QFrame#tile QLabel#tileMark {{ font-weight: 800; }}
QFrame#tile QLabel#tileStatus {{ font-weight: 600; }}
QFrame#tile[done="yes"] {{ background: {t.window}; }}
QFrame#tile[done="yes"] QLabel {{ color: {t.muted}; }}
QFrame#tile[many="yes"] QLabel {{ font-size: 20px; }}
QWidget#scoreboard[compact="yes"] QFrame#tile QLabel {{ font-size: 21px; }}
QWidget#scoreboard[compact="yes"] QFrame#tile[many="yes"] QLabel {{ font-size: 15px; }}
QWidget#scoreboard[compact="yes"] QLabel#boardRound {{ font-size: 30px; }}
QWidget#scoreboard[compact="yes"] QLabel#boardClock {{ font-size: 80px; }}
QWidget#boardStandings QLabel {{ font-size: 34px; }}
QWidget#boardStandings QLabel#standingHead {{ font-weight: 800; }}
QWidget#boardStandings QLabel#boardPodium {{ font-size: 44px; font-weight: 800; }}
QWidget#scoreboard[compact="yes"] QWidget#boardStandings QLabel {{ font-size: 20px; }}
QWidget#scoreboard[compact="yes"] QWidget#boardStandings QLabel#boardPodium {{ font-size: 26px; }}
QLabel#boardStandings {{ font-size: 34px; }}
QWidget#scoreboard[compact="yes"] QLabel#boardStandings {{ font-size: 20px; }}
QLabel#boardNames {{ font-size: 36px; }}
QWidget#scoreboard[compact="yes"] QLabel#boardNames {{ font-size: 20px; }}
QWidget#feature {{ background: #00b140; }}
QLabel#featureName {{ color: white; font-size: 48px; font-weight: 800; }}
QLabel#featureTitle {{ color: white; font-size: 40px; font-weight: 800; }}
QLabel#error {{ color: #c93c3c; font-weight: 600; }}
QToolButton#mark {{ background: {t.button}; color: {t.button_text}; border: 2px solid {t.muted};
    border-radius: 6px; font-size: 17px; font-weight: 700; padding: 1px 8px; min-height: 26px; }}
QToolButton#mark[kind="monarch"] {{ border-color: #b8860b; }}
QToolButton#mark[kind="initiative"] {{ border-color: #7d4cc2; }}
QToolButton#mark:disabled {{ color: {t.muted}; }}
QLabel#tableMarks {{ background: {t.panel}; color: {t.text}; border-radius: 8px;
    padding: 6px 12px; font-size: 18px; font-weight: 700; }}
QLabel#tableMarks[night="yes"] {{ background: #27304a; color: #e8ecf8; }}
QLabel#banner[start="yes"] {{ padding-right: 60px; }}
QToolButton#startButton {{ font-size: 22px; padding: 2px 4px; }}
QLabel#rollFlash {{ background: {t.banner}; color: {t.banner_text}; border: 4px solid {t.focus};
    border-radius: 18px; padding: 18px 36px; font-size: 64px; font-weight: 800; }}
"""


def apply_theme(name: str) -> Theme:
    """Applies "system", "light" or "dark" to the whole application: palette and style sheet."""
    theme = resolve(name)
    QApplication.setPalette(palette(theme))
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setStyleSheet(style_sheet(theme))
    return theme


def repolish(widget: QWidget, children: bool = True) -> None:
    """Re-applies the style sheet to a widget (and everything in it, unless `children` is
    False), after a dynamic property they are styled by has changed. A widget not yet polished
    (never shown) needs nothing: it picks the property up when it is first shown, and the
    window's start doesn't touch the style (PySide would build QStyle's 566 enum members,
    8 ms; issue 12)."""
    if not widget.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
        return
    for w in (widget, *widget.findChildren(QWidget)) if children else (widget,):
        style = w.style()
        style.unpolish(w)
        style.polish(w)

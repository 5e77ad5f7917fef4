"""Light and dark themes and the team colours."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

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


@dataclass(frozen=True)
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
)


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
    """The style sheet of the tables area. It names its widgets: no catch-all selectors, which
    would send every paint in the window through the slower style-sheet style."""
    return f"""
QWidget#tables {{ background: {t.window}; }}
QFrame#panel {{ background: {t.panel}; border-radius: 10px; }}
QLabel[pending="loss"] {{ color: #d23b3b; }}
QLabel[pending="gain"] {{ color: #23944f; }}
QLabel#notice {{ background: #b3261e; color: white; border-radius: 8px; padding: 6px 14px;
    font-size: 16px; font-weight: 600; }}
QLabel#banner {{ background: {t.banner}; color: {t.banner_text}; border-radius: 8px;
    padding: 6px 14px; font-size: 20px; font-weight: 600; }}
QLabel#banner[over="yes"] {{ background: #1f7a45; color: white; font-size: 26px; }}
QFrame#head QPushButton {{ background: {t.button}; color: {t.button_text};
    border: 1px solid {t.muted}; border-radius: 6px; padding: 2px 2px; font-size: 17px;
    font-weight: 600; min-height: 30px; }}
QFrame#head QPushButton:hover {{ border-color: {t.text}; }}
QFrame#head QPushButton:pressed {{ background: {t.muted}; }}
QFrame#head QPushButton:disabled {{ color: {t.muted}; }}
QFrame#head {{ border: 3px solid transparent; border-radius: 8px; }}
QFrame#head:focus {{ border: 3px solid {t.focus}; background: {t.button}; }}
"""

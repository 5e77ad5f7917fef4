"""Light and dark themes and the team colours."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

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


def style_sheet(t: Theme) -> str:
    """The window's style sheet for a theme. Team colours are set per panel."""
    return f"""
QMainWindow, QWidget#tables {{ background: {t.window}; }}
QWidget {{ color: {t.text}; }}
QFrame#panel {{ background: {t.panel}; border-radius: 10px; }}
QLabel[pending="loss"] {{ color: #d23b3b; }}
QLabel[pending="gain"] {{ color: #23944f; }}
QLabel[muted="true"] {{ color: {t.muted}; }}
QLabel#banner {{ background: {t.banner}; color: {t.banner_text}; border-radius: 8px;
    padding: 6px 14px; font-size: 20px; font-weight: 600; }}
QPushButton {{ background: {t.button}; color: {t.button_text}; border: 1px solid {t.muted};
    border-radius: 6px; padding: 4px 8px; font-size: 17px; font-weight: 600; min-height: 30px; }}
QPushButton:hover {{ border-color: {t.text}; }}
QPushButton:pressed {{ background: {t.muted}; }}
QPushButton:disabled {{ color: {t.muted}; }}
QFrame#head {{ border: 3px solid transparent; border-radius: 8px; }}
QFrame#head:focus {{ border: 3px solid {t.focus}; background: {t.button}; }}
*:focus {{ outline: 2px solid {t.focus}; }}
QToolBar {{ spacing: 6px; }}
QToolButton {{ font-size: 15px; padding: 4px 8px; }}
QToolButton:focus {{ border: 2px solid {t.focus}; border-radius: 4px; }}
QStatusBar {{ font-size: 15px; }}
QTreeWidget {{ background: {t.panel}; alternate-background-color: {t.window}; }}
"""

"""Help → About Tablelife: the version, the licence, the data folder (with a button that
opens it) and the journal's schema; what a bug report needs, where a person can read it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.about import AboutFacts
from tablelife.rules.i18n import arg


class AboutDialog(QDialog):
    """What this Tablelife is, and where it keeps the games."""

    def __init__(self, facts: AboutFacts, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = facts
        layout = QVBoxLayout(self)
        head = QHBoxLayout()
        icon = QLabel()
        # The application's icon (set once the first window is on screen), if it has one.
        pixmap = QIcon(self.windowIcon()).pixmap(64, 64)
        if not pixmap.isNull():
            icon.setPixmap(pixmap)
            head.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        head.addWidget(self.title, 1)
        layout.addLayout(head)

        form = QFormLayout()
        self.version_label, self.version_value = QLabel(), self._value(facts.version)
        self.license_label, self.license_value = QLabel(), self._value("")
        self.folder_label, self.folder_value = QLabel(), self._value(str(facts.data_folder))
        self.schema_label, self.schema_value = QLabel(), self._value("")
        self.built_label = QLabel()
        built = f"Qt {facts.qt}, PySide6 {facts.pyside}, Python {facts.python}"
        self.built_value = self._value(built)
        for label, value in (
            (self.version_label, self.version_value),
            (self.license_label, self.license_value),
            (self.folder_label, self.folder_value),
            (self.schema_label, self.schema_value),
            (self.built_label, self.built_value),
        ):
            label.setBuddy(value)
            form.addRow(label, value)
        layout.addLayout(form)

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.hide()
        layout.addWidget(self.status)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = QPushButton()
        self.open_button.setAutoDefault(False)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.clicked.connect(self.open_data_folder)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # Wide enough for the summary on one line and a usual data folder's path.
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 72)
        self._retranslate()

    @staticmethod
    def _value(text: str) -> QLabel:
        label = QLabel(text)
        # Selectable and copyable: the path and the version go into a bug report as they are.
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        return label

    def _retranslate(self) -> None:
        facts = self.facts
        self.setWindowTitle(self.tr("About Tablelife"))
        self.title.setText(
            f"<h2>Tablelife {facts.version}</h2><p>"
            + self.tr("Life and poison tracker for Magic: The Gathering.")
            + "</p>"
        )
        self.version_label.setText(self.tr("Version:"))
        self.license_label.setText(self.tr("Licence:"))
        self.license_value.setText(arg(self.tr("%1 (free software)"), facts.license))
        self.folder_label.setText(self.tr("Data folder:"))
        self.schema_label.setText(self.tr("Journal schema:"))
        if facts.journal_schema is None or facts.journal_schema == facts.schema:
            self.schema_value.setText(str(facts.schema))
        else:  # an older journal opened read-only (a newer one is never opened)
            self.schema_value.setText(
                arg(
                    self.tr("%1 (this journal; Tablelife %2 writes schema %3)"),
                    facts.journal_schema,
                    facts.version,
                    facts.schema,
                )
            )
        self.built_label.setText(self.tr("Built with:"))
        self.open_button.setText(self.tr("&Open data folder"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def open_data_folder(self) -> bool:
        """Opens the data folder in the desktop's file manager; says so in the dialog when
        the folder isn't there yet or nothing here can open it. True if it was handed over."""
        folder = self.facts.data_folder
        if not folder.is_dir():
            self._say(arg(self.tr("%1 does not exist yet: no game has been saved."), folder))
            return False
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self._say(arg(self.tr("No program here opens folders. The games are in %1."), folder))
            return False
        self.status.hide()
        return True

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self.status.show()

"""The Preferences dialog (Edit › Preferences…, Ctrl+,): the settings file as fields.

Tools (hdc, hvigorw with Browse and Detect; the DevEco SDK folder; Node.js for hvigor), the editor
command for ``file:line``, the theme (applied as it is chosen), and where the data lives (read
only, with "Open folder"). A field whose environment variable is set says so: that value wins.

OK writes the settings file (:mod:`hmdesk.core.config`, the one the CLI's ``hmdesk-cli config``
reads and writes); Cancel (or Escape) leaves it as it was and puts the theme back. A settings
file that cannot be read is named at the top and OK stays disabled: it is never overwritten.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from hmdesk.core import config
from hmdesk.gui.common.dialog_buttons import dialog_buttons
from hmdesk.gui.common.editor import PLACEHOLDER_HELP
from hmdesk.gui.common.theme import THEME_CHOICES, apply_theme, configured_theme, current_theme
from hmdesk.gui.preferences.fields import (
    FolderRow,
    PathField,
    SettingField,
    ToolField,
    UrlOpener,
    default_opener,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

EDITABLE = ("hdc", "hvigorw", "sdk", "node", "editor", "theme", "user")


class PreferencesDialog(QDialog):
    """See the module doc. ``db_path`` is the database in use (None: the default one)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        db_path: Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle("Preferences")
        self.env: Mapping[str, str] = dict(os.environ if env is None else env)
        self.opener: Callable[[], UrlOpener] = default_opener
        self.load_error = ""
        try:
            self.values = config.load()
        except config.ConfigError as exc:
            self.values = {}
            self.load_error = str(exc)
        app = QApplication.instance()
        self._app = app if isinstance(app, QApplication) else None
        self._theme_at_open = current_theme(self._app) if self._app else "system"

        outer = QVBoxLayout(self)
        self.error = QLabel(self.load_error, self)
        self.error.setObjectName("preferencesError")
        self.error.setWordWrap(True)
        self.error.setVisible(bool(self.load_error))
        outer.addWidget(self.error)

        body = QWidget(self)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self._tools_box(body))
        lay.addWidget(self._editor_box(body))
        lay.addWidget(self._appearance_box(body))
        lay.addWidget(self._team_identity_box(body))
        lay.addWidget(self._agents_box(body))
        lay.addWidget(self._data_box(body, db_path))
        lay.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        # scrolled up and down only: a sideways scroll hid the right end of every help text
        # (the Data group's first); the dialog is as wide as its widest row needs
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = scroll.verticalScrollBar().sizeHint().width()
        scroll.setMinimumWidth(body.minimumSizeHint().width() + bar)
        outer.addWidget(scroll, 1)

        self.file_label = QLabel(
            f"Saved in {config.config_path()}, shared with hmdesk-cli config.", self
        )
        self.file_label.setObjectName("preferencesFile")
        self.file_label.setWordWrap(True)
        outer.addWidget(self.file_label)
        self.buttons = dialog_buttons(self)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not self.load_error)
        if self.load_error:
            ok.setToolTip("The settings file cannot be read; fix it first (see the top).")
        outer.addWidget(self.buttons)
        self.resize(760, 640)

    # ------------------------------------------------------------------ sections
    def _tools_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Tools", parent)
        form = QFormLayout(box)
        self.hdc = ToolField("hdc", self.values.get("hdc", ""), self.env, self._sdk_value, box)
        self.hvigorw = ToolField(
            "hvigorw", self.values.get("hvigorw", ""), self.env, self._sdk_value, box
        )
        self.sdk = PathField(
            "sdk",
            self.values.get("sdk", ""),
            self.env,
            "not set: DevEco Studio's or the Command Line Tools' sdk folder",
            folder=True,
            parent=box,
        )
        self.node = PathField(
            "node",
            self.values.get("node", ""),
            self.env,
            "not set: the node DevEco Studio ships (tools/node) when it is found",
            folder=True,
            parent=box,
        )
        form.addRow("&hdc:", self.hdc)
        form.addRow("h&vigorw:", self.hvigorw)
        form.addRow("DevEco &SDK folder:", self.sdk)
        form.addRow("&Node.js for hvigor:", self.node)
        return box

    def _sdk_value(self) -> str:
        """The SDK folder as typed (Detect searches it before it is saved)."""
        return self.sdk.value()

    def _editor_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Editor", parent)
        form = QFormLayout(box)
        fallback = next(
            (
                f"not set: ${var} ({self.env[var]})"
                for var in config.FALLBACK_ENV["editor"]
                if self.env.get(var, "").strip()
            ),
            "not set: the desktop's default application",
        )
        self.editor = SettingField("editor", self.values.get("editor", ""), self.env, fallback, box)
        self.editor.edit.setToolTip(PLACEHOLDER_HELP)
        form.addRow("&Open file:line with:", self.editor)
        help_label = QLabel(PLACEHOLDER_HELP, box)
        help_label.setObjectName("editorHelp")
        help_label.setWordWrap(True)
        form.addRow("", help_label)
        return box

    def _team_identity_box(self, parent: QWidget) -> QGroupBox:
        """Who you are in a team store: the actor written on your changes ("mine")."""
        from hmdesk.core.team.identity import system_user

        box = QGroupBox("Team", parent)
        form = QFormLayout(box)
        self.user = SettingField(
            "user", self.values.get("user", ""), self.env, f"not set: {system_user()}", box
        )
        self.user.edit.setToolTip("Your name on the memories you write and change")
        form.addRow("&Your name:", self.user)
        self.store = SettingField(
            "db",
            self.values.get("db", ""),
            self.env,
            "not set: hmdesk.db in the data folder",
            box,
        )
        self.store.setObjectName("storeField")
        self.store.edit.setToolTip(
            "The memory store: a database file, or a team database as postgresql://user@host/db "
            "(no password here: PGPASSFILE or hmdesk-cli login URL keeps it in the keyring). "
            "Takes effect at the next start."
        )
        form.addRow("&Store (file or postgresql:// URL):", self.store)
        return box

    def _agents_box(self, parent: QWidget) -> QGroupBox:
        """What a coding agent connected through hmdesk-cli mcp may do (Help › Connect an agent)."""
        box = QGroupBox("Agents", parent)
        form = QFormLayout(box)
        self.agent_devices = QCheckBox("Let agents &build and run on a device", box)
        self.agent_devices.setObjectName("agentDeviceTools")
        self.agent_devices.setChecked(self.values.get("mcp_device_tools") == "on")
        self.agent_devices.setToolTip(
            "Off: connected agents get no build_and_run tool (mcp_device_tools)"
        )
        form.addRow("", self.agent_devices)
        self.agent_projects = SettingField(
            "mcp_projects",
            self.values.get("mcp_projects", ""),
            self.env,
            "not set: agents may build no project",
            box,
        )
        self.agent_projects.setObjectName("agentProjects")
        add = QPushButton("Add folder…", box)
        add.clicked.connect(self._add_agent_folder)
        self.agent_projects.row.addWidget(add)
        form.addRow(f"Projects under (separate with {os.pathsep}):", self.agent_projects)
        self.agent_auto = QCheckBox("Accept agents' proposed memories &without review", box)
        self.agent_auto.setObjectName("agentAutoAccept")
        self.agent_auto.setChecked(self.values.get("mcp_auto_accept") == "on")
        form.addRow("", self.agent_auto)
        return box

    def _add_agent_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "A folder whose projects agents may build")
        if chosen:
            now = [p for p in self.agent_projects.value().split(os.pathsep) if p.strip()]
            if chosen not in now:
                self.agent_projects.edit.setText(os.pathsep.join([*now, chosen]))

    def _appearance_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Appearance", parent)
        form = QFormLayout(box)
        self.theme = QComboBox(box)
        self.theme.setObjectName("themeCombo")
        for choice in THEME_CHOICES:
            self.theme.addItem(
                {"system": "System (follow the desktop)", "light": "Light", "dark": "Dark"}[choice],
                choice,
            )
        stored = self.values.get("theme", "system")
        self.theme.setCurrentIndex(max(0, self.theme.findData(stored)))
        self.theme.currentIndexChanged.connect(self._preview_theme)
        self.theme_field = SettingField("theme", "", self.env, parent=box)
        self.theme_field.edit.hide()
        self.theme_field.row.addWidget(self.theme, 1)
        form.addRow("&Theme:", self.theme_field)
        return box

    def _data_box(self, parent: QWidget, db_path: Path | None) -> QGroupBox:
        from hmdesk.core.dbfile import DatabaseError, default_data_dir, default_db_path

        box = QGroupBox("Data", parent)
        form = QFormLayout(box)
        note = ""
        if db_path is None:
            try:
                found = default_db_path()
            except DatabaseError as exc:
                note = str(exc)
            else:
                if not isinstance(found, Path):  # a team store: its URL, password redacted
                    return self._team_box(box, form, found)
                db_path = found
        if not note:
            value, source = config.effective("db", self.env, values=self.values)
            how = "the default" if value is None else config.describe_source(source)
            if value is not None and db_path is not None and Path(value).expanduser() != db_path:
                how = "--db"
            note = (
                f"In use now (from {how}). To use another, set Store under Team (a file or a "
                "postgresql:// URL), or run hmdesk-cli config set db …; it takes effect at the "
                "next start."
            )
        self.data_row = FolderRow("dataFolder", default_data_dir(), self._opener, parent=box)
        self.db_row = FolderRow("database", db_path, self._opener, note, is_file=True, parent=box)
        form.addRow("Data folder:", self.data_row)
        form.addRow("Database:", self.db_row)
        return box

    def _team_box(self, box: QGroupBox, form: QFormLayout, url: str) -> QGroupBox:
        """The Data group for a PostgreSQL team store: where it is (never the password)."""
        from hmdesk.core.dbfile import redact_url

        label = QLabel(redact_url(url), box)
        label.setObjectName("teamStore")
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow("Team store:", label)
        form.addRow(
            "",
            QLabel(
                "The password comes from PGPASSFILE or the system keyring "
                "(hmdesk-cli team login URL), never from the settings file.",
                box,
            ),
        )
        return box

    def _opener(self) -> UrlOpener:
        return self.opener()

    # ------------------------------------------------------------------ behaviour
    def fields(self) -> dict[str, SettingField]:
        return {
            "hdc": self.hdc,
            "hvigorw": self.hvigorw,
            "sdk": self.sdk,
            "node": self.node,
            "editor": self.editor,
            "user": self.user,
            "db": self.store,
            "mcp_projects": self.agent_projects,
        }

    def chosen_theme(self) -> str:
        data = self.theme.currentData()
        return data if isinstance(data, str) else "system"

    def _preview_theme(self, _index: int) -> None:
        if self._app is not None and not self.theme_field.overridden:
            apply_theme(self._app, self.chosen_theme())

    def new_values(self) -> dict[str, str]:
        """The settings as the dialog shows them (the file's other keys kept)."""
        out = dict(self.values)
        for key, field in self.fields().items():
            if field.value():
                out[key] = field.value()
            else:
                out.pop(key, None)
        if self.chosen_theme() != "system" or "theme" in self.values:
            out["theme"] = self.chosen_theme()
        for key, box in (
            ("mcp_device_tools", self.agent_devices),
            ("mcp_auto_accept", self.agent_auto),
        ):
            if box.isChecked():
                out[key] = "on"
            elif key in self.values:
                out[key] = "off"
        return out

    def accept(self) -> None:
        values = self.new_values()
        if values != self.values:
            try:
                config.save(values)
            except config.ConfigError as exc:
                self.error.setText(f"Nothing was saved: {exc}")
                self.error.show()
                return
        if self._app is not None:
            apply_theme(self._app, configured_theme())
        super().accept()

    def reject(self) -> None:
        if self._app is not None:
            apply_theme(self._app, self._theme_at_open)
        super().reject()


def open_preferences(parent: QWidget, db_path: Path | None = None) -> PreferencesDialog:
    """Show the dialog (window-modal); an open one is brought to the front instead."""
    existing = parent.findChild(PreferencesDialog, "preferencesDialog")
    if existing is not None and existing.isVisible():
        existing.raise_()
        existing.activateWindow()
        return existing
    dialog = PreferencesDialog(parent, db_path=db_path)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog

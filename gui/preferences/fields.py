"""The rows of the Preferences dialog: a path with Browse (and Detect for the tools), the note
that an environment variable overrides it, and a read-only folder row with "Open folder"."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import shiboken6
from hmdesk.core import config
from hmdesk.core.toolchain.tools import ToolName, ToolSearch, search_tool
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

UrlOpener = Callable[[QUrl], bool]


def override_text(key: str, env: Mapping[str, str]) -> str:
    """'' or the sentence that says an environment variable wins over ``key``'s value."""
    var = config.ENV_VARS.get(key)
    value = env.get(var, "").strip() if var else ""
    if not value:
        return ""
    return f"{var} is set to {value} in the environment and wins over this value."


class SettingField(QWidget):
    """One setting: a line edit (plus buttons), and under it the override note."""

    def __init__(
        self,
        key: str,
        value: str,
        env: Mapping[str, str],
        placeholder: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName(f"{key}Field")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        self.row = QHBoxLayout()
        self.row.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(value, self)
        self.edit.setObjectName(f"{key}Edit")
        self.edit.setPlaceholderText(placeholder)
        self.edit.setClearButtonEnabled(True)
        self.row.addWidget(self.edit, 1)
        outer.addLayout(self.row)
        self.override = QLabel(override_text(key, env), self)
        self.override.setObjectName(f"{key}Override")
        self.override.setWordWrap(True)
        self.override.setVisible(bool(self.override.text()))
        outer.addWidget(self.override)
        self.outer = outer

    @property
    def overridden(self) -> bool:
        return bool(self.override.text())

    def value(self) -> str:
        return self.edit.text().strip()


class PathField(SettingField):
    """A file or folder path with "Browse…"."""

    def __init__(
        self,
        key: str,
        value: str,
        env: Mapping[str, str],
        placeholder: str = "",
        *,
        folder: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(key, value, env, placeholder, parent)
        self.folder = folder
        self.browse = QPushButton("Browse…", self)
        self.browse.setObjectName(f"{key}Browse")
        self.browse.clicked.connect(self._browse)
        self.row.addWidget(self.browse)
        self.edit.setToolTip(config.DESCRIPTIONS[key])

    def _start_dir(self) -> str:
        current = Path(self.value()).expanduser() if self.value() else Path.home()
        return str(current if current.is_dir() else current.parent)

    def _browse(self) -> None:
        if self.folder:
            chosen = QFileDialog.getExistingDirectory(
                self, f"Choose the {self.key} folder", self._start_dir()
            )
        else:
            chosen, _filter = QFileDialog.getOpenFileName(
                self, f"Choose {self.key}", self._start_dir()
            )
        if chosen:
            self.edit.setText(os.path.normpath(chosen))


class ToolField(PathField):
    """hdc or hvigorw: a path with Browse and "Detect", which looks on PATH and in the DevEco /
    Command Line Tools folders off the GUI thread and lists every place it looked."""

    detected = Signal(object)  # the ToolSearch

    def __init__(
        self,
        key: ToolName,
        value: str,
        env: Mapping[str, str],
        sdk_value: Callable[[], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            key,
            value,
            env,
            "empty: found on PATH or in the DevEco folders",
            parent=parent,
        )
        self.tool: ToolName = key
        self.env = env
        self.sdk_value = sdk_value
        self.detect = QPushButton("Detect", self)
        self.detect.setObjectName(f"{key}Detect")
        self.detect.setToolTip(f"Look for {key} on PATH and in the DevEco Studio folders")
        self.detect.clicked.connect(self.start_detect)
        self.row.addWidget(self.detect)
        self.result = QLabel(self)
        self.result.setObjectName(f"{key}DetectResult")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result.hide()
        self.outer.addWidget(self.result)
        self.places = QPlainTextEdit(self)
        self.places.setObjectName(f"{key}Searched")
        self.places.setReadOnly(True)
        self.places.setMaximumHeight(96)
        self.places.hide()
        self.outer.addWidget(self.places)

    def search_env(self) -> dict[str, str]:
        """The environment to search in: the SDK folder typed in the dialog counts (unless an
        environment variable overrides it)."""
        env = dict(self.env)
        sdk = self.sdk_value()
        if sdk and not env.get("DEVECO_SDK_HOME"):
            env["DEVECO_SDK_HOME"] = sdk
        return env

    def start_detect(self) -> None:
        self.detect.setEnabled(False)
        self.result.setText(f"Looking for {self.tool}…")
        self.result.show()
        run_in_thread(
            search_tool,
            self.tool,
            env=self.search_env(),
            on_done=self._detected,
            on_error=self._failed,
        )

    def _detected(self, search: ToolSearch) -> None:
        if not shiboken6.isValid(self):  # the dialog closed while the search ran
            return
        self.detect.setEnabled(True)
        path = self.search_env().get("PATH", "")
        self.places.setPlainText(
            "\n".join(f"PATH ({path or 'empty'})" if p == "PATH" else p for p in search.searched)
        )
        self.places.show()
        if search.found is None:
            self.result.setText(
                f"{self.tool} was not found in the {len(search.searched)} places below. Install "
                "DevEco Studio or the Command Line Tools, then Browse to it or Detect again."
            )
        else:
            self.edit.setText(str(search.found.path))
            self.result.setText(
                f"Found {search.found.path} (from {search.found.source}). Places searched:"
            )
        self.detected.emit(search)

    def _failed(self, exc: BaseException) -> None:
        if not shiboken6.isValid(self):
            return
        self.detect.setEnabled(True)
        self.result.setText(f"Detect failed: {exc}")


class FolderRow(QWidget):
    """A read-only path and "Open folder" (the folder itself, or the one holding the file)."""

    def __init__(
        self,
        name: str,
        path: Path | None,
        opener: Callable[[], UrlOpener],
        note: str = "",
        *,
        is_file: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Row")
        self.path = path
        self.is_file = is_file
        self.opener = opener
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(str(path) if path is not None else "", self)
        self.edit.setObjectName(f"{name}Path")
        self.edit.setReadOnly(True)
        row.addWidget(self.edit, 1)
        self.open_button = QPushButton("Open folder", self)
        self.open_button.setObjectName(f"{name}Open")
        self.open_button.setEnabled(path is not None)
        self.open_button.clicked.connect(self.open_folder)
        row.addWidget(self.open_button)
        outer.addLayout(row)
        self.note = QLabel(note, self)
        self.note.setObjectName(f"{name}Note")
        self.note.setWordWrap(True)
        self.note.setVisible(bool(note))
        outer.addWidget(self.note)

    def folder(self) -> Path | None:
        if self.path is None:
            return None
        return self.path.parent if self.is_file else self.path

    def open_folder(self) -> None:
        folder = self.folder()
        if folder is None:
            return
        if not folder.exists():
            self.note.setText(f"{folder} does not exist yet.")
            self.note.show()
            return
        if not self.opener()(QUrl.fromLocalFile(str(folder))):
            self.note.setText(f"No application opens folders here; the folder is {folder}.")
            self.note.show()


def default_opener() -> UrlOpener:
    return QDesktopServices.openUrl

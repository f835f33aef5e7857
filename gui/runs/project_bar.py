"""The project bar of the Runs tab: "Open project…" with the recent projects, and the project line.

The project folder is read by the core (:func:`hmdesk.core.toolchain.project_reader.read_project`) off
the GUI thread; the line shows what a run will build and launch: bundle, entry module, the
ability to launch, and whether the HAP will be signed. The recent folders and the last one opened
live in the settings (``runs/recent_projects``, ``runs/project``).
"""

from __future__ import annotations

import html
from pathlib import Path

from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.project_reader import read_project
from hmdesk.gui.common.theme import Theme, theme_for
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QEvent, QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolButton,
    QWidget,
)

RECENT_KEY = "runs/recent_projects"
PROJECT_KEY = "runs/project"
MAX_RECENT = 8


def entry_names(project: Project) -> tuple[str | None, str | None]:
    """The entry module's name and the ability a run launches (None when there is none)."""
    entry = project.entry_module
    if entry is None:
        return None, None
    return entry.name, entry.launcher_ability


def project_line_html(project: Project, theme: Theme) -> str:
    """The project line: bundle · module · ability · signing, and the folder under it."""
    module, ability = entry_names(project)
    problem = project.signing_problem()
    sign = (
        f"<span style='color:{theme.warn_fg}'>⚠&nbsp;unsigned: {html.escape(problem)}</span>"
        if problem
        else f"<span style='color:{theme.ok_fg}'>✓&nbsp;signed</span>"
    )
    # a part does not wrap inside (no-break spaces): the line wraps at its " · " only
    return (
        f"<b>{html.escape(project.bundle_name)}</b> · module&nbsp;<b>{module or '?'}</b> · "
        f"ability&nbsp;<b>{ability or '?'}</b> · {sign}<br>"
        f"<span style='color:{theme.muted_fg}'>{html.escape(str(project.root))}</span>"
    )


def load_error_html(exc: BaseException, theme: Theme) -> str:
    """Why a folder is not a project, and which folder to open instead."""
    loc = ""
    if isinstance(exc, ProjectError):
        loc = f" ({exc.file}:{exc.line})" if exc.line else f" ({exc.file})"
    return (
        f"<span style='color:{theme.error_fg}'>Not a HarmonyOS project: "
        f"{html.escape(str(exc))}{html.escape(loc)}</span>"
        " — open the folder that holds AppScope/app.json5 and build-profile.json5."
    )


def _as_list(value: object) -> list[str]:
    """A settings value that holds a list (QSettings gives a str for a one-element list)."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [str(value)]


class ProjectBar(QWidget):
    """ "Open project…" (a menu of recent folders) and the line that describes the project.

    Signals:
        loaded(Project): a folder was read.
        failed(str): a folder could not be read (the line says why).
    """

    loaded = Signal(object)
    failed = Signal(str)

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.project: Project | None = None
        self._error: BaseException | None = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.open_button = QToolButton()
        self.open_button.setText("Open project…")
        self.open_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.open_button.clicked.connect(self.open_dialog)
        self.recent_menu = QMenu(self.open_button)
        self.open_button.setMenu(self.recent_menu)
        lay.addWidget(self.open_button)
        self.label = QLabel("No project open")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.label, 1)
        self.fill_recent()

    @property
    def project_dir(self) -> str | None:
        return str(self.project.root) if self.project is not None else None

    def last_project(self) -> str | None:
        """The folder opened last time, if it is still there."""
        last = self.settings.value(PROJECT_KEY, "")
        return str(last) if last and Path(str(last)).is_dir() else None

    def ask_project_dir(self) -> str | None:
        """The folder dialog (tests monkeypatch this)."""
        start = self.project_dir or str(Path.home())
        path = QFileDialog.getExistingDirectory(self, "Open a HarmonyOS project", start)
        return path or None

    def open_dialog(self) -> None:
        path = self.ask_project_dir()
        if path:
            self.open_project(path)

    def open_project(self, path: str) -> None:
        """Read ``path`` off the GUI thread; ``loaded`` or ``failed`` tells how it went."""
        self.label.setText(f"Reading {html.escape(path)}…")

        def done(project: Project) -> None:
            self.project, self._error = project, None
            self._remember(str(project.root))
            self.show_project()
            self.loaded.emit(project)

        def failed(exc: BaseException) -> None:
            self.project, self._error = None, exc
            self.show_project()
            self.failed.emit(str(exc))

        run_in_thread(read_project, path, on_done=done, on_error=failed)

    def show_project(self) -> None:
        """Draw the project line (again after a palette change)."""
        theme = theme_for(self)
        if self.project is not None:
            self.label.setText(project_line_html(self.project, theme))
            self.label.setToolTip("\n".join(self.project.warnings))
        elif self._error is not None:
            self.label.setText(load_error_html(self._error, theme))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.show_project()

    # --- recent projects ------------------------------------------------------------------
    def recent_projects(self) -> list[str]:
        return _as_list(self.settings.value(RECENT_KEY, []))

    def _remember(self, path: str) -> None:
        recent = [p for p in self.recent_projects() if p != path]
        recent.insert(0, path)
        self.settings.setValue(RECENT_KEY, recent[:MAX_RECENT])
        self.settings.setValue(PROJECT_KEY, path)
        self.fill_recent()

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_projects()
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_project(p))
        if not recent:
            self.recent_menu.addAction("(no recent projects)").setEnabled(False)

"""The build choices of the Runs tab: product, build mode, module, target, "Clean first".

The choices come from the project's own files (:mod:`hmdesk.core.toolchain.project`): the
products of ``build-profile.json5``, the modules that make a HAP, and the targets of the chosen
module that apply to the chosen product. Product, mode, module and target are remembered per
project folder in the settings (``runs/build_choices/<hash>``, a JSON object) and come back when
the project is opened again; "Clean first" is asked for each time (a clean build is slow). :meth:`BuildChoicesBar.apply_to` puts them into the pipeline's options.

The bar also holds the "More" menu (:attr:`BuildChoicesBar.more_button`) with the run actions the
area gives it (build only, install only, rerun with ``--stacktrace``, uninstall, clear data).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace

from hmdesk.core.bounded import loads_json
from hmdesk.core.toolchain.hvigor import BUILD_MODES
from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.runs import PipelineOptions
from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QWidget,
)

CHOICES_KEY = "runs/build_choices/"


def choices_key(root: str) -> str:
    """The settings key of a project folder's choices."""
    return CHOICES_KEY + hashlib.sha1(root.encode("utf-8")).hexdigest()[:16]


class BuildChoicesBar(QWidget):
    """Product · Mode · Module · Target · Clean first · More ▾.

    Signals:
        changed(): a choice changed (and was remembered).
    """

    changed = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.project: Project | None = None
        self._filling = True  # no "changed" while the boxes are made and filled
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)

        def box(label: str, tip: str) -> QComboBox:
            combo = QComboBox()
            combo.setToolTip(tip)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            text = QLabel(label)
            text.setBuddy(combo)  # Alt+<letter> moves to it
            lay.addWidget(text)
            lay.addWidget(combo)
            combo.currentIndexChanged.connect(self._on_change)
            return combo

        self.product_box = box("Pro&duct", "app.products in build-profile.json5 (-p product=)")
        self.mode_box = box("M&ode", "-p buildMode=")
        self.mode_box.addItems(list(BUILD_MODES))
        self.module_box = box("Mod&ule", "The module to build and launch (-p module=)")
        self.target_box = box(
            "&Target", "The module's targets that apply to this product (-p module=M@T)"
        )
        self.clean_box = QCheckBox("C&lean first")
        self.clean_box.setToolTip("Run hvigorw clean before building")
        self.clean_box.toggled.connect(self._on_change)
        lay.addWidget(self.clean_box)
        self.more_button = QToolButton()
        self.more_button.setText("More")
        self.more_button.setToolTip("Build only, install only, rerun with --stacktrace, device")
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more_menu = QMenu(self.more_button)
        self.more_button.setMenu(self.more_menu)
        lay.addWidget(self.more_button)
        lay.addStretch(1)
        self.set_project(None)

    def add_actions_to_menu(self, groups: Iterable[Iterable[QAction]]) -> None:
        """The "More" menu: each group of actions, separated."""
        for i, group in enumerate(groups):
            if i:
                self.more_menu.addSeparator()
            for action in group:
                self.more_menu.addAction(action)

    # --- the project's choices -------------------------------------------------------------
    def set_project(self, project: Project | None) -> None:
        """Fill the boxes from ``project`` and bring back what was chosen for it last time."""
        self.project = project
        self._filling = True
        try:
            self.product_box.clear()
            self.module_box.clear()
            if project is not None:
                self.product_box.addItems(project.product_names)
                self.module_box.addItems([m.name for m in project.hap_modules])
            saved = self._saved()
            self._choose(self.product_box, saved.get("product"))
            self._choose(self.mode_box, saved.get("build_mode"))
            self._choose(self.module_box, saved.get("module"))
            self._fill_targets(saved.get("target"))
            self.clean_box.setChecked(False)  # a slow clean build is asked for each time
        finally:
            self._filling = False
        for w in (self.product_box, self.mode_box, self.module_box, self.target_box):
            w.setEnabled(project is not None and w.count() > 0)

    def _saved(self) -> dict[str, object]:
        if self.project is None:
            return {}
        raw = self.settings.value(choices_key(str(self.project.root)), "")
        try:
            data = loads_json(str(raw), "the build choices") if raw else {}
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    @staticmethod
    def _choose(box: QComboBox, value: object) -> None:
        idx = box.findText(str(value)) if isinstance(value, str) else -1
        box.setCurrentIndex(max(0, idx) if box.count() else -1)

    def _fill_targets(self, wanted: object = None) -> None:
        current = wanted if wanted is not None else self.target_box.currentText()
        blocked = self.target_box.blockSignals(True)
        self.target_box.clear()
        module = self.project.module(self.module_box.currentText()) if self.project else None
        if module is not None:
            self.target_box.addItems(module.target_names(self.product_box.currentText() or None))
        self._choose(self.target_box, current)
        self.target_box.blockSignals(blocked)

    def _on_change(self) -> None:
        if self._filling:
            return
        sender = self.sender()
        if sender in (self.product_box, self.module_box):
            self._fill_targets()
        if self.project is not None and sender is not self.clean_box:
            kept = {k: v for k, v in self.choices().items() if k != "clean"}
            self.settings.setValue(choices_key(str(self.project.root)), json.dumps(kept))
        self.changed.emit()

    def choices(self) -> dict[str, object]:
        return {
            "product": self.product_box.currentText() or "default",
            "build_mode": self.mode_box.currentText() or "debug",
            "module": self.module_box.currentText() or None,
            "target": self.target_box.currentText() or "default",
            "clean": self.clean_box.isChecked(),
        }

    def apply_to(self, options: PipelineOptions) -> PipelineOptions:
        """``options`` with the chosen product, build mode, module, target and clean."""
        c = self.choices()
        return replace(
            options,
            product=str(c["product"]),
            build_mode=str(c["build_mode"]),
            module=str(c["module"]) if c["module"] else None,
            target=str(c["target"]),
            clean=bool(c["clean"]),
        )

    def summary(self) -> str:
        """``default · debug · entry@default`` for the banner and tooltips."""
        c = self.choices()
        return f"{c['product']} · {c['build_mode']} · {c['module'] or 'entry'}@{c['target']}"

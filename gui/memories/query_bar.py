"""The query bar: free text, layer / environment / tag filters, profile, show superseded.

Emits :attr:`QueryBar.changed` with a :class:`QuerySpec` ~150 ms after the last edit (debounced);
the area runs the search off the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hmdesk.core.memory.record import LAYERS
from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSettings,
    QStringListModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

DEBOUNCE_MS = 150
ANY = "any"
PROFILES = ("default", "hmharness", "hybrid")


@dataclass(frozen=True)
class QuerySpec:
    text: str = ""
    layer: str | None = None
    environment: str | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)
    profile: str = "default"
    include_superseded: bool = False


def saved_spec(settings: QSettings) -> QuerySpec:
    """The query the bar restores from ``settings`` (what the window searches first)."""
    layer = str(settings.value("query/layer", ANY) or ANY)
    env = str(settings.value("query/env", ANY) or ANY).strip()
    profile = str(settings.value("query/profile", "default") or "default")
    return QuerySpec(
        text=str(settings.value("query/text", "") or ""),
        layer=layer if layer in LAYERS else None,
        environment=None if env in ("", ANY) else env,
        tags=split_tags(str(settings.value("query/tags", "") or "")),
        profile=profile if profile in PROFILES and profile_available(profile) else "default",
        include_superseded=settings.value("query/superseded", False) in (True, "true", "1", 1),
    )


def profile_unavailable(profile: str) -> str | None:
    """Why ``profile`` cannot be used here (the hybrid one without an embedder), else None."""
    if profile != "hybrid":
        return None
    from hmdesk.core.memory.semantic.choice import hybrid_unavailable_reason

    return hybrid_unavailable_reason()


def profile_available(profile: str) -> bool:
    return profile_unavailable(profile) is None


def split_tags(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.replace("，", ",").split(",") if t.strip())


class TagCompleter(QCompleter):
    """Completes the last tag of a comma-separated list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tag_model = QStringListModel(self)
        self.setModel(self.tag_model)
        self.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterMode(Qt.MatchFlag.MatchContains)

    def set_tags(self, tags: list[str]) -> None:
        self.tag_model.setStringList(sorted(set(tags)))

    def splitPath(self, path: str) -> list[str]:
        return [path.split(",")[-1].strip()]

    def pathFromIndex(self, index: QModelIndex | QPersistentModelIndex) -> str:
        widget = self.widget()
        current = widget.text() if isinstance(widget, QLineEdit) else ""
        head = current.rsplit(",", 1)[0] + ", " if "," in current else ""
        return head + str(index.data())


class QueryBar(QWidget):
    """Signals:
    changed(QuerySpec): the query after the debounce (or at once for combo/checkbox changes).
    into_results(): Down or Enter in the search box: the results should take the focus (Enter
    runs the query at once first).
    """

    changed = Signal(object)
    into_results = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.text = QLineEdit(self)
        self.text.setObjectName("queryText")
        self.text.setPlaceholderText("Search memories — e.g. hdc install 9568320   (Ctrl+F)")
        self.text.setClearButtonEnabled(True)
        self.text.installEventFilter(self)
        self.layer = QComboBox(self)
        self.layer.setObjectName("queryLayer")
        self.layer.addItems([ANY, *LAYERS])
        self.layer.setToolTip("Layer (hard filter)")
        self.env = QComboBox(self)
        self.env.setObjectName("queryEnv")
        self.env.setEditable(True)
        self.env.addItem(ANY)
        self.env.setToolTip("Environment (hard filter, exact)")
        self.env.setMinimumContentsLength(9)
        self.tags = QLineEdit(self)
        self.tags.setObjectName("queryTags")
        self.tags.setPlaceholderText("tags, comma separated")
        self.tags.setToolTip("Keep memories sharing at least one of these tags (hard filter)")
        self.tag_completer = TagCompleter(self.tags)
        self.tags.setCompleter(self.tag_completer)
        self.profile = QComboBox(self)
        self.profile.setObjectName("queryProfile")
        self.profile.addItems(list(PROFILES))
        self.profile.setToolTip(
            "default: hmharness's formula plus Chinese segmentation\n"
            "hmharness: exactly what hmharness's retrieve() returns\n"
            "hybrid: default fused with semantic similarity (embeddings)"
        )
        self.mark_unavailable_profiles()
        self.superseded = QCheckBox("Show superseded", self)
        self.superseded.setObjectName("querySuperseded")
        lay.addWidget(self.text, 5)
        lay.addWidget(QLabel("Layer", self))
        lay.addWidget(self.layer)
        lay.addWidget(QLabel("Env", self))
        lay.addWidget(self.env)
        lay.addWidget(QLabel("Tags", self))
        lay.addWidget(self.tags, 2)
        lay.addWidget(QLabel("Profile", self))
        lay.addWidget(self.profile)
        lay.addWidget(self.superseded)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.emit_now)
        self.text.textChanged.connect(self._timer.start)
        self.tags.textChanged.connect(self._timer.start)
        self.env.currentTextChanged.connect(self._timer.start)
        self.layer.currentIndexChanged.connect(self.emit_now)
        self.profile.currentIndexChanged.connect(self.emit_now)
        self.superseded.toggled.connect(self.emit_now)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            plain = event.modifiers() in (
                Qt.KeyboardModifier.NoModifier,
                Qt.KeyboardModifier.KeypadModifier,
            )
            if plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.emit_now()
                self.into_results.emit()
                return True
            if plain and key == Qt.Key.Key_Down:
                self.into_results.emit()
                return True
        return super().eventFilter(watched, event)

    def mark_unavailable_profiles(self) -> None:
        """An unavailable profile (hybrid without an embedder) stays listed, disabled, with
        the command that makes it available as its tooltip."""
        model = self.profile.model()
        for i, name in enumerate(PROFILES):
            reason = profile_unavailable(name)
            item = model.item(i) if isinstance(model, QStandardItemModel) else None
            if item is None:
                continue
            item.setEnabled(reason is None)
            item.setToolTip(f"unavailable: {reason}" if reason else "")
            if reason and self.profile.currentIndex() == i:
                self.profile.setCurrentIndex(0)

    def spec(self) -> QuerySpec:
        layer = self.layer.currentText()
        env = self.env.currentText().strip()
        return QuerySpec(
            text=self.text.text(),
            layer=None if layer == ANY else layer,
            environment=None if env in ("", ANY) else env,
            tags=split_tags(self.tags.text()),
            profile=self.profile.currentText(),
            include_superseded=self.superseded.isChecked(),
        )

    def emit_now(self) -> None:
        self._timer.stop()
        self.changed.emit(self.spec())

    def set_environments(self, envs: list[str]) -> None:
        current = self.env.currentText()
        self.env.blockSignals(True)
        self.env.clear()
        self.env.addItems([ANY, *sorted(e for e in set(envs) if e)])
        self.env.setCurrentText(current or ANY)
        self.env.blockSignals(False)

    def set_tags(self, tags: list[str]) -> None:
        self.tag_completer.set_tags(tags)

    def focus_text(self) -> None:
        self.text.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.text.selectAll()

    # --- persistence -----------------------------------------------------------------------
    def save(self, settings: QSettings) -> None:
        settings.setValue("query/text", self.text.text())
        settings.setValue("query/layer", self.layer.currentText())
        settings.setValue("query/env", self.env.currentText())
        settings.setValue("query/tags", self.tags.text())
        settings.setValue("query/profile", self.profile.currentText())
        settings.setValue("query/superseded", self.superseded.isChecked())

    def restore(self, settings: QSettings) -> None:
        widgets = (self.text, self.layer, self.env, self.tags, self.profile, self.superseded)
        for w in widgets:
            w.blockSignals(True)
        try:
            spec = saved_spec(settings)
            self.text.setText(spec.text)
            self.layer.setCurrentText(spec.layer or ANY)
            self.env.setCurrentText(str(settings.value("query/env", ANY) or ANY))
            self.tags.setText(str(settings.value("query/tags", "") or ""))
            self.profile.setCurrentText(spec.profile)
            self.superseded.setChecked(spec.include_superseded)
        finally:
            for w in widgets:
                w.blockSignals(False)

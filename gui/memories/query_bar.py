"""The query bar: free text, layer / environment / tag / workspace filters, profile, show
superseded, and "as of" (time travel).

Emits :attr:`QueryBar.changed` with a :class:`QuerySpec` ~150 ms after the last edit (debounced);
the area runs the search off the GUI thread.

The workspace box lists the hmharness workspaces of the imported notes (tags ``ws:name``); a
``ws:name`` key typed in the text does the same. "As of…" (Ctrl+Shift+T) shows a date-time field:
while it is on, the results are the store as it was then (rebuilt from the history, see
``core/memory/timetravel.py``), read-only, and a banner under the bar says so; "Now" (or Escape in
the field) goes back to the present. The time is not saved between sessions: the window always
opens on the present.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from hmdesk.core.memory.record import LAYERS
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.gui.common.theme import theme_for
from PySide6.QtCore import (
    QDateTime,
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
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDateTimeEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

DEBOUNCE_MS = 150
ANY = "any"
WHOSE = (("Everyone's", "all"), ("Mine", "mine"), ("Team's", "team"))


@dataclass(frozen=True)
class QuerySpec:
    text: str = ""
    layer: str | None = None
    environment: str | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)
    profile: str = "default"
    include_superseded: bool = False
    workspace: str | None = None  # the tag ws:<workspace> (hmharness notes)
    as_of: datetime | None = None  # time travel: the store as it was then (UTC), read-only
    scope: str = "all"  # whose memories: all, mine (I wrote them) or team (the others did)


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
    """Why ``profile`` cannot be used here (a semantic one without an embedder), else None."""
    if not PROFILES[profile].semantic:
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
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        lay = QHBoxLayout()
        lay.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(lay)
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
        self.workspace = QComboBox(self)
        self.workspace.setObjectName("queryWorkspace")
        self.workspace.addItem(ANY)
        self.workspace.setToolTip(
            "hmharness workspace of the imported notes (hard filter; or type ws:name in the search)"
        )
        self.workspace.setMinimumContentsLength(8)
        # whose memories (a team store: core.team.scope); shown by the area on a team store
        self.whose = QComboBox(self)
        self.whose.setObjectName("queryWhose")
        for label, scope in WHOSE:
            self.whose.addItem(label, scope)
        self.whose.setToolTip(
            "Whose memories: everyone's, the ones you wrote (your user name: Preferences › Team) "
            "or your team's"
        )
        self.whose_label = QLabel("Whose", self)
        self.set_team_store(False)
        # time travel
        self.as_of_button = QToolButton(self)
        self.as_of_button.setObjectName("queryAsOf")
        self.as_of_action = QAction("As of…", self)
        self.as_of_action.setCheckable(True)
        self.as_of_action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.as_of_action.setToolTip(
            "Search the store as it was at a past moment (read-only)  (Ctrl+Shift+T)"
        )
        self.as_of_button.setDefaultAction(self.as_of_action)
        self.as_of_edit = QDateTimeEdit(self)
        self.as_of_edit.setObjectName("queryAsOfTime")
        self.as_of_edit.setCalendarPopup(True)
        self.as_of_edit.setDisplayFormat("yyyy-MM-dd HH:mm:ss")
        self.as_of_edit.setToolTip("The moment to look at, in local time")
        self.as_of_edit.installEventFilter(self)
        self.as_of_edit.hide()
        self._as_of_chosen = False
        self.now_button = QToolButton(self)
        self.now_button.setObjectName("queryAsOfNow")
        self.now_button.setText("Now")
        self.now_button.setToolTip("Back to the store as it is now (Escape in the time field)")
        self.now_button.hide()
        self.as_of_banner = QLabel(self)
        self.as_of_banner.setObjectName("queryAsOfBanner")
        self.as_of_banner.setWordWrap(True)
        self.as_of_banner.hide()
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
        self.workspace_label = QLabel("Workspace", self)
        lay.addWidget(self.workspace_label)
        lay.addWidget(self.workspace)
        # shown once the store has hmharness notes with a workspace: at 1024 px the query bar
        # has no room for an empty filter
        self.workspace_label.hide()
        self.workspace.hide()
        lay.addWidget(self.whose_label)
        lay.addWidget(self.whose)
        lay.addWidget(self.as_of_button)
        lay.addWidget(self.as_of_edit)
        lay.addWidget(self.now_button)
        outer.addWidget(self.as_of_banner)

        self._linked_text: str | None = None  # the text when a link ticked "Show superseded"
        self.superseded.toggled.connect(self._superseded_toggled)
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
        self.workspace.currentIndexChanged.connect(self.emit_now)
        self.whose.currentIndexChanged.connect(self.emit_now)
        self.as_of_action.toggled.connect(self._as_of_toggled)
        self.now_button.clicked.connect(self.reset_as_of)
        self.as_of_edit.dateTimeChanged.connect(self._timer.start)

    # --- time travel ---------------------------------------------------------------------
    def as_of(self) -> datetime | None:
        """The moment shown (UTC), or None for the present."""
        if not self.as_of_action.isChecked():
            return None
        ms = self.as_of_edit.dateTime().toMSecsSinceEpoch()
        return datetime.fromtimestamp(ms / 1000, tz=UTC)

    def set_as_of(self, when: datetime | None) -> None:
        """Show the store as of ``when`` (None: the present)."""
        if when is not None:
            self._as_of_chosen = True
            self.as_of_edit.blockSignals(True)
            self.as_of_edit.setDateTime(QDateTime.fromMSecsSinceEpoch(int(when.timestamp() * 1000)))
            self.as_of_edit.blockSignals(False)
        self.as_of_action.setChecked(when is not None)

    def reset_as_of(self) -> None:
        self.as_of_action.setChecked(False)

    def _as_of_toggled(self, on: bool) -> None:
        if on and not self._as_of_chosen:  # the first time: a day ago
            self._as_of_chosen = True
            self.as_of_edit.blockSignals(True)
            self.as_of_edit.setDateTime(QDateTime.currentDateTime().addDays(-1))
            self.as_of_edit.blockSignals(False)
        for w in (self.as_of_edit, self.now_button):
            w.setVisible(on)
        self._show_banner()
        if on:
            self.as_of_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.emit_now()

    def _show_banner(self) -> None:
        when = self.as_of()
        if when is None:
            self.as_of_banner.hide()
            return
        theme = theme_for(self)
        self.as_of_banner.setStyleSheet(
            f"background: {theme.warn_bg}; color: {theme.warn_text}; "
            f"border: 1px solid {theme.warn_border}; padding: 3px"
        )
        local = self.as_of_edit.dateTime().toString("yyyy-MM-dd HH:mm:ss")
        self.as_of_banner.setText(
            f"As of {local} (local time): the store as it was then, rebuilt from its history. "
            "Read-only — edits are off. Press Now (or Escape in the time field) to go back."
        )
        self.as_of_banner.show()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.as_of_banner.isVisible():
            self._show_banner()

    def set_workspaces(self, names: list[str]) -> None:
        """The workspaces the box lists (from the store's ``ws:`` tags)."""
        current = self.workspace.currentText()
        self.workspace.blockSignals(True)
        self.workspace.clear()
        self.workspace.addItems([ANY, *sorted(set(names))])
        self.workspace.setCurrentText(current if current in names else ANY)
        self.workspace.blockSignals(False)
        self.workspace_label.setVisible(bool(names))
        self.workspace.setVisible(bool(names))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.as_of_edit
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            self.reset_as_of()
            return True
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

    def _superseded_toggled(self, on: bool) -> None:
        if not on:
            self._linked_text = None  # unticked by hand: nothing to undo later

    def spec(self) -> QuerySpec:
        layer = self.layer.currentText()
        env = self.env.currentText().strip()
        ws = self.workspace.currentText()
        return QuerySpec(
            text=self.text.text(),
            layer=None if layer == ANY else layer,
            environment=None if env in ("", ANY) else env,
            tags=split_tags(self.tags.text()),
            profile=self.profile.currentText(),
            include_superseded=self.superseded.isChecked(),
            workspace=None if ws in ("", ANY) else ws,
            as_of=self.as_of(),
            scope=str(self.whose.currentData() or "all"),
        )

    def set_team_store(self, team: bool) -> None:
        """Offer "Whose" only on a team (PostgreSQL) store: on a personal file every memory is
        yours or your agent's."""
        self.whose_label.setVisible(team)
        self.whose.setVisible(team)
        if not team:
            self.whose.setCurrentIndex(0)

    def show_superseded_for_link(self) -> bool:
        """Tick "Show superseded" to list a superseded memory a link led to (the query runs
        again). It goes off again with :meth:`hide_superseded_after_link` (Back) or by itself
        with the next query typed: the person has moved on. False if it was ticked already."""
        if self.superseded.isChecked():
            return False
        self._linked_text = self.text.text()
        self.superseded.setChecked(True)
        return True

    def hide_superseded_after_link(self) -> bool:
        """Untick "Show superseded" if a link ticked it (the query runs again); True if so."""
        if self._linked_text is None:
            return False
        self._linked_text = None
        self.superseded.setChecked(False)
        return True

    def emit_now(self) -> None:
        self._timer.stop()
        if self._linked_text is not None and self.text.text() != self._linked_text:
            self._linked_text = None  # a new query: off again, without a run of its own
            self.superseded.blockSignals(True)
            self.superseded.setChecked(False)
            self.superseded.blockSignals(False)
        if self.as_of_banner.isVisible():
            self._show_banner()  # the time may have changed
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
        self.set_workspaces([t[3:] for t in tags if t.startswith("ws:") and len(t) > 3])

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

"""The Recall lab window (View › Recall lab…): a labelled set run through two profiles side by
side, its queries sortable by regressions, a query's two rankings with their explanations, and
labelling from the window (mark a result relevant, save the set).

The evaluation (:func:`hmdesk.core.memory.lab.evaluate.evaluate` through the app's retriever)
runs on a worker thread; the window only draws its result. A label changed here changes the set
at once (Save writes it) and shows in both rankings; the figures follow at the next Run.
"""

from __future__ import annotations

import logging
from pathlib import Path

from hmdesk.core.memory.lab import LabelledSet, LabelledSetError, load_set, save_set, starter_set
from hmdesk.core.memory.lab.evaluate import METRICS, Evaluation, QueryOutcome, evaluate
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.gui.common.explanation import breakdown_text
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

log = logging.getLogger(__name__)

# "Regressions first": the order of a query's change from profile A to profile B
CHANGE_ORDER = {"broken": 0, "worse": 1, "": 2, "better": 3, "fixed": 4}
QUERY_COLUMNS = ("#", "Query", "A rank", "B rank", "Change")
RANKING_COLUMNS = ("#", "Score", "Relevant", "Memory")
ID_ROLE = Qt.ItemDataRole.UserRole


def _rank(o: QueryOutcome) -> str:
    if not o.scored:
        return "unjudged"
    return "—" if o.first_relevant_rank is None else str(o.first_relevant_rank)


class _Number(QTableWidgetItem):
    """A cell that sorts by a number, not by its text."""

    def __init__(self, text: str, key: float) -> None:
        super().__init__(text)
        self.key = key

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _Number):
            return self.key < other.key
        return super().__lt__(other)


class RecallLabWindow(QWidget):
    """Signals: evaluated() — an evaluation is on screen; failed(str) — one could not run."""

    evaluated = Signal()
    failed = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("recallLab")
        self.setWindowTitle("Recall lab")
        # Esc closes it, as it would a dialog (closeEvent asks first about unsaved labels)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        self.ctx = ctx
        self.lset: LabelledSet | None = None
        self.evaluation: Evaluation | None = None
        self.dirty = False
        self.running = False
        self._current: int | None = None  # the query shown below (its number in the set)
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.open_button = QPushButton("Open set…", self)
        self.open_button.clicked.connect(lambda: self.open_set())
        self.shipped_button = QPushButton("Shipped set", self)
        self.shipped_button.setToolTip("The labelled set shipped for the starter pack")
        self.shipped_button.clicked.connect(self.load_shipped)
        self.profile_a = QComboBox(self)
        self.profile_b = QComboBox(self)
        for box, name in ((self.profile_a, "hmharness"), (self.profile_b, "default")):
            box.addItems(list(PROFILES))
            box.setCurrentText(name if name in PROFILES else next(iter(PROFILES)))
        self.profile_a.setToolTip("Profile A: the baseline the changes are counted against")
        self.profile_b.setToolTip("Profile B: the profile being judged")
        self.k_box = QSpinBox(self)
        self.k_box.setRange(1, 50)
        self.k_box.setValue(5)
        self.k_box.setPrefix("k = ")
        self.run_button = QPushButton("Run", self)
        self.run_button.clicked.connect(self.run)
        self.regressions_first = QCheckBox("Regressions first", self)
        self.regressions_first.setChecked(True)
        self.regressions_first.toggled.connect(lambda _on: self._fill_queries())
        self.save_button = QPushButton("Save", self)
        self.save_button.clicked.connect(lambda: self.save())
        self.save_as_button = QPushButton("Save as…", self)
        self.save_as_button.clicked.connect(lambda: self.save_as())
        row: list[QWidget] = [self.open_button, self.shipped_button, QLabel("A", self)]
        row += [self.profile_a, QLabel("B", self), self.profile_b, self.k_box, self.run_button]
        for w in row:
            bar.addWidget(w)
        bar.addWidget(self.regressions_first)
        bar.addStretch(1)
        bar.addWidget(self.save_button)
        bar.addWidget(self.save_as_button)
        lay.addLayout(bar)
        self.summary = QLabel("Open a labelled set, or take the shipped one, then Run.", self)
        self.summary.setObjectName("labSummary")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical, self)
        self.queries = QTableWidget(0, len(QUERY_COLUMNS), split)
        self.queries.setObjectName("labQueries")
        self.queries.setHorizontalHeaderLabels(list(QUERY_COLUMNS))
        self.queries.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.queries.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.queries.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.queries.verticalHeader().hide()
        self.queries.horizontalHeader().setStretchLastSection(False)
        self.queries.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.queries.itemSelectionChanged.connect(self._selection_changed)
        below = QWidget(split)
        sides = QHBoxLayout(below)
        sides.setContentsMargins(0, 0, 0, 0)
        self.rank_labels: list[QLabel] = []
        self.rankings: list[QTreeWidget] = []
        for side in ("A", "B"):
            col = QVBoxLayout()
            label = QLabel(f"Profile {side}", below)
            tree = QTreeWidget(below)
            tree.setObjectName(f"labRanking{side}")
            tree.setHeaderLabels(list(RANKING_COLUMNS))
            tree.setRootIsDecorated(False)
            tree.itemDoubleClicked.connect(lambda item, _c, t=tree: self._toggle(t, item))
            col.addWidget(label)
            col.addWidget(tree, 1)
            sides.addLayout(col, 1)
            self.rank_labels.append(label)
            self.rankings.append(tree)
        split.addWidget(self.queries)
        split.addWidget(below)
        lay.addWidget(split, 1)
        foot = QHBoxLayout()
        self.mark_button = QPushButton("Mark relevant", self)
        self.mark_button.setToolTip(
            "Mark the selected result relevant to the query, or unmark it (double-click too)"
        )
        self.mark_button.clicked.connect(self.toggle_selected)
        self.status = QLabel("", self)
        foot.addWidget(self.mark_button)
        foot.addWidget(self.status, 1)
        lay.addLayout(foot)
        self.resize(1100, 760)
        self._update_buttons()

    # ------------------------------------------------------------------ the set
    def set_labelled_set(self, lset: LabelledSet) -> None:
        self.lset = lset
        self.evaluation = None
        self.dirty = False
        self._current = None
        self.summary.setText(f"{lset.name}: {len(lset.queries)} queries. Run to measure.")
        for w in lset.warnings:
            log.info("recall lab: %s", w)
        self._fill_queries()
        self._show_query(None)
        self._update_buttons()

    def load_shipped(self) -> None:
        if self.confirm_discard():
            self.set_labelled_set(starter_set())

    def open_set(self, path: Path | str | None = None) -> bool:
        """Load the set at ``path`` (a file dialog without one); False when nothing was loaded."""
        if not self.confirm_discard():
            return False
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(
                self, "Open a labelled set", "", "Labelled sets (*.json)"
            )
            if not chosen:
                return False
            path = chosen
        try:
            lset = load_set(path)
        except LabelledSetError as exc:
            self.ctx.bus.show_error(str(exc), "Fix the file, or open another one.")
            return False
        self.set_labelled_set(lset)
        return True

    def save(self) -> bool:
        if self.lset is None:
            return False
        if self.lset.path is None:
            return self.save_as()
        return self._write(self.lset.path)

    def save_as(self, path: Path | str | None = None) -> bool:
        if self.lset is None:
            return False
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, "Save the labelled set", "recall_set.json", "Labelled sets (*.json)"
            )
            if not chosen:
                return False
            path = chosen
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        assert self.lset is not None
        try:
            save_set(self.lset, path)
        except LabelledSetError as exc:
            self.ctx.bus.show_error(str(exc), "Choose another place with Save as….")
            return False
        self.dirty = False
        self.status.setText(f"Saved {path}")
        self._update_buttons()
        return True

    def confirm_discard(self) -> bool:
        """True when there are no unsaved labels, or the user chose to save or drop them."""
        if not self.dirty:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved labels",
            "The labelled set has changes that are not saved. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # ------------------------------------------------------------------ running
    def profiles(self) -> list[str]:
        return list(dict.fromkeys([self.profile_a.currentText(), self.profile_b.currentText()]))

    def run(self) -> None:
        """Evaluate the set with profiles A and B on a worker thread."""
        if self.lset is None or self.running:
            return
        lset = LabelledSet(list(self.lset.queries), self.lset.path, source=self.lset.source)
        profiles, k = self.profiles(), self.k_box.value()
        search, lookup = self.ctx.retriever.search, self.ctx.store.get_many
        self.running = True
        self.status.setText("Running…")
        self._update_buttons()

        def work() -> Evaluation:
            return evaluate(lset, search, profiles, k=k, lookup=lookup, keep_results=True)

        run_in_thread(work, on_done=self._evaluated, on_error=self._failed)

    def _evaluated(self, ev: Evaluation) -> None:
        self.running = False
        self.evaluation = ev
        heads = {"recall_at_k": f"recall@{ev.k}", "mrr": "MRR", "ndcg_at_k": f"nDCG@{ev.k}"}
        parts = []
        for name, rep in ev.profiles.items():
            figures = ", ".join(f"{heads[m]} {rep.metric(m):.4f}" for m in METRICS)
            parts.append(f"{name}: {figures}")
        for c in ev.comparisons:
            deltas = ", ".join(f"{heads[m]} {c.delta[m]:+.4f}" for m in METRICS)
            parts.append(
                f"{c.profile} against {c.baseline}: {deltas}; fixed {len(c.fixed)}, "
                f"broken {len(c.broken)}, better {len(c.better)}, worse {len(c.worse)}"
            )
        scored = next(iter(ev.profiles.values())).scored
        self.summary.setText(
            f"{ev.lset.name}: {len(ev.lset.queries)} queries, {scored} scored\n" + "\n".join(parts)
        )
        self.status.setText("")
        for w in ev.warnings:
            log.info("recall lab: %s", w)
        if ev.warnings:
            self.status.setText(f"{len(ev.warnings)} warnings, e.g. {ev.warnings[0]}")
        self._fill_queries()
        self._update_buttons()
        self.evaluated.emit()

    def _failed(self, exc: BaseException) -> None:
        self.running = False
        self.status.setText("")
        self._update_buttons()
        self.ctx.bus.show_error(f"The recall lab could not run: {exc}", "")
        self.failed.emit(str(exc))

    def _update_buttons(self) -> None:
        has = self.lset is not None
        self.run_button.setEnabled(has and not self.running)
        self.save_button.setEnabled(has and self.dirty)
        self.save_as_button.setEnabled(has)
        self.mark_button.setEnabled(self.evaluation is not None and self._current is not None)

    # ------------------------------------------------------------------ the queries
    def change_of(self, n: int) -> str:
        """How query ``n`` changed from profile A to B: broken, worse, better, fixed or ''."""
        ev = self.evaluation
        if ev is None or not ev.comparisons:
            return ""
        c = ev.comparisons[0]
        for kind in ("broken", "worse", "better", "fixed"):
            if n in getattr(c, kind):
                return kind
        return ""

    def row_order(self) -> list[int]:
        """The query numbers in the table's order: regressions first when asked."""
        if self.lset is None:
            return []
        order = list(range(len(self.lset.queries)))
        if self.regressions_first.isChecked() and self.evaluation is not None:
            order.sort(key=lambda n: (CHANGE_ORDER[self.change_of(n)], n))
        return order

    def _fill_queries(self) -> None:
        table = self.queries
        current = self._current
        table.blockSignals(True)
        table.setSortingEnabled(False)
        table.setRowCount(0)
        table.blockSignals(False)
        if self.lset is None:
            return
        ev = self.evaluation
        names = list(ev.profiles) if ev is not None else []
        order = self.row_order()
        table.setRowCount(len(order))
        for row, n in enumerate(order):
            q = self.lset.queries[n]
            number = _Number(str(n + 1), n)
            number.setData(ID_ROLE, n)
            table.setItem(row, 0, number)
            table.setItem(row, 1, QTableWidgetItem(q.text))
            for col, side in ((2, 0), (3, -1)):
                if ev is None:
                    table.setItem(row, col, QTableWidgetItem(""))
                    continue
                o = ev.profiles[names[side]].queries[n]
                key = float(o.first_relevant_rank or 10**6)
                table.setItem(row, col, _Number(_rank(o), key))
            change = self.change_of(n)
            table.setItem(row, 4, _Number(change, CHANGE_ORDER[change]))
        if not self.regressions_first.isChecked():  # then the header sorts; set order first
            table.setSortingEnabled(True)
            table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        if current is not None and current in order:
            table.selectRow(order.index(current))
        else:
            self._show_query(None)

    def query_at_row(self, row: int) -> int | None:
        item = self.queries.item(row, 0)
        return None if item is None else int(item.data(ID_ROLE))

    def _selection_changed(self) -> None:
        rows = {i.row() for i in self.queries.selectedItems()}
        self._show_query(self.query_at_row(min(rows)) if rows else None)

    def _show_query(self, n: int | None) -> None:
        """Query ``n``'s rankings under A and B, its relevant memories marked."""
        self._current = n
        ev = self.evaluation
        for side, (label, tree) in enumerate(zip(self.rank_labels, self.rankings, strict=True)):
            tree.clear()
            if ev is None or n is None or self.lset is None:
                label.setText(f"Profile {'AB'[side]}")
                continue
            name = list(ev.profiles)[0 if side == 0 else -1]
            o = ev.profiles[name].queries[n]
            label.setText(f"{name}: first relevant rank {_rank(o)} — {self.lset.queries[n].text}")
            relevant = set(self.lset.queries[n].relevant)
            for rank, r in enumerate(o.result.results if o.result else [], 1):
                item = QTreeWidgetItem(
                    [
                        str(rank),
                        f"{r.score:.4f}",
                        "✓" if r.memory.id in relevant else "",
                        f"{r.memory.id}  {r.memory.content.splitlines()[0][:120]}",
                    ]
                )
                item.setData(0, ID_ROLE, r.memory.id)
                terms = " ".join(("+" if t.matched else "-") + t.term for t in r.terms)
                tip = f"{r.memory.content}\n\n{breakdown_text(r.score, r.components)}"
                item.setToolTip(3, tip + (f"\nterms: {terms}" if terms else ""))
                tree.addTopLevelItem(item)
        self._update_buttons()

    # ------------------------------------------------------------------ labelling
    def toggle_selected(self) -> None:
        """Mark the selected result (in the ranking that has one, the focused first) relevant,
        or unmark it."""
        trees = sorted(self.rankings, key=lambda t: not t.hasFocus())
        for tree in trees:
            item = tree.currentItem()
            if item is not None:
                self._toggle(tree, item)
                return
        self.status.setText("Select a result in one of the rankings first.")

    def _toggle(self, _tree: QTreeWidget, item: QTreeWidgetItem) -> None:
        memory_id = item.data(0, ID_ROLE)
        if isinstance(memory_id, str):
            self.toggle_relevant(memory_id)

    def toggle_relevant(self, memory_id: str, n: int | None = None) -> None:
        """Add ``memory_id`` to the relevant ids of query ``n`` (the shown one), or remove it."""
        n = self._current if n is None else n
        if self.lset is None or n is None:
            return
        q = self.lset.queries[n]
        if memory_id in q.relevant:
            relevant = [i for i in q.relevant if i != memory_id]
            self.status.setText(f"{memory_id} is no longer relevant to {q.text!r}; Run to update")
        else:
            relevant = [*q.relevant, memory_id]
            self.status.setText(f"{memory_id} marked relevant to {q.text!r}; Run to update")
        self.lset.queries[n] = q.with_relevant(relevant)
        self.dirty = True
        self._show_query(n)
        self._update_buttons()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.confirm_discard():
            super().closeEvent(event)
        else:
            event.ignore()

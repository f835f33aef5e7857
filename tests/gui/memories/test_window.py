"""Main window: areas, menus, shortcuts, remembered state, error banner, excepthook, DB errors."""

from __future__ import annotations

import sys

from hmdesk.gui.main_window import MainWindow
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from .conftest import search, wait_idle


def make_window(ctx, qtbot) -> MainWindow:
    w = MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_idle(qtbot, w.memories)
    return w


def close_window(w: MainWindow) -> None:
    w.close()
    from PySide6.QtCore import QThreadPool

    QThreadPool.globalInstance().waitForDone(10_000)


def test_window_has_three_areas_and_menus(ctx, qtbot):
    w = make_window(ctx, qtbot)
    assert [w.tabs.tabText(i) for i in range(3)] == ["Memories", "Runs", "Devices"]
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Help"]
    assert str(ctx.db.path) in w.db_label.text()
    close_window(w)


def test_shortcuts(ctx, qtbot):
    w = make_window(ctx, qtbot)
    area = w.memories
    area.importer.load_starter_pack()
    wait_idle(qtbot, area)
    w.tabs.setCurrentIndex(1)  # on the Runs tab, Ctrl+F brings the query up
    qtbot.keyClick(w, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert w.tabs.currentWidget() is area
    qtbot.waitUntil(lambda: area.query_bar.text.hasFocus())
    # F5 re-runs the query
    with qtbot.waitSignal(area.result_applied, timeout=5000):
        qtbot.keyClick(w, Qt.Key.Key_F5)
    # Ctrl+N opens the new-memory dialog
    qtbot.keyClick(w, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: area.dialog is not None and area.dialog.isVisible())
    assert area.dialog.objectName() == "editDialog" and area.dialog.record is None
    area.dialog.reject()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    # Ctrl+Z (focus outside the query text) undoes the last change
    first = area.model.ids()[0]
    area.editing.apply_confidence([first], 0.01, "test")
    wait_idle(qtbot, area)
    area.table.setFocus()
    qtbot.keyClick(area.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: area.store.get(first).confidence != 0.01)
    close_window(w)


def test_geometry_splitters_and_query_are_remembered(ctx, qtbot, settings):
    w = make_window(ctx, qtbot)
    w.memories.importer.load_starter_pack()
    search(qtbot, w.memories, "hilog privacy")
    w.resize(820, 540)
    size = (w.size().width(), w.size().height())
    w.memories.splitter.setSizes([400, 700])
    sizes = w.memories.splitter.sizes()
    close_window(w)
    settings.sync()
    assert QSettings(settings.fileName(), QSettings.Format.IniFormat).value("query/text") == (
        "hilog privacy"
    )
    w2 = make_window(ctx, qtbot)
    assert w2.memories.query_bar.text.text() == "hilog privacy"
    # (the offscreen screen is 800 px wide: restoreGeometry clamps the width to it)
    assert w2.size().height() == size[1]
    assert w2.size().width() == min(size[0], w2.screen().availableGeometry().width() - 2) or (
        w2.size().width() >= w2.minimumSizeHint().width()
    )
    restored = w2.memories.splitter.sizes()
    assert abs(restored[0] / sum(restored) - sizes[0] / sum(sizes)) < 0.03
    assert w2.memories.result.query.text == "hilog privacy"
    close_window(w2)


def test_error_banner_is_non_modal(ctx, qtbot):
    w = make_window(ctx, qtbot)
    ctx.bus.show_error("Could not write /x.csv: Permission denied", "Pick another folder.")
    assert w.banner.isVisible() and "Permission denied" in w.banner.text()
    assert "Pick another folder." in w.banner.text()
    assert QApplication.activeModalWidget() is None
    ctx.bus.show_error("Could not write /x.csv: Permission denied", "Pick another folder.")
    assert "×2" in w.banner.text()
    qtbot.mouseClick(w.banner.close_button, Qt.MouseButton.LeftButton)
    assert not w.banner.isVisible()
    close_window(w)


def test_excepthook_shows_details_and_log_path_and_keeps_running(ctx, qtbot, tmp_path, monkeypatch):
    from hmdesk.gui import app as appmod

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "logs" / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)
    w = make_window(ctx, qtbot)
    try:
        raise RuntimeError("boom in a slot")
    except RuntimeError:
        appmod.handle_exception(*sys.exc_info())
    dialog = appmod._open_dialog
    assert dialog is not None and dialog.isVisible()
    assert "boom in a slot" in dialog.details.toPlainText()
    assert "Traceback" in dialog.details.toPlainText()
    assert str(tmp_path / "logs" / "hmdesk.log") in dialog.log_label.text()
    # a second error is appended to the same dialog rather than stacking dialogs
    try:
        raise ValueError("second")
    except ValueError:
        appmod.handle_exception(*sys.exc_info())
    assert "second" in dialog.details.toPlainText()
    dialog.close()
    # the app keeps working
    w.memories.importer.load_starter_pack()
    wait_idle(qtbot, w.memories)
    assert w.memories.model.rowCount() > 0
    close_window(w)


def test_database_error_dialog(qtbot, tmp_path):
    from hmdesk.core.db import Database, DatabaseError
    from hmdesk.gui import app as appmod

    bad = tmp_path / "notes.txt"
    bad.write_text("not a database")
    try:
        Database(bad)
    except DatabaseError as exc:
        error = exc
    seen = {}

    def close_box():
        box = QApplication.activeModalWidget()
        seen["box"] = box
        if isinstance(box, QMessageBox):
            seen["text"] = box.text()
            seen["info"] = box.informativeText()
            box.close()

    QTimer.singleShot(0, close_box)
    appmod.show_open_error(None, error)
    assert "not an SQLite database" in seen["text"]
    assert "--db" in seen["info"]


def test_dark_palette_follows_the_scheme(qapp):
    from hmdesk.gui.common.theme import dark_palette

    p = dark_palette()
    assert p.color(p.ColorRole.Base).lightness() < 64
    assert p.color(p.ColorRole.Text).lightness() > 192


def test_window_without_context_then_set_context(ctx, qtbot):
    w = MainWindow(None, settings=ctx.settings)
    qtbot.addWidget(w)
    w.show()
    assert w.memories is None and w.tabs.count() == 3
    with qtbot.waitSignal(w.context_ready):
        w.set_context(ctx)
    assert w.memories is not None
    wait_idle(qtbot, w.memories)
    close_window(w)


def test_exception_in_a_worker_thread_reaches_the_dialog(qtbot, tmp_path, monkeypatch):
    import threading

    from hmdesk.gui import app as appmod

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    appmod.install_excepthook()

    def boom():
        raise RuntimeError("boom in a worker")

    t = threading.Thread(target=boom)
    t.start()
    t.join()
    qtbot.waitUntil(lambda: appmod._open_dialog is not None)
    assert "boom in a worker" in appmod._open_dialog.details.toPlainText()
    appmod._open_dialog.close()


def test_an_error_after_the_dialog_was_closed_opens_a_new_one(qtbot, tmp_path, monkeypatch):
    from hmdesk.gui import app as appmod
    from PySide6.QtCore import QCoreApplication, QEvent

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)

    def boom(exc: Exception) -> None:
        try:
            raise exc
        except Exception:  # noqa: BLE001 - any exception is handed to the hook, as in the app
            appmod.handle_exception(*sys.exc_info())

    boom(KeyError("<b>not html</b>"))
    first = appmod._open_dialog
    assert first is not None
    head = first.findChildren(type(first.log_label))[0].text()
    assert "&lt;b&gt;not html&lt;/b&gt;" in head  # the summary is text, not markup
    first.close()  # WA_DeleteOnClose: the C++ dialog goes away
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    boom(RuntimeError("second"))  # used to fail inside the hook: "C++ object already deleted"
    second = appmod._open_dialog
    assert second is not None and second is not first and second.isVisible()
    assert "second" in second.details.toPlainText()
    second.close()


def test_palette_follows_the_system_scheme(qapp):
    from types import SimpleNamespace

    from hmdesk.gui.app import apply_palette
    from PySide6.QtGui import QPalette

    chosen: list[QPalette] = []
    for scheme, dark in (
        (Qt.ColorScheme.Dark, True),
        (Qt.ColorScheme.Light, False),
        (Qt.ColorScheme.Unknown, False),
    ):
        hints = SimpleNamespace(colorScheme=lambda s=scheme: s)
        fake = SimpleNamespace(
            styleHints=lambda h=hints: h, setPalette=chosen.append, style=qapp.style
        )
        apply_palette(fake)
        assert (chosen[-1].color(QPalette.ColorRole.Base).lightness() < 128) is dark, scheme


def test_screenshots_show_default_paths_not_temp_ones(ctx, qtbot, tmp_path):
    from tests.screenshots.memories import SHOWN_DB, SHOWN_HMH, show_default_paths

    w = make_window(ctx, qtbot)
    assert str(tmp_path) in w.db_label.text()
    assert str(tmp_path) in w.memories.empty.import_note.text()
    show_default_paths(w)
    assert w.db_label.text() == SHOWN_DB
    note = w.memories.empty.import_note.text()
    assert SHOWN_HMH in note and str(tmp_path) not in note
    close_window(w)

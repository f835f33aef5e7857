"""The application context: the message bus and the core opened for the GUI."""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore
from hmdesk.gui.context import MessageBus, open_core


def test_the_bus_carries_errors_and_info(qtbot):
    bus = MessageBus()
    with qtbot.waitSignal(bus.error) as error:
        bus.show_error("Could not write /x.csv", "Pick another folder.")
    assert error.args == ["Could not write /x.csv", "Pick another folder."]
    with qtbot.waitSignal(bus.info) as info:
        bus.show_info("Saved")
    assert info.args == ["Saved"]


def test_context_gives_the_areas_a_working_core(ctx):
    assert isinstance(ctx.db, Database)
    assert isinstance(ctx.store, MemoryStore)
    assert isinstance(ctx.retriever, Retriever)
    assert isinstance(ctx.bus, MessageBus)
    record = ctx.store.add("hdc install fails with 9568320: sign the hap", tags=["hdc"])
    assert ctx.store.get(record.id).content.startswith("hdc install")


def test_open_core_off_the_gui_thread_is_qt_free(tmp_path):
    db, store, retriever = open_core(tmp_path / "h.db")
    try:
        assert db.path == tmp_path / "h.db"
        assert isinstance(store, MemoryStore) and isinstance(retriever, Retriever)
    finally:
        retriever.close()
        store.close()
        db.close()

"""The build-choices bar: what the project's files offer, kept per project, into the options."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.project_reader import read_project
from hmdesk.core.toolchain.runs import PipelineOptions
from hmdesk.gui.runs.build_choices import BuildChoicesBar
from PySide6.QtCore import Qt

from tests.fixtures.fake_tools import PROJECTS


def items(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


@pytest.fixture
def bar(qtbot, settings):
    b = BuildChoicesBar(settings)
    qtbot.addWidget(b)
    b.show()
    return b


def test_choices_come_from_the_project_files(qtbot, bar):
    assert not bar.product_box.isEnabled()  # no project yet
    bar.set_project(read_project(PROJECTS / "hello-flavors"))
    assert items(bar.product_box) == ["default", "paid"]
    assert items(bar.mode_box) == ["debug", "release"]
    assert items(bar.module_box) == ["entry"]  # the har library makes no HAP
    assert items(bar.target_box) == ["default", "free"]
    # by keyboard: the next product offers its own targets
    bar.product_box.setFocus()
    qtbot.keyClick(bar.product_box, Qt.Key.Key_Down)
    assert bar.product_box.currentText() == "paid"
    assert items(bar.target_box) == ["default", "premium"]
    qtbot.keyClick(bar.target_box, Qt.Key.Key_Down)
    qtbot.keyClick(bar.mode_box, Qt.Key.Key_Down)
    qtbot.keyClick(bar.clean_box, Qt.Key.Key_Space)
    opts = bar.apply_to(PipelineOptions())
    assert (opts.product, opts.build_mode, opts.module, opts.target, opts.clean) == (
        "paid", "release", "entry", "premium", True,
    )  # fmt: skip
    assert bar.summary() == "paid · release · entry@premium"


def test_choices_are_remembered_per_project(qtbot, bar, settings):
    flavors = read_project(PROJECTS / "hello-flavors")
    hello = read_project(PROJECTS / "hello")
    bar.set_project(flavors)
    bar.product_box.setCurrentText("paid")
    bar.target_box.setCurrentText("premium")
    bar.mode_box.setCurrentText("release")
    bar.clean_box.setChecked(True)
    bar.set_project(hello)  # another project: its own (default) choices
    assert bar.choices()["product"] == "default" and bar.choices()["build_mode"] == "debug"
    again = BuildChoicesBar(settings)  # a new window, the same settings
    qtbot.addWidget(again)
    again.set_project(flavors)
    assert again.summary() == "paid · release · entry@premium"
    assert not again.clean_box.isChecked()  # a slow clean build is asked for each time

"""A log as a page shows it, read as printed (:mod:`hmdesk.core.toolchain.page_text`): a rendered
post's typographic quotes, the guides' ``<-`` notes; and the API reference's titled keys, which
the fault log reader takes as its own (:mod:`hmdesk.core.toolchain.crash.translated_keys`)."""

from __future__ import annotations

from hmdesk.core.toolchain.crash.translated_keys import translate_keys
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.page_text import as_printed


def test_typographic_quotes_around_code_are_the_tools():
    assert as_printed("‘Foo({a:1})‘ does not meet UI component syntax.") == (
        "'Foo({a:1})' does not meet UI component syntax."
    )
    assert as_printed("cannot find record ‘a/b’, x") == "cannot find record 'a/b', x"
    # Chinese text between them is prose, left as it is
    assert as_printed("点击‘确定’按钮") == "点击‘确定’按钮"


def test_a_guides_notes_are_dropped_and_a_sanitizers_marks_kept():
    text = "Pid:62642 <- 进程号\nReason:stack-buffer-overflow <- 触发原因\n[32, 72) 'a' <== Memory"
    assert as_printed(text) == "Pid:62642\nReason:stack-buffer-overflow\n[32, 72) 'a' <== Memory"
    assert as_printed("x <- y") == "x <- y"  # no CJK note: not a page's


def test_titled_keys_are_the_fault_logs():
    text = "Error Name: Error\nError Message: m\nStack trace:\n  at f (a.ts:1)"
    assert translate_keys(text) == (
        "Error name: Error\nError message: m\nStacktrace:\n  at f (a.ts:1)"
    )
    # one titled word alone is prose
    assert translate_keys("Error Name: see below") == "Error Name: see below"


def test_the_doctor_reads_a_rendered_arkui_message_and_an_annotated_fault_log():
    ui = diagnose("‘TableBar({title:$title})‘ does not meet UI component syntax.")
    assert ui is not None and ui.kind == "arkts-source" and ".map" in ui.fix
    asan = diagnose(
        "Reason:stack-buffer-overflow <- 触发原因\n"
        "==1==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x1 at pc 0x2\n"
        "WRITE of size 4 at 0x1 thread T0\n"
        "    #0 0x7c  (/data/storage/el1/bundle/libs/arm64/libentry.so+0x58f50)\n"
    )
    assert asan is not None and asan.code == "stack-buffer-overflow"

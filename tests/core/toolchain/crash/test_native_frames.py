"""What a native crash's fault-thread frames and fault address say with no signature
(:mod:`hmdesk.core.toolchain.crash.native_frames`): who called ``abort()`` (a C library or
runtime checker and the frame below it, or the frame itself), a recursion, an access off the end
of a buffer; and that a signal a process sent carries its sender, not a fault address. The logs
follow the fault-log layout of the OpenHarmony CppCrash guide; the function names are made up,
so each reading is proved on a frame no rule names."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog

from tests.core.toolchain.crash.test_structure import APP, cpp

MUSL = "/system/lib/ld-musl-aarch64.so.1"
ABORT = [f"{MUSL}(raise+216)", f"{MUSL}(abort+24)"]
SENT = "Signal:SIGABRT(SI_TKILL)@0x01317b5200002d1c from:11548:20020050"


@pytest.mark.parametrize(
    ("checker", "words"),
    [
        (f"{MUSL}(__fortify_error+240)", "FORTIFY"),
        (f"{MUSL}(__assert_fail+308)", "assert() failed in Frobnicate"),
        (f"{MUSL}(fdsan_error+92)", "fdsan"),
        (f"{MUSL}(__stack_chk_fail+20)", "stack protector"),
        ("/system/lib64/platformsdk/libace_napi.z.so(napi_fatal_error+92)", "napi_fatal_error"),
        (
            "/system/lib64/libappspawn_helper.z.so(exit+144)",
            "Frobnicate (libentry.so) called exit()",
        ),
    ],
)
def test_the_checker_below_abort_and_the_frame_that_failed_it(checker: str, words: str) -> None:
    crash = parse_faultlog(cpp(SENT, [*ABORT, checker, f"{APP}(Frobnicate(int)+40)"]))
    why = explain(crash, ())
    assert why is not None and why.certain
    assert words in why.cause and "Frobnicate" in why.fix


def test_a_frame_that_called_abort_itself_is_named_possibly() -> None:
    fatal = "LastFatalMessage:quota of 12 widgets exceeded\n"
    crash = parse_faultlog(cpp(SENT, [*ABORT, f"{APP}(Widgets::Add(int)+40)"], fatal))
    why = explain(crash, ())
    assert why is not None and not why.certain
    assert "Widgets::Add (libentry.so) called abort()" in why.cause
    assert "quota of 12 widgets exceeded" in why.cause


def test_a_sent_signals_value_is_not_read_as_a_wild_pointer() -> None:
    # ``@0x01317b5200002d1c`` is uid 20020050 and pid 11548 (``from:11548:20020050``)
    crash = parse_faultlog(cpp(SENT, [*ABORT, f"{APP}(Frobnicate(int)+40)"]))
    why = explain(crash, ())
    assert why is not None and "wild" not in why.cause


def test_one_function_repeated_down_the_stack_is_a_stack_overflow_in_it() -> None:
    frames = [f"{APP}(Walk(Node*)+64)"] * 6 + [f"{APP}(Start()+12)"]
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_ACCERR)@0x0000005b517d3fd0", frames))
    why = explain(crash, ())
    assert why is not None and why.certain
    assert "stack overflowed in Walk" in why.cause and "Walk" in why.fix


def test_an_address_below_the_stacks_low_end_is_a_stack_overflow() -> None:
    reason = (
        "Signal:SIGSEGV(SEGV_ACCERR)@0x0000005cda3a71c0  current thread stack low address = "
        "0x0000005cda3a8000, probably caused by stack-buffer-overflow"
    )
    crash = parse_faultlog(cpp(reason, [f"{APP}(Deep(int)+64)", f"{APP}(Start()+12)"]))
    why = explain(crash, ())
    assert why is not None and "stack overflowed" in why.cause


def test_interpreter_frames_of_nested_js_calls_are_no_recursion() -> None:
    v8 = "/system/lib64/ndk/libjsvm.so(Builtins_InterpreterEntryTrampoline+288)"
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000010", [v8] * 6))
    why = explain(crash, ())
    assert why is None or "stack overflowed" not in why.cause


def test_a_fault_on_a_pages_first_byte_in_a_conversion_is_possibly_an_overrun() -> None:
    frames = ["/system/lib64/libpixels.so(ConvertRow_RGBA(void const*, int)+120)", APP]
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_MAPERR)@0x0000005b5f0be000", frames))
    why = explain(crash, ())
    assert why is not None and not why.certain
    assert "past the end of its buffer" in why.cause and "ConvertRow_RGBA" in why.fix
    # the same fault inside a page is no overrun by this reading
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_MAPERR)@0x0000005b5f0be018", frames))
    why = explain(crash, ())
    assert why is None or "past the end" not in why.cause


def test_a_memory_fault_in_the_js_engines_own_code_is_its_objects_misused() -> None:
    engine = "/system/lib64/platformsdk/libark_jsruntime.so(panda::Heap::Mark(int)+40)"
    frames = [engine, "/system/lib64/platformsdk/libace_napi.z.so(napi_get_value+8)", APP]
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008", frames))
    why = explain(crash, ())
    assert why is not None and not why.certain
    assert "JS engine (libark_jsruntime.so)" in why.cause and "thread" in why.fix
    assert "NULL" in why.cause  # and what the fault address says
    # the app's own native frame on top: its code faulted, the engine is only below it
    crash = parse_faultlog(cpp("Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008", [APP, engine]))
    why = explain(crash, ())
    assert why is not None and "JS engine" not in why.cause

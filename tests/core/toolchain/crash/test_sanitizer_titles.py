"""A sanitizer's report title, or faultloggerd's stack-overflow hint, quoted without its fault log
(:mod:`hmdesk.core.toolchain.crash.sanitizer_titles`): the titles the stability guides say the
crash shows ("应用闪退报TSan，包含字段：…": bpta-stability-tsan-detection, -asan-detection,
-hwasan-detection) and the hint of the CppCrash FAQ (faq-stability-65, 场景五) and of
faultloggerd's DumpInfoHeader (an FFRT task's coroutine stack)."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.sanitizer_titles import bare_report
from hmdesk.core.toolchain.doctor import diagnose


@pytest.mark.parametrize(
    ("title", "words"),
    [
        # bpta-stability-tsan-detection, TSan异常检测类型
        ("ThreadSanitizer: data race", ("mutex", "atomic")),
        ("ThreadSanitizer: data race on vptr（ctor/dtor vs virtual call）", ("virtual", "delete")),
        ("ThreadSanitizer: heap-use-after-free", ("freed", "nullptr")),
        ("ThreadSanitizer: signal handler spoils errno", ("errno", "restore")),
        (
            "ThreadSanitizer: signal-unsafe call inside of a signal",
            ("async-signal-safe", "outside"),
        ),
        (
            "ThreadSanitizer: unlock of an unlocked mutex（or by a wrong thread）",
            ("same thread", "pthread_mutex_unlock", "lock_guard"),
        ),
        # bpta-stability-asan-detection, ASan异常检测类型
        ("AddressSanitizer: heap-buffer-overflow", ("length",)),
        ("AddressSanitizer: stack-buffer-underflow", ("negative",)),
        ("AddressSanitizer: stack-use-after-scope", ("scope",)),
        ("AddressSanitizer: attempting free on address which was not malloc()-ed", ("malloc/new",)),
        ("AddressSanitizer: attempting double-free", ("once", "nullptr")),
        # bpta-stability-address-sanitizer-catagory
        ("AddressSanitizer: stack-use-after-return", ("locals",)),
        # bpta-stability-hwasan-detection
        ("HWAddressSanitizer: tag-mismatch", ("freed",)),
    ],
)
def test_each_documented_title_alone_is_a_crash_with_its_fix(
    title: str, words: tuple[str, ...]
) -> None:
    f = diagnose(title)
    assert f is not None and f.kind == "crash" and f.certain, title
    said = f"{f.meaning} {f.fix}"
    for w in words:
        assert w in said, (w, said)


def test_a_title_quoted_in_a_note_is_read() -> None:
    f = diagnose(
        "开启TSan检测后，触发demo中的函数，应用闪退报TSan，包含字段：ThreadSanitizer: data race"
    )
    assert f is not None and f.kind == "crash" and "mutex" in f.fix


def test_a_whole_report_is_left_to_the_fault_log_reader() -> None:
    assert (
        bare_report("==123==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6") is None
    )
    assert bare_report("WARNING: ThreadSanitizer: data race (pid=4242)") is None


def test_a_sentence_naming_a_sanitizer_is_no_report() -> None:
    assert bare_report("AddressSanitizer: a fast memory error detector") is None
    assert diagnose("ThreadSanitizer: enable it in Run > Edit Configurations") is None


def test_the_stack_overflow_hint_alone_is_a_stack_overflow() -> None:
    # faq-stability-65, 场景五 访问越栈内存上界: the hint faultloggerd adds to the Reason
    hint = (
        "current thread stack low address = 0x0000005b517d4000, probably caused by "
        "stack-buffer-overflow"
    )
    f = diagnose(hint)
    assert f is not None and f.kind == "crash" and f.certain
    assert "recursion" in f.fix and "heap" in f.fix


def test_the_coroutine_stack_hint_names_the_ffrt_task() -> None:
    # faultloggerd's DumpInfoHeader: the address below an FFRT task's coroutine stack
    hint = (
        "Reason:Signal:SIGSEGV(SEGV_ACCERR)@0xf740efe0  current thread stack low address = "
        "0xf740f000, probably caused by coroutine stack-buffer-overflow"
    )
    f = diagnose(hint)
    assert f is not None and "ffrt_task_attr_set_stack_size" in f.fix
    f = diagnose(hint.split("  ", 1)[1])
    assert f is not None and "ffrt_task_attr_set_stack_size" in f.fix


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # bpta-stability-ubsan-detection, division by zero: "faultlog报UBSAN，字段：…"
        ("faultlog报UBSAN，字段：runtime error: division by zero。", ("divisor",)),
        ("runtime error: index 5 out of bounds for type 'int[5]'", ("i < 5",)),
        (
            "Reason:UBSAN\nruntime error: load of misaligned address 0x01 for type 'int'",
            ("aligned",),
        ),
    ],
)
def test_ubsans_message_without_its_place_is_the_report(text: str, words: tuple[str, ...]) -> None:
    f = diagnose(text)
    assert f is not None and f.kind == "crash" and f.code == "UBSAN", text
    for w in words:
        assert w in f.fix, (w, f.fix)
    assert "cut after its header" not in f.fix or text.startswith("Reason:")


@pytest.mark.parametrize(
    ("report", "words"),
    [
        # address-sanitizer-guidelines, MemDebug日志规格: HWASan's invalid-free
        (
            "==appspawn==62642==ERROR: HWAddressSanitizer: invalid-free on address "
            "0x000100945e20 at pc 0x005a16a634fc on thread 62642",
            ("malloc/new",),
        ),
        # clang's ASan report titles beside the guides' list
        ("==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000", ("null",)),
        ("==1==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd", ("recursion",)),
    ],
)
def test_asan_and_hwasan_kinds_beside_the_guides_list(report: str, words: tuple[str, ...]) -> None:
    f = diagnose(report)
    assert f is not None and f.kind == "crash"
    for w in words:
        assert w in f.fix or w in (f.meaning or ""), (w, f.meaning, f.fix)

"""The sanitizers' reports by kind (:mod:`hmdesk.core.toolchain.crash.sanitizers`), HWASan's trap
and the JSVM FAQ's crashes (:mod:`hmdesk.core.toolchain.crash.engines`), read on batch Z's real
logs (``tests/data/real_logs/cppcrash``, each ``.toml`` names its page) and on the family members
the same pages list that no log of the corpus shows, in the pages' own wording.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.model import CPP

from tests.fixtures.real_logs import assert_found, real_log

_FRAMES = (
    "#0 0x5c2e6820f0  (/data/storage/el1/bundle/libs/arm64/libentry.so+0x20f0) "
    "(BuildId: ee21ab192e41eb5f030d33e86321164eb1171fae)\n"
    "#1 0x5b1217d908  (/system/lib64/platformsdk/libace_napi.z.so+0x3d908) "
    "(BuildId: fbb88ca45aa4ffefe148b9838dfd0db7)\n"
)


def _ubsan(place: str, what: str, reason: bool = True) -> str:
    """A UBSan report as bpta-stability-ubsan-detection prints it."""
    return (
        ("Reason:UBSAN\n" if reason else "")
        + f"{place}: runtime error: {what}\n"
        + _FRAMES
        + f"\nSUMMARY: UndefinedBehaviorSanitizer: undefined-behavior {place} in\n"
    )


def assert_reads_kind(text: str, location: str | None, *words: str) -> None:
    crash = parse_faultlog(text)
    assert crash.type == CPP, text[:120]
    why = explain(crash)
    assert why is not None, text[:200]
    said = f"{why.cause} {why.fix}"
    for w in words:
        assert w in said, (w, said)
    if location is not None:
        assert why.location == location, why.location


@pytest.mark.parametrize(
    ("name", "location", "words"),
    [
        (
            "ubsan-index-out-of-bounds",
            "E:/MyCppUbsan/entry/src/main/cpp/napi_init.cpp:14:9",
            ("array length", "i < 5"),
        ),
        (
            "ubsan-store-misaligned-address",
            "E:/MyCppUbsan/entry/src/main/cpp/napi_init.cpp:8:5",
            ("aligned", "offset"),
        ),
    ],
)
def test_a_ubsan_report_names_its_source_line_and_kind(
    name: str, location: str, words: tuple[str, ...]
) -> None:
    text = real_log(f"cppcrash/{name}.log")
    assert_reads_kind(text, location, *words)
    found = assert_found(text)
    assert found.location == location


# the kinds bpta-stability-ubsan-detection lists that no log of the corpus shows, in its words,
# and clang's own wordings of the common others
@pytest.mark.parametrize(
    ("what", "words"),
    [
        (
            "member access within misaligned address 0x005be8bbb061 for type 'struct A', "
            "which requires 8 byte alignment",
            ("aligned", "offset"),
        ),
        ("load of value 2, which is not a valid value for type 'bool'", ("type conversion",)),
        (
            "1e+51 is outside the range of representable values of type 'int'",
            ("wider type", "before the cast"),
        ),
        ("division by zero", ("divisor",)),
        (
            "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'",
            ("overflow", "wider type"),
        ),
        ("load of null pointer of type 'int'", ("nullptr",)),
        ("shift exponent 40 is too large for 32-bit type 'int'", ("shift count",)),
    ],
)
def test_every_ubsan_kind_the_guide_lists_is_read(what: str, words: tuple[str, ...]) -> None:
    place = "E:/MyCppUbsan/entry/src/main/cpp/napi_init.cpp:13:18"
    assert_reads_kind(_ubsan(place, what), place, *words)
    # a bare report (hilog, a DevEco window) without the fault log's Reason line
    assert_reads_kind(_ubsan(place, what, reason=False), place, *words)


# the kinds bpta-stability-asan-detection / -tsan-detection list, as their reports' header
@pytest.mark.parametrize(
    ("verdict", "words"),
    [
        ("ERROR: AddressSanitizer: heap-buffer-overflow on address 0x0060", ("length",)),
        ("ERROR: AddressSanitizer: stack-buffer-underflow on address 0x007f", ("buffer",)),
        ("ERROR: AddressSanitizer: stack-use-after-scope on address 0x007f", ("scope",)),
        ("ERROR: AddressSanitizer: double-free on 0x0060", ("once", "first free")),
        (
            "ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed",
            ("malloc/new",),
        ),
        ("WARNING: ThreadSanitizer: data race (pid=1234)", ("mutex", "atomic")),
        ("WARNING: ThreadSanitizer: signal-unsafe call inside of a signal", ("async-signal-safe",)),
        ("WARNING: ThreadSanitizer: unlock of an unlocked mutex (or by a wrong thread)", ("lock",)),
    ],
)
def test_every_memory_and_thread_kind_the_guides_list_is_read(
    verdict: str, words: tuple[str, ...]
) -> None:
    text = (
        f"==com.example.app==4242=={verdict}\n"
        "    #0 0x7f5a1c2e04 in Test() entry/src/main/cpp/napi_init.cpp:21:5\n"
    )
    assert_reads_kind(text, None, *words)


def test_hwasan_reason_names_the_kind_a_tag_mismatch_is() -> None:
    # address-sanitizer-guidelines: ``Reason:use-after-free`` over ``ERROR: HWAddressSanitizer:
    # tag-mismatch on address …``
    text = (
        "Reason:use-after-free\n"
        "==appspawn==62642==ERROR: HWAddressSanitizer: tag-mismatch on address 0x0002013c0100 "
        "at pc 0x00651a5c0fa0\n"
    )
    assert_reads_kind(text, None, "use-after-free", "lifetime")


def test_an_hwasan_tag_mismatch_on_a_threads_stack_is_a_local_out_of_bounds() -> None:
    # HWASan's own lines under its report: ``Cause: stack tag-mismatch``, ``Address … is located
    # in stack of thread T0`` (bpta-stability-address-illegal-way's example)
    text = real_log(
        "cppcrash/f-bpta-stability-address-illegal-way-hwasan-stack-tag-mismatch-array-index.log"
    )
    found = assert_found(text)
    assert "stack tag-mismatch" in (found.meaning or "") and "local array" in found.fix
    heap = (
        "==4242==ERROR: HWAddressSanitizer: tag-mismatch on address 0x0002013c0100 at pc 0x1\n"
        "READ of size 4 at 0x0002013c0100 tags: 2c/00 (ptr/mem) in thread T0\n"
        "Cause: heap-buffer-overflow\n"
    )
    assert_reads_kind(heap, None, "past the bounds")


def test_hwasans_trap_points_past_its_runtime_and_the_copy() -> None:
    # bpta-scenario-stability-address-sanitizer's final log: SIGTRAP in __hwasan_memcpy
    text = real_log("cppcrash/hwasan-soundpool-uaf-sigtrap.log")
    found = assert_found(text)
    assert "CacheBuffer::DealWriteData" in (found.location or "")
    assert "use-after-free" in found.fix and "raw pointer" in found.fix
    variant = (
        "Reason:Signal:SIGTRAP(TRAP_BRKPT)@0x0000005993e64380\n"
        "#00 pc 0000000000023a1c /system/asan/lib64/libclang_rt.hwasan.so(__hwasan_load4+40)\n"
        "#01 pc 0000000000051c20 /system/asan/lib64/platformsdk/libfoo.z.so(Foo::Run()+48)\n"
    )
    assert_reads_kind(variant, "/system/asan/lib64/platformsdk/libfoo.z.so(Foo::Run())", "freed")


def test_jsvm_finalizer_running_js() -> None:
    # faqs-jsvm-6: the Finalizer called OH_JSVM_CallFunction
    text = real_log("cppcrash/faq-jsvm-finalizer-calls-js.log")
    found = assert_found(text)
    assert found.location == "/system/lib64/ndk/libjsvm.so(OH_JSVM_CallFunction)"
    assert "event loop" in found.fix and "no JSVM API" in found.fix
    variant = (
        "Reason:Signal:SIGABRT(SI_TKILL)@0x0\n"
        "#00 pc 0000000001d2cfa8 /system/lib64/ndk/libjsvm.so(v8::base::OS::Abort()+28)\n"
        "#01 pc 0000000001d21bfc /system/lib64/ndk/libjsvm.so(V8_Fatal(char const*, ...)+384)\n"
        "#02 pc 0000000000c6e3e0 /system/lib64/ndk/libjsvm.so(OH_JSVM_RunScript+348)\n"
        "#03 pc 0000000000012340 /data/storage/el1/bundle/libs/arm64/libentry.so(OnRelease+20)\n"
        "#04 pc 0000000000c77df8 /system/lib64/ndk/libjsvm.so(JSVM_Env__::CallFinalizer("
        "void (*)(JSVM_Env__*, void*, void*), void*, void*)+96)\n"
    )
    assert_reads_kind(variant, None, "Finalizer", "event loop")


def test_jsvm_createvm_race() -> None:
    # faqs-jsvm-7: the allocator left null by OH_JSVM_CreateVM on several threads at once
    text = real_log("cppcrash/faq-jsvm-createvm-race-allocator-null.log")
    found = assert_found(text)
    assert "Heap::AllocateExternalBackingStore(" in (found.location or "")
    assert "lock_guard" in found.fix and "OH_JSVM_CreateVM" in found.fix
    variant = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000000\n"
        "#00 pc 0000000001777454 /system/lib64/ndk/libjsvm.so(v8::internal::BackingStore::"
        "Allocate(v8::internal::Isolate*, unsigned long, v8::internal::SharedFlag, "
        "v8::internal::InitializedFlag)+220)\n"
    )
    assert_reads_kind(variant, None, "OH_JSVM_CreateVM", "mutex")


def test_jsvm_out_of_memory() -> None:
    # faqs-jsvm-4's stack: V8's heap limit reached
    text = (
        "#00 pc 0000000001d28a24 /system/lib64/ndk/libjsvm.so(v8::base::OS::Abort()+28)\n"
        "#01 pc 00000000014102c0 /system/lib64/ndk/libjsvm.so(v8::internal::V8::"
        "FatalProcessOutOfMemory(v8::internal::Isolate*, char const*, v8::OOMDetails const&)+756)\n"
        "#02 pc 0000000001629960 /system/lib64/ndk/libjsvm.so(v8::internal::Heap::"
        "FatalProcessOutOfMemory(char const*)+28)\n"
    )
    assert_reads_kind(text, None, "OH_JSVM_Init", "max-old-space-size")


def test_every_reading_path_finds_a_sanitizer_report() -> None:
    place = "E:/MyCppUbsan/entry/src/main/cpp/napi_init.cpp:12:14"
    # a bare line, as DevEco's UBSan log pane shows it (ide-ubsan)
    bare = assert_found(f"{place}: runtime error: division by zero\n")
    assert (bare.kind, bare.location) == ("crash", place) and "divisor" in bare.fix
    # the same report in a DevEco Log window paste (hilog's prefix before each line)
    prefix = "12-06 10:21:33.456   555-555   A00000/com.example.mycppubsan/UBSAN  E     "
    pasted = assert_found(
        f"{prefix}{place}: runtime error: division by zero\n"
        f"{prefix}SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior {place} in\n"
    )
    assert (pasted.kind, pasted.location) == ("crash", place)
    # ASan's and TSan's header alone (address-sanitizer-guidelines, bpta-stability-tsan-detection)
    asan = assert_found(
        "==appspawn==11766==ERROR: AddressSanitizer: stack-buffer-overflow on address "
        "0x007fffd59768 at pc 0x007c7e718f54 bp 0x007fffd59710 sp 0x007fffd59708\n"
    )
    assert asan.kind == "crash" and "inside the buffer" in asan.fix
    # ASan's stack-buffer-overflow is a local array overrun, not the stack running out
    assert "recursion" not in asan.fix
    tsan = assert_found("==com.example.app==4242==WARNING: ThreadSanitizer: data race (pid=4242)\n")
    assert tsan.kind == "crash" and "mutex" in tsan.fix


def test_a_sanitizers_frames_name_the_access() -> None:
    symbolised = assert_found(
        "==com.example.app==4242==ERROR: AddressSanitizer: heap-use-after-free on address "
        "0x602000000010\n"
        "    #0 0x7f5a1c2e04 in Test(int) /home/dev/app/entry/src/main/cpp/napi_init.cpp:21:5\n"
        "    #1 0x7b5710235c  (/system/lib64/platformsdk/libace_napi.z.so+0x4235c)\n"
    )
    assert symbolised.location == "/home/dev/app/entry/src/main/cpp/napi_init.cpp:21:5"
    # address-sanitizer-guidelines' example: frames with no symbol name the app's library
    bare = assert_found(
        "Reason:stack-buffer-overflow\n"
        "==appspawn==11766==ERROR: AddressSanitizer: stack-buffer-overflow on address "
        "0x007fffd59768 at pc 0x007c7e718f54 bp 0x007fffd59710 sp 0x007fffd59708\n"
        "#0 0x7c7e718f50  (/data/storage/el1/bundle/libs/arm64/libentry.so+0x58f50) "
        "(BuildId: 5e1d4fe4b589921373e51615051105e455462c5f)\n"
        "#1 0x7b5710235c  (/system/lib64/platformsdk/libace_napi.z.so+0x4235c) "
        "(BuildId: e6ee1d59b23d2b0d1e746549da572967)\n"
    )
    assert bare.location == "/data/storage/el1/bundle/libs/arm64/libentry.so"

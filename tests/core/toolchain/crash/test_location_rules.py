"""The frame a crash names: native bindings, bare C symbols, the C library's exit functions, a
frame quoted in prose without its ``at`` (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.crash import parse_faultlog, parse_frame
from hmdesk.core.toolchain.crash.location import is_system, where


def test_js_frame_of_a_native_binding_is_system_code() -> None:
    text = (
        "Error name: BusinessError\n"
        "Error message: the display is gone\n"
        "Stacktrace:\n"
        "  at display.getDefaultDisplaySync (DisplayManager)\n"
        "  at Page.aboutToAppear (Page.ets:12)\n"
    )
    crash = parse_faultlog(text)
    assert where(crash)[0] == "Page.ets:12"


def test_a_js_frame_with_a_file_stays_the_apps() -> None:
    frame = parse_frame("at build (entry/src/main/ets/pages/Index.ets:7:13)")
    assert frame is not None and not is_system(frame)
    native = parse_frame("at emit (native)")
    assert native is not None and is_system(native)


def test_bare_c_symbol_with_offset_is_a_frame() -> None:
    frame = parse_frame("#00 decode_block+120")
    assert frame is not None and frame.symbol == "decode_block"
    assert parse_frame("#1 of 3 things") is None


def test_c_library_exit_functions_are_passed_over() -> None:
    text = (
        "Signal:SIGABRT\n"
        "#00 raise+12\n"
        "#01 abort+20\n"
        "#02 exit+88\n"
        "#03 Store::open(char const*)+400\n"
        "#04 main+16\n"
    )
    assert where(parse_faultlog(text))[0] == "Store::open(char const*)"
    text = "Signal:SIGABRT\n#00 libhook.z.so(exit+8)\n#01 libgame.so(Level::load()+64)\n"
    assert where(parse_faultlog(text))[0] == "libgame.so(Level::load())"


def test_a_frame_quoted_in_prose_without_at() -> None:
    text = (
        "Error message: Cannot read property width of undefined\n"
        "The top frame is `onAreaChange entry (entry/src/main/ets/view/Board.ets:41:7)`.\n"
    )
    assert where(parse_faultlog(text))[0] == "entry/src/main/ets/view/Board.ets:41:7"
    text = (
        "Error message: x is not callable\n栈顶为 `render entry (entry/src/main/ets/A.ets:9:3)`\n"
    )
    assert where(parse_faultlog(text))[0] == "entry/src/main/ets/A.ets:9:3"


def test_a_null_object_read_by_an_accessor_names_the_caller() -> None:
    # a small fault address: a field of a null object; the copy constructor and the const
    # getter only read it, the caller passed the null pointer
    text = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000040  probably caused by NULL pointer"
        " dereference\n"
        "Fault thread info:\n"
        "#00 pc 000000000015ec68 libapp.so(Name::Name(Name const&)+32)\n"
        "#01 pc 00000000001c3638 libapp.so(Account::name() const+52)\n"
        "#02 pc 00000000001cb55c libapp.so(Page::show(Account*)+996)\n"
    )
    assert where(parse_faultlog(text))[0] == "libapp.so(Page::show(Account*))"
    # a far address (not a null object): the top frame stays the place
    far = text.replace(
        "@0x0000000000000040  probably caused by NULL pointer dereference", "@0x7f12345678"
    )
    assert where(parse_faultlog(far))[0] == "libapp.so(Name::Name(Name const&))"


def test_a_system_path_that_lost_its_slash_is_still_system_code() -> None:
    # an OCR'd or retyped stack: ``/systemlib64/…`` for ``/system/lib64/…``
    frame = parse_frame("#06 pc 000000000001dcfc /systemlib64/module/data/librdb.z.so(Convert+52)")
    assert frame is not None and is_system(frame)

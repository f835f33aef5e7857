"""clang's error messages (``clang_catalogue``): told when quoted without their place, and the
remedy of a few families wherever they are printed.

The messages are clang's own wording (``resources/clang_diagnostics.jsonl``, generated from
clang 15's diagnostic tables by ``packaging/clang_diagnostics.py``); what each should give was
written before the code ran.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hmdesk.core.toolchain.clang_catalogue import CATALOGUE, clang_advice, clang_message
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import Finding


def found_by(log: str) -> Finding:
    found = diagnose(log)
    assert found is not None, log
    return found


def test_the_catalogue_is_clangs_and_every_message_compiles() -> None:
    text = resources.files("hmdesk.resources").joinpath(CATALOGUE.file).read_text("utf-8")
    header = json.loads(text.splitlines()[0])
    assert header["source"].startswith("clang 15 ")
    rows = [r for rows in CATALOGUE.by_word().values() for r in rows]
    assert len(rows) > 3000
    for word in CATALOGUE.by_word():
        assert CATALOGUE.patterns(word)


@pytest.mark.parametrize(
    ("line", "ident"),
    [
        ("error: use of undeclared identifier 'av_foo'", "err_undeclared_var_use"),
        ("fatal error: 'sys/queue.h' file not found", "err_pp_file_not_found"),
        # after its place, with the select of a cast spelled out
        (
            "src/a.cc:3:9: error: static_cast from 'long *' to 'int *' is not allowed",
            "err_bad_cxx_cast_generic",
        ),
        ("error: member access into incomplete type 'ns::Widget'", "err_incomplete_member_access"),
        (
            "redefinition of 'strlcpy' as different kind of symbol",
            "err_redefinition_different_kind",
        ),
    ],
)
def test_a_message_is_found_with_its_id(line: str, ident: str) -> None:
    found = clang_message([line])
    assert found is not None and found[0] == ident, found


def test_plain_words_are_no_clang_message() -> None:
    # fewer than three words besides the placeholders: any tool says these
    assert clang_message(["error: expected expression"]) is None
    assert clang_message(["the build failed, see above"]) is None


def test_a_bare_quote_is_possibly_the_native_builds_with_its_familys_remedy() -> None:
    f = found_by("error: no member named 'get_codec' in 'AVStream'\n")
    assert f.kind == "native" and not f.certain
    assert "no member named 'get_codec' in 'AVStream'" in f.fix
    assert "#include" not in f.fix and "header that declares it" in f.fix
    assert "err_no_member" in (f.meaning or "")


def test_a_quote_in_a_log_that_speaks_of_c_is_certain() -> None:
    log = (
        "Building CXX object CMakeFiles/entry.dir/napi_init.cpp.o\n"
        "error: incomplete definition of type 'struct stat64'\n"
    )
    f = found_by(log)
    assert f.kind == "native" and f.certain
    assert "forward-declared" in f.fix


def test_a_placed_error_gets_its_familys_remedy() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@BuildNativeWithNinja...\n"
        "/p/entry/src/main/cpp/compat.c:40:10: error: static_cast from 'pthread_t' (aka "
        "'unsigned long') to 'int' is not allowed\n"
        "1 error generated.\n"
    )
    f = found_by(log)
    assert f.kind == "native"
    assert f.location is not None and f.location.endswith("compat.c:40:10")
    assert "gettid()" in f.fix and "__OHOS__" in f.fix
    assert clang_advice("use of undeclared identifier 'x'") is not None
    assert clang_advice("expected ';' after expression") is None


def test_a_long_log_that_never_speaks_of_c_is_not_looked_through() -> None:
    filler = "".join(f"step {i}: copying assets to the output folder\n" for i in range(200))
    log = f"{filler}error: use of undeclared identifier 'x'\n"
    f = diagnose(log)
    assert f is None or f.kind != "native" or "clang" not in (f.meaning or "")


def test_typescripts_message_is_still_typescripts() -> None:
    f = found_by("Property 'x' does not exist on type 'Y'.\n")
    assert f.kind == "arkts-source"

"""An ArkTS runtime error quoted alone (the error line, maybe a hilog line's columns or an app
frame after it) is read as "possibly" a JS crash with the crash reader's own cause for it
(:func:`hmdesk.core.toolchain.fault_text._bare_js_finding`), while Node's error of the same
words in a build tool's output stays the tool's.

Samples: the JS crash guide (openharmony/docs zh-cn/application-dev/dfx/jscrash-guidelines.md:
``Error message:Cannot read property c of undefined``), the JS Crash FAQ's error types
(harmonyos-faqs faq-stability-13: ReferenceError, TypeError, RangeError), the ArkUI-X docs'
white-screen FAQ (its 问题二 ``ArkCompiler: [default] Pending exception before ExecutePendingJob
called, in line:3518, exception details as follows:``, its 问题五 ``ArkCompiler: [default]
ReferenceError: xxx is not defined``; search tool read_file id 1365238906), and a public
hilog's ``C03f00/ArkCompiler: [ecmascript] Pending exception …`` line (search tool id
38642031777)."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose


@pytest.mark.parametrize(
    ("line", "cause"),
    [
        ("RangeError: Maximum call stack size exceeded", "recursion"),
        ("RangeError: Stack overflow!", "recursion"),
        (
            "08-07 03:53:35.314 1719-1738 A03d00/JSAPP E  RangeError: Maximum call stack size "
            "exceeded",
            "recursion",
        ),
        ("ArkCompiler: [default] ReferenceError: xxx is not defined", "global name"),
        ("ReferenceError: TextEncoder is not defined", "global name"),
        ("TypeError: this.controller.show is not a function", "called as a function"),
        ("SyntaxError: Unexpected token o in JSON at position 1", "JSON"),
        (
            "08-14 10:38:17.485 25500 25500 E ArkCompiler: [default] Pending exception before "
            "ExecutePendingJob called, in line:3518, exception details as follows:",
            "not caught",
        ),
        (
            "01-25 02:22:22.182  8960  8960 E C03f00/ArkCompiler: [ecmascript] Pending exception "
            "before ExecutePendingJob called, in line:5942, exception details as follows:",
            "not caught",
        ),
    ],
)
def test_a_runtime_error_line_alone_is_possibly_a_js_crash_with_its_cause(line: str, cause: str):
    found = diagnose(line)
    assert found is not None and found.kind == "crash", found
    assert not found.certain
    assert cause in found.meaning, found.meaning


def test_an_app_frame_after_the_line_names_the_location():
    found = diagnose(
        "ReferenceError: foo is not defined\n    at f (entry/src/main/ets/pages/Index.ets:12:3)\n"
    )
    assert found is not None and found.kind == "crash"
    assert found.location == "entry/src/main/ets/pages/Index.ets:12:3"


@pytest.mark.parametrize(
    "log",
    [
        # Node's own frames: a build script's error, read by the tool rows
        "ReferenceError: path is not defined\n"
        "    at Object.<anonymous> (/home/u/app/hvigorfile.js:3:1)\n"
        "    at Module._compile (node:internal/modules/cjs/loader:1105:14)\n",
        # a frame in node_modules
        "TypeError: opts.fn is not a function\n"
        "    at run (/home/u/app/node_modules/rollup/dist/rollup.js:12:3)\n",
        # a build tool's line before it, or its name on the line
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\nTypeError: a is not a function",
        "npm ERR! RangeError: Maximum call stack size exceeded",
        # prose around the error
        "I get ReferenceError: foo is not defined when I run the script, and then it exits",
    ],
)
def test_nodes_error_in_a_build_log_is_not_read_as_the_apps_crash(log: str):
    found = diagnose(log)
    assert found is None or found.kind != "crash", found

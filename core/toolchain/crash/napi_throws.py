"""A JS error the app's own native code threw through N-API.

A JS crash's Stacktrace may hold native frames (bpta-stability-app-crash-js-way, StackTrace 场景分类
item 4): the runtime's error constructor on top, then ``libace_napi.z.so(napi_throw_error+152)``,
then the frame that called it: when that frame is the app's own library (``libentry.so``, not the
system's), the app's native code raised the error, and that frame is where to look; an async
task's ``SubmitterStacktrace`` after it names the ArkTS call that queued the work. (A system
library under ``napi_throw_*`` is a system API rejecting the app's call: read elsewhere.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from hmdesk.core.toolchain.crash.explain import Explanation
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.location import is_system
from hmdesk.core.toolchain.crash.model import JS, Crash

# N-API's throwing functions (napi_throw, napi_throw_error/_type_error/_range_error, the
# business error of the OHOS extension)
_THROW = re.compile(r"\blibace_napi\.z\.so\((?P<fn>napi_throw\w*|napi_fatal_exception)\b")
_JS_FRAME = re.compile(r"^\W*(?:\d{1,4}\.\s*)?#?\d*\s*at \S+ \(([^()\s]+:\d+:\d+)\)", re.M)


def over(crash: Crash, explained: Explanation | None) -> Explanation | None:
    """``explained`` with the app's native thrower as the place and cause, when the stack shows
    one; else ``explained`` unchanged."""
    if crash.type != JS or "napi_throw" not in crash.raw:
        return explained
    own, submitter = crash.raw, ""
    cut = own.find("SubmitterStacktrace")
    if cut >= 0:
        own, submitter = own[:cut], own[cut:]
    m = _THROW.search(own)
    if m is None:
        return explained
    below = next(
        (f for f in (parse_frame(_line_text(ln)) for ln in own[m.end() :].splitlines()[1:4]) if f),
        None,
    )
    if below is None or is_system(below):
        return explained
    place = below.file
    pc = below.symbol.removeprefix("pc ") if below.symbol.startswith("pc ") else ""
    at = f"{place}" + (f" (pc {pc.lstrip('0') or '0'})" if pc else f" ({below.symbol})")
    js = _JS_FRAME.search(submitter)
    queued = (
        f" The task was queued from {js.group(1)} (the SubmitterStacktrace): that ArkTS call "
        "started the native work that threw."
        if js
        else ""
    )
    said = ": ".join(x for x in (crash.name, crash.message) if x)
    cause = (
        f"the app's native code threw this error to ArkTS itself: {at} called N-API's "
        f"{m.group('fn')} (“{said[:120]}”)"
    )
    fix = (
        f"Look at the native function in {place.rsplit('/', 1)[-1]} that calls {m.group('fn')} "
        "(symbolise the frame's pc with llvm-addr2line or DevEco Studio's stack analysis): the "
        "condition it throws on is the cause; handle it there, or catch the error where ArkTS "
        f"calls the native function (try/catch, or the promise's catch).{queued}"
    )
    if explained is None:
        return Explanation(cause, fix, True, place, None)
    return replace(explained, cause=cause, fix=fix, certain=True, location=place)


def _line_text(line: str) -> str:
    """A stack line without a page's line number and its ``<-`` note."""
    return re.sub(r"^\s*\d{1,4}\.\s+", "", line).split("<-", 1)[0].strip()

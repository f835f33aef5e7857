"""Stack frames: one printed frame line into a :class:`~.model.Frame`, never raising.

The forms the device prints (fault logs and the ``AppKit`` crash lines):

* JS, source-mapped: ``at onPageShow entry (entry/src/main/ets/pages/Index.ets:7:13)``
  (symbol, then the package);
* JS, raw release stack: ``at anonymous (entry|entry|1.0.0|src/main/ets/pages/Index.ts:67:38)``
  (``<referencing module>|<owning module>|<version>|<path in the module>``, the path of the
  compiled ``.ts``);
* JS inside a native stack or a freeze's main-thread stack: ``#05 at wait15s (entry/…:16:10)``;
* any of these with words pasted after the frame (``…:747:1)（Mate 60）。``, a page's ``<- note``);
* native: ``#00 pc 00008d22 /system/bin/crasher_cpp(TestNull()+22)(<build id>)``, or with the
  build id only: ``#07 pc 00000000000020fc /data/storage/el1/bundle/libs/arm64/libentry.so(…)``;
* native, symbolised by hand: ``#04 ConnectTcp   http_client.cpp:190``, ``← f (x.c:61, …)``.

Project frames: a JS file ``<module>/src/main/…`` is that file of the project; a raw release
file ``ref|owner|ver|src/main/ets/x.ts`` is the owning module's ``src/main/ets/x.ets`` (ArkTS
compiles ``.ets`` to ``.ts``). The line of a raw release frame is the compiled file's line: it
matches the ``.ets`` line only roughly (exact mapping needs the build's ``sourceMaps.map``, not
done). Native frames of the app's own libraries (``/data/storage/…/libs/…``) have no source
line without ``llvm-addr2line`` on the unstripped library.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.model import Frame

_JS = re.compile(
    r"^\s*(?:#\s?\d+\s+)?at\s+(?P<sym>[^()]*?)\s*\((?P<file>[^()]*?)(?::(?P<line>\d+))?(?::(?P<col>\d+))?\)[^()]*$"
)
# a frame quoted without its closing parenthesis, ending the sentence: ``…/FieldType.ts:6:1.``
# (or with a Chinese page's full stop ``。``, comma ``，`` or semicolon ``；``)
_JS_OPEN = re.compile(
    r"^\s*(?:#\s?\d+\s+)?at\s+(?P<sym>[^()]*?)\s*\((?P<file>[^()]*?):(?P<line>\d+):(?P<col>\d+)"
    r"[.,;。，；\s]*$"
)
_JS_BARE = re.compile(r"^\s*(?:#\s?\d+\s+)?at\s+(?P<sym>\S+)\s*$")
# a Cangjie frame: the function with its parameter list, then ``(file:line)`` right after it:
# ``at ohos_app_cangjie_entry.foo()(entry\\src\\main\\cangjie/index.cj:22)``, a generic's
# ``HashMap<...>::[](T0)(std/collection/hash_map.cj:835)``, a runtime frame without a file ``(:0)``
_CJ = re.compile(r"^\s*at\s+(?P<sym>\S.*?\))\((?P<file>[^()]*?\.cj|):(?P<line>\d+)\)\s*$")
# a native frame; its function may nest parentheses two deep (a parameter of a function type:
# ``Heap::AllocateExternalBackingStore(std::__h::function<void* (unsigned long)> const&, …)``);
# an absolute path may hold spaces up to its ``(`` (``/data/kernel test/fpac10(main+84)``)
_NATIVE = re.compile(
    r"^\s*#\s?\d+\s+pc\s+(?:0x)?(?P<pc>[0-9a-fA-F]+)(?:\([0-9a-fA-F]+\))?(?:\s+|(?=/))(?P<map>/[^()\n]*?[^()\s](?=\()|[^(\s]+)(?:\((?P<a>(?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\))?(?:\((?P<b>[^()]*)\))?"
)
_FUNC_OFF = re.compile(r"^(?P<func>.*)\+(?P<off>\d+)$")
# a native stack symbolised by hand, no pc: ``#04 ConnectTcp   http_client.cpp:190``, a note's
# ``← hook_table (arm_ext_executor.c:6180, case 38)``
_SYMBOLISED = re.compile(
    r"^\s*(?:#\s?\d+|←)\s+(?P<sym>[A-Za-z_][\w:~]*)\s*(?:\(\s*|\s+)"
    r"(?P<file>[\w./-]+\.(?:c|cc|cpp|cxx|h|hpp)):(?P<line>\d+)\b"
)

# a native frame symbolised by hand, with the symbol's offset and no pc or source line:
# ``#03 libfoo.so(Database::Database()+352)``, ``#03 Config::create()+1884`` (a C++ function,
# with its parameter list), ``#00 gl3stubInit+36`` (a C function's bare name: the ``+offset``
# says it is a symbol)
_HAND = re.compile(
    r"^\s*#\s?\d+\s+(?:(?P<lib>[\w.+-]+\.so)\()?"
    r"(?P<sym>[A-Za-z_~][\w:~<>]*(?:\([^()]*\)(?:\s*const)?)?)\+\d+\)?(?:\s|$)"
)

# a native frame as a note summarises it, without pc: ``#00 /system/lib/platformsdk/
# libark_jsruntime.so(panda::JSValueRef::IsFunction)``, ``#02 /data/storage/el1/bundle/libs/arm/
# libentry.so`` (an absolute path, its function in parentheses or none)
SUMMARISED = re.compile(
    r"^\s*#\s?\d+\s+(?P<map>/[^()\s]+)(?:\((?P<a>(?:[^()]|\([^()]*\))*)\))?\s*$"
)

FRAME_START = ("at ", "#")


# a sanitizer's frame (ASan/HWASan/UBSan/TSan reports): ``#0 0x7c7e718f50 in f(int)
# /src/x.cpp:12:5`` symbolised, ``#0 0x7c7e718f50  (/data/…/libentry.so+0x58f50) (BuildId: …)``
# not
_SANITIZER_FRAME = re.compile(
    r"^\s*#\d{1,3}\s+0x[0-9a-fA-F]+\s+(?:in\s+(?P<sym>\S.*?)\s+(?P<file>[^\s()]+?)"
    r"(?::(?P<line>\d+))?(?::(?P<col>\d+))?\s*$|\((?P<map>[^()\s]+?)\+0x(?P<off>[0-9a-fA-F]+)\))"
)


def looks_like_frame(text: str) -> bool:
    s = text.lstrip()
    # ``#05``, or ``# 05`` as some documentation pages print it
    return (
        s.startswith("at ")
        or (s.startswith("#") and s[1:3].strip().isdigit())
        or (s.startswith("← ") and _SYMBOLISED.match(s) is not None)
    )


def source_of(file: str) -> str | None:
    """The project-relative source file of a JS frame's file, or None (not project code)."""
    if not file:
        return None
    f = file.replace("\\", "/")
    if "|" in f:
        parts = f.split("|")
        if len(parts) < 4:
            return None
        owner, path = parts[1].strip(), parts[-1].strip()
        if not owner or not path.startswith("src/"):
            return None
        if path.endswith((".ts", ".js")) and "/ets/" in f"/{path}":
            path = path[:-3] + ".ets"
        return f"{owner}/{path}"
    if f.startswith("/") or "/src/main/" not in f:
        return None
    if f.startswith(("oh_modules/", "node_modules/")):
        return None
    return f


def parse_frame(text: str) -> Frame | None:
    """One frame line → Frame; None when the line is not a frame."""
    m = _JS.match(text) or _JS_OPEN.match(text)
    if m is not None:
        words = m.group("sym").split()
        symbol = words[0] if words else "anonymous"
        file = m.group("file").strip()
        return Frame(
            symbol=symbol,
            file=file,
            line=int(m.group("line") or 0),
            column=int(m.group("col") or 0),
            source=source_of(file),
            raw=text.strip(),
        )
    m = _CJ.match(text)
    if m is not None:
        file = m.group("file")
        return Frame(
            symbol=m.group("sym").split("(", 1)[0] or "anonymous",
            file=file,
            line=int(m.group("line")),
            source=source_of(file),
            raw=text.strip(),
        )
    m = _NATIVE.match(text)
    if m is not None:
        a = m.group("a") or ""
        fo = _FUNC_OFF.match(a)
        symbol = fo.group("func") if fo else ""
        return Frame(symbol=symbol or f"pc {m.group('pc')}", file=m.group("map"), raw=text.strip())
    m = _SYMBOLISED.match(text)
    if m is not None:
        return Frame(
            symbol=m.group("sym"),
            file=m.group("file"),
            line=int(m.group("line")),
            raw=text.strip(),
        )
    m = _SANITIZER_FRAME.match(text)
    if m is not None:
        if m.group("map"):
            return Frame(symbol=f"pc {m.group('off')}", file=m.group("map"), raw=text.strip())
        return Frame(
            symbol=m.group("sym"),
            file=m.group("file"),
            line=int(m.group("line") or 0),
            column=int(m.group("col") or 0),
            raw=text.strip(),
        )
    m = SUMMARISED.match(text)
    if m is not None:
        fo = _FUNC_OFF.match(m.group("a") or "")
        symbol = fo.group("func") if fo else (m.group("a") or "")
        return Frame(symbol=symbol, file=m.group("map"), raw=text.strip())
    m = _HAND.match(text)
    if m is not None:
        return Frame(symbol=m.group("sym"), file=m.group("lib") or "", raw=text.strip())
    m = _JS_BARE.match(text)
    if m is not None:
        return Frame(symbol=m.group("sym"), file="", raw=text.strip())
    return None

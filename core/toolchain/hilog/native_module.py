"""A native module the runtime did not load, when the log leaves out the loader's reason.

The runtime's native module manager (NMM) logs ``load module default/x failed`` (its ``key:…
First: failed <reason> Second: …`` line holds the loader's reason when there is one) and
ArkCompiler ``export objects of native so is undefined, so name is …`` or (ets_runtime's module
resolution, a native module's exports not an object) ``Load native module failed, so is …``: what the app imported
from the .so is undefined, and its first use throws (``Cannot read property … of undefined``).
When the musl loader's own line is in the log, :func:`.says.native_load` reads it; without it
this reading names the module and the documented causes (the Node-API FAQ's module-loading
section, faqs-native), "possibly".
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.hilog.says import Said

_NMM = re.compile(r"load module (?P<name>[\w./@&:+-]+) failed")
_ARK = re.compile(
    r"export objects of native so is undefined(?:, so name is (?P<name>\S+))?"
    r"|Load native module failed, so is (?P<so>\S+)"
)
# the loader's own reason, which the rows reading it explain better
_REASON = (
    "MUSL-LDSO",
    "Error relocating",
    "Error loading shared library",
    "dlopen failed",
    "symbol not found",
    "relocating failed",
)


def native_module(text: str) -> Said | None:
    """The native module NMM or ArkCompiler says did not load."""
    if (
        "load module" not in text
        and "export objects of native so" not in text
        and "native module failed" not in text
    ):
        return None
    m = _NMM.search(text) or _ARK.search(text)
    if m is None or any(r in text for r in _REASON):
        return None
    name = (m["name"] or m.groupdict().get("so") or "").strip(".")
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    line = text[start : end if end >= 0 else len(text)].strip()
    what = f"the native module {name}" if name else "a native module"
    return _said(what, line)


def _said(what: str, line: str) -> Said:
    return Said(
        "native",
        f"the runtime did not load {what}, so what the app imports from it is undefined (its "
        "first use throws Cannot read property … of undefined)",
        "The loader's reason is the MUSL-LDSO line just before this one (hilog without a tag "
        "filter): a library the .so needs missing from the HAP (libc++_shared.so and other "
        "NDK or third-party libraries must be packed in libs/<abi>), a symbol no library "
        "defines, an initial-exec TLS variable musl refuses. Without one: the .so is not in "
        "the HAP for the device's ABI (abiFilters in the module's build-profile.json5, "
        "arm64-v8a for a device), the import's name differs from the library's (the "
        "import, oh-package.json5's dependency and nm_modname must agree), or the app's "
        "bytecode is newer than the device's runtime (compatibleSdkVersion above the device's "
        "API level).",
        line,
        certain=False,
        terms=("export objects of native so", "MUSL-LDSO", "abiFilters", "libs"),
    )

"""What a JS crash's frames say when no signature of :data:`.explain.CAUSES` names it: an
error thrown by a system API's own code, right above the app's call.

A plain ``Error`` (no API error code) whose top frame is the system's framework code (a
``…/frameworks/js/…/x.js`` file, a system path) and whose next frames reach the app's own code
was thrown by that API: it refused the call the app made. The frame names the function
(``startAbility``), its file the class it belongs to (a framework's JS file is named after its
class in snake case: ``insight_intent_context.js`` is ``InsightIntentContext``), and the SDK's
declarations (:mod:`..sdk_members`) which module declares it.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.location import is_system
from hmdesk.core.toolchain.crash.model import Crash, Reading
from hmdesk.core.toolchain.sdk_members import owners

_JS_FILE = re.compile(r"(?:js(?=[A-Z]))?(?P<name>[A-Za-z][A-Za-z0-9_]*?)(?:_ohos)?\.(?:js|ts)")


def _class_of(file: str) -> str:
    """``insight_intent_context.js`` → ``InsightIntentContext``; a bridge's camel-case file
    keeps its class (``jsUIContext_ohos.js`` → ``UIContext``)."""
    m = _JS_FILE.fullmatch(file.rsplit("/", 1)[-1])
    if m is None:
        return ""
    name = m.group("name")
    if any(c.isupper() for c in name):
        return name[0].upper() + name[1:]
    return "".join(p.capitalize() for p in name.split("_"))


def thrown_by_system_api(crash: Crash) -> Reading | None:
    """The system API whose own frame threw the error, called by the app's frame below it."""
    js = [f for f in crash.frames[:8] if f.line]
    if len(js) < 2 or not is_system(js[0]) or not js[0].symbol or js[0].symbol == "anonymous":
        return None
    caller = next((f for f in js[1:] if f.is_project), None)
    if caller is None:
        return None
    name = js[0].symbol.rsplit(".", 1)[-1]
    klass = _class_of(js[0].file)
    declared = owners(name)
    owner = next((o for o in declared if o.owner.rsplit(".", 1)[-1] == klass), None)
    api = f"{owner.owner}.{name} ({owner.module})" if owner else f"{klass or 'the system'}.{name}"
    said = " ".join(crash.message.split())[:160] or crash.name
    short = f"{owner.owner}.{name}" if owner else api
    return Reading(
        f"the system API {api} threw “{said}”: it refused the call the app made at "
        f"{caller.location}",
        f"Read the documentation of {short} for when it throws this (the object or context it "
        f"is called on, the mode or device it supports, its parameters) and change the call at "
        f"{caller.location}; catch the error there (try/catch) so the app handles it.",
    )


_OVERFLOW = re.compile(r"Stack overflow|Maximum call stack", re.I)


def recursion_note(crash: Crash) -> str:
    """A JS stack overflow's fix sentence naming the frames that repeat down the stack (the
    recursion's cycle: one function, or two calling each other), or ''."""
    if not _OVERFLOW.search(crash.message or ""):
        return ""
    places = [f"{f.symbol} ({f.location})" for f in crash.frames[:40] if f.line]
    cycle = [p for i, p in enumerate(places) if places.count(p) >= 2 and p not in places[:i]]
    if not cycle:
        return ""
    return f" The frames that repeat (the recursion's cycle): {' → '.join(cycle[:3])}."

"""HiAppEvent's event as the ArkTS watcher guides log it, one JSON a line, read as the C guides'
watcher logs it, one param a line.

The guides' watchers print the same event two ways: the ArkTS ones ``HiAppEvent eventInfo=
{"domain":"OS","name":"APP_CRASH","params":{"crash_type":"JsError","exception":{…}}}``, the C
ones ``HiAppEvent eventInfo.name=APP_CRASH`` then ``HiAppEvent eventInfo.params.exception=
{…}``, a line each. The fault log's reader (:mod:`.crash.faultlog`) and the event rows read the
second; :func:`as_params` writes the lines of the second under the first (which is kept), so one
reading serves both.
"""

from __future__ import annotations

import json
import re

from hmdesk.core.bounded import loads_json

# ``… HiAppEvent eventInfo={…}`` or ``HiAppEvent eventInfo: {…}`` (the JSON to the line's end)
_EVENT = re.compile(
    r"^(?P<lead>[^\n]*?\bHiAppEvent\b[^\n{]*?)eventInfo\s*[=:]\s*(?P<json>\{[^\n]*\})\s*$", re.M
)
_TOP = ("domain", "name", "eventType")


def _value(v: object) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def _params(m: re.Match[str]) -> str:
    try:
        event = loads_json(m["json"], "a HiAppEvent event")
    except ValueError:  # not JSON, too deep (InputError)
        return m.group(0)
    if not isinstance(event, dict):
        return m.group(0)
    lead = m["lead"]
    lines = [m.group(0)]
    lines += [f"{lead}eventInfo.{k}={_value(event[k])}" for k in _TOP if k in event]
    params = event.get("params")
    if isinstance(params, dict):
        lines += [f"{lead}eventInfo.params.{k}={_value(v)}" for k, v in params.items()]
    return "\n".join(lines)


def as_params(text: str) -> str:
    """``text`` with each one-line JSON event followed by its params a line each; unchanged when
    it holds none."""
    if "HiAppEvent" not in text or "eventInfo" not in text:
        return text
    return _EVENT.sub(_params, text)

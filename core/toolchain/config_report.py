"""Where a configuration error points: the file to edit (hvigor's ``at …json5`` line, its
advice) and a schema report's field, message and allowed values."""

from __future__ import annotations

import re

from hmdesk.core.toolchain.build_codes import FIELD_HOMES

# hvigor names the configuration file an error is about on a line of its own:
# ``at E:\work\app\build-profile.json5`` (a signing or schema error)
_AT_CONFIG = re.compile(r"^\s*at\s+(\S[^\n]*?\.json5?(?::\d+(?::\d+)?)?)\s*$", re.M)


# hvigor's advice naming the file to edit: ``> Please check field: modules in file: X.json5.``
_SUGGESTED_FILE = re.compile(
    r"check field:[^\n]*?\bin file:\s*'?([^\n']+?\.json5?)'?\.?[ \t]*$", re.M
)
_HAS_LINE = re.compile(r":\d+(?::\d+)?$")


def _file_to_edit(location: str | None, tail: str) -> str | None:
    """The location a finding reports: the file hvigor's advice names over a bare ``At file``
    path (``Path not found. At file: <the missing folder>`` then ``Please check field: modules
    in file: <build-profile.json5>``); a printed file:line stays."""
    suggested = _SUGGESTED_FILE.search(tail)
    if suggested is None or (location and _HAS_LINE.search(location)):
        return location
    return suggested.group(1)


# hvigor's schema report: ``instancePath: 'module.deviceTypes[1]'``, ``message: 'must be <= 65535'``,
# ``params: { allowedValues: [...] }``, ``location: 'D:/app/entry/src/main/module.json5:15:8'``
_SCHEMA_FIELD = re.compile(r"instancePath:\s*'([^']*)'")
# the message up to its own closing quote (a report pasted on one line holds several objects)
_SCHEMA_MESSAGE = re.compile(r"message:\s*(['\"])(.*?)\1\s*(?:[,}]|$)", re.M)
# (a Markdown copy escapes the bracket: ``allowedValues: \['a','b']``)
_SCHEMA_ALLOWED = re.compile(r"allowedValues:\s*\\?\[([^\]]*)\]")
_SCHEMA_LOCATION = re.compile(r"location:\s*'([^']+?:\d+:\d+)'")
# ``keyword: 'propertyNames', params: { propertyName: 'cangjieOptions' }``: a property the
# schema does not allow in that object
_SCHEMA_PROPERTY = re.compile(r"propertyName:\s*'([^']+)'")
_SCHEMA_MARK = re.compile(r"instancePath:|propertyName:|allowedValues:|location:\s*'")
# ``must have required property 'compatibleSdkVersion'``: a field missing from the object checked
_SCHEMA_REQUIRED = re.compile(r"must have required property\s*['\"](\w+)['\"]")


def _schema_detail(tail: str) -> tuple[str, str | None]:
    """What hvigor's schema report says (the field, the rule it breaks, the values allowed, a
    property the object does not allow and where that property belongs) as a sentence, and the
    file:line:col it prints."""
    field = _SCHEMA_FIELD.search(tail)
    message = _SCHEMA_MESSAGE.search(tail)
    allowed = _SCHEMA_ALLOWED.search(tail)
    place = _SCHEMA_LOCATION.search(tail)
    prop = _SCHEMA_PROPERTY.search(tail)
    parts = []
    if field:
        parts.append(f"The schema check says: {field.group(1)}")
        if message:
            parts.append(message.group(2))
    if allowed:
        parts.append(f"(allowed: {' '.join(allowed.group(1).split())})")
    detail = " ".join(parts) + ("." if parts else "")
    if prop:
        name = prop.group(1)
        home = FIELD_HOMES.get(name)
        where = f" there ({field.group(1)})" if field and field.group(1) else " there"
        detail += f" '{name}' is not allowed{where}: " + (
            f"move it to {home}."
            if home
            else f"remove '{name}' (this hvigor does not know it), or rename it to one of "
            "the allowed names."
        )
    required = _SCHEMA_REQUIRED.search(tail)
    if required and (home := FIELD_HOMES.get(required.group(1))):
        detail += (
            f" '{required.group(1)}' is required where the schema looked: it belongs in {home} "
            "(set there, not at the top level or in a module's file)."
        )
    return detail.strip(), place.group(1) if place else None


def _printed_config(tail: str) -> str | None:
    m = _AT_CONFIG.search(tail)
    return m.group(1) if m else None

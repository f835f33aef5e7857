"""The tools' JSON schemas and the descriptions a model reads (``tools/list``).

Each schema bounds what a client may send (:data:`ARGUMENTS_MAX` characters of arguments in all,
each string and list its own limit) and sets ``additionalProperties: false``, so a misspelt
argument is an error that names it rather than a value silently ignored.
"""

from __future__ import annotations

from typing import Any

ARGUMENTS_MAX = 1_200_000
"""Characters of one call's arguments as JSON (a pasted build log of a megabyte fits)."""
LOG_TEXT_MAX = 1_000_000

_LAYERS = ["episodic", "semantic", "procedural", "world"]
_TAGS = {
    "type": "array",
    "items": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": r"^\S+$",
        "description": "One word without spaces (use - or _).",
    },
    "maxItems": 20,
}
_SINCE = {
    "type": "string",
    "pattern": r"^[1-9][0-9]{0,5}[smhd]$",
    "description": "Only what the device printed within this long before now: 30s, 5m, 2h, 1d.",
}
_DEVICE = {
    "type": "string",
    "maxLength": 128,
    "description": "A device key from devices(); omit when exactly one device is connected.",
}


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": props,
        "required": required or [],
        "additionalProperties": False,
    }


TOOLS: dict[str, tuple[str, dict[str, Any]]] = {
    "recall": (
        "Search the HarmonyOS pitfalls and lessons this developer's hmdesk remembers, ranked the "
        "same way hmdesk shows them. Call it BEFORE you change build files, signing, "
        "permissions or ArkTS code you are unsure of, and whenever a build, install or launch "
        "fails: past fixes are here. Each result has id, content, tags, confidence (0-1), score "
        "and why (query terms matched and missed, the score's parts, code it is anchored to). "
        "Prefer high-confidence results; quote the id when you act on one, and report with "
        "feedback(id, helped) afterwards.",
        _obj(
            {
                "query": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "What you are about to do or the error you hit, in words or "
                    "an error code: 'hvigor signing 9568320', '签名 失败'.",
                },
                "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
                "tags": {**_TAGS, "description": "Only memories with any of these tags."},
                "layer": {"type": "string", "enum": _LAYERS},
                "environment": {"type": "string", "maxLength": 64},
                "project": {
                    "type": "string",
                    "maxLength": 4096,
                    "description": "The project root: anchors into its code are shown.",
                },
                "profile": {
                    "type": "string",
                    "enum": ["default", "hmharness", "hybrid"],
                    "default": "default",
                },
            },
            ["query"],
        ),
    ),
    "remember": (
        "Propose a lesson for hmdesk to remember: a pitfall you hit and how it was fixed, "
        "written so it helps next time (what failed, the error code or message, the fix). It is "
        "NOT stored yet: a person reviews each proposal and accepts, edits or rejects it; you get "
        "a proposal id. Propose only what you verified (the fix worked), once; if the result "
        "says it nearly repeats a memory, do not propose it again.",
        _obj(
            {
                "content": {"type": "string", "minLength": 1, "maxLength": 20000},
                "tags": {**_TAGS, "description": "e.g. ['signing', 'hvigor', '9568320']"},
                "layer": {
                    "type": "string",
                    "enum": _LAYERS,
                    "default": "semantic",
                    "description": "semantic: a lesson that holds; episodic: one thing that "
                    "happened; procedural: how to do something; world: a fact.",
                },
                "confidence": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.5},
                "evidence": {
                    "type": "string",
                    "maxLength": 4000,
                    "description": "The log lines or the change that show it.",
                },
                "project": {"type": "string", "maxLength": 4096},
                "file": {"type": "string", "maxLength": 4096},
                "line": {"type": "integer", "minimum": 1},
            },
            ["content"],
        ),
    ),
    "feedback": (
        "Tell hmdesk whether a recalled memory helped (helped=true) or did not (false), with an "
        "optional note. It goes into the memory's history; memories that keep helping rise.",
        _obj(
            {
                "id": {"type": "string", "minLength": 1, "maxLength": 200},
                "helped": {"type": "boolean"},
                "note": {"type": "string", "maxLength": 500},
            },
            ["id", "helped"],
        ),
    ),
    "diagnose": (
        "Diagnose a HarmonyOS build, install or launch log (hvigor, hdc, bm, aa output): returns "
        "the known failure (kind, error code and meaning, the evidence line, the fix, the file "
        "location) and the pitfalls hmdesk recalls for it. Paste the log's tail.",
        _obj(
            {"log_text": {"type": "string", "minLength": 1, "maxLength": LOG_TEXT_MAX}},
            ["log_text"],
        ),
    ),
    "devices": (
        "List the HarmonyOS devices and emulators hdc sees: key, connection, state, whether it "
        "is usable and what to do when it is not (unauthorised, offline).",
        _obj({}),
    ),
    "build_and_run": (
        "Build the project with hvigorw, install the HAP on a device, stop and launch the app, "
        "as hmdesk's Build & Run does; progress is reported per step. Returns the run id, each "
        "step's verdict, and for a failure the diagnosis and the pitfalls recalled for it. Only "
        "works when the user turned it on and on projects under folders they allowed.",
        _obj(
            {
                "project": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 4096,
                    "description": "The project root (absolute path).",
                },
                "device": _DEVICE,
                "product": {"type": "string", "maxLength": 128},
                "mode": {"type": "string", "maxLength": 64, "description": "debug or release"},
                "module": {"type": "string", "maxLength": 128},
            },
            ["project"],
        ),
    ),
    "logs": (
        "Read the device's recent hilog lines matching a query (hmdesk's filter language: "
        "words, tag:X, level:E, pid:N, message:'text', -excluded). Newest last.",
        _obj(
            {
                "query": {"type": "string", "maxLength": 2000},
                "since": _SINCE,
                "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 200},
                "device": _DEVICE,
            }
        ),
    ),
    "crashes": (
        "The app crashes and freezes (JS crash, native crash, app freeze) in the device's "
        "recent hilog: type, bundle, error name and message, stack frames.",
        _obj(
            {
                "since": _SINCE,
                "bundle": {"type": "string", "maxLength": 256},
                "device": _DEVICE,
            }
        ),
    ),
    "screenshot": (
        "Take a screenshot of the device's screen (what the app shows now). Returns the path "
        "of the image on this computer, its width and height and how it was taken. Read-only: "
        "nothing on the device changes.",
        _obj({"device": _DEVICE}),
    ),
    "layout": (
        "The component tree on the device's screen (uitest dumpLayout): each component's type, "
        "text, id, key, bounds [left, top, right, bottom] and clickable state. With project "
        "(an allowed project folder), each component names the file:line that made it (by id, "
        "key, text literal, struct or page) and the memory ids anchored there. Read-only.",
        _obj(
            {
                "device": _DEVICE,
                "project": {"type": "string", "maxLength": 4096},
                "limit": {"type": "integer", "minimum": 1, "maximum": 5000, "default": 500},
            }
        ),
    ),
    "list_files": (
        "List a folder of the app's files on the device: its sandbox "
        "(/data/app/el2/100/base/BUNDLE, .../database/BUNDLE), /data/log/faultlog, "
        "/data/log/hilog. Without path: the places to look for bundle. Read-only.",
        _obj(
            {
                "device": _DEVICE,
                "path": {"type": "string", "maxLength": 1024},
                "bundle": {"type": "string", "maxLength": 128},
                "limit": {"type": "integer", "minimum": 1, "maximum": 5000, "default": 500},
            }
        ),
    ),
    "app_stats": (
        "Memory (PSS, kB) and CPU (%) of the app's process now (hidumper), or that it is not "
        "running. Read-only.",
        _obj({"bundle": {"type": "string", "maxLength": 128}, "device": _DEVICE}, ["bundle"]),
    ),
}

INSTRUCTIONS = (
    "hmdesk remembers HarmonyOS pitfalls this developer and their agents met. recall before "
    "risky changes and after any failure; diagnose failing logs; remember verified lessons (a "
    "person reviews them); feedback on what helped. Read memory://ID for one memory's history."
)

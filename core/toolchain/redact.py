"""Secrets out of tool output: signing passwords and tokens are masked before storing or showing.

hvigor, the sign tool and hdc may echo what they were given: ``-keyPwd 123456``,
``-keystorePwd …``, ``storePassword: "…"``, ``token=…``, ``Authorization: Bearer …``. The pipeline
passes every output line through :func:`redact` before it goes to the run log, the live view and
the doctor; the doctor masks its evidence and error block again (its input may come from a file).

:func:`redact` masks

* the value after a signing flag: ``-keyPwd``, ``-keystorePwd``, ``-storePwd``, ``-keyPassword``,
  ``-storePassword`` (``-flag value``, ``-flag=value``, ``--flag value``);
* the value of a password key: ``storePassword``, ``keyPassword``, ``password``, ``passwd``,
  ``pwd`` followed by ``=`` or ``:`` (JSON / JSON5 / properties / URL query forms; quoted or not);
* the value of a token key followed by ``=`` (``token=``, ``access_token=``, ``authToken=``) or a
  quoted JSON key (``"token": "…"``) — ``Unexpected token: '}'`` in a compiler error is left alone;
* the credentials of an ``Authorization:`` header (the scheme, e.g. ``Bearer``, is kept);
* every literal ``extra_secrets`` value (of at least :data:`MIN_SECRET_LEN` characters), such as
  the signing material of the project's ``build-profile.json5`` (:func:`project_secrets`).

The key stays, only the value becomes :data:`MASK`, so a log still says *which* option was passed.
Pure functions: no I/O except :func:`project_secrets`, which never raises.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import read_input
from hmdesk.core.toolchain.prefilter import fold

__all__ = [
    "MASK",
    "MIN_SECRET_LEN",
    "project_secrets",
    "redact",
    "redact_optional",
    "secrets_in_build_profile",
]

MASK = "******"
# a shorter literal would mask ordinary text ("1", "ab") everywhere in a log
MIN_SECRET_LEN = 4
_MAX_PROFILE_BYTES = 1 << 20

# the cheap pre-check: a line without any of these (lower-cased) cannot hold a known secret
_HINTS = ("pwd", "pass", "token", "authorization")

_VALUE = r"""(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^\s"',;&}\]\)]+)"""

_FLAG_RE = re.compile(
    r"(?<![\w-])(--?(?:keyPwd|keystorePwd|storePwd|keyPassword|storePassword|keystorePassword)"
    r"(?:\s*=\s*|\s+))" + f"({_VALUE})",
    re.IGNORECASE,
)
# storePassword: "x" / "keyPassword": 'x' / password=x / passwd: x / pwd=x (not -keyPwd: above)
_PASSWORD_RE = re.compile(
    r"""((?<![\w-])["']?[\w.]*(?:password|passwd|pwd)["']?[ \t]*[:=][ \t]*)""" + f"({_VALUE})",
    re.IGNORECASE,
)
# token=x, access_token=x, authToken=x ; "token": "x" (a quoted key only: not "Unexpected token:")
_TOKEN_RE = re.compile(
    r"""((?<![\w-])[\w.]*token[ \t]*=[ \t]*|["'][\w.]*token["'][ \t]*:[ \t]*)""" + f"({_VALUE})",
    re.IGNORECASE,
)
# Authorization: Bearer x / Authorization: x / "Authorization": "Bearer x"
_AUTH_RE = re.compile(
    r"""(authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:Bearer|Basic|Token|Digest|Negotiate)[ \t]+)?)"""
    r"""([^\s"']+(?:[ \t]*,[ \t]*[^\s"']+)*)""",
    re.IGNORECASE,
)


def _mask_value(m: re.Match[str]) -> str:
    value = m.group(2)
    if value[:1] in "\"'" and len(value) >= 2 and value[-1] == value[0]:
        return f"{m.group(1)}{value[0]}{MASK}{value[0]}"
    if value == MASK:
        return m.group(0)
    return f"{m.group(1)}{MASK}"


def redact(text: str, extra_secrets: Iterable[str] = ()) -> str:
    """``text`` with secret values replaced by :data:`MASK` (see the module doc). Never raises."""
    if not text:
        return text
    try:
        out = text
        # a tuple is taken as given (project_secrets sorts longest first); else sorted here
        secrets = (
            extra_secrets if isinstance(extra_secrets, tuple) else _longest_first(extra_secrets)
        )
        for secret in secrets:
            if isinstance(secret, str) and len(secret) >= MIN_SECRET_LEN and secret in out:
                out = out.replace(secret, MASK)
        low = out.lower()
        if not any(h in low for h in _HINTS):
            return out
        if "pwd" in low or "pass" in low:
            out = _FLAG_RE.sub(_mask_value, out)
            out = _in_lines(_PASSWORD_RE, _mask_value, out, ("pwd", "pass"))
        if "token" in low:
            out = _in_lines(_TOKEN_RE, _mask_value, out, ("token",))
        if "authorization" in low:
            out = _in_lines(_AUTH_RE, lambda m: f"{m.group(1)}{MASK}", out, ("authorization",))
        return out
    except Exception:  # noqa: BLE001 - redaction must never lose the line; mask it whole instead
        return MASK


def _in_lines(
    rx: re.Pattern[str], repl: Callable[[re.Match[str]], str], text: str, hints: tuple[str, ...]
) -> str:
    """``rx.sub(repl, text)`` for a pattern whose every match lies within one line and holds one
    of ``hints`` (case-insensitively): only the lines holding a hint are matched (a long log that
    says "Unexpected token" once is not matched at each of its positions)."""
    folded = fold(text).text
    if len(folded) != len(text):  # a letter that lower-cases to two: no positions to share
        return rx.sub(repl, text)
    spans: list[tuple[int, int]] = []
    for hint in hints:
        at = folded.find(hint)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            spans.append((start, end))
            at = folded.find(hint, end)
    if not spans:
        return text
    out: list[str] = []
    last = 0
    for start, end in sorted(set(spans)):
        if start < last:
            continue  # the same line, found by another hint
        out += (text[last:start], rx.sub(repl, text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


def _longest_first(secrets: Iterable[str]) -> tuple[str, ...]:
    # longest first (a secret that contains another is masked whole); ties in text order, so
    # the result does not depend on string hashing
    return tuple(sorted({x for x in secrets if isinstance(x, str)}, key=lambda s: (-len(s), s)))


def redact_optional(text: str | None, extra_secrets: Iterable[str] = ()) -> str | None:
    """:func:`redact` for an optional field."""
    return None if text is None else redact(text, extra_secrets)


def _walk_material(data: Any) -> list[str]:
    found: list[str] = []
    app = data.get("app") if isinstance(data, dict) else None
    configs = app.get("signingConfigs") if isinstance(app, dict) else None
    if not isinstance(configs, list):
        return found
    for sc in configs:
        mat = sc.get("material") if isinstance(sc, dict) else None
        if not isinstance(mat, dict):
            continue
        for key in ("storePassword", "keyPassword"):
            value = mat.get(key)
            if isinstance(value, str) and value:
                found.append(value)
    return found


def secrets_in_build_profile(text: str) -> tuple[str, ...]:
    """The ``signingConfigs[*].material`` ``storePassword`` / ``keyPassword`` values of a
    ``build-profile.json5`` text (JSON5). Never raises: () when it does not parse."""
    try:
        import json5  # a dependency of hmdesk; imported here to keep redact() import-light

        data = json5.loads(text)
    except Exception:  # noqa: BLE001 - any parse failure means no known secrets
        return ()
    return _longest_first(_walk_material(data))


_CACHE: dict[tuple[str, int, int], tuple[str, ...]] = {}


def project_secrets(project_dir: str | os.PathLike[str] | None) -> tuple[str, ...]:
    """The signing secrets of the project at ``project_dir`` (its root ``build-profile.json5``).

    Only a regular file is read, at most 1 MiB; anything else (no file, a FIFO, a device, bad
    JSON5) gives (). Cached by path, size and mtime.
    """
    if project_dir is None:
        return ()
    try:
        path = Path(project_dir).expanduser() / "build-profile.json5"
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _MAX_PROFILE_BYTES:
            return ()
        key = (str(path), st.st_size, st.st_mtime_ns)
        cached = _CACHE.get(key)
        if cached is not None:
            return cached
        raw = read_input(path, limit=_MAX_PROFILE_BYTES, what="build-profile.json5")
        found = secrets_in_build_profile(raw.decode("utf-8", errors="replace"))
    except (OSError, ValueError):
        return ()
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = found
    return found

"""The advice a build tool prints after its error: ``Try the following:``, ``Solution(s):``,
``Suggestion:``, ``Possible solution:``, ``解决方法：``, ``建议：`` … Pure text in, data out."""

from __future__ import annotations

import re

ADVICE_HEAD = re.compile(
    r"^[ \t]*+(?:\d+\.[ \t]*+)?(?:[*>][ \t]*+)?(?:Try(?: the following)?|Solutions?|Suggestions?|Possible "
    r"(?:solutions?|fix(?:es)?)|How to fix|Hint|Fix|解决(?:方法|方案|办法|措施)?|建议|处理(?:步骤|方法))"
    r"[ \t]*+[:：][ \t]*+(?P<same>.*)$",
    re.M | re.I,
)
_NUMBERED = re.compile(r"^\d+\.\s+")
_ADVICE_STOP = re.compile(
    r"Run with --(?:stacktrace|debug)|^(?:>\s*)?(?:hvigor\s+)?(?:ERROR|WARN)\b|^ohpm ERROR|^Failed :"
)


def tool_advice(text: str, start: int = 0) -> str:
    """The advice a tool prints after ``start`` (``Try the following:``, ``Solution:``,
    ``Suggestion:``, ``解决方法：`` … and the lines under it, without hvigor's standing "Run with
    --stacktrace" lines), joined; '' when there is none."""
    m = ADVICE_HEAD.search(text, start)
    if m is None:
        return ""
    advice = [m.group("same").strip()] if m.group("same").strip() else []
    for ln in text[m.end() :].splitlines()[1:8]:
        line = _NUMBERED.sub("", ln.strip()).lstrip(">*").strip()
        if not line:
            if advice:
                break
            continue
        if _ADVICE_STOP.search(line):
            break
        advice.append(line)
    return " ".join(advice)[:300]

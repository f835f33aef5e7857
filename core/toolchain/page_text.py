"""A log as a documentation page or a rendered post shows it, read as the tool printed it.

Pages change what they quote in a few regular ways, whatever the log:

- a rendered post turns the quotes around code into typographic ones (``‘TableBar(…)‘ does not
  meet UI component syntax``): a pair of ‘ ’ around ASCII text is the tool's ``'…'``;
- the OpenHarmony guides annotate a sample log line by line (``Reason:stack-buffer-overflow <-
  触发原因``, ``Pid:62642 <- 进程号``): the ``<-`` note at a line's end is the page's, not the
  log's (a sanitizer's own ``<==`` marks stay);
- the API reference's "typical log" of a JS crash titles its keys (``Error Name:``, ``Error
  Message:``, ``Stack trace:``): they are the fault log's ``Error name:``, ``Error message:``
  and ``Stacktrace:``.
"""

from __future__ import annotations

import re

# a pair of typographic single quotes (either way round: pages mix them) around ASCII text
_CURLY = re.compile(r"[‘’]([\x20-\x26\x28-\x7e]{1,300}?)[‘’]")
# a page's note after ``<-`` at a line's end, in CJK words (the guides' annotations)
_NOTE = re.compile(r"[ \t]*<-(?![-=])[ \t]*[^\n]{0,40}?[\u4e00-\u9fff][^\n]{0,40}$", re.M)
# the API reference's titled keys, at a line's start
_TITLED = re.compile(r"^([ \t>]*)(Error Name|Error Message|Stack trace)[ \t]*:", re.M)
_KEYS = {"Error Name": "Error name", "Error Message": "Error message", "Stack trace": "Stacktrace"}


def as_printed(text: str) -> str:
    """``text`` with a page's changes undone (the module's list); unchanged when it has none."""
    if "‘" in text or "’" in text:
        text = _CURLY.sub(r"'\1'", text)
    if "<-" in text:
        text = _NOTE.sub("", text)
    if "Error Name" in text and len({m.group(2) for m in _TITLED.finditer(text)}) >= 2:
        text = _TITLED.sub(lambda m: f"{m.group(1)}{_KEYS[m.group(2)]}:", text)
    return text

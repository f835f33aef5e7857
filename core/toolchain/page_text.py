"""A log as a documentation page or a rendered post shows it, read as the tool printed it.

Pages change what they quote in a few regular ways, whatever the log:

- a rendered post turns the quotes around code into typographic ones (``‘TableBar(…)‘ does not
  meet UI component syntax``): a pair of ‘ ’ around ASCII text is the tool's ``'…'``;
- the OpenHarmony guides annotate a sample log line by line (``Reason:stack-buffer-overflow <-
  触发原因``, ``Pid:62642 <- 进程号``): the ``<-`` note at a line's end is the page's, not the
  log's (a sanitizer's own ``<==`` marks stay);
- a note wraps a long message at its width (``… can have only one root node,`` / ``which must
  be a container component.``): in a short quote, a sentence's line that ends with a comma and
  goes on with a lower-case word on the next line is one line.

A page's labels for a fault log's keys (titled or translated) are the fault log reader's
(:mod:`.crash.translated_keys`).
"""

from __future__ import annotations

import re

# a pair of typographic single quotes (either way round: pages mix them) around ASCII text
_CURLY = re.compile(r"[‘’]([\x20-\x26\x28-\x7e]{1,300}?)[‘’]")
# a page's note after ``<-`` at a line's end, in CJK words (the guides' annotations)
_NOTE = re.compile(r"[ \t]*<-(?![-=])[ \t]*[^\n]{0,40}?[\u4e00-\u9fff][^\n]{0,40}$", re.M)
# a prose line (words and spaces) cut after its comma, going on with a lower-case word
# (a note's quote, not a log: a log's lines are as its tool printed them)
_QUOTE_CHARS = 4000
_WRAPPED = re.compile(r",(?<=[A-Za-z'\"],)[ \t]*\r?\n(?=[a-z]+ [a-z])")


def as_printed(text: str) -> str:
    """``text`` with a page's changes undone (the module's list); unchanged when it has none."""
    if "‘" in text or "’" in text:
        text = _CURLY.sub(r"'\1'", text)
    if "<-" in text:
        text = _NOTE.sub("", text)
    if len(text) <= _QUOTE_CHARS and (",\n" in text or ",\r\n" in text):
        text = _WRAPPED.sub(", ", text)
    return text

"""A fault log's fields as a page prints them, read as the log's own keys.

The API reference's "typical log" of a JS crash titles its keys (``Error Name:``, ``Error
Message:``, ``Stack trace:``): the log's ``Error name:``, ``Error message:`` and ``Stacktrace:``,
read so when two of them are there.

A documentation or FAQ page in Chinese gives a crash's fields translated: ``错误消息：资源ID无效。``
then ``错误代码：9001001``. The fault log parser reads English keys (``Error message:``, ``Error
code:``); :func:`translate_keys` puts them back when the message label has a name, code, source
or stack field beside it, so a lone ``错误信息：`` in a note, or a build log's ``错误码：00303038``
(hvigor's eight-digit codes), is never taken for a crash.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.prefilter import Gated

# a Chinese page's fault log fields (``错误消息：资源ID无效。``, ``错误代码：9001001``): the log's
# ``Error message:`` and ``Error code:``, read so when the message has a name or code field beside
# it (a build log's ``错误码：00303038`` and a lone ``错误信息：`` are no crash)
_ZH_FIELD = re.compile(
    r"^([ \t]*)(错误名称|错误消息|错误信息|错误代码|错误码|错误堆栈)[ \t]*[：:][ \t]*", re.M
)
_ZH_FIELDS = {
    "错误名称": "Error name",
    "错误消息": "Error message",
    "错误信息": "Error message",
    "错误代码": "Error code",
    "错误码": "Error code",
    "错误堆栈": "Stacktrace",
}
_ZH_MESSAGE = Gated(r"^[ \t]*(?:错误消息|错误信息)[ \t]*[：:]", re.M)
_ZH_BESIDE = Gated(
    r"^[ \t]*(?:错误名称[ \t]*[：:]|错误(?:代码|码)[ \t]*[：:][ \t]*(?!00\d{6}\b)\d{3,8}\b"
    r"|错误堆栈[ \t]*[：:]|SourceCode[ \t]*[：:]|Stacktrace:)",
    re.M,
)


# the API reference's titled keys, at a line's start
_TITLED = re.compile(r"^([ \t>]*)(Error Name|Error Message|Stack trace)[ \t]*:", re.M)
_KEYS = {"Error Name": "Error name", "Error Message": "Error message", "Stack trace": "Stacktrace"}


def translate_keys(text: str) -> str:
    """``text`` with a page's titled or Chinese fault log field labels as the log's own keys."""
    if "Error Name" in text and len({m.group(2) for m in _TITLED.finditer(text)}) >= 2:
        text = _TITLED.sub(lambda m: f"{m.group(1)}{_KEYS[m.group(2)]}:", text)
    if "错误" not in text or not _ZH_MESSAGE.search(text) or not _ZH_BESIDE.search(text):
        return text
    return _ZH_FIELD.sub(lambda m: f"{m.group(1)}{_ZH_FIELDS[m.group(2)]}: ", text)

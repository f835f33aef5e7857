"""A hilog error line that carries a system API's documented error code: what the code means.

An app (or a system service) logs the ``BusinessError`` a call got: ``createAVPlayer fail,
code: 5400101, message: …``, ``readText failed:No such file or directory, error code:13900002``,
``ThrowError errCode:13900002``, ``BusinessError 3301100: …``, ``错误码：13900002``, or leads the
message with it (``5400102, Operate Not Permit: …``, an app's ``${err.code}, ${err.message}``).
Where such a line is a hilog line at ERROR or FATAL level, or says it failed, and its code is one
the API reference documents (:mod:`..api_error_codes`), the code's page says what it means and
how to handle it. A line quoted without hilog's columns counts when it carries the code's
documented message, or labels both the code and the message as a ``BusinessError`` prints them
(``error code: 2300056, message: …``). The HTTP client's own ``HttpClient CURLcode result N``,
the log keyword the network kit's page gives for each of its 2300xxx codes (libcurl's error N is
the code 2300000 + N), is read as that code.

Certain when the line carries the documented message, or the code means one thing in every
kit; a code several kits document, which the line does not tell apart, is said with all its
meanings, "possibly".

The kind is what the code's page is about (:func:`_kind`): the ability manager's start codes
(errorcode-ability.md, 16000001-16000099: the ability to start is not there, not visible, not
allowed) a launch that failed, the network kit's pages a network failure, the file management
kit's a file one, the access token's (and the universal 201 and 202) a permission one; any other
kit's code a logged error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

from hmdesk.core.toolchain import api_error_codes
from hmdesk.core.toolchain.api_code_cases import case_for
from hmdesk.core.toolchain.hilog.line import LOG
from hmdesk.core.toolchain.hilog.parse import parse_lines
from hmdesk.core.toolchain.hilog.pasted import level_tag_columns
from hmdesk.core.toolchain.hilog.says import Said

# ``code: N``, ``code = N``, ``errCode:N``, ``error code N``, the API samples' ``Code is N``, a
# JSON field's ``"code":N`` (its quotes curled too, as a page or a chat renders them) (the ``c``
# before ``ode`` checked apart: a pattern led by a literal is scanned for fast, ~0.1 ms a 72 kB
# head and tail), and ``BusinessError N``
_Q = "\\\\?[\"'“”‘’]"  # a quote, straight or curled (or escaped, as a JSON string in a string)
_CODE = re.compile(rf"ode{_Q}?\s*(?:[:：=]|is\b)?\s*{_Q}?(\d{{3,10}})(?![\d.])")
# (``Bus+iness``: the system's own messages spell it ``BussinessError 201: Permission denied.``)
_BUSINESS = re.compile(r"Bus+inessError\s*[:：=]?\s*(\d{3,10})(?![\d.])")
# a code the line says an operation failed with (``fetchResult fail with error: 13900012``,
# ``Get push token catch error: 1000900010 …``) or the error object printed with it
# (``[Error(1000900009), description()``)
# (led by a literal, ``rror``, so that a log is scanned for it fast; what stands before it is
# checked apart: :func:`_error_labelled`)
_ERROR_LABEL = re.compile(r"rror(?:[ \t]*[:：=][ \t]*|[ \t]+|\()(\d{6,10})(?![\d.])")
_FAILED_WITH = re.compile(r"(?:\bfail\w*(?:\s+with)?|\bcatch)\s+[eE]\Z")
# the Chinese labels: ``错误码：N``, ``错误代码 N``, ``错误码为N``
_CHINESE = re.compile(r"错误(?:码|代码)\s*[:：=为是]?\s*(\d{3,9})(?![\d.])")
# a kit's code leading what a line says (``5400102, Operate Not Permit: …``): checked against
# the parsed message's start
_LEADING = re.compile(r"(?<![\w.:/-])(\d{6,9})\s*[,，]\s*(?=\S)")
# a code and then, after a space, its own documented message or title (``13900002 No such file or
# directory``, ``201 Permission denied.``, a note's quote): read only when the words are that
# message
_QUOTE_CHARS = 4000
_CODE_MESSAGE = re.compile(r"(?<![\w.:/-])(\d{3,10})(?:[ \t]+|[ \t]*[-–:：][ \t]*)(?=[A-Za-z])")
# the message labelled after the code, as a BusinessError's fields print (JSON.stringify's
# ``{"code":"7400102","message":""}`` too); a camel-case
# ``errorMsg`` is a label with or without its colon (AVPlayer's ``OnErrorCb:errorCode 5400102,
# errorMsg Operate Not Permit: …``)
_MESSAGE_LABEL = re.compile(
    rf"\b(?:err(?:or)?[ _]?)?(?:msg|message){_Q}?\s*(?:[:：=]|is\b)|\berr(?:or)?Msg\b", re.I
)
# an error's own label of its code, right before it (``Error code: 201``, ``errCode=401``,
# ``err.code 202``, ``BusinessError 401``)
_ERROR_CODE_LABEL = re.compile(
    rf"(?:\berror[ _]?code|\berrCode|\berr\.code|\bBus+inessError){_Q}?\s*[:：=]?\s*{_Q}?$", re.I
)
# a line of a labelled kit's code and nothing else (``{"code":13900002}``, ``code:15500000``)
_BARE_CODE = re.compile(
    rf"[\s{{]*{_Q}?(?:err(?:or)?[ _]?)?code{_Q}?\s*[:：=]\s*{_Q}?\d{{6,10}}{_Q}?[\s}},]*$", re.I
)
# a code after its title's words, ending the line (``Resource id invalid 9001001``): read only
# when the words carry every word of the code's title
_TITLE_CODE = re.compile(r"^[^\n\d]{6,80}?[ \t:：,]+(\d{6,9})[ \t.]*$", re.M)
# the HTTP client's libcurl result, which errorcode-net-http.md names as each code's log keyword
_CURL = re.compile(r"CURLcode result\s*[:=]?\s*(\d{1,2})(?![\d.])")
_CURL_BASE = 2300000
_HTTP_PAGE = "errorcode-net-http.md"
# the file kit's messages are the C library's errno texts, which any tool prints
_ERRNO_PAGE = "errorcode-filemanagement.md"
_SENTENCE_END = frozenset(".。!！'\"’”)]}>,，;；:")
_FAILED = re.compile(r"fail|error|exception", re.I)
# a kit's own codes have 6 digits and more; a shorter one (the universal 201, 401, 801, the
# window's old 1001…) is read only with its documented message beside it
_KIT_DIGITS = 6
_MAX_CODES = 64  # code mentions looked at in one text (a dump of thousands costs no more)
_AROUND = 2000  # characters either side of a mention where the kit's own words tell its case
# the kind a page's codes are (its file name's start), and the ability manager's start codes
_PAGE_KINDS = (
    ("errorcode-net-", "network"),
    ("errorcode-filemanagement", "file"),
    ("errorcode-access-token", "permission"),
)
_ABILITY_START = re.compile(r"160000\d\d")
# the bundle manager's codes of a failed installer call (``Bundle Installation Failure Because …``)
_INSTALLING = re.compile(r"\b(Install|Uninstall)(?:ation)?\b", re.I)
# the universal codes of a permission the app lacks (201) or a system API it may not call (202)
_CODE_KINDS = {"201": "permission", "202": "permission"}


def _mentions(text: str) -> Iterator[re.Match[str]]:
    """The code mentions in ``text``: ``BusinessError N``, then ``code N`` where ``code`` is a
    word of its own or ends ``errCode`` / ``error code`` / ``error_code``, then the Chinese
    labels, then a code leading a line's message (:func:`_leads`), then the HTTP client's
    ``CURLcode result N``."""
    yield from _BUSINESS.finditer(text)
    yield from _code_words(text)
    yield from _CHINESE.finditer(text)
    yield from (m for m in _ERROR_LABEL.finditer(text) if _error_labelled(text, m))
    yield from _LEADING.finditer(text)
    if len(text) <= _QUOTE_CHARS:  # a note's quote, not a log's lines
        yield from _CODE_MESSAGE.finditer(text)
    yield from _CURL.finditer(text)
    if len(text) <= _QUOTE_CHARS:
        yield from _TITLE_CODE.finditer(text)


def _error_labelled(text: str, m: re.Match[str]) -> bool:
    """An :data:`_ERROR_LABEL` mention whose ``error`` follows a failure's words (``fail with
    error: N``, ``catch error: N``), or that is an error object's ``Error(N)``."""
    if m.group(0)[4:].lstrip().startswith("("):
        return text[m.start() - 1 : m.start()] == "E"
    return _FAILED_WITH.search(text, max(0, m.start() - 40), m.start()) is not None


def _code_words(text: str) -> Iterator[re.Match[str]]:
    """``code N`` where ``code`` is a word of its own or ends ``errCode`` / ``error code``."""
    for m in _CODE.finditer(text):
        c = m.start() - 1
        if c < 0 or text[c] not in "cC":
            continue
        before = text[max(0, c - 6) : c].lower().rstrip(" _")
        if c == 0 or not text[c - 1].isalnum() or before.endswith(("err", "error")):
            yield m


def _leads(m: re.Match[str], line: str) -> bool:
    """A :data:`_LEADING` mention that starts the message of a hilog line (not a number inside
    some other text)."""
    parsed = parse_lines([line])[0]
    return parsed.kind == LOG and parsed.message.lstrip().startswith(m.group(1))


def _its_message(words: str, code: str) -> api_error_codes.Documented | None:
    """``code``'s entry whose documented message ``words`` (what follows the code on its line)
    are, or whose title they start with (the system's own ``201 Permission denied.``)."""
    found = api_error_codes.lookup(code, words)
    if found is None or found.by_message:
        return found
    if not found.ambiguous and case_for(code, words) is not None:
        # the kit's own words for one of the code's cases (AVPlayer's ``5400102 Operate Not
        # Permit: failed to SetSourceFd``)
        return replace(found, by_message=True)
    said = api_error_codes.words_of(words)
    titled = tuple(
        e for e in found.entries if f"{said} ".startswith(f"{api_error_codes.words_of(e.title)} ")
    )
    return replace(found, entries=titled[:1], by_message=True) if titled else None


def _line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)].rstrip("\r")


def _error_line(line: str) -> bool:
    """A hilog line at ERROR/FATAL level, or one that says it failed."""
    parsed = parse_lines([line])[0]
    if parsed.kind != LOG:
        # the Log window's level and tag columns alone (``E     Case_X Test1 Error code: N``)
        columns = level_tag_columns(line)
        return columns is not None and columns[0] in ("E", "F")
    return parsed.level in ("E", "F") or _FAILED.search(parsed.message) is not None


def api_code(text: str) -> Said | None:
    """The first hilog error line (a ``BusinessError N`` one before a ``code: N`` one) whose
    code the API reference documents, read as its page; else a quoted documented message
    (:func:`_quoted_message`); else the first error's code that no page documents, carried
    with its words (:func:`_undocumented`)."""
    unknown: tuple[str, str, int] | None = None  # (code, line, end) of a code no page has
    for m in islice(_mentions(text), _MAX_CODES):
        curl = m.re is _CURL
        code = str(_CURL_BASE + int(m.group(1))) if curl else m.group(1)
        if not api_error_codes.documented(code):
            if unknown is None and _undocumented_error(m, code, text):
                unknown = (code, _line_at(text, m.start()), m.end())
            continue
        line = _line_at(text, m.start())
        if m.re is _LEADING and not _leads(m, line):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        around = text[max(0, m.start() - _AROUND) : m.end() + _AROUND]
        if m.re is _CODE_MESSAGE:
            found = _its_message(line[m.end() - line_start :], code)
        elif m.re is _TITLE_CODE:
            entry = api_error_codes.titled(code, line[: m.start(1) - m.start()])
            found = api_error_codes.Documented((entry,), True, False) if entry else None
        else:
            found = api_error_codes.lookup(code, line, around)
        if found is None:  # a number before other words (or, pragma: no cover, undocumented)
            continue
        if curl:  # the HTTP client's code, whatever else another kit means by it
            http = tuple(e for e in found.entries if e.page.endswith(_HTTP_PAGE))
            if not http:
                continue
            found = replace(found, entries=http, by_message=True)
        # a hilog error line; or any line that says it failed with the code's own message, or
        # labels the code and the message as a BusinessError does (a developer's quote of what
        # the app logged, without hilog's columns)
        logged = _error_line(line)
        in_line = m.end() - line_start  # (the mention's end in its line, not in the text)
        labelled = _MESSAGE_LABEL.search(line, in_line) is not None
        followed = m.re in (_CODE_MESSAGE, _TITLE_CODE)  # its own words beside it, checked above
        # a kit's code labelled ``code`` and nothing else, a paste of that one line
        # (``{"code":13900002}``, ``code:15500000``: a caught error's fields)
        alone = text.strip() == line.strip() and _BARE_CODE.match(line) is not None
        # the line says it failed and labels the number as the error's code, right before it
        # (``PreviewRotation call failed. error code: 7400201``)
        code_label = _ERROR_CODE_LABEL.search(line[: in_line - len(code)])
        failed_with = (
            len(code) >= _KIT_DIGITS
            and code_label is not None
            and _FAILED.search(line, 0, code_label.start()) is not None
        )
        if not (
            logged
            or curl
            or labelled
            or followed
            or alone
            or failed_with
            or m.re is _BUSINESS
            or m.re is _ERROR_LABEL
            or (found.by_message and _FAILED.search(line))
        ):
            continue
        short = len(code) < _KIT_DIGITS and not found.by_message
        if short and not (
            (logged or m.re is _BUSINESS) and _ERROR_CODE_LABEL.search(line[: in_line - len(code)])
        ):
            # 201, 401, 501 …: an HTTP status as often as an API's universal code, unless an
            # error line labels it as a BusinessError's code (``E  Case_X Error code: 201``)
            continue
        said = _said(code, found, line.strip())
        told = "" if found.by_message else _told(text, m.end())
        if told and told not in said.meaning:  # (the code's own message adds nothing)
            said = replace(said, fix=f"{said.fix} The error says: {told}.")
        if short:
            return replace(said, certain=False)  # (still possibly an HTTP client's status)
        # a quote without hilog's columns may be a crash's message as well as a logged error
        return said if logged else replace(said, certain=False)
    return _quoted_message(text) or (_undocumented(text, *unknown) if unknown else None)


# a HarmonyOS kit's codes (Push Kit's 1000900010, IAP Kit's 1001860001, Account Kit's
# 1001502014) have ten digits; OpenHarmony's pages document none that long, and the other
# tools' codes are shorter (AppGallery Connect's packaging codes have nine)
_UNDOCUMENTED_DIGITS = 10


def _undocumented_error(m: re.Match[str], code: str, text: str) -> bool:
    """A mention of a code no page documents that still is an API's error code: long as a
    HarmonyOS kit's, labelled as an error's (BusinessError, ``code``, ``error``), on a line that
    is a hilog error line, says it failed, or is the code's field alone."""
    if len(code) < _UNDOCUMENTED_DIGITS:
        return False
    line = _line_at(text, m.start())
    if m.re is _CODE_MESSAGE:  # ``1001502014: The app does not have …``, the code leading
        return text[m.end(1) : m.end()].strip() in (":", "：") and line.strip().startswith(code)
    if m.re not in (_BUSINESS, _CODE, _ERROR_LABEL):
        return False
    return (
        m.re is not _CODE
        or _error_line(line)
        or _FAILED.search(line) is not None
        or (text.strip() == line.strip() and _BARE_CODE.match(line) is not None)
    )


def _undocumented(text: str, code: str, line: str, end: int) -> Said:
    """A code the catalogue lacks: the code and the error's own message carried, never a
    generic remedy ("possibly")."""
    told = _told(text, end)
    if not told:  # ``BusinessError 1001860001: System internal error. …``: the words after it
        line_end = text.find("\n", end)
        rest = text[end : line_end if line_end >= 0 else len(text)].strip(" \t:：,;\"'}])")
        told = rest[:200].rstrip(".") if len(rest) >= 8 and re.search("[A-Za-z]", rest) else ""
    return Said(
        "hilog",
        f"a system API call failed with error {code}, a code OpenHarmony's error-code pages do "
        "not document: most likely a HarmonyOS kit's own (Push Kit, IAP Kit, Account Kit, Scan "
        "Kit, …)",
        f"Look {code} up on the error-code page of the kit whose call logged it (the HarmonyOS "
        "API reference) and handle the BusinessError where the call is made."
        + (f" The error says: {told}." if told else ""),
        line.strip(),
        certain=False,
        terms=(code, "error code"),
        code=code,
    )


# the words after a message label (:data:`_MESSAGE_LABEL`), up to the line's end or a quote
_TOLD = re.compile(r"[\s:：=\"'“”‘’]*(?P<msg>[^\n\"'“”‘’]{8,200})")


def _told(text: str, after: int) -> str:
    """The error's own message a BusinessError's fields print after its code, labelled, on the
    code's line or the next (``Error code: 401`` / ``Error message: srcFileUris must be …``),
    else ""."""
    end = text.find("\n", after)
    end = text.find("\n", end + 1) if end >= 0 else -1
    end = end if end >= 0 else len(text)
    label = _MESSAGE_LABEL.search(text, after, end)
    m = _TOLD.match(text, label.end(), end) if label else None
    return m.group("msg").strip().rstrip(".") if m else ""


def _quoted_message(text: str) -> Said | None:
    """A failure line that quotes a kit's distinctive documented message without its code (a
    caught error's ``err.message`` logged alone): its code's page, "possibly". The message must
    end where the line or its sentence does (not words inside prose), and not be the C
    library's errno text the file kit's messages are (``No space left on device``), which any
    tool prints."""
    for entry, start, end in islice(api_error_codes.quoted(text), _MAX_CODES):
        if entry.page.endswith(_ERRNO_PAGE):
            continue
        line = _line_at(text, start)
        line_end = text.find("\n", end)
        rest = text[end : line_end if line_end >= 0 else len(text)].strip()
        if rest and rest[0] not in _SENTENCE_END:
            continue  # the words go on: prose, not the message quoted
        alone = len(text.strip()) == len(line.strip())
        if not (_error_line(line) or _FAILED.search(line) or alone):
            continue  # neither a failure's line nor a quote of the message alone
        found = api_error_codes.Documented((api_error_codes.with_case(entry, text),), True, False)
        return replace(_said(entry.code, found, line.strip()), certain=False)
    return None


def _said(code: str, found: api_error_codes.Documented, line: str) -> Said:
    if found.ambiguous:
        meanings = "; ".join(f"{e.kit}: {e.title} ({e.message})" for e in found.entries)
        solutions = " ".join(f"{e.kit}: {e.solution}" for e in found.entries)
        return Said(
            "hilog",
            f"a system API call failed with error code {code}, which several kits document: "
            f"{meanings}",
            f"See which of these APIs the logging code calls and follow its solution. {solutions}",
            line,
            certain=False,
            terms=(code, "error code"),
            code=code,
        )
    e = found.entry
    return Said(
        _kind(e),
        f"a system API call failed with error {code}: {e.title} ({e.kit}: "
        f"{e.message.rstrip('.')}){f'; {e.cause}' if e.cause else ''}",
        f"{e.solution} (the {e.kit} kit's documented solution for {code}; handle the "
        "BusinessError where the call is made)",
        line,
        certain=found.by_message or found.unique,
        terms=(code, e.title),
        code=code,
    )


def _kind(entry: api_error_codes.ApiErrorCode) -> str:
    """What a code's page is about, as a finding's kind (``hilog`` when it is none of these)."""
    page = entry.page.rsplit("/", 1)[-1]
    if entry.code in _CODE_KINDS:
        return _CODE_KINDS[entry.code]
    if page == "errorcode-ability.md" and _ABILITY_START.fullmatch(entry.code):
        return "launch"
    if page == "errorcode-bundle.md" and (m := _INSTALLING.search(entry.title)) is not None:
        return m.group(1).lower()  # the bundle manager's installer codes: bm's failures
    return next((kind for start, kind in _PAGE_KINDS if page.startswith(start)), "hilog")

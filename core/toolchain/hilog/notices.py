"""hilog's own notices that lines were lost, read from a pasted log: what each means and the fix
the hilog tool guide gives (its sections on the over-limit mechanism and on lost logs, which name
exactly these markers: ``LOGLIMIT|Slow reader missed|write socket failed``).

* ``LOGLIMIT: ==<process> LOGS OVER PROC QUOTA, N DROPPED==``: the process wrote more LOG_APP
  lines in one second than its quota (per-process flow control); ``hilog -Q pidoff`` turns it off.
* ``LOGLIMIT: N line(s) dropped in a second!``: one domain's LOG_CORE lines over its quota
  (per-domain flow control); ``hilog -Q domainoff``.
* ``HiLog: ========Slow reader missed log lines: N``: the whole device logged so much that the
  ring buffer wrapped before the lines were read or persisted; ``hilog -g`` / ``hilog -G 16M``.
* ``HiLog: write socket failed, N line(s) dropped!``: the process could not write to hilogd's
  socket (the server too slow); ``hilog -b X`` and the module's domains back on.

And the hilog command's own answer the guide documents with a code: ``Persist task query
failed`` / ``No running persistent task [CODE: -63]`` (``hilog -w query``: no persist task, so
nothing is saved to /data/log/hilog).

None is an error of the app: the lines are gone and cannot be recovered, so the finding says
where the gap is and how to see the lines next time. The markers are read from the parsed lines
(:mod:`.parse` puts the count in ``dropped``), so every pasted layout the parser knows counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.hilog.line import DROPPED, LOG
from hmdesk.core.toolchain.hilog.parse import parse_lines

_LOST_WORDS = ("LOGLIMIT", "Slow reader missed", "write socket failed")
_NOTICE_TAGS = frozenset({"LOGLIMIT", "HiLog", ""})

_CAUSES_OF_LOSS = "the global level set to D, flow control turned off, a module logging in a loop"


@dataclass(frozen=True)
class Notice:
    """One documented notice: how its message reads, what it means, the guide's fix."""

    name: str
    message: re.Pattern[str]
    meaning: str
    fix: str


NOTICES: tuple[Notice, ...] = (
    Notice(
        "process quota",
        re.compile(r"LOGS OVER PROC QUOTA"),
        "hilog's per-process flow control dropped {n} of {who}'s lines: the process wrote more "
        "LOG_APP lines in one second than its quota (about 50 KB/s)",
        "The lines are gone. To see them, turn the per-process limit off while debugging: "
        "`hdc shell hilog -Q pidoff` (`hilog -Q pidon` restores it; debug-signed apps have it "
        "off already), and log less from that process (no logging in a loop, a lower level).",
    ),
    Notice(
        "domain quota",
        re.compile(r"line\(s\) dropped in a second"),
        "hilog's per-domain flow control dropped {n} lines of one domain: the domain wrote more "
        "LOG_CORE lines in one second than its quota",
        "The lines are gone. To see them, turn the per-domain limit off while debugging: "
        "`hdc shell hilog -Q domainoff` (`hilog -Q domainon` restores it), and trim that "
        "domain's logging.",
    ),
    Notice(
        "slow reader",
        re.compile(r"Slow reader missed log lines"),
        "hilog's ring buffer wrapped before {n} lines were read or persisted: the whole device "
        f"logged too much around that moment ({_CAUSES_OF_LOSS})",
        "The lines are gone. Check the buffer with `hdc shell hilog -g` and enlarge it with "
        "`hdc shell hilog -G 16M` (16M is the largest); find the domain that logs in bursts "
        "(`hilog -s` with statistics on) and lower its level, or turn the other domains off "
        "(`hilog -b X`) and only yours on (`hilog -b I -D 0x<domain>`).",
    ),
    Notice(
        "socket",
        re.compile(r"write socket failed"),
        "the process could not write {n} lines to hilogd's socket and dropped them: the server "
        f"read too slowly ({_CAUSES_OF_LOSS}, or a CPU or memory load on the device)",
        "The lines are gone. Print only your module's logs: turn the other domains off with "
        "`hdc shell hilog -b X`, then your domains back on with `hilog -b I -D 0x<domain>` "
        "(LOG_APP; `-D d0<domain>` for LOG_CORE); check the device's load.",
    ),
)


@dataclass(frozen=True)
class Lost:
    """A notice found in a log: which one, the line, the lines it says were dropped."""

    notice: Notice
    line: str
    dropped: int
    process: str

    @property
    def meaning(self) -> str:
        n = str(self.dropped) if self.dropped else "some"
        return self.notice.meaning.format(n=n, who=self.process or "the process")


def lost_lines(text: str) -> Lost | None:
    """The first of hilog's lost-lines notices among the log's lines, or None."""
    if not any(word in text for word in _LOST_WORDS):
        return None
    lines = [ln for ln in text.splitlines() if any(word in ln for word in _LOST_WORDS)]
    for raw, parsed in zip(lines, parse_lines(lines), strict=True):
        # hilog's own tags only (or the notice quoted alone, without its columns): Android's
        # LOG_FLOWCTRL says "LOGS OVER PROC QUOTA(300)" too
        if parsed.kind not in (LOG, DROPPED) or parsed.tag not in _NOTICE_TAGS:
            continue
        for notice in NOTICES:
            if notice.message.search(parsed.message):
                return Lost(notice, raw.strip(), parsed.dropped, parsed.process)
    return None


NO_PERSIST_TASK = Notice(
    "no persist task",
    re.compile(r"No running persistent task(?:\s*\[CODE:\s*-63\])?"),
    "no hilog persist task is running (hilog -w query, code -63): the device keeps logs only in "
    "its ring buffer, nothing is written to /data/log/hilog",
    "Start a persist task when you need the logs kept: `hdc shell hilog -w start` (e.g. `-n "
    "1000` files; only one task at a time: `hilog -w stop` first), reproduce, then copy them "
    "with `hdc file recv /data/log/hilog`.",
)


def command_answer(text: str) -> Lost | None:
    """The hilog command's documented answer that no persist task runs, or None."""
    m = NO_PERSIST_TASK.message.search(text) if "persistent task" in text else None
    if m is None:
        return None
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    return Lost(NO_PERSIST_TASK, text[start : end if end >= 0 else len(text)].strip(), 0, "")

"""One hdc command with a timeout and bounded output: the text it printed, or why it did not
answer. Lines past ``max_lines`` stop the command (its process group is ended) and set
``truncated``: a huge listing or dump cannot fill memory or hold the caller."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hmdesk.core.toolchain.hdc import Outcome
from hmdesk.core.toolchain.process import CancelToken, run_streaming

DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_LINES = 20_000
RECONNECT_FIX = "Reconnect the device; if it persists, run `hdc kill` then `hdc start`."


@dataclass
class Reply:
    """What one command printed (both streams, in order), its exit code, and whether the line
    bound stopped it."""

    lines: list[str] = field(default_factory=list)
    exit_code: int | None = None
    truncated: bool = False

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _what(argv: Sequence[str]) -> str:
    words = [a for a in argv[1:] if a not in ("-t",)]
    if len(argv) > 2 and argv[1] == "-t":
        words = list(argv[3:])
    return " ".join(words[:3])


def run_hdc(
    argv: Sequence[str],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_lines: int = DEFAULT_MAX_LINES,
    on_line: Callable[[str], None] | None = None,
    cancel: CancelToken | None = None,
) -> tuple[Reply, Outcome | None]:
    """Run ``argv``; the Outcome is set when hdc could not run, timed out or was cancelled."""
    reply = Reply()
    token = cancel if cancel is not None else CancelToken()
    stopped_by_bound = False

    def take(_stream: str, line: str) -> None:
        nonlocal stopped_by_bound
        if len(reply.lines) >= max_lines:
            if not stopped_by_bound:
                stopped_by_bound = True
                reply.truncated = True
                token.cancel()
            return
        reply.lines.append(line)
        if on_line is not None:
            on_line(line)

    res = run_streaming(list(argv), timeout=timeout, on_line=take, cancel=token)
    reply.exit_code = res.exit_code
    if res.error:
        return reply, Outcome(False, res.error, kind="tool")
    if res.timed_out:
        return reply, Outcome(
            False,
            f"hdc {_what(argv)} did not answer within {timeout:g} s.",
            fix=RECONNECT_FIX,
            kind="timeout",
        )
    if res.cancelled and not stopped_by_bound:
        return reply, Outcome(False, f"hdc {_what(argv)} was cancelled.", kind="cancelled")
    return reply, None

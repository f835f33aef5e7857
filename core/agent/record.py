"""The record of what agents asked (revision 0008, table ``agent_calls``).

``hmdesk-cli mcp`` appends one row per tool call and resource read *before* it sends the reply,
so the record is on disk before the agent reads the answer: the client's name and version (from
its ``initialize``), the tool, the arguments and the result as the client saw them (secrets
redacted, each cut to :data:`TEXT_MAX` characters), the memory ids the result named, the
duration, and ok or the error. The window's Agent activity view and ``hmdesk-cli agent-log`` read
it back: which memories a client recalled, with the explanation it was given, and what it
proposed, so a person can answer "why did my agent do that".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database, iso
from hmdesk.core.models import AgentCall

TEXT_MAX = 20_000
"""Characters of a call's arguments or result kept in the record (a recall of 50 memories with
their explanations is about 15,000); longer text is cut and says so."""


def bounded_json(value: Any, limit: int = TEXT_MAX) -> str:
    """``value`` as JSON text of at most ``limit`` characters (cut text ends with a marker)."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= limit:
        return text
    return text[: limit - 20] + " …[cut]"


@dataclass(frozen=True, slots=True)
class Call:
    """One row of the record (plain data: the CLI prints it, the window lists it)."""

    id: int
    at: str
    session: str
    client_name: str | None
    client_version: str | None
    tool: str
    arguments: str
    result: str | None
    result_ids: tuple[str, ...]
    duration_ms: float
    ok: bool
    error: str | None = None

    @property
    def client(self) -> str:
        """The client as people read it: ``claude-code 2.1.3``, or ``unknown client``."""
        if not self.client_name:
            return "unknown client"
        return f"{self.client_name} {self.client_version or ''}".strip()

    def arguments_json(self) -> Any:
        try:
            return json.loads(self.arguments)
        except ValueError:  # cut short in the record
            return self.arguments

    def result_json(self) -> Any:
        if self.result is None:
            return None
        try:
            return json.loads(self.result)
        except ValueError:
            return self.result

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.at,
            "session": self.session,
            "client": {"name": self.client_name, "version": self.client_version},
            "tool": self.tool,
            "arguments": self.arguments_json(),
            "result_ids": list(self.result_ids),
            "duration_ms": round(self.duration_ms, 3),
            "ok": self.ok,
            "error": self.error,
            "result": self.result_json(),
        }


@dataclass
class CallFilter:
    """What :meth:`AgentRecord.calls` returns: newest first, at most ``limit``."""

    limit: int = 200
    tool: str | None = None
    client: str | None = None
    memory_id: str | None = None
    after_id: int = 0
    tools: Sequence[str] = field(default_factory=tuple)


class AgentRecord:
    """Appends and reads :class:`Call` rows of one :class:`Database` (each call its own
    transaction: thread-safe, and two servers may append at once)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def append(
        self,
        *,
        session: str,
        client_name: str | None,
        client_version: str | None,
        tool: str,
        arguments: Any,
        result: Any,
        result_ids: Sequence[str],
        duration_ms: float,
        ok: bool,
        error: str | None = None,
        at: str | None = None,
    ) -> int:
        """Append one call; returns its id."""
        row = {
            "at": at or iso(),
            "session": session,
            "client_name": client_name,
            "client_version": client_version,
            "tool": tool,
            "arguments": bounded_json(arguments),
            "result": None if result is None else bounded_json(result),
            "result_ids": json.dumps(list(dict.fromkeys(result_ids))),
            "duration_ms": float(duration_ms),
            "ok": bool(ok),
            "error": error[:TEXT_MAX] if error else None,
        }
        with self.db.write() as s:
            res = s.execute(sa.insert(AgentCall).values(**row).returning(AgentCall.id))
            return int(res.scalar_one())

    def calls(self, flt: CallFilter | None = None) -> list[Call]:
        f = flt or CallFilter()
        stmt = sa.select(AgentCall).where(AgentCall.id > f.after_id)
        if f.tool:
            stmt = stmt.where(AgentCall.tool == f.tool)
        if f.tools:
            stmt = stmt.where(AgentCall.tool.in_(list(f.tools)))
        if f.client:
            stmt = stmt.where(AgentCall.client_name == f.client)
        if f.memory_id:
            # ids are stored as a JSON list of strings: match the quoted id
            stmt = stmt.where(AgentCall.result_ids.contains(json.dumps(f.memory_id)))
        stmt = stmt.order_by(AgentCall.id.desc()).limit(max(0, f.limit))
        with self.db.read() as s:
            rows = s.execute(stmt).scalars().all()
            return [_call(r) for r in rows]

    def clients(self) -> list[str]:
        """The client names in the record, by name."""
        with self.db.read() as s:
            names = s.execute(
                sa.select(AgentCall.client_name).distinct().order_by(AgentCall.client_name)
            ).scalars()
            return [n for n in names if n]


def _call(r: AgentCall) -> Call:
    try:
        ids = tuple(str(i) for i in json.loads(r.result_ids))
    except ValueError:
        ids = ()
    return Call(
        r.id,
        r.at,
        r.session,
        r.client_name,
        r.client_version,
        r.tool,
        r.arguments,
        r.result,
        ids,
        r.duration_ms,
        bool(r.ok),
        r.error,
    )

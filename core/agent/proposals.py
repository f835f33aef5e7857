"""Memories an agent proposed (revision 0008, table ``agent_proposals``).

An agent's ``remember`` never writes a memory: it files a proposal that waits for a person in the
Review tab and ``hmdesk-cli proposals``, who accepts it (as it is, or edited), or rejects it. The
input rules are the editor's (:func:`~hmdesk.core.memory.validation.memory_input_problem`), checked
when the proposal is filed, so a proposal that waits can be accepted. A proposal that nearly
repeats a live memory names it (``near_id``): the lifecycle's near-duplicate rule
(:func:`~hmdesk.core.memory.lifecycle.claims.relation`) over the memories a search for its content
finds. With the ``mcp_auto_accept`` setting on (off by default) a proposal is accepted at once,
and the record still shows it was the agent's.

An accepted proposal becomes one ``add`` event whose reason names the proposal and the client
(``agent-proposal 12 from claude-code 2.1``), so the memory's history says where it came from;
its source is ``agent``. A proposal that named a ``project``, ``file`` and ``line`` is anchored,
on acceptance, to the innermost declaration at that line (the code index reads that one file);
when the file or the declaration cannot be found the memory is kept unanchored and
:attr:`Accepted.anchor_note` says why.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import sqlalchemy as sa
from hmdesk.core.db import Database, iso
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.validation import (
    memory_input_problem,
    validate_confidence,
    validate_content,
    validate_layer,
    validate_tags,
)
from hmdesk.core.models import AgentProposal

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore

Status = Literal["pending", "accepted", "rejected"]
ENVIRONMENT = "harmonyos"
EVIDENCE_MAX = 4_000
"""Characters of an agent's evidence kept with a proposal."""
NEAR_POOL = 10
"""Memories a proposal's content is compared with (the best of a search for it)."""


class ProposalError(StoreError):
    """A proposal that is unknown or already decided."""


@dataclass(frozen=True, slots=True)
class Accepted:
    """What accepting a proposal made: the memory, and what became of its code location."""

    record: MemoryRecord
    anchor_note: str | None = None
    """``anchored to Index.build (pages/Index.ets:12)``, or why it was not; None without a file."""


@dataclass(frozen=True, slots=True)
class MemoryProposal:
    id: int
    created_at: str
    client_name: str | None
    client_version: str | None
    content: str
    tags: tuple[str, ...]
    layer: str
    confidence: float
    evidence: str | None
    project: str | None
    file: str | None
    line: int | None
    near_id: str | None
    near_score: float | None
    status: Status
    decided_at: str | None
    memory_id: str | None

    @property
    def client(self) -> str:
        if not self.client_name:
            return "unknown client"
        return f"{self.client_name} {self.client_version or ''}".strip()

    @property
    def location(self) -> str | None:
        if not self.file:
            return None
        return f"{self.file}:{self.line}" if self.line else self.file

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created_at": self.created_at,
            "client": {"name": self.client_name, "version": self.client_version},
            "content": self.content,
            "tags": list(self.tags),
            "layer": self.layer,
            "confidence": self.confidence,
            "evidence": self.evidence,
            "project": self.project,
            "file": self.file,
            "line": self.line,
            "near_duplicate_of": self.near_id,
            "near_similarity": self.near_score,
            "status": self.status,
            "decided_at": self.decided_at,
            "memory_id": self.memory_id,
        }


def checked_input(
    content: object, tags: object, layer: object, confidence: object
) -> tuple[str, list[str], str, float]:
    """The proposal's fields as stored, or :class:`StoreError` saying what is wrong."""
    text = validate_content(content)
    tag_list = validate_tags(tags)
    lay = validate_layer(layer)
    conf = validate_confidence(confidence)
    problem = memory_input_problem(text, tag_list, lay, ENVIRONMENT)
    if problem is not None:
        raise StoreError(problem)
    return text, tag_list, lay, conf


def near_duplicate(retriever: Retriever, content: str) -> tuple[str, float] | None:
    """The live memory ``content`` nearly repeats (its id and core similarity), or None."""
    from hmdesk.core.memory.lifecycle.claims import claim_terms, relation
    from hmdesk.core.memory.retrieve.results import Query

    mine = claim_terms(content)
    best: tuple[str, float] | None = None
    for r in retriever.search(Query(text=content[:2_000], limit=NEAR_POOL)).results:
        kind, sim = relation(mine, claim_terms(r.memory.content))
        if kind == "duplicate" and (best is None or sim > best[1]):
            best = (r.memory.id, round(sim, 3))
    return best


class Proposals:
    """Files, lists and decides proposals of one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def file(
        self,
        *,
        content: str,
        tags: Sequence[str],
        layer: str,
        confidence: float,
        evidence: str | None = None,
        project: str | None = None,
        file: str | None = None,
        line: int | None = None,
        client_name: str | None = None,
        client_version: str | None = None,
        near: tuple[str, float] | None = None,
    ) -> MemoryProposal:
        """Store a proposal (fields as :func:`checked_input` returns them)."""
        row = {
            "created_at": iso(),
            "client_name": client_name,
            "client_version": client_version,
            "content": content,
            "tags": json.dumps(list(tags), ensure_ascii=False),
            "layer": layer,
            "confidence": confidence,
            "evidence": evidence[:EVIDENCE_MAX] if evidence else None,
            "project": project,
            "file": file,
            "line": line,
            "near_id": near[0] if near else None,
            "near_score": near[1] if near else None,
            "status": "pending",
        }
        with self.db.write() as s:
            new_id = s.execute(
                sa.insert(AgentProposal).values(**row).returning(AgentProposal.id)
            ).scalar_one()
        return self.get(int(new_id))

    def get(self, proposal_id: int) -> MemoryProposal:
        with self.db.read() as s:
            row = s.get(AgentProposal, proposal_id)
            if row is None:
                raise ProposalError(f"no agent proposal {proposal_id}")
            return _proposal(row)

    def list(
        self, status: Status | None = "pending", *, limit: int = 1_000
    ) -> list[MemoryProposal]:
        """Proposals, oldest first (all of them with ``status=None``)."""
        stmt = sa.select(AgentProposal)
        if status is not None:
            stmt = stmt.where(AgentProposal.status == status)
        stmt = stmt.order_by(AgentProposal.id).limit(limit)
        with self.db.read() as s:
            return [_proposal(r) for r in s.execute(stmt).scalars()]

    def statuses(self, ids: Sequence[int]) -> dict[int, str]:
        """The status of each proposal of ``ids`` that exists."""
        if not ids:
            return {}
        with self.db.read() as s:
            rows = s.execute(
                sa.select(AgentProposal.id, AgentProposal.status).where(
                    AgentProposal.id.in_(list(ids))
                )
            ).all()
        return {int(r[0]): str(r[1]) for r in rows}

    def _decide(self, proposal_id: int, status: Status, memory_id: str | None = None) -> None:
        with self.db.write() as s:
            res = s.execute(
                sa.update(AgentProposal)
                .where(AgentProposal.id == proposal_id, AgentProposal.status == "pending")
                .values(status=status, decided_at=iso(), memory_id=memory_id)
            )
            if res.rowcount != 1:  # type: ignore[attr-defined]
                self.get(proposal_id)  # unknown: says so
                raise ProposalError(f"agent proposal {proposal_id} was already decided")

    def accept(
        self,
        store: MemoryStore,
        proposal_id: int,
        *,
        content: str | None = None,
        tags: Sequence[str] | None = None,
        layer: str | None = None,
        confidence: float | None = None,
        actor: str | None = None,
    ) -> Accepted:
        """Make the proposal a memory (with a person's edits, when given) and mark it accepted.
        The memory is added first: if that fails, the proposal still waits."""
        p = self.get(proposal_id)
        if p.status != "pending":
            raise ProposalError(f"agent proposal {proposal_id} was already {p.status}")
        text, tag_list, lay, conf = checked_input(
            p.content if content is None else content,
            list(p.tags) if tags is None else list(tags),
            p.layer if layer is None else layer,
            p.confidence if confidence is None else confidence,
        )
        edited = (text, tag_list, lay, conf) != (p.content, list(p.tags), p.layer, p.confidence)
        reason = f"agent-proposal {p.id} from {p.client}" + (
            ", edited by a person" if edited else ""
        )
        record = store.add(
            text,
            layer=lay,
            tags=tag_list,
            confidence=conf,
            source="agent",
            provenance="agent-proposal",
            environment=ENVIRONMENT,
            session=p.client_name or "agent",
            actor=actor,
            reason=reason,
        )
        try:
            self._decide(proposal_id, "accepted", record.id)
        except ProposalError:
            # decided meanwhile by someone else (another window, the CLI): keep theirs
            store.delete(record.id, reason=f"agent-proposal {p.id} decided elsewhere")
            raise
        return Accepted(record, anchor_at_location(self.db, p, record.id, actor))

    def reject(self, proposal_id: int) -> MemoryProposal:
        self._decide(proposal_id, "rejected")
        return self.get(proposal_id)


def anchor_at_location(
    db: Database, p: MemoryProposal, memory_id: str, actor: str | None
) -> str | None:
    """Anchor ``memory_id`` to the declaration at the proposal's ``file``:``line`` of its
    ``project``; a sentence saying what was done or why not (None when it named no file)."""
    from hmdesk.core.codeindex.anchors import AnchorError, AnchorStore
    from hmdesk.core.codeindex.index import CodeIndex

    if not p.file:
        return None
    where = p.location
    if not p.project or not p.line:
        missing = "project" if not p.project else "line"
        return f"not anchored: {where} comes with no {missing}; anchor it from the Code tab"
    root = Path(p.project).expanduser()
    if not root.is_dir():
        return f"not anchored: project folder {p.project} not found"
    index = CodeIndex(root)
    try:
        rel = index.relative(p.file)
    except ValueError as exc:
        return f"not anchored: {exc}"
    if not index.is_indexable(rel) or not (index.root / rel).is_file():
        return f"not anchored: {rel} is not an .ets/.ts source file of {index.root}"
    index.update_file(rel)
    entity = index.at(rel, p.line)
    if entity is None:
        return f"not anchored: no struct, class, function or method at {rel}:{p.line}"
    try:
        anchor = AnchorStore(db, actor=actor or "user").add(memory_id, index.root, entity)
    except AnchorError as exc:
        return f"not anchored: {exc}"
    return f"anchored to {anchor.symbol} ({anchor.path}:{anchor.line})"


def _proposal(r: AgentProposal) -> MemoryProposal:
    try:
        tags = tuple(str(t) for t in json.loads(r.tags))
    except ValueError:
        tags = ()
    status: Status = (
        "accepted"
        if r.status == "accepted"
        else "rejected"
        if r.status == "rejected"
        else "pending"
    )
    return MemoryProposal(
        r.id,
        r.created_at,
        r.client_name,
        r.client_version,
        r.content,
        tags,
        r.layer,
        r.confidence,
        r.evidence,
        r.project,
        r.file,
        r.line,
        r.near_id,
        r.near_score,
        status,
        r.decided_at,
        r.memory_id,
    )

"""SQLAlchemy 2 typed ORM models: the whole schema in one place.

Schema changes go through a new Alembic revision in ``core/migrations/versions``; the models
and the newest revision must describe the same tables (a test compares them).

Times are stored as ISO-8601 UTC text (``2026-11-29T19:02:08.123Z``) so that they sort as text
and survive a round trip to hmharness unchanged. JSON columns hold JSON text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[str]: JSON}


def table_of(model: type[Base]) -> Table:
    """The :class:`~sqlalchemy.Table` of a mapped class, typed as one (for Core inserts:
    ``__table__`` is declared as a plain ``FromClause``)."""
    table = model.__table__
    assert isinstance(table, Table)
    return table


class Memory(Base):
    """One memory: hmharness's ``MemoryEntry`` field for field, plus what an inspector needs."""

    __tablename__ = "memories"

    # Insertion order; hmharness breaks score ties by file/insertion order, so do we.
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # --- hmharness fields -------------------------------------------------------------
    id: Mapped[str] = mapped_column(String, unique=True, nullable=False)
    layer: Mapped[str] = mapped_column(String, nullable=False)
    content: Mapped[str] = mapped_column(Text, nullable=False)
    payload: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    source: Mapped[str] = mapped_column(String, nullable=False, default="")
    provenance: Mapped[str] = mapped_column(String, nullable=False, default="")
    confidence: Mapped[float] = mapped_column(Float, nullable=False)
    timestamp: Mapped[str] = mapped_column(String, nullable=False)  # as hmharness wrote it
    environment: Mapped[str] = mapped_column(String, nullable=False, default="")
    session: Mapped[str] = mapped_column(String, nullable=False, default="")
    # The raw hmharness value: an id, or the decay sentinel "consolidation:stale".
    superseded_by: Mapped[str | None] = mapped_column(String, nullable=True, index=True)
    tags: Mapped[list[str]] = mapped_column(JSON, nullable=False, default=list)
    # --- inspector fields -------------------------------------------------------------
    created_at: Mapped[str] = mapped_column(String, nullable=False)
    updated_at: Mapped[str] = mapped_column(String, nullable=False)
    recall_count: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    last_recalled_at: Mapped[str | None] = mapped_column(String, nullable=True)
    superseded_at: Mapped[str | None] = mapped_column(String, nullable=True)
    supersede_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    deleted_at: Mapped[str | None] = mapped_column(String, nullable=True)
    # Keys of an imported hmharness record that we do not model, kept for a lossless export.
    extra: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    # The exact JSON text of the imported line; exported verbatim while the record is untouched.
    hmh_raw: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Where it came from: "hmdesk", "hmharness", "starter-pack", ...
    origin: Mapped[str] = mapped_column(String, nullable=False, default="hmdesk")

    __table_args__ = (Index("ix_memories_deleted_at", "deleted_at"),)


class MemoryEvent(Base):
    """One change to one memory: who, when, what, old, new, why. Append-only."""

    __tablename__ = "memory_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    memory_id: Mapped[str] = mapped_column(
        String, ForeignKey("memories.id", ondelete="CASCADE"), nullable=False, index=True
    )
    at: Mapped[str] = mapped_column(String, nullable=False)
    actor: Mapped[str] = mapped_column(String, nullable=False)
    # add | edit | confidence | supersede | superseded_by | delete | restore | revert |
    # import | sync | recall | anchor | unanchor
    kind: Mapped[str] = mapped_column(String, nullable=False)
    field: Mapped[str | None] = mapped_column(String, nullable=True)
    old: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    new: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Events written by one user action share a group id (bulk edits undo as one).
    group_id: Mapped[str | None] = mapped_column(String, nullable=True, index=True)
    # For kind == "revert": the event it reverted.
    reverts_event_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class MemoryAnchor(Base):
    """A memory tied to a piece of code: a symbol (qualified name) in a file of a project.
    Revision 0003. The line is where the symbol was last seen; ``stale`` when it is gone."""

    __tablename__ = "memory_anchors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    memory_id: Mapped[str] = mapped_column(
        String, ForeignKey("memories.id", ondelete="CASCADE"), nullable=False, index=True
    )
    project: Mapped[str] = mapped_column(String, nullable=False)  # absolute project root
    path: Mapped[str] = mapped_column(String, nullable=False)  # POSIX, relative to project
    symbol: Mapped[str] = mapped_column(String, nullable=False, index=True)  # Index.build
    kind: Mapped[str] = mapped_column(String, nullable=False)  # struct | class | method | ...
    line: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[str] = mapped_column(String, nullable=False)
    stale: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    last_seen: Mapped[str | None] = mapped_column(String, nullable=True)

    __table_args__ = (Index("ix_memory_anchors_project_path", "project", "path"),)


class MemoryEmbedding(Base):
    """A memory's vector for one embedding model (revision 0005), cached: ``content_hash`` is
    the hash of the text that was embedded, so an edited memory's vector is known stale (a
    trigger also drops it when the content changes). ``vector`` is ``dim`` little-endian
    float32 values, of unit length. See :mod:`hmdesk.core.memory.semantic.cache`."""

    __tablename__ = "memory_embeddings"

    # the key starts with the model: one model's vectors are one range of it
    model: Mapped[str] = mapped_column(String, primary_key=True)
    memory_seq: Mapped[int] = mapped_column(
        Integer, ForeignKey("memories.seq", ondelete="CASCADE"), primary_key=True
    )
    content_hash: Mapped[str] = mapped_column(String, nullable=False)
    dim: Mapped[int] = mapped_column(Integer, nullable=False)
    vector: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)

    # an edit's trigger and a delete's foreign key look rows up by memory
    __table_args__ = (Index("ix_memory_embeddings_memory_seq", "memory_seq"),)


class MemoryAccess(Base):
    """One recall of a memory, with its context (revision 0006): shown for a settled query in
    the window (``query``), recalled on a failure card (``run``), or marked "This helped"
    (``feedback``). Append-only; read by the detail pane and the promotion/decay policy
    (:mod:`hmdesk.core.memory.access`)."""

    __tablename__ = "memory_access"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    memory_id: Mapped[str] = mapped_column(
        String, ForeignKey("memories.id", ondelete="CASCADE"), nullable=False
    )
    at: Mapped[str] = mapped_column(String, nullable=False)
    kind: Mapped[str] = mapped_column(String, nullable=False)  # query | run | feedback
    query_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rank: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 1 = first shown
    helped: Mapped[bool | None] = mapped_column(Boolean, nullable=True)

    __table_args__ = (
        Index("ix_memory_access_memory_id", "memory_id", "at"),
        Index("ix_memory_access_at", "at"),
    )


class SyncConflict(Base):
    """A memory a ``push``/``pull`` found changed on both sides (revision 0007), kept in the
    personal store for review (:mod:`hmdesk.core.team.conflicts`); ``fields``, ``mine`` and
    ``theirs`` are JSON."""

    __tablename__ = "sync_conflicts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    memory_id: Mapped[str] = mapped_column(
        String, ForeignKey("memories.id", ondelete="CASCADE"), nullable=False
    )
    other: Mapped[str] = mapped_column(String, nullable=False)  # the other store (redacted)
    direction: Mapped[str] = mapped_column(String, nullable=False)  # push | pull
    fields: Mapped[str] = mapped_column(Text, nullable=False)
    mine: Mapped[str] = mapped_column(Text, nullable=False)
    theirs: Mapped[str] = mapped_column(Text, nullable=False)
    found_at: Mapped[str] = mapped_column(String, nullable=False)

    __table_args__ = (
        UniqueConstraint("memory_id", "other", name="uq_sync_conflicts_memory_other"),
    )


class AgentCall(Base):
    """One call of an MCP client to ``hmdesk-cli mcp`` (revision 0008), appended before the reply
    (:mod:`hmdesk.core.agent.record`); ``arguments``, ``result`` and ``result_ids`` are JSON."""

    __tablename__ = "agent_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[str] = mapped_column(String, nullable=False)
    session: Mapped[str] = mapped_column(String, nullable=False)
    client_name: Mapped[str | None] = mapped_column(String, nullable=True)
    client_version: Mapped[str | None] = mapped_column(String, nullable=True)
    tool: Mapped[str] = mapped_column(String, nullable=False)
    arguments: Mapped[str] = mapped_column(Text, nullable=False)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    result_ids: Mapped[str] = mapped_column(Text, nullable=False)
    duration_ms: Mapped[float] = mapped_column(Float, nullable=False)
    ok: Mapped[bool] = mapped_column(Boolean, nullable=False)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)

    __table_args__ = (Index("ix_agent_calls_at", "at"),)


class AgentProposal(Base):
    """A memory an agent proposed (revision 0008, :mod:`hmdesk.core.agent.proposals`): status
    ``pending``, ``accepted`` (``memory_id`` is the memory made of it) or ``rejected``."""

    __tablename__ = "agent_proposals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[str] = mapped_column(String, nullable=False)
    client_name: Mapped[str | None] = mapped_column(String, nullable=True)
    client_version: Mapped[str | None] = mapped_column(String, nullable=True)
    content: Mapped[str] = mapped_column(Text, nullable=False)
    tags: Mapped[str] = mapped_column(Text, nullable=False)  # JSON list
    layer: Mapped[str] = mapped_column(String, nullable=False)
    confidence: Mapped[float] = mapped_column(Float, nullable=False)
    evidence: Mapped[str | None] = mapped_column(Text, nullable=True)
    project: Mapped[str | None] = mapped_column(Text, nullable=True)
    file: Mapped[str | None] = mapped_column(Text, nullable=True)
    line: Mapped[int | None] = mapped_column(Integer, nullable=True)
    near_id: Mapped[str | None] = mapped_column(String, nullable=True)
    near_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String, nullable=False)
    decided_at: Mapped[str | None] = mapped_column(String, nullable=True)
    memory_id: Mapped[str | None] = mapped_column(String, nullable=True)

    __table_args__ = (Index("ix_agent_proposals_status", "status", "id"),)


class Setting(Base):
    """Application settings shared by the CLI and the GUI (tool paths, ...)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[Any | None] = mapped_column(JSON, nullable=True)


class Run(Base):
    """One build → install → launch run of the device runner."""

    __tablename__ = "runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    project: Mapped[str] = mapped_column(String, nullable=False, index=True)
    bundle: Mapped[str | None] = mapped_column(String, nullable=True)
    device: Mapped[str | None] = mapped_column(String, nullable=True, index=True)
    # running | success | failed | cancelled | interrupted (its process ended without closing it)
    status: Mapped[str] = mapped_column(String, nullable=False, index=True)
    started_at: Mapped[str] = mapped_column(String, nullable=False)
    ended_at: Mapped[str | None] = mapped_column(String, nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    # The doctor's finding for the failed step: {"kind", "evidence", "fix", ...} or None.
    doctor: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rerun_of: Mapped[int | None] = mapped_column(Integer, nullable=True)


class RunStep(Base):
    """One step of a run: the argv it ran, when, and what came of it."""

    __tablename__ = "run_steps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("runs.id", ondelete="CASCADE"), nullable=False, index=True
    )
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String, nullable=False)  # build | install | stop | launch
    argv: Mapped[list[str]] = mapped_column(JSON, nullable=False, default=list)
    started_at: Mapped[str | None] = mapped_column(String, nullable=True)
    ended_at: Mapped[str | None] = mapped_column(String, nullable=True)
    exit_code: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # pending | running | passed | failed | cancelled | timeout | skipped
    verdict: Mapped[str] = mapped_column(String, nullable=False, default="pending")
    error_code: Mapped[str | None] = mapped_column(String, nullable=True)
    # What the code means (install / aa start / hdc E0xxxxx / hvigor code), from the classifiers.
    error_meaning: Mapped[str | None] = mapped_column(Text, nullable=True)  # revision 0002
    message: Mapped[str | None] = mapped_column(Text, nullable=True)
    log: Mapped[str] = mapped_column(Text, nullable=False, default="")
    log_dropped: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    doctor: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class RunArtifact(Base):
    """A file a run kept from the device (revision 0009): a screenshot after the launch, a
    layout dump. ``path`` is the file on this computer; ``meta`` what the device said of it
    (width, height, how it was taken, components)."""

    __tablename__ = "run_artifacts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("runs.id", ondelete="CASCADE"), nullable=False, index=True
    )
    kind: Mapped[str] = mapped_column(String, nullable=False)  # screenshot | layout
    path: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[str] = mapped_column(String, nullable=False)
    meta: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)


class RunSample(Base):
    """Memory and CPU of the run's app at one moment (revision 0009); ``mark`` is ``exited``,
    ``restarted``, ``unanswered`` or ``crash`` where the chart marks the moment."""

    __tablename__ = "run_samples"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("runs.id", ondelete="CASCADE"), nullable=False, index=True
    )
    at: Mapped[str] = mapped_column(String, nullable=False)
    pid: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pss_kb: Mapped[int | None] = mapped_column(Integer, nullable=True)
    cpu_percent: Mapped[float | None] = mapped_column(Float, nullable=True)
    mark: Mapped[str | None] = mapped_column(String, nullable=True)

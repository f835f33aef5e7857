"""agent_calls and agent_proposals: what coding agents asked of ``hmdesk-cli mcp``, and the
memories they proposed

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05 09:00:00.000000

``agent_calls``: one row per tool call or resource read of an MCP client, appended before the
reply is sent (the client's name and version from ``initialize``, the tool, its arguments and
the result as the client saw them, redacted and bounded, the memory ids it returned, the
duration, ok or the error). ``agent_proposals``: a memory an agent proposed with ``remember``;
it waits for a person (accepted → ``memory_id``, rejected) and names the memory it nearly
repeats, if any. New tables only: the search index's triggers on ``memories`` are not involved.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "agent_calls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.Column("session", sa.String(), nullable=False),
        sa.Column("client_name", sa.String(), nullable=True),
        sa.Column("client_version", sa.String(), nullable=True),
        sa.Column("tool", sa.String(), nullable=False),
        sa.Column("arguments", sa.Text(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("result_ids", sa.Text(), nullable=False),
        sa.Column("duration_ms", sa.Float(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_agent_calls_at", "agent_calls", ["at"])
    op.create_table(
        "agent_proposals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("client_name", sa.String(), nullable=True),
        sa.Column("client_version", sa.String(), nullable=True),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("tags", sa.Text(), nullable=False),
        sa.Column("layer", sa.String(), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("evidence", sa.Text(), nullable=True),
        sa.Column("project", sa.Text(), nullable=True),
        sa.Column("file", sa.Text(), nullable=True),
        sa.Column("line", sa.Integer(), nullable=True),
        sa.Column("near_id", sa.String(), nullable=True),
        sa.Column("near_score", sa.Float(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("decided_at", sa.String(), nullable=True),
        sa.Column("memory_id", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_agent_proposals_status", "agent_proposals", ["status", "id"])


def downgrade() -> None:
    op.drop_index("ix_agent_proposals_status", table_name="agent_proposals")
    op.drop_table("agent_proposals")
    op.drop_index("ix_agent_calls_at", table_name="agent_calls")
    op.drop_table("agent_calls")

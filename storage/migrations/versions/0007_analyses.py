"""Replay analysis: one analysis per finished match and rules version, and an account's
choice of automatic analysis.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("auto_analysis", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "analyses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("rules_version", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("plies", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("auto", sa.Boolean(), nullable=False),
        sa.Column("requested_by", sa.String(length=32), nullable=True),
        sa.Column("requested_at", WHEN, nullable=False),
        sa.Column("started_at", WHEN, nullable=True),
        sa.Column("finished_at", WHEN, nullable=True),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.Column("runner", sa.String(length=100), nullable=True),
        sa.Column("lease_until", WHEN, nullable=True),
        sa.Column("starts", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name="fk_analyses_match_id_matches"),
        sa.PrimaryKeyConstraint("id", name="pk_analyses"),
        sa.UniqueConstraint("match_id", "rules_version", name="uq_analyses_match_id_rules_version"),
    )
    op.create_index("ix_analyses_state", "analyses", ["state"])


def downgrade() -> None:
    op.drop_index("ix_analyses_state", table_name="analyses")
    op.drop_table("analyses")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("auto_analysis")

"""Accounts: usernames, sign-in identities of OpenID Connect providers, per-game ratings.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("username", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("username_key", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_unique_constraint("uq_users_username_key", ["username_key"])
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "identities",
        sa.Column("provider", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_identities_user_id_users"),
        sa.PrimaryKeyConstraint("provider", "subject", name="pk_identities"),
    )
    op.create_index("ix_identities_user_id", "identities", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_ratings_user_id_users"),
        sa.PrimaryKeyConstraint("user_id", "game", name="pk_ratings"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_index("ix_identities_user_id", table_name="identities")
    op.drop_table("identities")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rated_at")
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("uq_users_username_key", type_="unique")
        batch.drop_column("deleted_at")
        batch.drop_column("username_key")
        batch.drop_column("username")

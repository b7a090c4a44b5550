"""Mail: accounts' addresses, the single-use links mailed to them, and the outbox.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("address_key", sa.String(length=254), nullable=False),
        sa.Column("added_at", WHEN, nullable=False),
        sa.Column("confirmed_at", WHEN, nullable=True),
        sa.Column("turns", sa.String(length=16), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("site_url", sa.String(length=200), nullable=True),
        sa.Column("digest_at", WHEN, nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_mail_addresses_user_id_users"),
        sa.PrimaryKeyConstraint("user_id", name="pk_mail_addresses"),
    )
    op.create_index("ix_mail_addresses_address_key", "mail_addresses", ["address_key"])
    op.create_table(
        "mail_tokens",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
        sa.Column("used_at", WHEN, nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_mail_tokens_user_id_users"),
        sa.PrimaryKeyConstraint("digest", name="pk_mail_tokens"),
    )
    op.create_index("ix_mail_tokens_user_id", "mail_tokens", ["user_id"])
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dedupe", sa.String(length=200), nullable=False),
        sa.Column("to", sa.String(length=254), nullable=False),
        sa.Column("subject", sa.String(length=300), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("html", sa.String(), nullable=True),
        sa.Column("headers", sa.JSON(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_try_at", WHEN, nullable=False),
        sa.Column("sent_at", WHEN, nullable=True),
        sa.Column("given_up_at", WHEN, nullable=True),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_mail_outbox"),
        sa.UniqueConstraint("dedupe", name="uq_mail_outbox_dedupe"),
    )
    op.create_index("ix_mail_outbox_next_try_at", "mail_outbox", ["next_try_at"])


def downgrade() -> None:
    op.drop_index("ix_mail_outbox_next_try_at", table_name="mail_outbox")
    op.drop_table("mail_outbox")
    op.drop_index("ix_mail_tokens_user_id", table_name="mail_tokens")
    op.drop_table("mail_tokens")
    op.drop_index("ix_mail_addresses_address_key", table_name="mail_addresses")
    op.drop_table("mail_addresses")

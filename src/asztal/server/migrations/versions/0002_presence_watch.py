"""Presence leases (which instance holds a socket of which seat, until when) and the hash of a
private game's watch link.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("watch_hash", sa.String(64), nullable=True))
    op.create_table(
        "presence",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("instance", sa.String(32), primary_key=True),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("watch_hash")

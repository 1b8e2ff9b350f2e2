"""Accounts, their sessions and the seats that follow them; a game's stored turn deadline.

Revision ID: 0003
Revises: 0001 (on this branch; 0002 once issue 20's presence_watch migration is merged)
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("turn_deadline", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_games_turn_deadline", ["turn_deadline"])
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(64), nullable=False, unique=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("csrf_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("attached", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])


def downgrade() -> None:
    op.drop_table("account_seats")
    op.drop_table("sessions")
    op.drop_table("accounts")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_turn_deadline")
        batch.drop_column("turn_deadline")

"""E-mail notices: an account's opt-out, the notices sent (at most one "your turn" per game per
hour, one "game over"), and the hashes of the mails' unsubscribe links.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_prefs",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("notices", sa.Boolean, nullable=False),
    )
    op.create_table(
        "mail_sent",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "unsubscribe_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_unsubscribe_tokens_account_id", "unsubscribe_tokens", ["account_id"])


def downgrade() -> None:
    op.drop_table("unsubscribe_tokens")
    op.drop_table("mail_sent")
    op.drop_table("mail_prefs")

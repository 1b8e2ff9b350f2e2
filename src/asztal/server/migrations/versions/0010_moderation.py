"""Moderation: mutes and blocks kept per account, reports of chat lines, operators (granted on
the command line), bans, the operators' audit trail; chat lines an operator hid, and lines whose
writer deleted their account; each account's time zone (for the times in its mail).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "operators",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("granted", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_mutes",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("target_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("blocked", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_mutes_target_id", "account_mutes", ["target_id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("reporter", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("author", sa.String(32), sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed", sa.DateTime(timezone=True), nullable=True, index=True),
    )
    op.create_table(
        "bans",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "moderation_audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("operator", sa.String(32), nullable=True),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("target", sa.String(80), nullable=False),
        sa.Column("detail", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("chat_lines") as batch:
        batch.add_column(sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("author_gone", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("tz", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("tz")
    with op.batch_alter_table("chat_lines") as batch:
        batch.drop_column("author_gone")
        batch.drop_column("hidden")
    op.drop_table("moderation_audit")
    op.drop_table("bans")
    op.drop_table("chat_reports")
    op.drop_table("account_mutes")
    op.drop_table("operators")

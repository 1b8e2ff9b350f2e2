"""Addresses that are confirmed before they get a notice, the language of an account's notices,
and the single-use links mailed to an account (confirming an address, resetting a password);
the session that gave a seat its token (logging out ends that token); the network address
(hashed) an account registered from and each rated seat was taken from, so
two accounts of one address do not play a rated game together.

An address stored by an earlier release starts unconfirmed (it was never checked: it may name
several recipients), so it gets no notice until its owner confirms it again.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("lang", sa.String(2), nullable=False, server_default="hu"))
        batch.add_column(sa.Column("address_hash", sa.String(64), nullable=True))
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "session_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("session_hash", sa.String(64), nullable=False, index=True),
    )
    op.create_table(
        "rated_addresses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("address_hash", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_addresses")
    op.drop_table("session_seats")
    op.drop_table("account_tokens")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("address_hash")
        batch.drop_column("lang")
        batch.drop_column("email_confirmed")

"""The tournament tables of the database (created by migration 0008).

``tournament_rounds`` has the primary key (tournament, round): a round is paired by the one
transaction that inserts its row, together with its tables and their games, so two instances
(or one restarted) that both decide to pair a round leave exactly one pairing.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, DateTime, Float, ForeignKey, Integer, String, Table

from asztal.server.storage import metadata

tournaments_table = Table(
    "tournaments", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),          # the game's options as the creator chose them
    Column("table_size", Integer, nullable=False),
    Column("format", String(16), nullable=False),     # swiss | round_robin
    Column("rounds", Integer, nullable=True),         # swiss: as set; round-robin: fixed at the start
    Column("turn_timer", Float, nullable=False),
    Column("round_days", Float, nullable=False),      # a round's tables are scored by then at the latest
    Column("rated", Boolean, nullable=False),
    Column("private", Boolean, nullable=False),
    Column("invite_hash", String(64), nullable=True),  # a private tournament's sign-up key (hash)
    Column("creator", String(32), ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("starts", DateTime(timezone=True), nullable=False),
    Column("signup_until", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False, index=True),  # signup | running | finished
    Column("schedule", JSON, nullable=True),          # round-robin: every round's tables, fixed at the start
    Column("created", DateTime(timezone=True), nullable=False),
)

tournament_players_table = Table(
    "tournament_players", metadata,
    Column("tournament_id", String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("joined", DateTime(timezone=True), nullable=False),
    Column("withdrawn", DateTime(timezone=True), nullable=True),
)

tournament_rounds_table = Table(
    "tournament_rounds", metadata,
    Column("tournament_id", String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("paired", DateTime(timezone=True), nullable=False),
    Column("deadline", DateTime(timezone=True), nullable=False),
)

tournament_tables_table = Table(
    "tournament_tables", metadata,
    Column("tournament_id", String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="SET NULL"), nullable=True, index=True),
    Column("seats", JSON, nullable=False),            # an account id per seat, null for a bot's
    Column("places", JSON, nullable=True),            # when scored: each seat's place
    Column("scores", JSON, nullable=True),            # when scored: each seat's game score
    Column("how", String(16), nullable=True),         # played | forfeit | adjudicated
    Column("ended", DateTime(timezone=True), nullable=True),
    Column("noticed", DateTime(timezone=True), nullable=True),  # its players were told of it
)

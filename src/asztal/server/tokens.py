"""Seat tokens and invites: 256 random bits shown once, kept only as a SHA-256 hash.

A token is looked up by its hash, so the database never holds anything that would let a
reader of it (or of a backup) act for a seat.
"""

from __future__ import annotations

import hashlib
import secrets


def new_secret() -> str:
    """A fresh token: 32 random bytes (256 bits), URL-safe text."""
    return secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_game_id() -> str:
    """A short public game id (72 random bits: not guessable, not a secret either)."""
    return secrets.token_urlsafe(9)


def new_seed() -> int:
    """The game's seed: never shown while the game runs (it fixes every hidden card)."""
    return secrets.randbits(63)

"""The scripted PocketCiv player the play-tests use: the bots' rollout policy
(``asztal.bots.policies.pocketciv``), which started here."""

from asztal.bots.policies.pocketciv import choose

__all__ = ["choose"]

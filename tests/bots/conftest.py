"""The bots' tests also use a solo toy game (push your luck)."""

from asztal import games
from tests.bots.solo_toy import GAME as DICE

games.register(DICE)

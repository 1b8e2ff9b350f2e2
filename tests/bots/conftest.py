"""The bots' tests also use a solo toy game (push your luck) and Nim with a fair determinize."""

from asztal import games
from tests.bots.fair_nim import GAME as FAIR_NIM
from tests.bots.solo_toy import GAME as DICE

games.register(DICE)
games.register(FAIR_NIM)

"""Bots that play any asztal game: random, greedy (one-ply on a game's evaluation) and IS-MCTS.

>>> from asztal import games
>>> from asztal.bots import make_bot
>>> state = games.load("pax").new_game(players=2, seed=7)   # doctest: +SKIP
>>> bot = make_bot("mcts:normal", seed=1)                   # doctest: +SKIP
>>> state.apply(bot.choose(state))                          # doctest: +SKIP

Bots see only what their seat sees: hidden information reaches them only through
``state.determinize(seat, rng)``. See docs/bots.md.
"""

from asztal.bots.base import Bot, RandomBot
from asztal.bots.greedy import GreedyBot
from asztal.bots.hint import hint
from asztal.bots.mcts import PRESETS, MctsBot, MctsConfig
from asztal.bots.registry import BOT_NAMES, make_bot

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "MctsBot", "MctsConfig", "PRESETS", "RandomBot", "hint",
           "make_bot"]

"""Test-wide setup: the toy game joins the registry so the contract suite covers it."""

from asztal import games
from tests.toy.nim import GAME as NIM

games.register(NIM)

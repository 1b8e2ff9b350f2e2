"""Research interfaces: OpenSpiel games, PettingZoo and Gymnasium environments (docs/research.md)."""

"""Tournaments of a club: Swiss and round-robin over days, for every game and table size.

- ``pairing.py``: who sits at which table in a round (pure: no I/O, no clock, no randomness);
- ``scoring.py``: placement points and the standings with their tie-breaks (pure);
- ``tables.py``, ``runner.py``, ``api.py``: the tables in the database, the rounds that run
  themselves when the games end, and the routes (``/api/tournaments``).

docs/tournaments.md explains the rules to players.
"""

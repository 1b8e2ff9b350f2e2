"""The ``asztal`` command line: play, replay, simulate, benchmark (Typer + Rich)."""

"""``python -m asztal`` runs the command-line interface."""

from asztal.cli.app import main

main()

"""The browser UI: static files (``static/``: the lobby, the game page, replays, the
PocketCiv map editor; plain ES modules, no build step) and the rule specifications its rules
panel shows (``rules/``). What the server adds for it (rule texts, replay frames, map
checking, the decorated ``state``) is in ``asztal.server`` (``ui_api.py``, ``present.py``);
the boards themselves are drawn in each game's package (``asztal.games.<name>.board``)."""

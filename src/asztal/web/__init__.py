"""The browser UI: static files (``static/``: the lobby, the game page, replays, the
PocketCiv map editor; plain ES modules, no build step) and the few endpoints only the UI
needs (``api.py``: rule texts, replay frames, map checking). The boards themselves are
drawn in each game's package (``asztal.games.<name>.board``)."""

"""The game server (``asztal serve``): lobby over REST, live play over one WebSocket per seat,
storage in SQLite or PostgreSQL. The protocol is ``docs/protocol.md``; running it,
``docs/operations.md``."""

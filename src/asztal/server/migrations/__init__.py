"""The schema's migrations, run by Alembic (``versions/``, one script a release that changed it).

``HEAD`` names the newest so that a server starting on a database already there need not load
Alembic and its scripts to learn it (about 0.2 s of CPU at every start); a test checks it
against the scripts' own head."""

from typing import Final

HEAD: Final = "0010"

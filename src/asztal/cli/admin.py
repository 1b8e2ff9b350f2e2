"""``asztal admin grant|revoke USERNAME`` and ``asztal backup FILE``: the operator's commands,
run against the configured database (``--db``, else ``ASZTAL_DB``, else the default SQLite file).

The operator's role is given only here, on the command line of the machine that holds the
database: no route of the server gives or takes it. Registered by the app with
``app.add_typer(admin_commands(lang))`` and ``app.command()(backup)``; the server's modules are
imported when a command runs (start-up time).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer

_T = {
    "admin": ("Az üzemeltető parancsai (a beállított adatbázison).", "The operator's commands (on the configured "
              "database)."),
    "grant": ("Üzemeltetői jogot ad egy fióknak (bejelentések, elrejtés, letiltás, játék lezárása).",
              "Give an account the operator's role (reports, hiding lines, bans, closing games)."),
    "revoke": ("Elveszi egy fiók üzemeltetői jogát.", "Take the operator's role from an account."),
    "username": ("a fiók felhasználóneve", "the account's username"),
    "db": ("sqlite:///FÁJL vagy postgresql+psycopg://… (alapból ASZTAL_DB, aztán a felhasználó SQLite-fájlja)",
           "sqlite:///FILE or postgresql+psycopg://… (default: ASZTAL_DB, then the user's SQLite file)"),
    "granted": ("{name} mostantól üzemeltető.", "{name} is an operator now."),
    "revoked": ("{name} már nem üzemeltető.", "{name} is no longer an operator."),
    "unknown": ("Nincs ilyen nevű fiók: {name}", "There is no account named {name}"),
    "backup": ("Biztonsági mentés a futó szerver mellett is (SQLite: a beépített mentéssel; PostgreSQL: "
               "pg_dump-pal, ha van, különben SQL-szintű kiírással). A visszaállítás: docs/operations.md.",
               "Back up the database, also while the server runs (SQLite: its online backup; PostgreSQL: "
               "pg_dump if installed, else an SQL-level export). Restoring: docs/operations.md."),
    "target": ("a mentés fájlja (nem írja felül a meglévőt)", "the backup's file (an existing one is not "
               "overwritten)"),
    "exists": ("A fájl már létezik, nem írom felül: {path}", "The file exists already and is not overwritten: "
               "{path}"),
    "done": ("Mentve ({how}): {path}", "Backed up ({how}): {path}"),
    "restore": ("a FÁJL egy SQL-szintű mentés (PostgreSQL, pg_dump nélkül): betölti egy üres adatbázisba",
                "FILE is an SQL-level backup (PostgreSQL without pg_dump): load it into an empty database"),
    "restored": ("Visszaállítva: {n} sor innen: {path}", "Restored: {n} rows from {path}"),
    "how.sqlite": ("SQLite beépített mentése", "SQLite's online backup"),
    "how.pg_dump": ("pg_dump", "pg_dump"),
    "how.sql": ("SQL-szintű kiírás (nincs pg_dump)", "SQL-level export (no pg_dump)"),
}


def _t(key: str, lang: str, **params: str) -> str:
    hu, en = _T[key]
    return (en if lang == "en" else hu).format(**params)


def _url(db: str | None) -> str:
    from asztal.server.app import default_db_url

    return db or default_db_url()


def admin_commands(lang: str) -> typer.Typer:
    """The ``admin`` group with its help in ``lang``."""
    group = typer.Typer(help=_t("admin", lang), no_args_is_help=True, add_completion=False, rich_markup_mode=None)

    def role(username: str, db: str | None, give: bool) -> None:
        from asztal.cli.errors import Told
        from asztal.server.moderation import Moderation
        from asztal.server.storage import Storage

        storage = Storage(_url(db))
        try:
            storage.migrate()
            if not Moderation(storage).grant(username, give):
                raise Told(_t("unknown", lang, name=username))
        finally:
            storage.close()
        typer.echo(_t("granted" if give else "revoked", lang, name=username))

    @group.command("grant", help=_t("grant", lang))
    def grant(username: str = typer.Argument(..., help=_t("username", lang)),
              db: str | None = typer.Option(None, "--db", help=_t("db", lang))) -> None:
        role(username, db, True)

    @group.command("revoke", help=_t("revoke", lang))
    def revoke(username: str = typer.Argument(..., help=_t("username", lang)),
               db: str | None = typer.Option(None, "--db", help=_t("db", lang))) -> None:
        role(username, db, False)

    return group


def backup_command(lang: str) -> Callable[..., None]:
    """``asztal backup FILE`` with its help in ``lang``."""

    def backup(target: Path = typer.Argument(..., help=_t("target", lang)),
               db: str | None = typer.Option(None, "--db", help=_t("db", lang)),
               load: bool = typer.Option(False, "--restore", help=_t("restore", lang))) -> None:
        from asztal.cli.errors import Told
        from asztal.server.backup import restore, take

        if load:
            n = restore(_url(db), target)
            typer.echo(_t("restored", lang, n=str(n), path=str(target)))
            return
        if target.exists():
            raise Told(_t("exists", lang, path=str(target)))
        how = take(_url(db), target)
        typer.echo(_t("done", lang, how=_t(f"how.{how}", lang), path=str(target)))

    backup.__doc__ = _t("backup", lang)
    return backup

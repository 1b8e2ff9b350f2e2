"""A command's error in one language: the reader's, whole.

The engine's errors carry a catalogue sentence (``AsztalError.words``); the rest (a bot spec,
a file that is missing, an option that is not ``key=value``) are plain ``ValueError`` and
``OSError`` whose one-line message is English, written for logs. :func:`error_words` puts
each of those the command line can reach in Hungarian or English by its shape
(:data:`SHAPES`); an error of no known shape is named by its kind alone in Hungarian, never
half in English.
"""

from __future__ import annotations

import errno
import os
import re

from asztal.cli.text import t

#: (the English message's shape, Hungarian, English): the groups fill the sentences
SHAPES: list[tuple[re.Pattern[str], str, str]] = [(re.compile(p + r"\Z", re.S), hu, en) for p, hu, en in (
    (r"unknown bot '(?P<name>.*?)'; known bots: (?P<known>.*)",
     "Nincs ilyen robot: „{name}”. Választható: {known}.", "There is no bot called '{name}'. Choose from: {known}."),
    (r"a bot spec must be a name such as random, greedy, mcts or mcts:hard",
     "Egy robotot a nevével adj meg, például random, greedy, mcts vagy mcts:hard.",
     "Name a bot, for example random, greedy, mcts or mcts:hard."),
    (r"the (?P<name>random|policy) bot takes no settings: '(?P<spec>.*)'",
     "A(z) {name} robotnak nincsenek beállításai: „{spec}”.", "The {name} bot has no settings: '{spec}'."),
    (r"unknown greedy setting\(s\) (?P<bad>.*) in '(?P<spec>.*)' \(use samples=N\)",
     "A greedy robotnak nincs ilyen beállítása: {bad} („{spec}”; egyetlen beállítása: samples=N).",
     "The greedy bot has no setting {bad} ('{spec}'; its one setting is samples=N)."),
    (r"samples must be a whole number in '(?P<spec>.*)'",
     "A samples értéke egész szám legyen („{spec}”).", "samples must be a whole number ('{spec}')."),
    (r"unknown difficulty '(?P<word>.*?)' in '(?P<spec>.*)'; use easy, normal or hard",
     "Nincs ilyen nehézség: „{word}” („{spec}”); választható: easy, normal, hard.",
     "There is no difficulty '{word}' ('{spec}'); choose easy, normal or hard."),
    (r"unknown mcts setting '(?P<key>.*?)' in '(?P<spec>.*)'; use (?P<known>.*)",
     "Az MCTS-robotnak nincs ilyen beállítása: „{key}” („{spec}”); választható: {known}.",
     "The MCTS bot has no setting '{key}' ('{spec}'); choose from {known}."),
    (r"(?P<key>\w+) must be a number in '(?P<spec>.*)'",
     "A(z) {key} értéke szám legyen („{spec}”).", "{key} must be a number ('{spec}')."),
    (r"a review needs an MCTS bot, not '(?P<spec>.*)'",
     "Az elemzéshez MCTS-robot kell, nem „{spec}”.", "A review needs an MCTS bot, not '{spec}'."),
    (r"no seat (?P<seat>\d+) in a (?P<n>\d+)-player game",
     "Egy {n} fős játékban nincs {seat}. hely: a hely 1 és {n} között lehet.",
     "A {n}-player game has no seat {seat}: a seat is between 1 and {n}."),
    (r"option '(?P<pair>.*)' must look like key=value",
     "A játékbeállítás kulcs=érték alakú legyen (például level=3), nem „{pair}”.",
     "A game option looks like key=value (level=3, say), not '{pair}'."),
    (r"(?P<path>.*) is not an asztal save or record",
     "Ez a fájl nem asztal-mentés és nem is játszmarekord: {path}",
     "This file is neither an asztal save nor a game record: {path}"),
    (r"(?P<path>.*) is neither an asztal saved game nor a game record",
     "Ez a fájl nem asztal-mentés és nem is játszmarekord: {path}",
     "This file is neither an asztal save nor a game record: {path}"),
    (r"corrupt saved game: seat (?P<seat>.*) cannot be to move",
     "Ez a mentés sérült: a soron következő hely ({seat}) nem létezik.",
     "This save is corrupt: the seat to move ({seat}) does not exist."),
    (r"name at least one bot \(e\.g\. mcts,random\)",
     "Nevezz meg legalább egy robotot (például mcts,random).", "Name at least one bot (mcts,random, say)."),
    (r"play at least one game", "Legalább egy játszma kell.", "Play at least one game."),
    (r"(?P<game>\w+) is for (?P<lo>\d+)-(?P<hi>\d+) players, not (?P<n>-?\d+)",
     "Ezt a játékot ({game}) {lo}-{hi} játékos játszhatja, nem {n}.",
     "{game} is for {lo}-{hi} players, not {n}."),
    (r"(?P<k>\d+) bots for (?P<n>\d+) seats: list at most one bot per seat",
     "{k} robot {n} helyre: helyenként legfeljebb egy robotot adj meg.",
     "{k} bots for {n} seats: name at most one bot per seat."),
    (r"(?P<game>\w+) has no levels", "Ennek a játéknak ({game}) nincsenek szintjei.", "{game} has no levels."),
    (r"(?P<path>.*): cannot read it \((?P<why>.*)\)",
     "A fájl nem olvasható ({why}): {path}", "The file cannot be read ({why}): {path}"),
    (r"(?P<path>.*): not valid JSON \((?P<msg>.*), line (?P<line>\d+)\)",
     "A fájl nem érvényes JSON ({line}. sor): {path}", "The file is not valid JSON (line {line}): {path}"),
    (r"(?P<path>.*): not valid JSON(?P<rest>.*)", "A fájl nem érvényes JSON: {path}",
     "The file is not valid JSON: {path}"),
    (r"(?P<path>.*) is not an arena record",
     "Ez a fájl nem a robotverseny (arena) játszmáinak feljegyzése: {path}",
     "This file is not a record of arena games: {path}"),
    (r"(?P<path>.*) records another arena run \((?P<was>.*), not (?P<now>.*)\)",
     "Ez a feljegyzés egy másik versenyé ({was}, nem {now}); adj meg új fájlt: {path}",
     "This record is of another run ({was}, not {now}); name a new file: {path}"),
    (r"batch seeds and game indices are whole numbers below (?P<limit>\d+)",
     "A mag és a játszmák sorszáma {limit} alatti egész szám.",
     "Seeds and game numbers are whole numbers below {limit}."),
)]

#: what an ``OSError``'s number means, for the commonest ones
ERRNO: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("nincs ilyen fájl vagy mappa", "no such file or folder"),
    errno.EACCES: ("nincs hozzá jogod", "permission denied"),
    errno.EISDIR: ("ez egy mappa, nem fájl", "it is a folder, not a file"),
    errno.ENOTDIR: ("az útvonal egy része nem mappa", "part of the path is not a folder"),
    errno.ENOSPC: ("betelt a lemez", "the disk is full"),
    errno.EROFS: ("csak olvasható a lemez", "the disk is read-only"),
    errno.EADDRINUSE: ("a címet már használja egy másik program", "another program already uses the address"),
}


class Told(ValueError):
    """An error whose message is already in the reader's language (the interface's own words)."""


def _why(text: str, en: bool) -> str:
    """An operating system's reason (``No such file or directory``) in the reader's words."""
    for number, (hu, en_text) in ERRNO.items():
        if text == os.strerror(number):
            return en_text if en else hu
    return text if en else "a rendszer nem engedte"


def error_words(error: Exception, lang: str) -> str:
    """``error`` as one sentence in ``lang`` (``hu`` or ``en``), nothing of the other language."""
    from asztal.engine.decision import MESSAGES
    from asztal.engine.errors import AsztalError

    en = lang == "en"
    if isinstance(error, OSError):
        hu_why, en_why = ERRNO.get(error.errno or -1, ("a rendszer nem engedte", "the system refused"))
        where = error.filename if error.filename is not None else ""
        return t("err.file", lang, path=where, why=en_why if en else hu_why)
    text = str(error)
    if isinstance(error, Told):
        return text
    for shape, hu, en_text in SHAPES:
        match = shape.match(text)
        if match:
            found = match.groupdict()
            if "why" in found:
                found["why"] = _why(found["why"], en)
            return (en_text if en else hu).format(**found)
    if isinstance(error, AsztalError):
        refusal = error.refusal
        if en or (refusal is not None and refusal.key in MESSAGES):
            return error.words(lang)
        if refusal is not None:  # a game's own refusal (a save of an older rules version): its catalogue
            from asztal import games

            try:
                return error.words(lang, games.load(refusal.key.split(".")[0]))
            except ValueError:
                pass
        return MESSAGES[error.GENERAL]["hu"] + "."  # the detail is English: the kind alone
    return text if en else t("err.general", lang)

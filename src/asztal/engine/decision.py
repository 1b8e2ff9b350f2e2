"""What is being decided now, and why a move is refused: the values every interface reads.

A game says what its pending decision is with a :class:`Decision` (who decides, what kind
of decision it is, the sentence that tells the player, the rule it rests on) and why an
action is refused with a :class:`Refusal` (a catalogue key, its arguments, the rule ID).
Both are small frozen, JSON-able and picklable values (treat ``args`` as read-only). The
browser's status line, the terminal, the guided games and the server's error replies
render them through the game's hu/en catalogue (``Game.describe_decision``,
``Game.describe_refusal``) exactly as log lines are rendered, so the same words appear
everywhere and no interface invents its own.

Why one module: before this each game held its pending decision its own way (PocketCiv
frames as tuples, PAX phase ints and bits, Caboose phase/step plus scratch fields) and a
refused move was explained by a second derivation of the legal list, or not at all. A
game's legal list and its refusal reasons must come from the same code path (see
``GameState.refusal``), so a refusal can never contradict what was offered.

>>> d = Decision(seat=0, kind="pax.keep", key="pax.ask.keep", args={"n": 2}, rule="PAX-SETUP-03")
>>> d.to_json()["kind"]
'pax.keep'
>>> Refusal("engine.not_now", args={"action": "done"}).to_json()
{'key': 'engine.not_now', 'rule': None, 'args': {'action': 'done'}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

#: the engine's own sentences, used until (or where) a game says something more specific
MESSAGES: dict[str, dict[str, str]] = {
    "engine.ask.choose": {"hu": "Válassz egy lépést.", "en": "Choose a move."},
    "engine.ask.over": {"hu": "A játék véget ért.", "en": "The game is over."},
    "engine.not_now": {"hu": "Ezt a lépést most nem teheted meg.", "en": "You cannot make that move now."},
    "engine.over": {"hu": "A játék véget ért, nincs több lépés.", "en": "The game is over: no more moves."},
    "engine.unknown": {"hu": "Ilyen lépés nincs ebben a játékban.", "en": "This game has no such move."},
    "engine.not_your_turn": {"hu": "Most nem te következel.", "en": "It is not your turn."},
    "engine.bad.players": {"hu": "Ezt a játékot {lo}-{hi} játékos játszhatja, nem {players}.",
                           "en": "This game is for {lo}-{hi} players, not {players}."},
    "engine.bad.seed": {"hu": "A kezdőérték (seed) csak egész szám lehet.", "en": "The seed must be a whole number."},
    "engine.bad.option": {"hu": "Ennek a játéknak nincs ilyen beállítása: {options}.",
                          "en": "This game has no such option: {options}."},
    "engine.bad.record.game": {"hu": "Ez a felvétel egy másik játéké.", "en": "This record is of another game."},
    "engine.bad.record.version": {
        "hu": "Ez a játék {version:a}. szabályváltozattal készült; ez a program {current:a}. változatot "
              "játssza, ezért nem tudja visszajátszani.",
        "en": "This game was made under rules version {version}; this program plays version {current} and "
              "cannot replay it.",
    },
    "engine.bad.record.version.unknown": {
        "hu": "Ez a játék ismeretlen szabályváltozattal készült ({version}); ez a program {current:a}. "
              "változatot játssza.",
        "en": "This game was made under an unknown rules version ({version}); this program plays version "
              "{current}.",
    },
    "engine.bad.record.action": {"hu": "A felvétel {n}. lépése ({action}) nem szabályos.",
                                 "en": "Move {n} of the record ({action}) is not legal."},
    "engine.no_undo": {
        "hu": "Nincs mit visszavonni: az utolsó lépés óta új információ derült ki, vagy nem te léptél.",
        "en": "Nothing to take back: something new came to light since, or the last move was not yours.",
    },
    "engine.unknown_game": {"hu": "Nincs ilyen játék: {name}. Választható: {known}.",
                            "en": "There is no game called {name}. Choose one of: {known}."},
    "engine.bad.save.json": {"hu": "Ez a fájl nem olvasható: nem érvényes JSON.",
                             "en": "This file cannot be read: it is not valid JSON."},
    "engine.bad.save.format": {"hu": "Ez a fájl nem asztal-mentés.", "en": "This file is not an asztal saved game."},
    "engine.bad.save.game": {"hu": "Ez a mentés egy másik játéké.", "en": "This save is of another game."},
    "engine.bad.save.corrupt": {"hu": "Ez a mentés sérült: nem az, amit a lépései adnak.",
                                "en": "This save is damaged: it is not what its moves give."},
    # what an error without a sentence of its own says in Hungarian (its English line follows)
    "engine.error.action": {"hu": "Ez a lépés nem értelmezhető", "en": "This move cannot be read"},
    "engine.error.record": {"hu": "Ez a felvétel vagy mentés nem tölthető be",
                            "en": "This record or save cannot be loaded"},
    "engine.error.options": {"hu": "Ezekkel a beállításokkal nem indítható játék",
                             "en": "A game cannot start with these options"},
    "engine.error.seat": {"hu": "Nincs ilyen hely ebben a játékban", "en": "This game has no such seat"},
    "engine.error.game": {"hu": "Nincs ilyen játék", "en": "There is no such game"},
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now.

    ``key`` names a sentence in the game's catalogue (``messages``), ``args`` fills it
    (ids and numbers, turned into words by the game's ``event_words``), ``rule`` is the rule
    ID the refusal rests on (shown as "the rule behind this").
    """

    key: str
    rule: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "rule": self.rule, "args": dict(self.args)}


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision a game waits for.

    ``seat`` decides (``None`` when nobody does: the game is over, or chance decides);
    ``kind`` is a stable name of the kind of decision (``"pax.keep"``,
    ``"pocketciv.move"``), for interfaces that lay out a decision by its kind; ``key`` and
    ``args`` are the sentence that tells the player what is being decided, with the count
    left where there is one; ``rule`` is the rule ID behind it.
    """

    seat: int | None
    kind: str
    key: str
    args: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "key": self.key, "args": dict(self.args), "rule": self.rule}


_FRAME_KINDS: dict[str, type[Frame]] = {}


@dataclass(frozen=True, slots=True)
class Frame:
    """One pending sub-decision on a game's stack (a game keeps its own ``stack`` list).

    Subclass it per kind, as a frozen dataclass with named fields of plain values (ints,
    strings, tuples of them) and a unique ``KIND`` (``"pocketciv.flood"``): a frame then
    clones by sharing, saves to JSON as ``[KIND, field, ...]`` and loads back with
    ``Frame.from_json``, and code reads ``frame.era`` instead of ``f[4]``.

    >>> @dataclass(frozen=True, slots=True)
    ... class Keep(Frame):
    ...     KIND: ClassVar[str] = "doc.keep"
    ...     seat: int
    ...     left: int
    >>> Keep(1, 2).to_json()
    ['doc.keep', 1, 2]
    >>> Frame.from_json(['doc.keep', 1, 2]) == Keep(1, 2)
    True
    """

    KIND: ClassVar[str] = ""

    def __init_subclass__(cls) -> None:
        # no zero-argument super() here: dataclass(slots=True) rebuilds the class
        if cls.KIND:
            _FRAME_KINDS[cls.KIND] = cls  # the dataclass(slots=True) rebuild registers last

    def to_json(self) -> list[Any]:
        return [self.KIND, *(getattr(self, f.name) for f in fields(self))]

    @staticmethod
    def from_json(data: Any) -> Frame:
        """The frame saved by ``to_json``; ValueError for anything else (a save is input)."""
        if not isinstance(data, list) or not data or not isinstance(data[0], str) or data[0] not in _FRAME_KINDS:
            raise ValueError("not a saved decision frame")
        cls = _FRAME_KINDS[data[0]]
        values = [_tuples(v) for v in data[1:]]
        if len(values) != len(fields(cls)):
            raise ValueError(f"a saved {data[0]} frame has {len(values)} fields, not {len(fields(cls))}")
        return cls(*values)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


OVER = Decision(seat=None, kind="over", key="engine.ask.over")
NOT_NOW = "engine.not_now"

__all__ = ["Decision", "Frame", "MESSAGES", "NOT_NOW", "OVER", "Refusal"]

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
from dataclasses import dataclass, field
from typing import Any

#: the engine's own sentences, used until (or where) a game says something more specific
MESSAGES: dict[str, dict[str, str]] = {
    "engine.ask.choose": {"hu": "Válassz egy lépést.", "en": "Choose a move."},
    "engine.ask.over": {"hu": "A játék véget ért.", "en": "The game is over."},
    "engine.not_now": {"hu": "Ezt most nem léphetsz.", "en": "You cannot make that move now."},
    "engine.over": {"hu": "A játék véget ért, nincs több lépés.", "en": "The game is over: no more moves."},
    "engine.unknown": {"hu": "Ilyen lépés nincs ebben a játékban.", "en": "This game has no such move."},
    "engine.not_your_turn": {"hu": "Most nem te következel.", "en": "It is not your turn."},
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


OVER = Decision(seat=None, kind="over", key="engine.ask.over")
NOT_NOW = "engine.not_now"

__all__ = ["Decision", "MESSAGES", "NOT_NOW", "OVER", "Refusal"]

"""What the browser shows beside the board, computed from one seat's view in one language.

The server's ``state`` message carries the seat's view, its legal actions and the board;
this module adds what a player reads around them (one call, ``decorate``, so the server keeps
one hook):

- ``legal`` labels as the deciding seat reads them (the game's ``render.option_label``: card
  names and values, prices; never an internal card id);
- ``decision``: the sentence of the pending decision (``game.describe_decision``), only for
  the seat that decides (its arguments may name what only that seat sees);
- ``names``: every seat's name from the lobby, a default one (``Gép 2`` / ``Bot 2``) in the
  reader's language when the seat was given none (seat names are stored neutrally: empty);
- ``panels``: one per seat (name, colour, score, money under the game's own word for it, cards
  in hand, connected, to move);
- ``scoring`` at the end: the game's scoring table (``board.scoring``: title, column heads, a
  row per seat), which the end screen shows as text so that it fits a phone;
- the board drawn with those names and the last move marked (``last``: the log events the
  last action made, as this seat may read them).
"""

from __future__ import annotations

import re
from typing import Any

from asztal import games
from asztal.engine import Action, GameState

#: an internal card id (``army-03``, ``city-siwa-3``, ``train-01``): never in a player's text
CARD_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d{1,3}\b")

_RENDER: dict[str, Any] = {}


def _render_module(game: str) -> Any:
    if game not in _RENDER:
        _RENDER[game] = games.load(game).part("render")  # None: a game without a drawing
    return _RENDER[game]


#: "2. játékos" / "az 1. játékos" as the games' sentences name a seat (not inside a list such as
#: "1., 2. és 3. játékos", and not with a case ending, which a name would need to agree with)
_SEAT_HU = re.compile(r"(?<!\d\., )(?<!\d\. és )(?<!\d\. vagy )\b(?:([Aa])z? )?([1-9])\. játékos(?![\w-])")
_SEAT_EN = re.compile(r"\b[Pp]layer ([1-9])\b")


def with_names(text: str, names: list[str], lang: str) -> str:
    """A game's sentence with its seat numbers ("2. játékos", "Player 2") turned into the
    names from the lobby, where the sentence allows it."""
    def hu(m: re.Match[str]) -> str:
        seat = int(m.group(2)) - 1
        return names[seat] if seat < len(names) else m.group(0)

    def en(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return names[seat] if seat < len(names) else m.group(0)

    return _SEAT_EN.sub(en, text) if lang == "en" else _SEAT_HU.sub(hu, text)


def seat_label(name: str | None, seat: int, kind: str, lang: str) -> str:
    """The name a reader sees: the lobby's name, else a default in the reader's language."""
    if name:
        return name
    if kind == "bot":
        return f"Bot {seat + 1}" if lang == "en" else f"Gép {seat + 1}"
    return f"Player {seat + 1}" if lang == "en" else f"Játékos {seat + 1}"


def named_log(entries: list[dict[str, Any]], seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Log lines (``{"i", "hu", "en"}``) with the seats named as in the lobby, in each language."""
    names = {lang: [seat_label(s.get("name"), s["seat"], s.get("kind", "human"), lang) for s in seats]
             for lang in ("hu", "en")}
    return [{**e, "hu": with_names(e["hu"], names["hu"], "hu"), "en": with_names(e["en"], names["en"], "en")}
            for e in entries]


def option_labels(state: GameState, view: dict[str, Any], actions: list[Action], lang: str) -> list[str]:
    """Each legal action as the deciding seat reads it (the same words as the terminal)."""
    module = _render_module(state.game.name)
    fn = getattr(module, "option_label", None)
    out = []
    for a in actions:
        label = fn(view, a, lang) if fn is not None else a.label(lang)
        out.append(label)
    return out


def relabel(state: GameState, seat: int | None, text: str, lang: str) -> str:
    """``text`` (a hint, which names moves by their plain labels) with every legal move's
    label replaced by the label the seat reads (card names and values, never an id)."""
    acts = list(state.legal_actions())
    pairs = zip((a.label(lang) for a in acts), option_labels(state, state.view(seat), acts, lang), strict=True)
    for plain, own in sorted(pairs, key=lambda p: -len(p[0])):
        if plain != own:
            text = text.replace(plain, own)
    return text


def decision_text(state: GameState) -> dict[str, str | None] | None:
    """The pending decision's sentence in both languages (and its kind and rule, None when it
    rests on none), or None when nobody decides."""
    d = state.decision()
    if d.seat is None:
        return None
    g = state.game
    return {"hu": g.describe_decision(d, "hu"), "en": g.describe_decision(d, "en"), "kind": d.kind,
            "rule": d.rule}


def panels(state: GameState, view: dict[str, Any], seats: list[dict[str, Any]], names: list[str],
           lang: str = "hu") -> list[dict[str, Any]]:
    """One panel per seat: what the game's board module says about it, plus name and presence;
    the money is named by the game's own word (``board.MONEY``: Aureus, arany, pénz)."""
    board = state.game.part("board")
    per_seat = getattr(board, "panels", None)
    facts = per_seat(view, state.players) if per_seat is not None else [{} for _ in range(state.players)]
    # a mark given as (Hungarian, English) is said in the reader's language
    facts = [{**f, "marks": [(m[1] if lang == "en" else m[0]) if isinstance(m, tuple) else m for m in f["marks"]]}
             if f.get("marks") else f for f in facts]
    money = getattr(board, "MONEY", None)
    if money is not None:
        facts = [{**f, "money_word": money[1] if lang == "en" else money[0]} if "money" in f else f for f in facts]
    to_move = None if state.is_over else state.to_move
    out = []
    for s in range(state.players):
        info = seats[s] if s < len(seats) else {}
        out.append({"seat": s, "name": names[s], "kind": info.get("kind", "human"),
                    "connected": bool(info.get("connected", True)), "stand_in": bool(info.get("stand_in")),
                    "to_move": to_move == s, **facts[s]})
    return out


def last_events(state: GameState, seat: int | None, mark: int | None) -> list[dict[str, Any]]:
    """The log events the last action made, as ``seat`` may read them (secrets of others removed)."""
    if mark is None or not state.log:
        return []
    return [e for e in state.log_for(seat, mark) if not e.get("header")]


class ChangeParts:
    """What the ``state`` messages of one change share between their view keys, each part made
    when first asked and keyed by exactly what it rests on: the seats' names by language, a
    seat's view by seat (a view depends on the seat alone, not on the reader's language), the
    legal moves' labels (both languages) by the seat that reads them, the pending decision's
    sentence once (both languages, only ever given to the seat that decides).

    Made afresh for each change (the state and the seats as they are then), so nothing of one
    change reaches another's messages, and a part made for one seat reaches only that seat's."""

    def __init__(self, state: GameState, seats: list[dict[str, Any]]) -> None:
        self.state = state
        self.seats = seats
        self._names: dict[str, list[str]] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: dict[int | None, list[dict[str, Any]]] = {}
        self._decision: tuple[dict[str, str | None] | None] | None = None

    def names(self, lang: str) -> list[str]:
        """Every seat's name as a reader of ``lang`` sees it (a new list for each caller)."""
        if lang not in self._names:
            self._names[lang] = [seat_label(s.get("name"), s["seat"], s.get("kind", "human"), lang)
                                 for s in self.seats]
        return list(self._names[lang])

    def view(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)``, made once for the change."""
        if seat not in self._views:
            self._views[seat] = self.state.view(seat)
        return self._views[seat]

    def legal(self, seat: int | None, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The legal moves labelled as ``seat`` reads them (``view`` is that seat's)."""
        if seat not in self._legal:
            acts = list(self.state.legal_actions())
            hu = option_labels(self.state, view, acts, "hu")
            en = option_labels(self.state, view, acts, "en")
            self._legal[seat] = [{"code": a.code, "hu": h, "en": e} for a, h, e in zip(acts, hu, en, strict=True)]
        return [dict(x) for x in self._legal[seat]]

    def decision(self) -> dict[str, str | None] | None:
        """The pending decision's sentence with the seats named (a new dict for each caller)."""
        if self._decision is None:
            d = decision_text(self.state)
            if d is not None:
                for lg in ("hu", "en"):
                    text = d[lg]
                    assert text is not None
                    d[lg] = with_names(text, self.names(lg), lg)
            self._decision = (d,)
        found = self._decision[0]
        return None if found is None else dict(found)


def decorate(msg: dict[str, Any], state: GameState, seat: int | None, lang: str, view: dict[str, Any],
             seats: list[dict[str, Any]], mark: int | None, board: Any, parts: ChangeParts | None = None) -> None:
    """Add the labels, decision, names, panels and board to a ``state`` message (in place);
    ``parts``: what the change's other messages made already (the server's), else made here."""
    if parts is None:
        parts = ChangeParts(state, seats)
    names = parts.names(lang)
    msg["names"] = names
    if msg["legal"]:
        msg["legal"] = parts.legal(seat, view)
        msg["decision"] = parts.decision()
    else:
        msg["decision"] = None
    msg["panels"] = panels(state, view, seats, names, lang)
    if state.is_over:
        table = getattr(state.game.part("board"), "scoring", None)
        msg["scoring"] = table(view, lang, names) if table is not None else None
    msg["last_from"] = mark  # the log lines from here are the last move (the client marks them)
    if board is not None:
        msg["board"] = board.draw(view, msg["legal"], lang, names=names, last=last_events(state, seat, mark))
        if state.is_over and hasattr(board, "verdict"):
            msg["verdict"] = board.verdict(view, lang, names, list(state.winners()))


def why(state: GameState, code: str) -> dict[str, Any]:
    """Why ``code`` is (not) legal for the seat to move, in both languages."""
    try:
        action = state.game.action_for_code(state, code.strip())
    except (ValueError, KeyError, IndexError, TypeError):
        action = None
    if action is not None and action in state.legal_actions():
        hu, en = action.hu, action.en
        hu, en = relabel(state, state.to_move, hu, "hu"), relabel(state, state.to_move, en, "en")
        return {"type": "why", "code": code, "legal": True, "hu": f"szabályos: {hu}", "en": f"legal: {en}"}
    if action is None:
        return {"type": "why", "code": code, "legal": False, "hu": "ismeretlen lépéskód",
                "en": f"unknown action code {code[:60]!r}", "rule": None}
    return refusal_message(state, action, code)


def refusal_message(state: GameState, action: Action, code: str) -> dict[str, Any]:
    """The game's own reason (``state.refusal`` rendered by ``describe_refusal``, the
    decision contract) in both languages, with the rule it rests on."""
    from asztal.engine.decision import NOT_NOW
    from asztal.engine.decision import Refusal as Reason

    reason = state.refusal(action) or Reason(NOT_NOW, args={"action": action.code})
    g = state.game
    return {"type": "why", "code": code, "legal": False, "hu": g.describe_refusal(reason, "hu"),
            "en": g.describe_refusal(reason, "en"), "rule": reason.rule}

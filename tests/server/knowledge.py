"""What a seat may not know, read from the engine: the hidden values the surface audit
(``audit.py``) looks for in every answer, besides component ids, seeds and secrets.

The engine says what each seat may know: ``state.view(seat)`` (a spectator: ``view(None)``).
Comparing one seat's view with every other vantage at the same moment (the other seats'
views, and the full state) gives what this seat is not shown: a field another
vantage has where this seat's view has none or hides it (PAX: another seat's Aureus, ``None``
in this view; the cards another seat is drawing; PocketCiv: the discard pile without
Surveying, the deck), or has a different value (another seat's hand, its prices, Caboose's
city and auction cards in another hand). The same comparison is made on what the browser is
given beside the board, the game's ``panels`` made from each view (PAX: ``money`` None when
secret), and on the board itself: the texts of the SVG drawn from each view (PAX writes
another seat's Aureus as ``?``; its own panel says what its hand holds).

A value is a secret of seat ``s`` at seq ``k`` when another seat (or the full state) had it
at a place at some seq ``j <= k`` and neither ``s``'s own view nor a spectator's (what a
spectator sees is public) had it at that place up to ``k``: so a replay of an earlier step, a
value that became visible later (the discard pile once Surveying is known), a spectator's
board shown to a seat and a value that is the same for everyone raise nothing. A finished
game hides nothing (every card and all money are revealed at the end).

An answer is searched by structure, never by grepping numbers (a small number is
everywhere): a secret at the view's path ``("tableaux", 1, "money")`` is found only in a
dict shaped like a view (most of its keys are the game's view or state keys: a whole view, a
``view_patch``'s ``set``) whose ``tableaux[1].money`` is that very value; a panel's in a
list of per-seat dicts that carry the panel's fields; a board text only as a whole
``<text>`` of an SVG string in the answer.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from asztal import games

#: a text node's content in an SVG string, a whole board or a ``board_patch`` stretch (the
#: pieces of a patch are split at ``>``, so a stretch may start right at a content)
_TEXT = re.compile(r"(?:^|>)([^<>]+)</text")
_MISSING = object()
#: the vantages besides the seats: a spectator's view, and the full state
SPECTATOR, FULL = None, "full"


def _json(value: Any) -> Any:
    """``value`` as it travels: tuples as lists, dict keys as strings."""
    return json.loads(json.dumps(value))


def _canon(value: Any) -> str:
    """One text per JSON value (``True`` and ``1`` differ, key order does not)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, list | dict | str) and not value)


def _differences(mine: Any, theirs: Any, path: tuple, out: list[tuple[tuple, Any]]) -> None:
    """The places where ``theirs`` holds a value ``mine`` does not: absent or None in mine
    (masked), or a different value of the same kind (a seat's own field: its hand, its money)."""
    if mine == theirs or _empty(theirs):  # most of a view is the same for everyone (a map, the tableaux)
        return
    if mine is None or mine is _MISSING:
        out.append((path, theirs))
    elif isinstance(theirs, dict) and isinstance(mine, dict):
        for key, value in theirs.items():
            _differences(mine.get(key, _MISSING), value, path + (key,), out)
    elif isinstance(theirs, list) and isinstance(mine, list) and len(theirs) == len(mine):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            _differences(a, b, path + (i,), out)
    elif type(mine) is type(theirs) and mine != theirs:
        out.append((path, theirs))


def _follow(value: Any, path: tuple) -> Any:
    for step in path:
        if isinstance(step, int):
            if not isinstance(value, list) or step >= len(value):
                return _MISSING
        elif not isinstance(value, dict) or step not in value:
            return _MISSING
        value = value[step]
    return value


def board_texts(svg: str) -> set[str]:
    return set(_TEXT.findall(svg))


@dataclass
class Hidden:
    """One seat's secrets at one seq: by projection (``view``, ``panels``) each path's values
    in canonical form, and the board texts."""

    view: dict[tuple, set[str]] = field(default_factory=dict)
    panels: dict[tuple, set[str]] = field(default_factory=dict)
    texts: set[str] = field(default_factory=set)
    root_keys: frozenset[str] = frozenset()
    panel_keys: frozenset[str] = frozenset()
    players: int = 0

    def __bool__(self) -> bool:
        return bool(self.view or self.panels or self.texts)

    def kinds(self) -> set[str]:
        """The kinds of secret there are: ``view``, ``panels``, ``texts``."""
        return {kind for kind in ("view", "panels", "texts") if getattr(self, kind)}

    def _view_like(self, d: dict) -> bool:
        return 2 * sum(1 for k in d if k in self.root_keys) > len(d)

    def _panels_like(self, lst: list) -> bool:
        return (len(lst) == self.players and bool(self.panel_keys)
                and all(isinstance(x, dict) and self.panel_keys <= x.keys() for x in lst))

    def found_in(self, answer: Any, compared: Counter[str] | None = None) -> list[str]:
        """Each secret ``answer`` (a parsed JSON answer) holds, as ``where = value``;
        ``compared`` counts the places of each kind that were compared with secrets (a view,
        a list of panels, a board), so that a test can tell the search was not idle."""
        hits: list[str] = []
        compared = Counter() if compared is None else compared
        if not self:
            return hits
        stack = [answer]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if self.view and self._view_like(node):
                    hits += _at(node, self.view, "view")
                    compared["view"] += 1
                stack.extend(node.values())
            elif isinstance(node, list):
                if self.panels and self._panels_like(node):
                    hits += _at(node, self.panels, "panels")
                    compared["panels"] += 1
                stack.extend(node)
            elif isinstance(node, str) and self.texts and "</text" in node:
                hits += [f"board text {t!r}" for t in board_texts(node) & self.texts]
                compared["texts"] += 1
        return hits


def _at(node: dict | list, secrets: dict[tuple, set[str]], what: str) -> list[str]:
    out = []
    for path, values in secrets.items():
        got = _follow(node, path)
        if got is not _MISSING and not _empty(got) and _canon(got) in values:
            out.append(f"{what}{list(path)} = {_canon(got)[:80]}")
    return out


@dataclass
class _Folded:
    """What one seat's vantage has folded in, step by step (see ``Knowledge.hidden``)."""

    upto: int = -1                                                  # steps folded: 0..upto
    theirs: dict[str, dict[tuple, set[str]]] = field(default_factory=lambda: {"view": {}, "panels": {}})
    mine: dict[str, dict[tuple, set[str]]] = field(default_factory=lambda: {"view": {}, "panels": {}})
    their_texts: set[str] = field(default_factory=set)
    my_texts: set[str] = field(default_factory=set)


class Knowledge:
    """The views of one audited table, step by step, and each vantage's secrets from them.

    ``states`` is the table's list of engine states (``states[k]``: after ``k`` changes),
    which grows as the audit plays; every view, panel list and board is made once per step
    and vantage. Boards are drawn in ``langs`` (the audit's sockets and replays read
    Hungarian; a socket asked for English is checked at that moment's own step only)."""

    def __init__(self, game: str, players: int, names: list[str], states: list) -> None:
        self.game = games.load(game)
        self.players, self.names, self.states = players, names, states
        self.board = self.game.part("board")
        self.panels_of = getattr(self.board, "panels", None)
        self.vantages: list[Any] = [*range(players), SPECTATOR, FULL]  # SPECTATOR: what is public
        self._made: dict[tuple[int, Any], dict[str, Any]] = {}
        self._texts: dict[tuple[int, Any, str], set[str]] = {}
        self._folded: dict[Any, _Folded] = {}
        self.root_keys: set[str] = set()
        self.panel_keys: set[str] = set()

    def made(self, j: int, vantage: Any) -> dict[str, Any]:
        """The view (or, for ``FULL``, the state's own fields) and panels of ``vantage`` at step ``j``."""
        key = (j, vantage)
        if key not in self._made:
            st = self.states[j]
            if vantage == FULL:
                out = {"view": _json(st._state_dict()), "panels": None}
            else:
                view = st.view(vantage)
                panels = _json(self.panels_of(view, self.players)) if self.panels_of is not None else None
                out = {"view": _json(view), "panels": panels, "raw": view}
                for p in panels or []:
                    self.panel_keys.update(p)
            self.root_keys.update(out["view"])
            self._made[key] = out
        return self._made[key]

    def texts(self, j: int, vantage: Any, lang: str) -> set[str]:
        """The texts of the board drawn from ``vantage``'s view at step ``j`` (no legal moves marked)."""
        key = (j, vantage, lang)
        if key not in self._texts:
            if vantage == FULL or self.board is None:
                self._texts[key] = set()
            else:
                view = self.made(j, vantage)["raw"]
                self._texts[key] = board_texts(self.board.draw(view, [], lang, names=self.names, last=[]))
        return self._texts[key]

    def hidden(self, seat: int | None, k: int, langs: tuple[str, ...] = ("hu",)) -> Hidden:
        """What ``seat`` (None: a spectator) may not be shown at seq ``k``: the values other
        vantages had at places where its own view never had them, up to ``k``; and the board
        texts drawn from other views that its own boards never had (in ``langs``; a language
        besides Hungarian is compared at step ``k`` only)."""
        if self.states[k].is_over:
            return Hidden()
        f = self._folded.setdefault(seat, _Folded())
        assert k >= f.upto, "the audit moves forward"
        for j in range(f.upto + 1, k + 1):
            self._fold(f, seat, j)
        f.upto = k
        out = Hidden(root_keys=frozenset(self.root_keys), panel_keys=frozenset(self.panel_keys), players=self.players)
        for what in ("view", "panels"):
            mine = f.mine[what]
            secret = {path: values - mine.get(path, set()) for path, values in f.theirs[what].items()}
            setattr(out, what, {p: v for p, v in secret.items() if v})
        out.texts = f.their_texts - f.my_texts
        own = [seat] if seat is SPECTATOR else [seat, SPECTATOR]
        for lang in langs:
            if lang != "hu":
                theirs = set().union(*(self.texts(k, v, lang) for v in self.vantages if v not in own))
                out.texts |= theirs - set().union(*(self.texts(k, o, lang) for o in own))
        return out

    def _fold(self, f: _Folded, seat: int | None, j: int) -> None:
        """Step ``j`` into ``f``: what the other seats and the full state hold that ``seat``'s
        view does not, and what ``seat`` and a spectator were shown (what a spectator sees is
        public: a seat given a spectator's board learns nothing)."""
        mine = self.made(j, seat)
        own = [seat] if seat is SPECTATOR else [seat, SPECTATOR]
        others = [v for v in self.vantages if v not in own]
        for what in ("view", "panels"):
            found: list[tuple[tuple, Any]] = []
            for vantage in others:
                theirs = self.made(j, vantage)[what]
                if theirs is not None:
                    _differences(mine[what], theirs, (), found)
            new = []
            for path, value in found:
                if path not in f.theirs[what]:
                    f.theirs[what][path] = set()
                    new.append(path)
                f.theirs[what][path].add(_canon(value))
            # what was shown at every place a secret was seen, at every step so far
            for path in new:
                f.mine[what][path] = {_canon(v) for i in range(j) for o in own
                                      if (v := _follow(self.made(i, o)[what], path)) is not _MISSING}
            for path, values in f.mine[what].items():
                for o in own:
                    v = _follow(self.made(j, o)[what], path)
                    if v is not _MISSING:
                        values.add(_canon(v))
        for vantage in others:
            f.their_texts |= self.texts(j, vantage, "hu")
        for o in own:
            f.my_texts |= self.texts(j, o, "hu")

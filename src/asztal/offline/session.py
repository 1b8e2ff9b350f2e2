"""One game held in the page (a Web Worker under Pyodide), speaking the server socket's messages.

The offline page plays a solo game (or one against bots) with no server: this module holds the
game state, applies the player's ``act`` and ``undo``, plays the bot seats and answers with the
same ``hello``, ``state`` and ``error`` messages a seat's socket gets (docs/protocol.md), so the
game page reads one protocol online and offline. It is pure: no I/O and no clock of its own
(the bots' time budget is the one clock, as on the server); the worker saves ``saved()`` after
every decision and starts again from it with ``Session.resume``.

Every ``state`` carries the whole view and board (the protocol allows a whole value in place of
a patch; in the page nothing travels over a network) and the log lines the page has not had.
"""

from __future__ import annotations

from typing import Any

from asztal import games
from asztal.bots import Bot, make_bot
from asztal.engine import Game, GameState, IllegalAction
from asztal.engine.errors import AsztalError
from asztal.server import texts
from asztal.server.meta import bot_spec
from asztal.server.present import decorate, last_events, named_log, relabel, why

#: the messages a page may send, with their fields and types (the server's ``ws.FIELDS`` less
#: what needs a server: ``chat``, with nobody to chat with)
FIELDS: dict[str, dict[str, type]] = {
    "act": {"code": str, "seq": int},
    "undo": {"seq": int},
    "hint": {},
    "why": {"code": str},
    "lang": {"lang": str},
    "ping": {},
}
MAX_CODE = 200
#: the ``normal`` bot's search in the page, in iterations a move per game: what the page's speed
#: does in about 0.8 s (``benchmarks/offline_speed.py --bot``: Pyodide's iterations/s × 0.8,
#: measured on a busy machine, docs/offline.md), so a move takes at most about a second and the
#: same position gives the same move; the time budget stays, as a cap on a slower device
NORMAL_ITERATIONS = {"pocketciv": 16, "pax": 500, "caboose": 450}
_MASK63 = (1 << 63) - 1


class Refused(Exception):
    """A message refused: ``message`` is the ``error`` to send; nothing changed."""

    def __init__(self, code: str, detail: texts.Reason | AsztalError | None = None, game: Game | None = None,
                 **extra: Any) -> None:
        super().__init__(code)
        self.message = texts.error(code, detail, game, **extra)


def parse(msg: Any) -> dict[str, Any]:
    """A page's message checked against its type's fields (``bad_message`` otherwise)."""
    if not isinstance(msg, dict) or msg.get("type") not in FIELDS:
        raise Refused("bad_message", texts.Reason("unknown_type", types=", ".join(FIELDS)))
    fields = FIELDS[msg["type"]]
    for name in msg:
        if name != "type" and name not in fields:
            raise Refused("bad_message", texts.Reason("unknown_field", name=str(name)[:40]))
    for name, kind in fields.items():
        value = msg.get(name)
        if kind is int and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise Refused("bad_message", texts.Reason("field_range", name=name))
        if kind is str and not isinstance(value, str):
            raise Refused("bad_message", texts.Reason("field_text", name=name))
    if "code" in msg and len(msg["code"]) > MAX_CODE:
        raise Refused("bad_message", texts.Reason("field_long", name="code"))
    if msg["type"] == "lang" and msg["lang"] not in ("hu", "en"):
        raise Refused("bad_message", texts.Reason("lang"))
    return msg


class Session:
    """A game, the seat the page plays, the bot seats and what the page has been sent."""

    def __init__(self, state: GameState, seats: list[dict[str, Any]], seat: int, lang: str = "hu",
                 seq: int = 0, bot_time: float = 1.0, game_id: str = "offline") -> None:
        self.state = state
        self.seats = [{"seat": s, "name": str(info.get("name") or ""), "kind": info.get("kind", "human"),
                       "bot": info.get("bot"), "taken": True, "connected": True, "stand_in": False}
                      for s, info in enumerate(seats)]
        self.seat = seat
        self.lang = lang
        self.seq = seq
        self.bot_time = bot_time
        self.id = game_id
        self.log_mark: int | None = None   # log length before the last action (the last move's lines)
        self.log_sent = 0                  # log lines the page holds

    @classmethod
    def new(cls, game: str, seats: list[dict[str, Any]], seat: int, seed: int,
            options: dict[str, Any] | None = None, **kw: Any) -> Session:
        """A new game of ``game`` with one entry of ``seats`` per player ({kind, bot, name})."""
        state = games.load(game).new_game(players=len(seats), seed=seed, options=options or {})
        return cls(state, seats, seat, **kw)

    @classmethod
    def resume(cls, saved: dict[str, Any], **kw: Any) -> Session:
        """The session ``saved()`` wrote, at the same decision (its record replayed)."""
        return cls(games.replay(saved["record"]), saved["seats"], saved["seat"], lang=saved.get("lang", "hu"),
                   seq=saved["seq"], **kw)

    def saved(self) -> dict[str, Any]:
        """What the page keeps (IndexedDB) to resume this game: JSON only."""
        return {"record": self.state.record, "seats": [{k: s[k] for k in ("name", "kind", "bot")} for s in self.seats],
                "seat": self.seat, "lang": self.lang, "seq": self.seq}

    # -- messages out --------------------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        g = self.state.game
        return {"type": "hello", "id": self.id, "game": g.name,
                "title": {"hu": g.title.get("hu", g.name), "en": g.title.get("en", g.name)},
                "seat": self.seat, "players": self.state.players, "lang": self.lang,
                "status": self.status, "turn_timer": None, "seats": self.seats}

    @property
    def status(self) -> str:
        return "finished" if self.state.is_over else "running"

    def message(self, whole: bool = False) -> dict[str, Any]:
        """The ``state`` message for the page's seat: as the server builds it (``present.decorate``
        and the game's board), with the log lines from ``log_sent`` on (all of them if ``whole``)."""
        st, seat, lang = self.state, self.seat, self.lang
        view = st.view(seat)
        to_move = None if st.is_over else st.to_move
        legal = ([{"code": a.code, "hu": a.hu, "en": a.en} for a in st.legal_actions()]
                 if seat == to_move else [])
        msg: dict[str, Any] = {"type": "state", "seq": self.seq, "status": self.status, "to_move": to_move,
                               "is_over": st.is_over, "legal": legal, "can_undo": st.can_undo(seat),
                               "deadline": None, "stand_in": []}
        if st.is_over:
            msg["scores"] = [float(x) for x in st.scores()]
            msg["winners"] = list(st.winners())
        decorate(msg, st, seat, lang, view, self.seats, self.log_mark, None)
        board = st.game.part("board")
        if st.is_over and board is not None and hasattr(board, "verdict"):
            msg["verdict"] = board.verdict(view, lang, msg["names"], list(st.winners()))
        if board is not None:
            msg["board"] = board.draw(view, msg["legal"], lang, names=msg["names"],
                                      last=last_events(st, seat, self.log_mark))
        log = st.log_for(seat, 0)
        start = 0 if whole else min(self.log_sent, len(log))
        describe = st.game.describe
        lines = [{"i": start + k, "hu": describe(e, "hu", seat), "en": describe(e, "en", seat)}
                 for k, e in enumerate(log[start:])]
        msg["log_start"], msg["log"] = start, named_log(lines, self.seats)
        msg["view"] = view
        self.log_sent = len(log)
        return msg

    # -- messages in ---------------------------------------------------------------------
    def handle(self, raw: Any) -> list[dict[str, Any]]:
        """The answers to one page message: a ``state`` after an accepted change, ``error``
        (nothing changed) otherwise. Bot seats are played by ``bot_step``, one move a call."""
        try:
            msg = parse(raw)
            kind = msg["type"]
            if kind == "ping":
                return [{"type": "pong"}]
            if kind == "lang":
                self.lang = msg["lang"]
                return [self.message(whole=True)]
            if kind in ("hint", "why"):
                return [self.advice(kind, msg.get("code", ""))]
            self._change(kind, msg.get("code"), msg["seq"], self.seat)
        except Refused as r:
            return [r.message]
        return [self.message()]

    def _change(self, kind: str, code: str | None, seq: int, seat: int) -> None:
        """``Moves.submit``'s checks in its order, then the change (``Refused``: nothing changed)."""
        st = self.state
        if st.is_over:
            raise Refused("game_over")
        if seq != self.seq:
            raise Refused("stale", seq=self.seq)
        if kind == "act":
            if seat != st.to_move:
                raise Refused("not_your_turn")
            new = st.clone()
            try:
                new.apply(code)
            except IllegalAction as e:
                raise Refused("illegal", e, st.game) from None
        else:
            if not st.can_undo(seat):
                raise Refused("nothing_to_undo")
            new = st.undo(seat)
            self.log_sent = 0  # the log is rebuilt by replay: the page is sent it again
        self.log_mark = None if kind == "undo" else len(st.log or [])
        self.state, self.seq = new, self.seq + 1

    def advice(self, kind: str, code: str) -> dict[str, Any]:
        """``why`` ``code`` is (not) legal, or a ``hint``: the server's answers (``ws.handle``'s
        checks, ``present.why``, the hint bot ``bots.hint`` with the seed a bot of this seat
        would move with), worked out here as the page waits (a hint's search is bounded in time)."""
        st = self.state
        if st.is_over:
            raise Refused("game_over")
        if self.seat != st.to_move:
            raise Refused("not_your_turn")
        if kind == "why":
            return why(st, code)
        from asztal.bots.hint import hint_texts  # the search's modules: loaded by the first hint

        action, words = hint_texts(st, self.seat, seed=self.bot_seed(self.seat))
        return {"type": "hint", "code": action.code, "hu": relabel(st, self.seat, words["hu"], "hu"),
                "en": relabel(st, self.seat, words["en"], "en"), "seq": self.seq}

    def bot_to_move(self) -> bool:
        st = self.state
        return not st.is_over and st.to_move is not None and self.seats[st.to_move]["kind"] == "bot"

    def bot_seed(self, seat: int) -> int:
        """The seed a bot seat plays a move with (the game's seed, the seat and the move's ``seq``)."""
        return ((self.state.seed * 0x9E3779B1 + seat * 7919 + 1) & _MASK63) + self.seq

    def bot_step(self) -> dict[str, Any] | None:
        """One bot seat's move and the page's ``state`` after it, or None when no bot is to move."""
        if not self.bot_to_move():
            return None
        seat = self.state.to_move
        assert seat is not None
        code = self.bot_for(seat).choose(self.state).code
        self._change("act", code, self.seq, seat)
        return self.message()

    def bot_for(self, seat: int) -> Bot:
        """The bot of a bot seat, as the server makes it (``meta.bot_spec``), but the ``normal``
        one searches the iterations the page's speed allows (``NORMAL_ITERATIONS``)."""
        strength = self.seats[seat]["bot"] or "normal"
        spec = bot_spec(strength, self.bot_time)
        if strength == "normal":
            spec = f"mcts:normal:iters={NORMAL_ITERATIONS[self.state.game.name]}:time={self.bot_time}"
        return make_bot(spec, self.bot_seed(seat))


"""The ``random`` bot of a game where a human waits moves in the event loop (``botpool.INSTANT``):
no worker is asked, and it plays what a worker would have played (the same seed, the same
state); the same bot in a game of bots alone still goes to the side workers."""

from __future__ import annotations

from asztal.bots import make_bot
from asztal.server.botpool import INSTANT
from tests.server.audit import LiveApp
from tests.server.test_bounds import Recorder, _app, _create, _sock


def test_a_random_bot_facing_a_human_moves_without_the_workers_as_a_worker_would(env, tmp_path):
    assert "random" in INSTANT and "greedy" not in INSTANT
    with LiveApp(_app(tmp_path)) as live:
        hub = live.app.state.hub
        rec = Recorder(hub.pool)
        gid, token = _create(live, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seat=0)
        room = hub.rooms[gid]
        with _sock(live, gid, token) as human:
            st = human.until("state")
            for _ in range(12):  # the human moves; the bot answers each time it is to move
                if st["is_over"]:
                    break
                if st["legal"]:
                    st = human.act(st["legal"][0]["code"], st["seq"])
                else:  # the bot is to move: its answer comes by itself
                    st = human.until("state", lambda m: bool(m["legal"]) or m["is_over"])
        assert room.seq >= 2 and any(ch.by == "bot" for ch in hub.storage.changes(gid))
        assert not [e for e in rec.events if e[2] == gid]  # no worker was asked for this game's bot
        # each bot move is the one a worker's ``choose`` gives for the state it was made in
        state = room.state.game.replay({**room.state.record, "actions": []})
        for seq, ch in enumerate(hub.storage.changes(gid)):
            if ch.by == "bot":
                assert make_bot("random", room.bot_seed(ch.seat) + seq).choose(state).code == ch.code
            state.apply(ch.code)
        bots, _ = _create(live, [{"kind": "bot", "bot": "random"}] * 2, seat=None)
        rec.wait_for("end", "choose", bots)  # bots alone: the side workers, as before


def test_a_humans_move_carries_the_random_bots_answers_in_one_state_each_change_told_as_it_left(env, tmp_path):
    """A human's move that hands the turn to a ``random`` bot facing a human carries the bot's
    answers (``Moves._answers``): the mover's next ``state`` is already past them (never a
    state with the bot to move), and the watchers (mail, ratings, metrics) are still told
    each change with the room as that change left it."""
    with LiveApp(_app(tmp_path)) as live:
        hub = live.app.state.hub
        told: list[tuple[int, int, str]] = []
        hub.watchers.append(lambda room, change: told.append((change.seq, room.seq, change.by)))
        gid, token = _create(live, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seat=0)
        carried = 0
        with _sock(live, gid, token) as human:
            st = human.until("state")
            for _ in range(60):
                if st["is_over"]:
                    break
                assert st["legal"], st  # the human's turn again: a bot's turn never shows
                before = st["seq"]
                st = human.act(st["legal"][0]["code"], before)
                carried += st["seq"] > before + 1
        changes = hub.storage.changes(gid)
        assert carried >= 1 and any(ch.by == "bot" for ch in changes)
        assert [(seq, by) for seq, _, by in told] == [(ch.seq, ch.by) for ch in changes]
        assert all(seq == room_seq for seq, room_seq, _ in told)  # told with the room as it left it

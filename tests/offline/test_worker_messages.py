"""The offline worker's engine (offline/engine.mjs over ``asztal.offline.bridge`` under Pyodide)
answers a conversation with the very messages the same bridge gives natively, and those are the
socket's: ``hello``, whole ``state`` then changes, refusals with the server's words, a save that
resumes at the same decision."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from asztal.offline import bridge
from tests.offline.test_same_rules import HERE, PYODIDE, _node, pack  # noqa: F401 (the pack fixture)

#: a PAX solitaire game and a Caboose game against two bots: start, a stale move, a move,
#: a move that does not exist, the bots' moves, the language, a save and its resumption
PAX = {"game": "pax", "seats": [{"kind": "human", "name": "Anna"}], "seat": 0, "seed": 11,
       "options": {"level": 2}, "lang": "hu"}
CABOOSE = {"game": "caboose", "seats": [{"kind": "human", "name": ""}, {"kind": "bot", "bot": "random"},
                                        {"kind": "bot", "bot": "random"}], "seat": 0, "seed": 5, "lang": "en"}


def steps(first_code: str, start: dict[str, Any], seq: int) -> list[list[Any]]:
    return [["start", start], ["send", {"type": "act", "code": first_code, "seq": seq + 3}],
            ["send", {"type": "act", "code": first_code, "seq": seq}],
            ["send", {"type": "act", "code": "no-such-move", "seq": seq + 1}],
            ["send", {"type": "fly"}], ["bot"], ["bot"], ["bot"], ["send", {"type": "lang", "lang": "en"}],
            ["send", {"type": "ping"}], ["saved"], ["resume"]]


def native(conversation: list[list[Any]]) -> list[Any]:
    out: list[Any] = []
    kept = None
    for kind, *arg in conversation:
        if kind == "start":
            out.append(json.loads(bridge.start(json.dumps(arg[0]))))
        elif kind == "send":
            out.append(json.loads(bridge.send(json.dumps(arg[0]))))
        elif kind == "bot":
            out.append(json.loads(bridge.bot()))
        elif kind == "saved":
            kept = json.loads(bridge.saved())
            out.append(kept)
        else:
            out.append(json.loads(bridge.start(json.dumps({"saved": kept}))))
    return out


def opening(start: dict[str, Any]) -> tuple[str, int]:
    """The first legal move of the page's seat, playing the bots until it decides (natively)."""
    answers = json.loads(bridge.start(json.dumps(start)))
    state = answers[1]
    while not state["legal"]:
        state = json.loads(bridge.bot())
    return state["legal"][0]["code"], state["seq"]


@pytest.mark.parametrize("how", ["plain", "snapshot", "cold"])
@pytest.mark.parametrize("start", [PAX, CABOOSE], ids=["pax-solitaire", "caboose-bots"])
def test_the_worker_speaks_as_natively(start: dict[str, Any], how: str, pack: Path,  # noqa: F811
                                       tmp_path: Path) -> None:
    """Started plainly, from the memory snapshot of a warmed engine (as the worker's starts after
    its first), and from one of an engine that started no game: the same answers."""
    node = _node()
    code, seq = opening(start)
    conversation = steps(code, start, 0)
    if seq:  # the bots open: they move before the page's first decision
        conversation = [["start", start], *[["bot"]] * seq, *steps(code, start, seq)[1:]]
    here = native(conversation)
    (tmp_path / "steps.json").write_text(json.dumps(conversation))
    run = subprocess.run([node, str(HERE / "talk.mjs"), str(PYODIDE), str(pack), str(tmp_path / "steps.json"), how],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout) == here
    # and what was said is the socket's: hello then a whole state; refusals change nothing
    hello, first = here[0]
    assert hello["type"] == "hello" and first["type"] == "state" and "view" in first and first["log_start"] == 0
    moves = here[len(conversation) - 11:]
    assert moves[0][0]["code"] == "stale" and moves[0][0]["seq"] == seq
    assert moves[1][0]["type"] == "state" and moves[1][0]["seq"] == seq + 1
    if moves[1][0]["to_move"] == start["seat"]:  # still the page's turn: the game says why not
        assert moves[2][0]["code"] == "illegal" and moves[2][0]["hu"].startswith("szabálytalan lépés:")
    else:  # a bot's turn: refused without asking the game (as the server does)
        assert moves[2][0]["code"] == "not_your_turn"
    assert moves[3][0]["code"] == "bad_message"
    saved, resumed = moves[-2], moves[-1]
    assert resumed[1]["seq"] == saved["seq"] and resumed[1]["legal"] == json.loads(bridge.send(
        json.dumps({"type": "lang", "lang": saved["lang"]})))[0]["legal"]

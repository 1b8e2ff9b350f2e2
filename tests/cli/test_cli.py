"""The command line, driven in-process on the toy game (the real games add their own)."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from asztal import games
from asztal.cli.app import app, main
from asztal.cli.play import TerminalGame
from asztal.cli.text import TEXTS

runner = CliRunner()


def test_help_lists_every_command():
    out = runner.invoke(app, ["--help"]).output
    for command in ("games", "play", "replay", "simulate", "bench", "menu"):
        assert command in out


def _option_helps(lang: str) -> dict[tuple[str, ...], str]:
    """Every option's and argument's help text of every command, by (command path, name)."""
    import typer.main

    from asztal.cli.app import build_app

    found: dict[tuple[str, ...], str] = {}

    def walk(command, path):
        for param in command.params:
            if getattr(param, "help", None):
                found[(*path, param.name)] = param.help
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(build_app(lang)), ())
    return found


def test_every_options_help_is_in_hungarian_in_the_hungarian_help():
    # an option whose help is the same text in both languages was never translated (arena's
    # --record and learn's arguments were English in the Hungarian help)
    hu, en = _option_helps("hu"), _option_helps("en")
    assert len(hu) > 60 and set(hu) == set(en)
    assert [k for k in hu if hu[k] == en[k]] == []


def test_games_lists_registered_games():
    out = runner.invoke(app, ["games", "--lang", "en"]).output
    assert "nim" in out and "Nim with a hidden card" in out


def scripted(answers):
    it = iter(answers)

    def read(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return read


def test_terminal_game_plays_saves_and_resumes(tmp_path):
    state = games.load("nim").new_game(2, seed=3)
    save = tmp_path / "nim.json"
    console = Console(file=open(tmp_path / "out.txt", "w"), width=100)
    game = TerminalGame(state, 0, ["human", "random"], "en", save, False, 3, console)
    after = game.run(scripted(["1", "zzz", "u", "1", "2", "q"]))
    assert len(after.history) >= 2 and not after.is_over
    data = json.loads(save.read_text())
    assert data["meta"]["human"] == 0 and data["record"]["actions"] == [a.code for a in after.history]
    out = (tmp_path / "out.txt").read_text()
    assert "Not understood" not in out and "No such move: zzz" in out and "Taken back" in out

    result = runner.invoke(app, ["play", "--load", str(save), "--lang", "en"], input="1\n2\n" * 40)
    assert result.exit_code == 0, result.output
    resumed = json.loads(save.read_text())
    assert resumed["record"]["actions"][:len(after.history)] == [a.code for a in after.history]


def test_replay_prints_each_step(tmp_path):
    state = games.load("nim").new_game(2, seed=1)
    for code in ["take", "done", "take", "take"]:
        state.apply(code)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(state.record))
    out = runner.invoke(app, ["replay", str(path), "--lang", "en"]).output
    assert "move 4/4" in out and "Take a stone" not in out  # moves are told by the log, not their labels


def test_simulate_summarises_wins(tmp_path):
    result = runner.invoke(app, ["simulate", "nim", "--games", "30", "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 30 and sum(s["wins"] for s in data["seats"]) == pytest.approx(30)


@pytest.mark.parametrize("argv,needle", [
    (["play", "chess"], "There is no game called 'chess'"),
    (["play", "nim", "--players", "9"], "2-3 players"),
    (["replay", "/nonexistent/file.json"], "cannot be read"),
])
def test_user_errors_are_one_line(monkeypatch, capsys, argv, needle):
    monkeypatch.setattr("sys.argv", ["asztal", "--lang", "en", *argv])  # --lang before the command too
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err and len(err.strip().splitlines()) <= 2


def test_corrupt_save_is_one_line(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "asztal-state", "game": "nim", "schema": 1, "record": {"players": 2}, "state": {}}')
    monkeypatch.setattr("sys.argv", ["asztal", "play", "--load", str(bad), "--lang", "en"])
    with pytest.raises(SystemExit):
        main()
    assert "This save is damaged" in capsys.readouterr().err  # the engine's sentence, in the interface's language


def test_garbage_action_in_record_is_one_line(tmp_path, monkeypatch, capsys):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"game": "nim", "players": 2, "seed": 0, "options": {}, "actions": ["fly"]}))
    monkeypatch.setattr("sys.argv", ["asztal", "replay", str(path), "--lang", "en"])
    with pytest.raises(SystemExit):
        main()
    assert "not legal" in capsys.readouterr().err


def test_every_interface_text_has_both_languages():
    assert all(hu and en for hu, en in TEXTS.values())


def test_hint_names_a_legal_move(tmp_path):
    state = games.load("nim").new_game(2, seed=3)
    out = tmp_path / "out.txt"
    console = Console(file=open(out, "w"), width=200)
    TerminalGame(state, 0, ["human", "random"], "en", None, False, 3, console).run(scripted(["h", "q"]))
    text = out.read_text()
    hint_line = next(line for line in text.splitlines() if "Hint:" in line)
    assert any(a.en in hint_line for a in state.legal_actions())

"""The terminal on the real games: one-line refusals, nothing lost, hot-seat, replay (issue 14)."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from asztal import games
from asztal.cli.app import build_app, help_lang, main
from asztal.cli.play import TerminalGame

runner = CliRunner()
APP = build_app("en")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ASZTAL_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def one_line_error(monkeypatch, capsys, argv):
    monkeypatch.setattr("sys.argv", ["asztal", *argv, "--lang", "en"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


def saved_pax(tmp_path, **edit):
    state = games.load("pax").new_game(2, seed=4)
    state.apply(state.legal_actions()[0])
    data = state.to_dict()
    data.update(edit)
    path = tmp_path / "pax.json"
    path.write_text(json.dumps(data))
    return path


def test_seat_beyond_the_table_is_one_line(monkeypatch, capsys):
    assert "between 1 and 2" in one_line_error(monkeypatch, capsys, ["play", "pax", "--players", "2", "--seat", "3"])


def test_replay_seat_beyond_the_table_is_one_line(tmp_path, monkeypatch, capsys):
    path = saved_pax(tmp_path)
    assert "between 1 and 2" in one_line_error(monkeypatch, capsys, ["replay", str(path), "--seat", "9"])


def test_save_with_impossible_seat_to_move_is_one_line(tmp_path, monkeypatch, capsys):
    path = saved_pax(tmp_path, to_move=7)
    # told as the engine's sentence in the interface's language (the English detail is the log's)
    assert "This save is damaged" in one_line_error(monkeypatch, capsys, ["play", "--load", str(path)])


@pytest.mark.parametrize("argv,needle", [
    (["play", "pax", "--players", "0"], "1-4 players, not 0"),
    (["simulate", "pax", "--games", "0"], "at least 1"),
    (["simulate", "pax", "--games", "-5"], "at least 1"),
    (["simulate", "pax", "--jobs", "0"], "at least 1"),
    (["play", "pax", "--players", "2", "--humans", "1,5"], "between 1 and 2"),
    (["play", "--continue"], "no saved game"),
])
def test_bad_numbers_are_refused(monkeypatch, capsys, argv, needle):
    assert needle in one_line_error(monkeypatch, capsys, argv)


def test_without_seed_each_game_is_new_and_its_seed_is_saved(tmp_path):
    seeds = []
    for i in range(2):
        save = tmp_path / f"g{i}.json"
        out = runner.invoke(APP, ["play", "pocketciv", "--lang", "en", "--save", str(save)], input="q\n").output
        shown = int(re.search(r"Seed: (\d+)", out).group(1))
        assert json.loads(save.read_text())["record"]["seed"] == shown
        seeds.append(shown)
    assert seeds[0] != seeds[1]


def scripted(answers, then=EOFError):
    it = iter(answers)

    def read(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise then from None
    return read


def test_autosave_after_every_decision_and_ctrl_c_saves(tmp_path):
    state = games.load("pax").new_game(3, seed=11)
    save = tmp_path / "auto.json"
    sizes = []

    def read(prompt=""):
        if save.exists():
            sizes.append(len(json.loads(save.read_text())["record"]["actions"]))
        if len(sizes) >= 3:
            raise KeyboardInterrupt
        return "1"
    console = Console(file=open(tmp_path / "out.txt", "w"), width=120)
    final = TerminalGame(state, 0, ["human", "random", "random"], "en", save, False, 11, console,
                         autosave=True).run(read)
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]  # saved while playing, before any quit
    assert json.loads(save.read_text())["record"]["actions"] == [a.code for a in final.history]
    assert "asztal play --continue" in (tmp_path / "out.txt").read_text()


def test_continue_resumes_the_last_game(tmp_path):
    save = tmp_path / "c.json"
    runner.invoke(APP, ["play", "caboose", "--players", "3", "--seed", "2", "--bots", "random", "--save", str(save)],
                  input="1\nq\n")
    before = json.loads(save.read_text())["record"]["actions"]
    result = runner.invoke(APP, ["play", "--continue", "--lang", "en"], input="1\nq\n")
    assert result.exit_code == 0, result.output
    after = json.loads(save.read_text())["record"]["actions"]
    assert after[:len(before)] == before and len(after) > len(before)


def test_quitting_a_game_without_save_keeps_it_in_the_data_folder(home):
    result = runner.invoke(APP, ["play", "pax", "--players", "2", "--seed", "9", "--bots", "random", "--lang", "en"],
                           input="1\nq\n")
    assert result.exit_code == 0, result.output
    assert (home / "saves" / "pax-9.json").exists()
    assert "--continue" in result.output


def test_hot_seat_passes_the_device_and_hides_the_hand(tmp_path):
    out = tmp_path / "out.txt"
    state = games.load("pax").new_game(2, seed=5)
    console = Console(file=open(out, "w"), width=120)
    TerminalGame(state, {0, 1}, ["human", "human"], "en", None, False, 5, console).run(
        scripted(["", "1", "", "1", "", "1", "q"]))
    text = out.read_text()
    assert "Pass the device to Player 2 (human)" in text and "Pass the device to Player 1 (human)" in text
    assert "Your move: Player 1 (human)" in text and "Your move: Player 2 (human)" in text


def test_hot_seat_from_the_command_line(tmp_path):
    result = runner.invoke(APP, ["play", "pocketciv", "--players", "2", "--humans", "1,2", "--seed", "3",
                                 "--lang", "en"], input="1\n\n" * 6 + "q\n")
    assert result.exit_code == 0, result.output
    assert "Pass the device to Player 2 (human)" in result.output


def test_only_legal_move_is_played_without_asking(tmp_path):
    state = games.load("pocketciv").new_game(1, seed=2)
    out = tmp_path / "out.txt"
    asked = []

    def read(prompt=""):
        asked.append(len(game.state.legal_actions()))
        return "1" if len(asked) < 30 else "q"
    game = TerminalGame(state, 0, ["human"], "en", None, False, 2, Console(file=open(out, "w"), width=120))
    game.run(read)
    assert asked and min(asked) > 1  # never asked when there was one choice
    assert "The only legal move, played for you" in out.read_text()


def test_option_numbers_stay_the_same_within_a_decision(tmp_path):
    state = games.load("pax").new_game(2, seed=8)
    out = tmp_path / "out.txt"
    answers = iter(["?", "l", "99", "zzz", "2", "q"])
    seen = []

    def read(prompt=""):
        seen.append((len(game.state.history), game.state.legal_actions()[1]))
        return next(answers)
    game = TerminalGame(state, 0, ["human", "random"], "en", None, False, 8, Console(file=open(out, "w"), width=150))
    game.run(read)
    step, second = seen[0]
    assert all(s == (step, second) for s in seen[:5])  # the same decision all along
    assert game.state.history[step] == second
    assert "type a number from 1 to" in out.read_text()


def test_help_in_both_languages():
    assert "Play in the terminal" in runner.invoke(build_app("en"), ["--help"]).output
    assert "Játék a terminálban" in runner.invoke(build_app("hu"), ["--help"]).output
    assert "your seat, counted from 1" in runner.invoke(build_app("en"), ["play", "--help"]).output
    assert "a helyed, 1-től számozva" in runner.invoke(build_app("hu"), ["play", "--help"]).output
    assert help_lang(["play", "--lang", "en"]) == "en" and help_lang(["--lang=hu"]) == "hu"
    assert "párhuzamos folyamatok" in runner.invoke(build_app("hu"), ["arena", "--help"]).output
    assert "worker processes" in runner.invoke(build_app("en"), ["arena", "--help"]).output


def test_replay_steps_back_jumps_and_shows_all_hands(tmp_path, monkeypatch):
    state = games.load("pax").new_game(2, seed=6)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(state.record))
    total = len(state.history)
    result = runner.invoke(APP, ["replay", str(path), "--step", "--lang", "en"], input=f"\n\nb\n5\na\n{total}\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert out.index(f"move 2/{total}") < out.rindex(f"move 1/{total}")  # stepped back
    assert f"move 5/{total}" in out and "What Player 1 saw" in out and "What Player 2 saw" in out


def test_readme_player_counts_match_the_games():
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    for name in ("pax", "pocketciv", "caboose"):  # the shipped games (tests register toy ones too)
        g = games.load(name)
        count = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        assert re.search(rf"`{name}` \| {count} \|", readme), name


def test_menu_game_is_saved_after_every_decision_and_can_continue(home):
    from asztal.cli.menu import run_menu

    answers = iter(["en", "caboose", "3", "2", "random", "1", "", "1", "q"])  # 2 people, a random bot
    console = Console(file=open(home.parent / "menu.txt", "w"), width=120)
    run_menu(lambda prompt="": next(answers, "q"), console)
    saves = list((home / "saves").glob("caboose-*.json"))
    assert len(saves) == 1
    data = json.loads(saves[0].read_text())
    assert data["meta"]["humans"] == [0, 1] and data["record"]["actions"]
    result = runner.invoke(APP, ["play", "--continue", "--lang", "en"], input="q\n")
    assert result.exit_code == 0 and "Player 1 (human)" in result.output + (home.parent / "menu.txt").read_text()


def test_question_mark_shows_the_games_legend(tmp_path):
    for name, word in (("pax", "Legend"), ("pocketciv", "red circle"), ("caboose", "pyramid")):
        g = games.load(name)
        state = g.new_game(g.min_players, seed=1)
        out = tmp_path / f"{name}.txt"
        humans = {state.to_move}
        TerminalGame(state, humans, ["random"] * state.players, "en", None, False, 1,
                     Console(file=open(out, "w"), width=150)).run(scripted(["?", "q"]))
        assert word in out.read_text(), name


def test_solitaire_goal_is_told_and_the_next_level_offered(tmp_path, monkeypatch):
    from asztal.cli import play as play_module

    state = games.load("pax").new_game(1, seed=1, options={"level": 2})
    line = games.load("pax").describe(state.log[-1], "en")
    assert "Solitaire game 2. The goal" in line and "at least 4 categories" in line

    class Beaten:  # the first game ends with the level beaten; the offer starts level 3
        def __init__(self, state, *args, **kwargs):
            self.state, self.hint, self.autosave = state, False, False

        def run(self, read=input):
            from types import SimpleNamespace

            started.append(self.state.options["level"])
            beaten = len(started) == 1
            return SimpleNamespace(is_over=True, options=self.state.options, game=self.state.game,
                                   outcome=lambda: {"level_beaten": beaten})
    started = []
    monkeypatch.setattr(play_module, "TerminalGame", Beaten)
    result = runner.invoke(APP, ["play", "pax", "--players", "1", "-o", "level=2", "--lang", "en"], input="y\n")
    assert result.exit_code == 0, result.output
    assert "Level 2 beaten! Play the next one (3)?" in result.output and started == [2, 3]


def test_an_advance_is_offered_once_and_the_city_chosen_after(tmp_path):
    """PocketCiv: one entry per advance; picking it asks which city buys it."""
    from asztal.cli.show import option_entries
    from tests.pocketciv.scenario import scenario

    state = scenario({2: dict(tribes=6, city=1, mountain=True, forest=True, farm=True),
                      5: dict(tribes=6, city=1, mountain=True, forest=True, farm=True)}, gold=5)
    acts = state.legal_actions()
    entries = option_entries(state, 0, acts, "en")
    grouped = [(i, e) for i, e in enumerate(entries, 1) if len(e[1]) > 1]
    assert grouped and len(entries) < len(acts)
    number, (label, group) = grouped[0]
    assert "cities in areas 2 and 5" in label and [a.args[0] for a in group] == [1, 4]
    out = tmp_path / "out.txt"
    game = TerminalGame(state, 0, ["human"], "en", None, False, 0, Console(file=open(out, "w"), width=200))
    game.run(scripted([str(number), "2", "q"]))
    assert game.state.history[0] is group[1] and "The city in area 5" in out.read_text()


def test_play_uses_normal_bots_unless_told(home):
    result = runner.invoke(APP, ["play", "pax", "--players", "3", "--seed", "4", "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    meta = json.loads((home / "saves" / "pax-4.json").read_text())["meta"]
    assert meta["bots"] == ["human", "normal", "normal"]


@pytest.mark.parametrize("game,players", [("pax", 2), ("pocketciv", 2), ("caboose", 3)])
def test_the_default_bot_is_normal_in_every_game(home, game, players):
    """Issue 33: `play` without --bots, and the menu with Enter at the strength question, seat
    normal bots in every game."""
    from asztal.cli.menu import run_menu

    result = runner.invoke(APP, ["play", game, "--players", str(players), "--seed", "4", "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    played = home / "saves" / f"{game}-4.json"
    assert json.loads(played.read_text())["meta"]["bots"] == ["human"] + ["normal"] * (players - 1)
    answers = iter(["hu", game, str(players), "1", "1", "", "q"])  # one person in seat 1, Enter for the bots
    run_menu(lambda prompt="": next(answers, "q"), Console(file=open(home.parent / "m.txt", "w"), width=120))
    menu = next(p for p in (home / "saves").glob(f"{game}-*.json") if p != played)
    assert json.loads(menu.read_text())["meta"]["bots"] == ["human"] + ["mcts:normal"] * (players - 1)


@pytest.mark.parametrize("word,spec", [("nehéz", "mcts:hard"), ("könnyű", "mcts:easy"), ("Normál", "mcts:normal"),
                                       ("véletlen", "random")])
def test_menu_takes_the_strength_in_hungarian(home, word, spec):
    from asztal.cli.menu import run_menu

    answers = iter(["hu", "pax", "2", "1", "1", word, "q"])
    run_menu(lambda prompt="": next(answers, "q"), Console(file=open(home.parent / "m.txt", "w"), width=120))
    save = next((home / "saves").glob("pax-*.json"))
    assert json.loads(save.read_text())["meta"]["bots"][1] == spec


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_refusal_and_decision_are_the_games_words_in_one_language(tmp_path, lang):
    state = games.load("pax").new_game(2, seed=5)
    said = {}

    def read(prompt=""):
        if said:
            return "q"
        now = game.state
        code = next(a.code for a in _later_actions(now) if a not in now.legal_actions())
        said["why"] = now.game.describe_refusal(now.refusal(now.game.action_for_code(now, code)), lang)
        said["ask"] = now.game.describe_decision(now.decision(), lang)
        return code
    out = tmp_path / "out.txt"
    game = TerminalGame(state, 0, ["human", "random"], lang, None, False, 5, Console(file=open(out, "w"), width=300))
    game.run(read)
    text = out.read_text()
    assert said["why"] in text and said["ask"] in text
    assert not any(" / " in line for line in text.splitlines() if said["why"] in line)


def _later_actions(state):
    probe = state.clone()
    for _ in range(30):
        yield from probe.legal_actions()
        probe.apply(probe.legal_actions()[0])


def test_solo_pocketciv_names_its_score_not_a_win(tmp_path):
    import random

    from asztal.cli.show import outcome_renderable

    state = games.load("pocketciv").new_game(1, seed=2)
    pick = random.Random(2)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    console = Console(file=open(tmp_path / "o.txt", "w"), width=120, record=True)
    console.print(outcome_renderable(state, "hu", ["1. játékos (te)"], 0))
    text = console.export_text()
    assert "Az eredményed:" in text and "győzelmi pont" in text and "Győztél" not in text
    assert "A játék véget ért:" in text  # how it ended


def test_click_speaks_hungarian_with_a_hungarian_interface():
    hu = runner.invoke(build_app("hu"), ["play", "--help"]).output
    assert "Használat:" in hu and "Ez a súgó, aztán kilépés." in hu and "Usage" not in hu
    bad = runner.invoke(build_app("hu"), ["play", "--nincs"])
    assert "Nincs ilyen kapcsoló" in bad.output and "No such option" not in bad.output
    en = runner.invoke(build_app("en"), ["play", "--help"]).output
    assert "Usage:" in en and "Show this message and exit." in en


def test_resume_names_the_command_as_it_was_started(monkeypatch, tmp_path):
    from asztal.cli.play import command_name

    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "asztal").write_text("")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", [str(venv / "asztal"), "play"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == ".venv/bin/asztal"
    monkeypatch.setattr("sys.argv", ["asztal"])
    assert command_name() == "asztal"

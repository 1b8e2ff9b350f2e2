"""Every error the command line can give, in one language (issue 37): each path run with
``--lang hu`` and ``--lang en`` (given before the command and after it) prints one line of
that language and no sentence of the other."""

from __future__ import annotations

import json
import re

import pytest

import asztal.cli.app as cli
from asztal import games

#: words that only an English sentence has, and only a Hungarian one
ENGLISH = re.compile(r"\b(the|not|must|cannot|unknown|such|needs?|should|only|game|seat|players?|file|read|"
                     r"valid|error|option|no|for|an|and)\b", re.I)
HUNGARIAN = re.compile(r"[áéíóöőúüű]|\b(nem|nincs|hiba|egy|vagy|és|fájl|játék|hely)\b", re.I)


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("ASZTAL_HOME", str(tmp_path / "home"))
    record = games.load("caboose").new_game(3, seed=1).record
    (tmp_path / "rec.json").write_text(json.dumps(record))
    (tmp_path / "bad.json").write_text("[")
    (tmp_path / "list.json").write_text("[1, 2]")
    state = games.load("pax").new_game(2, seed=4)
    data = state.to_dict()
    data["state"] = {}
    (tmp_path / "corrupt.json").write_text(json.dumps(data))
    return tmp_path


PATHS = [
    ["play", "chess"],
    ["play"],
    ["play", "pax", "--players", "9"],
    ["play", "pax", "--players", "2", "--bots", "superbot"],
    ["play", "pax", "--players", "2", "--bots", "mcts:fast"],
    ["play", "caboose", "--players", "3", "--humans", "7"],
    ["play", "pax", "--option", "foo"],
    ["play", "pax", "--option", "colour=green"],
    ["play", "--continue"],
    ["play", "--load", "{tmp}/corrupt.json"],
    ["play", "--load", "{tmp}/missing.json"],
    ["replay", "{tmp}/bad.json"],
    ["replay", "{tmp}/list.json"],
    ["replay", "{tmp}/rec.json", "--seat", "7"],
    ["review", "{tmp}/rec.json", "--seat", "7"],
    ["review", "{tmp}/rec.json", "--bot", "random"],
    ["simulate", "pax", "--games", "0"],
    ["arena", "pax", "--players", "9", "--games", "1"],
    ["play", "pax", "--players", "many"],
]


def run(monkeypatch, capsys, argv: list[str], lang: str, before: bool) -> str:
    args = ["--lang", lang, *argv] if before else [*argv, "--lang", lang]
    monkeypatch.setattr("sys.argv", ["asztal", *args])
    monkeypatch.setattr(cli, "app", cli.build_app(cli.help_lang(args)))  # as a new process would build it
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    out = capsys.readouterr()
    assert exit_info.value.code == 2, (argv, out)
    return out.err.strip()


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_error_is_in_one_language(monkeypatch, capsys, files, lang):
    for i, template in enumerate(PATHS):
        argv = [a.replace("{tmp}", str(files)) for a in template]
        err = run(monkeypatch, capsys, argv, lang, before=i % 2 == 0)
        assert "Traceback" not in err and err, (argv, err)
        # the error's sentence (a usage error prints the command's syntax above it)
        said = next(line for line in err.splitlines() if re.match(r"(hiba|error):", line, re.I))
        said = said.replace(str(files), "").replace("asztal", "")
        said = re.sub(r"(random|greedy|policy|mcts|easy|normal|hard|superbot|fast|--\w+|'[^']*'|„[^”]*”)", "", said)
        other = HUNGARIAN if lang == "en" else ENGLISH
        assert not other.search(said), (argv, lang, err, other.search(said))
        if lang == "hu":
            assert "hiba" in err.lower() or "Hiba" in err, err

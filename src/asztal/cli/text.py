"""Interface texts in Hungarian (first) and English."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "error": ("hiba", "error"),
    "games.title": ("Játékok", "Games"),
    "games.name": ("név", "name"),
    "games.title_col": ("cím", "title"),
    "games.players": ("játékosok", "players"),
    "seat": ("{seat}. hely", "seat {seat}"),
    "you": ("te", "you"),
    "to_move": ("Soron: {who}", "To move: {who}"),
    "actions": ("Lehetséges lépések", "Legal actions"),
    "prompt": ("Választás (szám vagy kód; ? súgó)", "Choice (number or code; ? help)"),
    "help": ("szám/kód: lépés · u: visszavonás · h: tipp · s: mentés · l: napló · q: kilépés",
             "number/code: move · u: undo · h: hint · s: save · l: log · q: quit"),
    "bad_choice": ("Nem értem: {what}", "Not understood: {what}"),
    "illegal": ("Szabálytalan: {why}", "Illegal: {why}"),
    "undone": ("Visszavonva.", "Taken back."),
    "no_undo": ("Nincs mit visszavonni az utolsó ellenőrzőpont óta.",
                "Nothing to take back since the last checkpoint."),
    "saved": ("Mentve: {path}", "Saved: {path}"),
    "no_save_path": ("Nincs mentési fájl (--save FÁJL).", "No save file given (--save FILE)."),
    "bot_moves": ("{who} lépése: {action}", "{who} plays: {action}"),
    "hint": ("Tipp: {why}", "Hint: {why}"),
    "game_over": ("Vége a játéknak.", "The game is over."),
    "scores": ("Pontszámok", "Scores"),
    "score": ("pont", "score"),
    "winners": ("Győztes(ek): {who}", "Winner(s): {who}"),
    "nobody": ("senki", "nobody"),
    "details": ("részletek", "details"),
    "quit": ("Kilépés.", "Quitting."),
    "log": ("Napló", "Log"),
    "replay.step": ("{n}. lépés · {who}: {action}", "step {n} · {who}: {action}"),
    "replay.prompt": ("Enter: következő · q: vége", "Enter: next · q: stop"),
    "sim.title": ("Szimuláció: {game}, {games} játszma, {players} játékos",
                  "Simulation: {game}, {games} games, {players} players"),
    "sim.seat": ("hely", "seat"),
    "sim.bot": ("robot", "bot"),
    "sim.wins": ("győzelem", "wins"),
    "sim.win_rate": ("arány", "win rate"),
    "sim.mean": ("átlagpont", "mean score"),
    "sim.median": ("mediánpont", "median score"),
    "sim.length": ("Játszmahossz (döntés): átlag {mean:.1f}, medián {median:.0f}",
                   "Game length (decisions): mean {mean:.1f}, median {median:.0f}"),
    "bench.title": ("Sebességmérés", "Benchmark"),
    "bench.game": ("játék", "game"),
    "bench.decisions": ("döntés/s", "decisions/s"),
    "bench.forced": ("kényszerlépés", "forced"),
    "bench.games": ("játszma/s", "games/s"),
    "bench.clones": ("klón/s", "clones/s"),
    "bench.ratio": ("× referencia", "× reference"),
    "bench.mcts": ("MCTS iter./s", "MCTS iters/s"),
    "bench.reference": ("Referencia: {name}, {rate:,.0f} döntés/s ({forced:.1%} kényszerlépés), "
                        "{clones:,.0f} klón/s ugyanebben a futásban",
                        "Reference: {name}, {rate:,.0f} decisions/s ({forced:.1%} forced), "
                        "{clones:,.0f} clones/s in this same run"),
    "bench.method": ("Döntés: legalább két szabályos lépés közül; medián (tartomány) {rounds} "
                     "felváltott körből. A gép megosztott: csak az arányok összevethetők.",
                     "Decision: a choice among two or more legal actions; median (range) over {rounds} "
                     "interleaved rounds. The machine is shared: compare ratios only."),
    "bench.no_reference": ("Nincs referencia (pip install 'asztal[bench]' az OpenSpiel backgammonhoz)",
                           "No reference (pip install 'asztal[bench]' for OpenSpiel backgammon)"),
    "pack.reconstructed": ("Rekonstruált adatcsomag: a lapok értékei nem a nyomtatott értékek.",
                           "Reconstructed data pack: card values are not the printed ones."),
}


def t(key: str, lang: str = "hu", **params) -> str:
    hu, en = TEXTS[key]
    return (en if lang == "en" else hu).format(**params)

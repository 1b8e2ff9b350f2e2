"""Interface texts in Hungarian (first) and English."""

from __future__ import annotations

from asztal.engine.i18n import fill

TEXTS: dict[str, tuple[str, str]] = {
    "error": ("hiba", "error"),
    "interrupted": ("megszakítva", "interrupted"),
    "err.file": ("A fájl nem érhető el ({why}): {path}", "The file cannot be used ({why}): {path}"),
    "err.general": ("Ezzel a beállítással nem indulhat el a parancs; az asztal --help megmutatja, mit vár.",
                    "The command cannot start with this setting; asztal --help shows what it takes."),
    "serve.local": ("Csak ezen a gépen érhető el. Ha a hálózatodon mások is csatlakoznának: "
                    "make run HOST=0.0.0.0 (vagy asztal serve --host 0.0.0.0), és a géped címét add meg nekik "
                    "(http://A-GÉPED-CÍME:{port}/).",
                    "Reachable from this computer only. For friends on your network to join: make run HOST=0.0.0.0 "
                    "(or asztal serve --host 0.0.0.0) and give them your computer's address "
                    "(http://YOUR-ADDRESS:{port}/)."),
    "serve.workers_pg": ("a --workers kapcsolóhoz PostgreSQL kell (--db postgresql+psycopg://…): csak az "
                         "rendezi sorba és jelzi a több folyamat közös játékainak változásait",
                         "--workers needs PostgreSQL (--db postgresql+psycopg://…): only PostgreSQL orders and "
                         "announces the changes of the games several processes share"),
    "serve.network": ("A hálózatodon mások is csatlakozhatnak: http://A-GÉPED-CÍME:{port}/ (a tűzfalad engedje "
                      "be a {port} számú portot).",
                      "Friends on your network can join at http://YOUR-ADDRESS:{port}/ (your firewall must let "
                      "port {port} in)."),
    "no_game": ("Nevezz meg egy játékot (az asztal games kilistázza), vagy --load egy mentett játékot, "
                "vagy --continue", "name a game (asztal games lists them), --load a saved one or --continue"),
    "games.title": ("Játékok", "Games"),
    "ask_players": ("Hány játékos legyen az asztalnál ({lo}-{hi})? Enter: {n}.",
                    "How many players at the table ({lo}-{hi})? Enter: {n}."),
    "bad_players": ("Ezt nem tudom játékosszámnak venni: „{what}”. {lo} és {hi} közötti számot írj.",
                    "I cannot take „{what}” as a number of players: type a number from {lo} to {hi}."),
    "usual_players": ("{n} játékossal játszunk, a szokásos asztalnál (más létszám: --players).",
                      "Playing with {n} players, the usual table (another count: --players)."),
    "games.name": ("név", "name"),
    "games.title_col": ("cím", "title"),
    "games.players": ("játékosok", "players"),
    "player": ("játékos", "player"),
    "to_move": ("Soron: {who}", "To move: {who}"),
    "your_turn": ("Te következel: {who}", "Your move: {who}"),
    "actions": ("Lehetséges lépések", "Legal moves"),
    "prompt": ("Választás (szám vagy kód; ? súgó)", "Choice (number or code; ? help)"),
    "help": ("szám/kód: lépés (egy nem kínált lépés kódjára megmondom, miért nem lehet) · u: visszavonás · "
             "h: tipp · s: mentés · l: napló · ?: súgó és jelmagyarázat · q: kilépés (mentéssel)",
             "number/code: move (type a move that is not offered and you are told why not) · u: undo · h: hint · "
             "s: save · l: log · ?: help and legend · q: quit (saves)"),
    "bad_choice": ("Nem értem: {what} (1 és {n} közötti számot vagy egy lépés kódját várom)",
                   "Not understood: {what} (type a number from 1 to {n} or a move's code)"),
    "illegal": ("Nem lehet: {why}", "Not allowed: {why}"),
    "unknown_code": ("Nincs ilyen lépés: {what} (a lehetséges lépések számát vagy kódját várom)",
                     "No such move: {what} (type an offered move's number or code)"),
    "follow_up": ("Melyik? (szám; Enter: vissza)", "Which one? (number; Enter: back)"),
    "undone": ("Visszavonva.", "Taken back."),
    "no_undo": ("Nincs mit visszavonni az utolsó ellenőrzőpont óta.",
                "Nothing to take back since the last checkpoint."),
    "saved": ("Mentve: {path}", "Saved: {path}"),
    "no_last_game": ("nincs folytatható mentett játék", "no saved game to continue"),
    "last_game_gone": ("a legutóbbi mentés eltűnt: {path}", "the last saved game is gone: {path}"),
    "resume": ("Folytatás: {command} play --continue", "To resume: {command} play --continue"),
    "no_save_path": ("Nincs mentési fájl (--save FÁJL).", "No save file given (--save FILE)."),
    "forced": ("Egyetlen lehetséges lépés, megtettem helyetted: {action}",
               "The only legal move, played for you: {action}"),
    "thinking": ("{who} gondolkodik…", "{who} is thinking…"),
    "pass_to": ("Add át a gépet: {who}", "Pass the device to {who}"),
    "pass_enter": ("Nyomj Entert, ha te vagy az, aki következik.", "Press Enter when you are the one to move."),
    "bad_seat": ("A hely 1 és {n} között lehet, nem {seat}.", "A seat is between 1 and {n}, not {seat}."),
    "hint": ("Tipp: {why}", "Hint: {why}"),
    "game_over": ("Vége a játéknak.", "The game is over."),
    "scores": ("Pontszámok", "Scores"),
    "score": ("pont", "points"),
    "winner": ("Győztes: {who}", "Winner: {who}"),
    "winners": ("Győztesek: {who}", "Winners: {who}"),
    "solo_won": ("Teljesítetted a pasziánsz célját!", "You reached the solitaire goal!"),
    "solo_lost": ("Ezúttal nem sikerült győzni.", "Not a win this time."),
    "solo_score": ("Az eredményed: {score} győzelmi pont.", "Your score: {score} victory points."),
    "nobody": ("senki", "nobody"),
    "quit": ("Kilépés.", "Quitting."),
    "seed": ("Mag: {seed} (ugyanez a játék: --seed {seed})", "Seed: {seed} (the same game again: --seed {seed})"),
    "next_level": ("Megnyerted {level:a}. szintet! Jöhet a következő ({next}.)? [i/n]",
                   "Level {level} beaten! Play the next one ({next})? [y/n]"),
    "log": ("Napló", "Log"),
    "screen.board": ("Tábla", "Board"),
    "screen.players": ("Játékosok", "Players"),
    "screen.hand": ("A kezed", "Your hand"),
    "screen.options": ("Lehetséges lépések", "Your options"),
    "screen.input": ("ide írd a lépés számát vagy kódját, aztán Enter",
                     "type an option's number or code here, then Enter"),
    "screen.keys": ("szám↵ lép · ↑↓ lista · t/j/k/l↵ tábla/játékosok/kéz/napló · ?↵ súgó · q kilépés",
                    "number↵ plays · ↑↓ list · t/j/k/l↵ board/players/hand/log · ?↵ help · q quit"),
    "screen.above": ("▲ {n} fent", "▲ {n} above"),
    "screen.below": ("▼ még {n}", "▼ {n} more"),
    "screen.scroll_how": ("↑↓ vagy a száma", "↑↓ or its number"),
    "screen.pane_full": ("egész képernyőn (↑↓ PgUp PgDn görget)", "whole screen (↑↓ PgUp PgDn scroll)"),
    "screen.back": ("Vissza a lépésekhez", "Back to the options"),
    "screen.which": ("Melyik?", "Which one?"),
    "screen.over": ("Vége a játéknak. q: kilépés", "The game is over. q: quit"),
    "screen.quit": ("Kilépés", "Quit"),
    "screen.pass_ok": ("Itt vagyok, mutasd", "It's me, show my hand"),
    "screen.close": ("Esc vagy Enter: vissza a játékhoz", "Esc or Enter: back to the game"),
    "screen.explain_how": ("? vagy ?3: a kijelölt (vagy a 3.) lépés magyarázata, alatta a súgó",
                           "? or ?3: what the highlighted (or the 3rd) option means, then the help"),
    "explain.rule": ("A szabály: {title}", "The rule: {title}"),
    "explain.none": ("Ehhez a lépéshez nincs külön magyarázat; a súgó lent van.",
                     "There is nothing more to say about this option; the help is below."),
    "screen.log_full": ("A napló teljes képernyőn: görgess; Esc: vissza",
                        "The log full screen: scroll; Esc: back"),
    "screen.hinting": ("A tipp készül…", "Working out a hint…"),
    "screen.busy": ("Várj, {who} gondolkodik.", "Wait: {who} is thinking."),
    "replay.step": ("{n}/{total}. lépés · {who}", "move {n}/{total} · {who}"),
    "replay.start": ("Kezdőállás", "Starting position"),
    "replay.prompt": ("Enter/n: előre · b: vissza · lépésszám (0-{n}) vagy egy lépés kódja (bid:5): ugrás oda · "
                      "a: minden kéz (befejezett játéknál) · q: vége",
                      "Enter/n: forward · b: back · a move number (0-{n}) or a move's code (bid:5): jump there · "
                      "a: all hands (finished game) · q: stop"),
    "replay.bad": ("Nem értem: „{what}”. Egy lépés sorszámát (0 és {n} között) vagy egy lépés kódját várom "
                   "(például bid:5), és oda ugrom.",
                   "Not understood: „{what}”. Type a move number (0 to {n}) or a move's code (bid:5, say) "
                   "to jump there."),
    "replay.code_unfinished": ("Kód szerint csak befejezett játékban ugrom (a kódok rejtett lapokat is "
                                "elárulnának); írd be a lépés sorszámát.",
                                "A code jumps only in a finished game (codes could tell hidden cards); type the "
                                "move's number."),
    "replay.found": ("{n:A}. lépés volt ez: oda ugrottam.", "Move {n} has that code: here it is."),
    "replay.all_hands_unfinished": ("A kezek csak befejezett játéknál mutathatók meg.",
                                    "Hands are shown only for a finished game."),
    "replay.hand_of": ("{who} látása", "What {who} saw"),
    "sim.title": ("Szimuláció: {game}, {games} játszma, {players} játékos",
                  "Simulation: {game}, {games} games, {players} players"),
    "sim.seat": ("hely", "seat"),
    "sim.bot": ("robot", "bot"),
    "sim.wins": ("győzelem", "wins"),
    "sim.win_rate": ("arány", "win rate"),
    "sim.mean": ("átlagpont", "mean score"),
    "sim.median": ("mediánpont", "median score"),
    "sim.length": ("Játszmahossz (döntés): átlag {mean}, medián {median}",
                   "Game length (decisions): mean {mean}, median {median}"),
    "bench.title": ("Sebességmérés", "Benchmark"),
    "bench.game": ("játék", "game"),
    "bench.decisions": ("döntés/s", "decisions/s"),
    "bench.forced": ("kényszerlépés", "forced"),
    "bench.games": ("játszma/s", "games/s"),
    "bench.clones": ("klón/s", "clones/s"),
    "bench.ratio": ("× referencia", "× reference"),
    "bench.mcts": ("MCTS iter./s", "MCTS iters/s"),
    "bench.reference": ("Referencia: {name}, {rate} döntés/s ({forced} kényszerlépés), "
                        "{clones} klón/s ugyanebben a futásban",
                        "Reference: {name}, {rate} decisions/s ({forced} forced), "
                        "{clones} clones/s in this same run"),
    "bench.build": ("Mért változat: {build} (a motor: {module}).", "Build measured: {build} (the engine: {module})."),
    "bench.build.compiled": ("lefordított modulok (mypyc)", "compiled modules (mypyc)"),
    "bench.build.pure": ("tiszta Python", "pure Python"),
    "bench.build.stale": ("tiszta Python (a lefordított változat régebbi a forrásnál: make compiled)",
                          "pure Python (the compiled build is older than the sources: make compiled)"),
    "bench.method": ("Döntés: legalább két szabályos lépés közüli választás; medián (tartomány) {rounds} "
                     "felváltott körből. Az abszolút számok a géptől függenek: az arányokat érdemes összevetni.",
                     "Decision: a choice among two or more legal actions; median (range) over {rounds} "
                     "interleaved rounds. Absolute rates depend on the machine: compare the ratios."),
    "bench.no_reference": ("Nincs referencia (pip install 'asztal[bench]' az OpenSpiel backgammonhoz)",
                           "No reference (pip install 'asztal[bench]' for OpenSpiel backgammon)"),
    "pack.reconstructed": ("Rekonstruált adatcsomag: a lapok értékei nem a nyomtatott értékek.",
                           "Reconstructed data pack: card values are not the printed ones."),
}


def t(key: str, lang: str = "hu", **params: object) -> str:
    """An interface text, with the grammar specs of ``asztal.engine.i18n`` (``{level:a}``)."""
    hu, en = TEXTS[key]
    return fill(en if lang == "en" else hu, lang, **params)

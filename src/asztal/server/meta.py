"""What the lobby offers: games, their options with Hungarian and English labels, the data
packs this server knows, bot strengths; and turning a creator's choices into game options.

A client names a pack; it never gives a file path (the server must not open files a stranger
names). Packs are the ones shipped with asztal plus those in the server's ``--packs`` folder
(``<folder>/<game>/<name>.json``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from asztal import games
from asztal.engine.declare import Option
from asztal.server import texts

#: the bot strengths a seat can have, with the bot spec each plays with (``{t}``: time budget)
BOTS: dict[str, tuple[str, str, str]] = {
    "easy": ("mcts:easy:time={t}", "könnyű", "easy"),
    "normal": ("mcts:normal:time={t}", "közepes", "normal"),
    "hard": ("mcts:hard:time={t}", "nehéz", "hard"),
    "random": ("random", "véletlen", "random"),
    "greedy": ("greedy", "mohó", "greedy"),
}



def pack_option(name: str) -> str | None:
    """The option of game ``name`` whose value is the name of a pack (or map), not a path:
    the one the game declares with type ``"pack"``."""
    return next((k for k, o in games.load(name).options.items() if o.type == "pack"), None)


DEFAULT_PACK = "reconstructed"
_DEFAULT_PACK_TEXT = {"pack": ("a kiadásból rekonstruált csomag", "the pack reconstructed from the rulebook"),
                      "map": ("a magból generált térkép", "a map generated from the seed")}


def bot_spec(strength: str, time_budget: float) -> str:
    return BOTS[strength][0].format(t=time_budget)


def packs(game: str, pack_dir: Path | None) -> dict[str, str | None]:
    """Pack name -> file path (None: the built-in one) for ``game``."""
    found: dict[str, str | None] = {DEFAULT_PACK: None}
    if pack_dir is not None and (pack_dir / game).is_dir():
        for f in sorted((pack_dir / game).glob("*.json")):
            found[f.stem] = str(f)
    return found


def game_meta(name: str, pack_dir: Path | None) -> dict[str, Any]:
    g = games.load(name)
    key = pack_option(name)
    options = []
    for option, default in g.default_options.items():
        declared = g.options.get(option) or Option("any", option, option)
        options.append({**declared.to_json(option), "default": DEFAULT_PACK if option == key else default})
    pack_list = []
    if key is not None:
        for pname in packs(name, pack_dir):
            hu, en = _DEFAULT_PACK_TEXT[key] if pname == DEFAULT_PACK else (pname, pname)
            pack_list.append({"name": pname, "hu": hu, "en": en})
    return {"name": name, "title": {"hu": g.title.get("hu", name), "en": g.title.get("en", name)},
            "min_players": g.min_players, "max_players": g.max_players, "options": options, "packs": pack_list}


def meta(pack_dir: Path | None) -> dict[str, Any]:
    return {
        "games": [game_meta(n, pack_dir) for n in games.names()],
        "bots": [{"name": k, "hu": v[1], "en": v[2]} for k, v in BOTS.items()],
        "langs": ["hu", "en"],
    }


def game_options(name: str, players: int, public: dict[str, Any], pack_dir: Path | None) -> dict[str, Any]:
    """The options to start ``name`` with, from the creator's choices (pack names become paths).

    Raises BadOptions (told in each language) for an unknown pack or an option the game refuses.
    """
    g = games.load(name)
    opts = dict(public)
    key = pack_option(name)
    if key is not None and key in opts:
        known = packs(name, pack_dir)
        choice = opts[key] if opts[key] is not None else DEFAULT_PACK
        if not isinstance(choice, str) or choice not in known:
            raise texts.OptionsRefused(texts.Reason("unknown_pack", key=key, name=repr(str(choice)[:40]),
                                                    known=", ".join(known)))
        opts[key] = known[choice]
    return g.check_options(players, opts)


def options_from_network(name: str, options: Any, pack_dir: Path | None) -> dict[str, Any]:
    """A record's options as they arrive over the network, made safe to start a game with.

    The pack (or map) option may only name one of the packs this server offers (the name
    becomes the server's own path) or be absent; a path is refused without being looked at,
    so nothing a stranger sends ever opens a file. A PocketCiv solo map may also be given
    inline (the map itself, as a map file holds it). Raises BadOptions.
    """
    if not isinstance(options, dict):
        raise texts.OptionsRefused(texts.Reason("record_options"))
    opts = dict(options)
    key = pack_option(name)
    if key is None or key not in opts or opts[key] is None:
        return opts
    value = opts[key]
    if key == "map" and isinstance(value, dict):
        return opts
    known = packs(name, pack_dir)
    if not isinstance(value, str) or value not in known:
        raise texts.OptionsRefused(texts.Reason("unknown_pack", key=key, name=repr(str(value)[:40]),
                                                known=", ".join(known)))
    opts[key] = known[value]
    return opts


def options_to_network(name: str, options: dict[str, Any], pack_dir: Path | None) -> dict[str, Any]:
    """Stored options as a record given out: a pack is named, never shown as the server's path."""
    opts = dict(options)
    key = pack_option(name)
    value = opts.get(key) if key is not None else None
    if key is not None and isinstance(value, str):
        by_path = {v: k for k, v in packs(name, pack_dir).items() if v is not None}
        opts[key] = by_path.get(value, Path(value).stem)
    return opts

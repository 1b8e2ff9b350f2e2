"""The sentences that end a multiplayer game (ruling PC-R-MP-WIPEOUT-LOSES, PC-MP-END-01/02):
who fell, when and why, and who won by which rule, in Hungarian and English.

They are made from the game's outcome (``state.outcome()``: its ``fallen``, ``winners``,
``won_by`` and ``scores``), which the multiplayer view carries as ``result`` once the game is
over, so the browser's end screen (``board.verdict``) and the terminal's (``render.end_screen``)
say the same thing from the view alone.

>>> r = {"ending": "wiped", "winners": [0], "scores": [0.0, 0.0], "won_by": "last_standing",
...      "fallen": [{"seat": 1, "round": 2, "era": 1, "cause": "flood"}]}
>>> for line in result_sentences(r, "hu") + result_sentences(r, "en"):
...     print(line)
A 2. játékos Birodalma elpusztult a 2. fordulóban, az 1. korszakban: az Árvíz után nem maradt sem városa, sem törzse.
Az 1. játékos nyert: az ő Birodalma maradt talpon utoljára.
The Empire of Player 2 fell in round 2, era 1: after the Flood it had neither a city nor a tribe left.
Player 1 won: theirs is the last Empire standing.
"""

from __future__ import annotations

from typing import Any

from asztal.engine.i18n import player_name, with_article
from asztal.games.pocketciv.data import EVENT_NAMES

#: what a fall may come after, besides the events (``state.UPKEEP_CAUSES``, ``loss_cause``):
#: the steps of the round, as a sentence names them ("after the ...")
STEP_CAUSES = {
    "tribe_upkeep": ("Törzsfenntartás", "tribe upkeep"),
    "city_upkeep": ("Városfenntartás", "city upkeep"),
    "citydev": ("Városfejlesztés", "city development"),
    "reckoning": ("Számvetés", "reckoning"),
    "pillage": ("Fosztogatás", "pillaging"),
    "diplomacy": ("látogatóknak tett felajánlás", "offer to the visitors"),
}


def _name(seat: int, lang: str, names: list[str] | None) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return player_name(seat, lang)


def _who(seats: list[int], lang: str, names: list[str] | None, capital: bool = False) -> str:
    """Seats as a sentence names them: Hungarian puts the article before a numbered player
    ("az 1. játékos"); several are joined with "és" / "and"."""
    words = []
    for i, p in enumerate(seats):
        name = _name(p, lang, names)
        if lang == "hu" and name[:1].isdigit():
            name = with_article(name, capital and i == 0)
        words.append(name)
    joiner = " és " if lang == "hu" else " and "
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + joiner + words[-1]
    return text[:1].upper() + text[1:] if capital else text


def _cause(cause: Any, lang: str) -> str:
    """ "az Árvíz után " / "after the Flood " for the event or step the fall came after, else ""."""
    i = 1 if lang == "en" else 0
    words = (EVENT_NAMES.get(cause) or STEP_CAUSES.get(cause)) if isinstance(cause, str) else None
    if words is None:
        return ""
    return f"after the {words[i]} " if i else f"{with_article(words[i])} után "


def fall_sentence(result: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> str:
    """Who fell, in which round and era, and after what (PC-MP-END-01); "" if nobody fell."""
    fallen = result.get("fallen") or []
    if not fallen:
        return ""
    seats = [f["seat"] for f in fallen]
    rnd, era, cause = fallen[0]["round"], fallen[0]["era"], _cause(fallen[0]["cause"], lang)
    if lang == "en":
        when = f"in round {rnd}, era {era}"
        if len(seats) == 1:
            return (f"The Empire of {_who(seats, lang, names)} fell {when}: {cause}it had neither a city nor a "
                    "tribe left.")
        return (f"The Empires of {_who(seats, lang, names)} fell together {when}: {cause}none of them had a city "
                "or a tribe left.")
    when = f"{with_article(f'{rnd}.')} fordulóban, {with_article(f'{era}.')} korszakban"
    if len(seats) == 1:
        return (f"{_who(seats, lang, names, True)} Birodalma elpusztult {when}: {cause}nem maradt sem városa, "
                "sem törzse.")
    return (f"{_who(seats, lang, names, True)} Birodalma egyszerre pusztult el {when}: {cause}egyiküknek sem "
            "maradt sem városa, sem törzse.")


def win_sentence(result: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> str:
    """Who won and by which rule (``outcome.WonBy``), or that nobody did."""
    winners = result.get("winners") or []
    en = lang == "en"
    if not winners:
        return "Nobody won: every Empire fell." if en else "Senki sem nyert: minden Birodalom elpusztult."
    who = _who(winners, lang, names, True)
    if result.get("won_by") == "last_standing":
        return f"{who} won: theirs is the last Empire standing." if en else \
            f"{who} nyert: az ő Birodalma maradt talpon utoljára."
    pts = int(max(result["scores"][p] for p in winners))
    if result.get("won_by") == "points":
        rule = "Era 8 is over, and the most victory points win" if en else \
            "Véget ért a 8. korszak, és a több győzelmi pont dönt"
    else:
        rule = "Of the Empires still standing the most victory points win" if en else \
            "A talpon maradt Birodalmak közül a több győzelmi pont dönt"
    who = _who(winners, lang, names)
    if len(winners) > 1:
        return f"{rule}: a tie, {who} share the win with {pts} each." if en else \
            f"{rule}: döntetlen, {who} osztozik a győzelmen, {pts}-{pts} ponttal."
    return f"{rule}: {who} won with {pts}." if en else f"{rule}: {who} nyert, {pts} ponttal."


def result_sentences(result: dict[str, Any], lang: str = "hu", names: list[str] | None = None) -> list[str]:
    """The end of a multiplayer game in two sentences at most: the fall (if any), the win;
    none while the game goes on."""
    if result.get("ending") is None:
        return []
    return [x for x in (fall_sentence(result, lang, names), win_sentence(result, lang, names)) if x]

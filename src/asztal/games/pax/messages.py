"""The log catalogue of PAX: Hungarian first (the rulebook's terms), then English, and the
words the rules code puts into events (card names as the table shows them).

Events carry ``seat`` (0-based; the catalogue reads it as ``player``, counted from 1). Facts
only one seat may know travel in ``secret`` (``{"seat": k, ...}``): the card a player kept,
took into the hand or slid under the deck is told, by name, to that player alone.
"""

from __future__ import annotations

from typing import Any

from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CAT_EN, CAT_HU, CONSPIRACY, SENATOR


def card_words(state, c: int, lang: str) -> str:
    """"Sereg ●● 4": category, symbols as dots, printed value (the way the table shows a card)."""
    cat = (CAT_EN if lang == "en" else CAT_HU)[CARD_CAT[c]]
    return f"{cat} {'●' * state.syms[c]} {state.cost[c]}"


def card_fields(state, c: int, prefix: str = "card") -> dict[str, Any]:
    return {prefix: CARD_IDS[c], f"{prefix}_hu": card_words(state, c, "hu"), f"{prefix}_en": card_words(state, c, "en")}


def cards_fields(state, group) -> dict[str, Any]:
    return {"cards": [CARD_IDS[c] for c in group],
            "cards_hu": ", ".join(card_words(state, c, "hu") for c in group),
            "cards_en": ", ".join(card_words(state, c, "en") for c in group)}


def income_fields(state, s: int, amount: int) -> dict[str, Any]:
    """Why an income is what it is (PAX-INC-02..07), in words for the log."""
    if state.nplayed == 0:
        return {"why_hu": "alapjövedelem, mert nem játszott ki lapot", "why_en": "base income: no card played"}
    if state.cats >> CONSPIRACY & 1:
        return {"why_hu": "Cselszövést játszott ki, ezért nincs bevétel",
                "why_en": "a Conspiracy was played, so no income"}
    best, cat = 0, 0
    for k in range(7):
        if state.cats >> k & 1 and state.cnt[s * 7 + k] > best:
            best, cat = state.cnt[s * 7 + k], k
    hu = f"{CAT_HU[cat]}: {best} lap a kategóriában"
    en = f"{CAT_EN[cat]}: {best} card{'s' if best != 1 else ''} in the category"
    if state.cats >> SENATOR & 1:
        hu += ", +1 a Szenátorért"
        en += ", +1 for the Senator"
    return {"why_hu": hu, "why_en": en}


MESSAGES: dict[str, dict[str, str]] = {
    "pax.setup": {
        "hu": "PAX, {players} játékos; kezdőjátékos (Primus): {start}. játékos; kártyacsomag: {pack_hu}",
        "en": "PAX, {players} players; start player (Primus): Player {start}; data pack: {pack}",
    },
    "pax.solo_goal": {
        "hu": "Pasziánsz, {level}. játék. A cél: a végén legyél erősebb Rómánál legalább {needed} "
              "kategóriában, és legyen előtted lap mind a 7 kategóriából",
        "en": "Solitaire game {level}. The goal: at the end be stronger than Rome in at least {needed} "
              "categories, with a card of every one of the 7 categories in front of you",
    },
    "pax.round": {"hu": "{round}. forduló", "en": "Round {round}"},
    "pax.keep": {
        "hu": "{player}. játékos megtartott egy lapot, {bottom} lapot a pakli alá csúsztatott",
        "en": "Player {player} kept one card and slid {bottom} under the deck",
    },
    "pax.keep.own": {
        "hu": "Megtartottad: {card_hu}; {bottom} lapot a pakli alá csúsztattál",
        "en": "You kept {card_en} and slid {bottom} under the deck",
    },
    "pax.start_play": {
        "hu": "{player}. játékos kezdéskor maga elé tette: {card_hu}",
        "en": "Player {player} played at the start: {card_en}",
    },
    "pax.pass": {
        "hu": "{player}. játékos passzolt: megnézte Róma lefordított lapjait, és kapott 2 Aureust",
        "en": "Player {player} passed: looked at Rome's face-down cards and took 2 Aureus",
    },
    "pax.draw": {
        "hu": "{player}. játékos húz: {cards} lap, {mode_hu}",
        "en": "Player {player} draws {cards} cards, {mode_en}",
    },
    "pax.nodraw": {
        "hu": "{player}. játékos nem tud húzni, mert elfogyott a pakli: 2 Aureust kap helyette",
        "en": "Player {player} cannot draw (the deck is empty) and takes 2 Aureus instead",
    },
    "pax.to_hand": {"hu": "{player}. játékos kézbe vett egy lapot", "en": "Player {player} took a card into hand"},
    "pax.to_hand.own": {"hu": "Kézbe vetted: {card_hu}", "en": "You took {card_en} into your hand"},
    "pax.to_bottom": {
        "hu": "{player}. játékos a pakli alá csúsztatott egy lapot",
        "en": "Player {player} slid a card under the deck",
    },
    "pax.to_bottom.own": {"hu": "A pakli alá csúsztattad: {card_hu}", "en": "You slid {card_en} under the deck"},
    "pax.to_legion": {
        "hu": "{player}. játékos {numeral:a}. légió alá tette: {card_hu}",
        "en": "Player {player} put {card_en} below Legion {numeral}",
    },
    "pax.buy": {
        "hu": "{player}. játékos {price} Aureusért megvette {numeral:a}. légió alatti csoportot: {cards_hu}",
        "en": "Player {player} bought the group below Legion {numeral} for {price} Aureus: {cards_en}",
    },
    "pax.play": {
        "hu": "{player}. játékos kijátszotta: {card_hu}, ára {cost} Aureus",
        "en": "Player {player} played {card_en} for {cost} Aureus",
    },
    "pax.income": {
        "hu": "{player}. játékos bevétele: {amount} Aureus ({why_hu})",
        "en": "Player {player} collects {amount} Aureus income ({why_en})",
    },
    "pax.primus_conspiratus": {
        "hu": "A Primus Conspiratus kártya {player:a}. játékoshoz kerül",
        "en": "The Primus Conspiratus card goes to Player {player}",
    },
    "pax.rome": {
        "hu": "A forduló vége: {numeral:a}. légió alatti csoport (értéke {value} Aureus) Rómához kerül: {cards_hu}",
        "en": "End of the round: the group below Legion {numeral} (worth {value} Aureus) goes to Rome: {cards_en}",
    },
    "pax.start_player": {
        "hu": "Új kezdőjátékos (Primus): {player}. játékos, mert nála van a Primus Conspiratus",
        "en": "New start player (Primus): Player {player}, who holds Primus Conspiratus",
    },
    "pax.rome_wins": {
        "hu": "Róma nyert, mert legalább 4 kategóriában a legerősebb; vele győz a Primus Conspiratus "
              "birtokosa, {player:a}. játékos",
        "en": "Rome wins, being strongest in at least 4 categories, and with it the holder of "
              "Primus Conspiratus, Player {player}",
    },
    "pax.rome_wins_alone": {
        "hu": "Róma nyert, mert legalább 4 kategóriában a legerősebb; senkinél sincs Primus Conspiratus, "
              "így egyik játékos sem győzött",
        "en": "Rome wins, being strongest in at least 4 categories; nobody holds Primus Conspiratus, "
              "so no player wins",
    },
    "pax.players_win": {
        "hu": "A játékosok legyőzték Rómát; győztes: {winners:seats} játékos ({points} pont)",
        "en": "The players beat Rome; winner: Player {winners:seats} ({points} points)",
    },
    "pax.solo_end": {
        "hu": "Pasziánsz, {level}. játék: {stronger} kategóriában vagy erősebb Rómánál (kell: {needed}); "
              "{result_hu}",
        "en": "Solitaire game {level}: stronger than Rome in {stronger} categories (needed {needed}); "
              "{result_en}",
    },
}

"""The log catalogue of PAX: Hungarian first (the rulebook's terms), then English, and the
words the rules code puts into events (card names as the table shows them).

Events carry ``seat`` (0-based; the catalogue reads it as ``player``, counted from 1). Facts
only one seat may know travel in ``secret`` (``{"seat": k, ...}``): the card a player kept,
took into the hand or slid under the deck is told, by name, to that player alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from asztal.games.pax.pack import CARD_CAT, CARD_IDS, CAT_EN, CAT_HU, CONSPIRACY, SENATOR

if TYPE_CHECKING:
    from asztal.games.pax.state import PaxState


def card_words(state: PaxState, c: int, lang: str) -> str:
    """"Sereg ●● 4": category, symbols as dots, printed value (the way the table shows a card)."""
    cat = (CAT_EN if lang == "en" else CAT_HU)[CARD_CAT[c]]
    return f"{cat} {'●' * state.syms[c]} {state.cost[c]}"


def card_fields(state: PaxState, c: int, prefix: str = "card") -> dict[str, Any]:
    return {prefix: CARD_IDS[c], f"{prefix}_hu": card_words(state, c, "hu"), f"{prefix}_en": card_words(state, c, "en")}


def cards_fields(state: PaxState, group: Sequence[int]) -> dict[str, Any]:
    return {"cards": [CARD_IDS[c] for c in group],
            "cards_hu": ", ".join(card_words(state, c, "hu") for c in group),
            "cards_en": ", ".join(card_words(state, c, "en") for c in group)}


def income_fields(state: PaxState, s: int, played: int, cats: int) -> dict[str, Any]:
    """Why an income is what it is (PAX-INC-02..07), in words for the log: ``played`` cards
    this turn, in the categories ``cats`` (bits by category)."""
    if played == 0:
        return {"why_hu": "alapjövedelem, mert nem játszott ki lapot", "why_en": "base income: no card played"}
    if cats >> CONSPIRACY & 1:
        return {"why_hu": "Cselszövést játszott ki, ezért nincs bevétel",
                "why_en": "a Conspiracy was played, so no income"}
    best, cat = 0, 0
    for k in range(7):
        if cats >> k & 1 and state.cnt[s * 7 + k] > best:
            best, cat = state.cnt[s * 7 + k], k
    hu = f"{CAT_HU[cat]}: {best} lap a kategóriában"
    en = f"{CAT_EN[cat]}: {best} card{'s' if best != 1 else ''} in the category"
    if cats >> SENATOR & 1:
        hu += ", +1 a Szenátorért"
        en += ", +1 for the Senator"
    return {"why_hu": hu, "why_en": en}


MESSAGES: dict[str, dict[str, str]] = {
    "pax.setup": {
        "hu": "PAX, {players} játékos; kezdőjátékos (Primus): {start}. játékos; kártyacsomag: {pack_hu}",
        "en": "PAX, {players:pl:player}; start player (Primus): Player {start}; data pack: {pack}",
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
        "hu": "{player}. játékos megtartotta: {card_hu}; {bottom} lapot a pakli alá csúsztatott",
        "en": "Player {player} kept {card_en} and slid {bottom} under the deck",
    },
    "pax.start_play": {
        "hu": "{player}. játékos kezdéskor maga elé tette: {card_hu}",
        "en": "Player {player} played at the start: {card_en}",
    },
    "pax.pass": {
        "hu": "{player}. játékos passzolt: megnézte Róma képpel lefelé fordított lapjait, és kapott 2 Aureust",
        "en": "Player {player} passed: looked at Rome's face-down cards and took 2 Aureus",
    },
    "pax.draw": {
        "hu": "{player}. játékos {cards} lapot húz, {mode_hu}",
        "en": "Player {player} draws {cards:pl:card}, {mode_en}",
    },
    "pax.nodraw": {
        "hu": "{player}. játékos nem tud húzni, mert elfogyott a pakli: 2 Aureust kap helyette",
        "en": "Player {player} cannot draw (the deck is empty) and takes 2 Aureus instead",
    },
    "pax.to_hand": {"hu": "{player}. játékos kézbe vett egy lapot", "en": "Player {player} took a card into hand"},
    # a seat's own secret lines name it as every other line does („2. játékos”), never „te”
    "pax.to_hand.own": {"hu": "{player}. játékos kézbe vette: {card_hu}",
                        "en": "Player {player} took {card_en} into hand"},
    "pax.to_bottom": {
        "hu": "{player}. játékos a pakli alá csúsztatott egy lapot",
        "en": "Player {player} slid a card under the deck",
    },
    "pax.to_bottom.own": {"hu": "{player}. játékos a pakli alá csúsztatta: {card_hu}",
                          "en": "Player {player} slid {card_en} under the deck"},
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
        "en": "Solitaire game {level}: stronger than Rome in {stronger:pl:category} (needed {needed}); "
              "{result_en}",
    },
}


#: what a player is asked (``PaxState.decision``) and why a move is refused (``PaxState.refusal``)
ASKS: dict[str, dict[str, str]] = {
    "pax.ask.keep": {
        "hu": "Válaszd ki a lapot, amelyet megtartasz; a többi {n} lap a pakli aljára kerül",
        "en": "Choose the card you keep; the rest go under the deck ({n:pl:card})",
    },
    "pax.ask.start": {
        "hu": "Pasziánsz: tegyél magad elé ingyen egy lapot a kezedből (még {left} ilyen lap van hátra)",
        "en": "Solitaire: lay out a card from your hand for free ({left:pl:card} still to lay out)",
    },
    "pax.ask.turn": {
        "hu": "A te köröd: húzol {n} lapot (utána vásárolhatsz és kijátszhatsz), vagy passzolsz: "
              "2 Aureust kapsz, és megnézed Róma képpel lefelé fordított lapjait",
        "en": "Your turn: draw {n:pl:card} (then buy and play), or pass: take 2 Aureus and look at "
              "Rome's face-down cards",
    },
    "pax.ask.turn_empty": {
        "hu": "A te köröd: a pakli elfogyott, ezért húzás helyett 2 Aureust kapsz (utána vásárolhatsz "
              "és kijátszhatsz), vagy passzolsz",
        "en": "Your turn: the deck is empty, so take 2 Aureus instead of drawing (then buy and play), or pass",
    },
    "pax.ask.place_one": {
        "hu": "Hová teszed a húzott lapot? Még szabad: {open_hu}; utána még {left} lapot húzol",
        "en": "Where does the drawn card go? Still open: {open_en}; {left:pl:card} still to draw",
    },
    "pax.ask.place_one_last": {
        "hu": "Hová teszed az utolsó húzott lapot? Még szabad: {open_hu}",
        "en": "Where does the last drawn card go? Still open: {open_en}",
    },
    "pax.ask.place_many": {
        "hu": "Helyezd el egyenként {held:a} húzott lapot. Még szabad: {open_hu}; utána még {left} lapot húzol",
        "en": "Place the {held} drawn cards one by one. Still open: {open_en}; {left:pl:card} still to draw",
    },
    "pax.ask.place_many_last": {
        "hu": "Helyezd el egyenként {held:a} húzott lapot. Még szabad: {open_hu}",
        "en": "Place the {held} drawn cards one by one. Still open: {open_en}",
    },
    "pax.ask.buy": {
        "hu": "Megveszel egy légió alatti csoportot? {money} Aureusod van; megvehető: {offers_hu}",
        "en": "Buy the group below a Legion? You have {money} Aureus; on offer: {offers_en}",
    },
    "pax.ask.play": {
        "hu": "Kijátszol egy lapot a kezedből (a következő ára {cost} Aureus, neked {money} van), vagy "
              "befejezed, és most {income} Aureus bevételt kapsz",
        "en": "Play a card from your hand (the next one costs {cost} Aureus, you have {money}), or stop "
              "and collect {income} Aureus income now",
    },
    "pax.ask.play_broke": {
        "hu": "A következő lap {cost} Aureusba kerülne, neked csak {money} van: fejezd be, és szedd be a "
              "bevételt ({income} Aureus)",
        "en": "The next card would cost {cost} Aureus and you have {money}: stop and collect your income "
              "({income} Aureus)",
    },
    "pax.no.over": {"hu": "A játék véget ért, nincs több lépés.", "en": "The game is over: no more moves."},
    "pax.no.keep.now": {
        "hu": "Lapot megtartani csak a játék elején lehet, amikor mindenki a kezdő lapjai közül választ.",
        "en": "Keeping a card happens only at the start, when everyone chooses from the first hand.",
    },
    "pax.no.keep.card": {
        "hu": "Ez a lap nincs a kezedben: {card_hu}.", "en": "That card is not in your hand: {card_en}.",
    },
    "pax.no.start.now": {
        "hu": "Kezdő lapot csak a pasziánsz 3-5. játékának elején tehetsz le.",
        "en": "Start cards are laid out only at the beginning of solitaire games 3-5.",
    },
    "pax.no.start.card": {
        "hu": "Ez a lap nincs a kezedben: {card_hu}.", "en": "That card is not in your hand: {card_en}.",
    },
    "pax.no.pass.now": {
        "hu": "Passzolni csak a köröd elején lehet, húzás helyett.",
        "en": "You may pass only at the start of your turn, instead of drawing.",
    },
    "pax.no.draw.now": {
        "hu": "Húzni a köröd elején lehet, körönként egyszer.",
        "en": "You draw at the start of your turn, once a turn.",
    },
    "pax.no.nodraw.now": {
        "hu": "A húzás helyetti 2 Aureus csak a köröd elején jár, ha elfogyott a pakli.",
        "en": "The 2 Aureus instead of a draw come only at the start of your turn, once the deck is empty.",
    },
    "pax.no.draw.empty": {
        "hu": "A pakli elfogyott, nincs mit húzni: húzás helyett 2 Aureust kapsz.",
        "en": "The deck is empty, there is nothing to draw: take 2 Aureus instead.",
    },
    "pax.no.nodraw.cards": {
        "hu": "A pakliban még {n} lap van: húznod kell, a 2 Aureus csak üres paklinál jár.",
        "en": "The deck still holds {n:pl:card}: draw them; the 2 Aureus are only for an empty deck.",
    },
    "pax.no.place.now": {
        "hu": "Nincs elhelyezendő húzott lapod: lapot csak húzás után helyezel el.",
        "en": "You have no drawn card to place: cards are placed right after drawing them.",
    },
    "pax.no.place.card": {
        "hu": "Ezt a lapot nem most húztad: {card_hu}.", "en": "You did not just draw that card: {card_en}.",
    },
    "pax.no.place.hand_used": {
        "hu": "A három húzott lap közül egyet már a kezedbe vettél: a többi egy légió alá vagy a pakli "
              "aljára kerül.",
        "en": "One of the three drawn cards already went into your hand: the others go below a Legion "
              "or under the deck.",
    },
    "pax.no.place.legion_used": {
        "hu": "A három húzott lap közül egyet már légió alá tettél: csak egy kerülhet légió alá.",
        "en": "One of the three drawn cards already went below a Legion: only one may.",
    },
    "pax.no.place.bottom_used": {
        "hu": "A három húzott lap közül egyet már a pakli aljára tettél: csak egy kerülhet oda.",
        "en": "One of the three drawn cards already went under the deck: only one may.",
    },
    "pax.no.place.hand_waits": {
        "hu": "Amíg a harmadik lap még hátravan, a két húzott lap közül egyet légió alá vagy a pakli "
              "aljára kell tenned; kézbe csak azután vehetsz lapot.",
        "en": "While the third card is still to come, one of the two drawn cards goes below a Legion or "
              "under the deck; only then may a card go into your hand.",
    },
    "pax.no.legion": {
        "hu": "Ebben a játékban nincs {numeral}. légió.", "en": "This game has no Legion {numeral}.",
    },
    "pax.no.buy.now": {
        "hu": "Vásárolni a húzás után, a kijátszás előtt lehet.",
        "en": "Buying comes after drawing, before playing cards.",
    },
    "pax.no.nobuy.now": {
        "hu": "A vásárlásról a húzás után, a kijátszás előtt döntesz.",
        "en": "Whether to buy is decided after drawing, before playing cards.",
    },
    "pax.no.buy.empty": {
        "hu": "{numeral:A}. légió alatt nincs lap, nincs mit megvenni.",
        "en": "There are no cards below Legion {numeral}: nothing to buy.",
    },
    "pax.no.buy.money": {
        "hu": "{numeral:A}. légió alatti csoport ára {price} Aureus, neked csak {money} van.",
        "en": "The group below Legion {numeral} costs {price} Aureus and you have only {money}.",
    },
    "pax.no.play.now": {
        "hu": "Lapot a húzás és a vásárlás után játszhatsz ki.",
        "en": "Cards are played after drawing and buying.",
    },
    "pax.no.done.now": {
        "hu": "A bevételt a kijátszás végén szeded be.",
        "en": "Income is collected when you stop playing cards.",
    },
    "pax.no.play.card": {
        "hu": "Ez a lap nincs a kezedben: {card_hu}.", "en": "That card is not in your hand: {card_en}.",
    },
    "pax.no.play.money": {
        "hu": "A következő lap kijátszása {cost} Aureusba kerül, neked csak {money} van.",
        "en": "Playing the next card costs {cost} Aureus and you have only {money}.",
    },
    "pax.no.play.fleet_limit": {
        "hu": "{card_hu} nem fér el: legfeljebb {limit} flottajeled lehet (a birtok- és a cselszövésjeleid "
              "közül a nagyobb szám), és már {have} van.",
        "en": "{card_en} does not fit: you may hold at most {limit} Fleet symbols (the larger of your "
              "Estate and Conspiracy symbols) and already have {have}.",
    },
    "pax.no.play.army_limit": {
        "hu": "{card_hu} nem fér el: legfeljebb {limit} seregjeled lehet (a birtok- és a cselszövésjeleid "
              "közül a nagyobb szám), és már {have} van.",
        "en": "{card_en} does not fit: you may hold at most {limit} Army symbols (the larger of your "
              "Estate and Conspiracy symbols) and already have {have}.",
    },
}
MESSAGES.update(ASKS)

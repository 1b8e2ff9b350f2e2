"""The log's message catalogue, Hungarian first (``{key: {"hu": ..., "en": ...}}``), and the
words for the ids events carry (``event_words``): events keep ids (``tribal_war``,
``basic_tools``), the text says the rulebook's names.

Areas are told as "a 3. terület" with the article chosen by the number (``{area:a}``).
"""

from __future__ import annotations

from typing import Any

from asztal.engine.i18n import join_words
from asztal.games.pocketciv.data import (
    ADV_EN,
    ADV_HU,
    ADV_INDEX,
    EMPIRES,
    EVENT_NAMES,
    WONDER_EN,
    WONDER_HU,
    WONDER_INDEX,
)

#: the visiting peoples of the event cards
EMPIRE_WORDS = {"Floren": ("Floren", "Floren"), "Gilda": ("Gilda", "Gilda"),
                "Atlantea": ("Atlantea", "Atlantea"), "Nordic": ("az északiak", "the Nordic people")}
ENDINGS = {
    "wiped": ("egy Birodalom elpusztult: nem maradt benne sem törzs, sem város",
              "an Empire collapsed: neither a tribe nor a city is left in it"),
    "collapse": ("a Birodalom elpusztult: nem maradt benne sem törzs, sem város",
                 "the Empire collapsed: neither a tribe nor a city is left"),
    "eras": ("mind a 8 Korszak véget ért", "all 8 eras are over"),
    "stopped": ("a Korszakváltás után befejezted", "you stopped after an era change"),
}


def event_words(event: dict[str, Any], lang: str) -> dict[str, Any]:
    """Names for the ids of a PocketCiv event, in ``lang``."""
    i = 1 if lang == "en" else 0
    out = dict(event)
    if event.get("key") == "pocketciv.era_end" and event.get("scored") is False:
        out["key"] = "pocketciv.era_end_none"
    if "event" in event:
        out["event"] = EVENT_NAMES.get(event["event"], (event["event"],) * 2)[i]
    if "advance" in event and event["advance"] in ADV_INDEX:
        out["advance"] = (ADV_EN if i else ADV_HU)[ADV_INDEX[event["advance"]]]
    if "wonder" in event and event["wonder"] in WONDER_INDEX:
        out["wonder"] = (WONDER_EN if i else WONDER_HU)[WONDER_INDEX[event["wonder"]]]
    if event.get("empire") in EMPIRES:
        out["empire"] = EMPIRE_WORDS[event["empire"]][i]
    if event.get("how") in ENDINGS:
        out["how"] = ENDINGS[event["how"]][i]
    if isinstance(event.get("areas"), list):
        out["areas"] = join_words([str(a) for a in event["areas"]], lang)
    if isinstance(event.get("scores"), list):
        word = "{}. játékos: {}" if lang == "hu" else "Player {}: {}"
        out["scores"] = ", ".join(word.format(p + 1, v) for p, v in enumerate(event["scores"]))
    return out


MESSAGES = {
    "pocketciv.start": {"hu": "A játék kezdődik; a kezdő törzsek területei: {areas}",
                        "en": "The game begins; the starting tribes are in areas {areas}"},
    "pocketciv.event": {"hu": "{card}. eseménykártya, {era}. Korszak: {event}",
                        "en": "Event card {card}, era {era}: {event}"},
    "pocketciv.no_event": {"hu": "{card}. eseménykártya: ebben a Korszakban nincs Esemény",
                           "en": "Event card {card}: no event in era {era}"},
    "pocketciv.astronomy": {"hu": "Csillagászat: {card:a}. lap figyelmen kívül marad",
                            "en": "Astronomy: card {card} is ignored"},
    "pocketciv.era_end": {
        "hu": "Véget ért {era:a}. Korszak: {vp} győzelmi pont; {counted} Vívmány pontja számít "
              "(legfeljebb annyi, ahány törzs van: {limit})",
        "en": "Era {era} ends: {vp} VP; the points of {counted} advances count "
              "(at most as many as there are tribes: {limit})",
    },
    "pocketciv.era_end_none": {
        "hu": "Véget ért {era:a}. Korszak: nincs győzelmi pont, mert {cities} város van, és {era} kellene",
        "en": "Era {era} ends: no VP, as the Empire has {cities} cities and needs {era}",
    },
    "pocketciv.era_start": {"hu": "{era}. Korszak", "en": "Era {era}"},
    "pocketciv.game_over": {"hu": "A játék véget ért, mert {how} ({era}. Korszak); összesen {vp} győzelmi pont",
                            "en": "Game over: {how} (era {era}); {vp} VP in all"},
    "pocketciv.city_lost": {"hu": "Elpusztult {area:a}. terület városa",
                            "en": "The city in area {area} is destroyed"},
    "pocketciv.city": {"hu": "Új város {area:a}. területen", "en": "A city is founded in area {area}"},
    "pocketciv.advance": {"hu": "{area:A}. terület városa új Vívmányt szerzett: {advance}",
                          "en": "The city in area {area} acquires an advance: {advance}"},
    "pocketciv.wonder": {"hu": "Csoda épült {area:a}. területen: {wonder}",
                         "en": "A wonder is built in area {area}: {wonder}"},
    "pocketciv.wonders_lost": {"hu": "Csodák pusztultak el {area:a}. területen",
                               "en": "Wonders are destroyed in area {area}"},
    "pocketciv.expedition": {"hu": "Expedíció {area:a}. területről {force} törzzsel: {gold} arany",
                             "en": "Expedition from area {area} with {force} tribes: {gold} gold"},
    "pocketciv.mined": {"hu": "Bányászat: {gold} arany a bányakocsiból a készletbe",
                        "en": "Mining: {gold} gold banked"},
    "pocketciv.mine_collapse": {"hu": "A bánya beomlott, a bányakocsi tartalma ({lost} arany) elveszett",
                                "en": "The mine collapses; the cart ({lost} gold) is lost"},
    "pocketciv.tax_anarchy": {"hu": "Nincs arany a kézfogásra: Anarchia!",
                              "en": "No gold for the handshake: Anarchy!"},
    "pocketciv.pillage": {"hu": "Fosztogatás: {gold} arany", "en": "Pillaging: {gold} gold"},
    "pocketciv.grow": {"hu": "{area:A}. terület városának vff-je {cav} lett",
                       "en": "The city in area {area} grows to AV {cav}"},
    "pocketciv.capital": {"hu": "Főváros: {area:a}. terület városa", "en": "The city in area {area} is the capital"},
    "pocketciv.anarchy": {"hu": "Anarchia", "en": "Anarchy"},
    "pocketciv.flood": {"hu": "Árvíz {area:a}. területen", "en": "Flood in area {area}"},
    "pocketciv.tsunami": {"hu": "Cunami {area:a}. területnél", "en": "Tsunami at area {area}"},
    "pocketciv.earthquake": {"hu": "Földrengés {area:a}. területen", "en": "Earthquake in area {area}"},
    "pocketciv.bandits_none": {"hu": "A banditák nem találtak sivatagot {area:a}. terület körül, nem jönnek",
                               "en": "No desert near area {area}: the bandits do not come"},
    "pocketciv.attack": {"hu": "Támadás {area:a}. területen, {force} erővel",
                         "en": "Attack on area {area} with force {force}"},
    "pocketciv.civil_war": {"hu": "Polgárháború {area:a}. területen", "en": "Civil war in area {area}"},
    "pocketciv.corruption": {"hu": "Korrupció: {amount} vff", "en": "Corruption: {amount} AV"},
    "pocketciv.epidemic": {"hu": "Járvány {area:a}. területen, {loss} áldozat",
                           "en": "Epidemic in area {area}, {loss} victims"},
    "pocketciv.famine": {"hu": "Éhínség {area:a}. területen", "en": "Famine in area {area}"},
    "pocketciv.sandstorm": {"hu": "Homokvihar {area:a}. területen", "en": "Sandstorm in area {area}"},
    "pocketciv.superstition": {"hu": "Babona: {count} lapot kell eldobni", "en": "Superstition: discard {count} cards"},
    "pocketciv.tribal_war": {"hu": "Törzsi háború {area:a}. területen: {warring} harcos tör a szomszédaira",
                             "en": "Tribal war in area {area}: {warring} warriors attack its neighbours"},
    "pocketciv.uprising": {"hu": "Felkelés {area:a}. területen", "en": "Uprising in area {area}"},
    "pocketciv.visitation": {"hu": "Látogatók érkeztek: {empire}", "en": "Visitors arrive: {empire}"},
    "pocketciv.partner": {"hu": "{empire} állandó kereskedelmi partner lett",
                          "en": "{empire}: a trading partner from now on"},
    "pocketciv.wall": {"hu": "A Nagy Fal megállította a látogatókat {area:a}. területen",
                       "en": "The Great Wall stops the visitors at area {area}"},
    "pocketciv.trade": {"hu": "Kereskedelem: {gold} arany", "en": "Trade: {gold} gold"},
    "pocketciv.caught": {"hu": "Lebuktak a tolvajok: {kept} arany maradt, a látogatók támadnak",
                         "en": "The thieves are caught: {kept} gold kept, the visitors attack"},
    "pocketciv.round": {"hu": "{round}. forduló ({era}. Korszak)", "en": "Round {round} (era {era})"},
    "pocketciv.growth": {"hu": "Populáció: egy-egy új törzs ezeken a területeken: {areas}",
                         "en": "Population: one new tribe in each of areas {areas}"},
    "pocketciv.tribes_lost": {"hu": "{area:A}. területen {lost} törzs odavész, {left} marad",
                              "en": "Area {area} loses {lost} tribes, {left} left"},
    "pocketciv.cav_lost": {"hu": "{area:A}. terület városa {lost} vff-et veszít, most {cav}",
                           "en": "The city in area {area} loses {lost} AV, now {cav}"},
    "pocketciv.move": {"hu": "Egy törzs átvonult: {src}. → {dst}. terület",
                       "en": "A tribe moves from area {src} to area {dst}"},
    "pocketciv.sail": {"hu": "Egy törzs tengeren átkelt: {src}. → {dst}. terület",
                       "en": "A tribe sails from area {src} to area {dst}"},
    "pocketciv.farm": {"hu": "Farm épült {area:a}. területen", "en": "A farm is made in area {area}"},
    "pocketciv.forest": {"hu": "Erdőt telepítettek {area:a}. területen", "en": "A forest is planted in area {area}"},
    "pocketciv.place": {"hu": "Kezdő törzs {area:a}. területen", "en": "A starting tribe in area {area}"},
    "pocketciv.volcano": {"hu": "Vulkánkitörés {area:a}. területen", "en": "Volcano erupts in area {area}"},
    # multiplayer (PC-MP-*)
    "pocketciv.totem": {"hu": "A Totem {player:a}. játékosé", "en": "Player {player} holds the Totem"},
    "pocketciv.totem_taken": {"hu": "{player:A}. játékos elveszi a Totemet",
                              "en": "Player {player} takes the Totem"},
    "pocketciv.mp_start": {"hu": "A játék kezdődik {players} játékossal",
                           "en": "The game begins with {players} players"},
    "pocketciv.mp_era": {"hu": "{era}. Korszak (a többjátékos módban nincs korszakváltás)",
                         "en": "Era {era} (no era change in the multiplayer game)"},
    "pocketciv.mp_city_lost": {"hu": "Elpusztult {player:a}. játékos városa {area:a}. területen",
                               "en": "Player {player}'s city in area {area} is destroyed"},
    "pocketciv.mp_over": {"hu": "A játék véget ért, mert {how}; pontok: {scores}",
                          "en": "Game over: {how}; points: {scores}"},
}

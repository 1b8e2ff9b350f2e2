"""The log's message catalogue, Hungarian first (``{key: {"hu": ..., "en": ...}}``), and the
words for the ids events carry (``event_words``): events keep ids (``tribal_war``,
``basic_tools``), the text says the rulebook's names.

Areas are told as "a 3. terület" with the article chosen by the number (``{area:a}``).
"""

from __future__ import annotations

from typing import Any

from asztal.engine.i18n import join_words, with_article
from asztal.games.pocketciv.actions import TABLE
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

#: what the pending steps of the stack are called for the player (events: EVENT_NAMES)
STEP_NAMES = {
    "setup": ("Kezdő törzsek elhelyezése", "Placing the starting tribes"),
    "mpsetup": ("Kezdő törzsek elhelyezése", "Placing the starting tribes"),
    "mp": ("Forduló", "Round"), "pop": ("Populáció és mozgatás", "Population and movement"),
    "topup": ("Új törzsek a városoknál", "New tribes at the cities"), "move": ("Mozgatás", "Movement"),
    "event": ("Esemény", "Event"), "mpev": ("Esemény", "Event"),
    "evdraw": ("Eseménylap húzása", "Drawing the event card"),
    "astro": ("Csillagászat", "Astronomy"), "dev": ("Fejlődés", "Development"), "mine": ("Bányászat", "Mining"),
    "tax": ("A feketepiac megadóztatása", "Taxing the black market"), "exp": ("Expedíció", "Expedition"),
    "drop": ("Vívmány eldobása", "Discarding an advance"), "upkeep": ("Fenntartás", "Upkeep"),
    "pay": ("Törzsek fizetése", "Paying tribes"),
    "sacrifice": ("Nyersanyagforrás feláldozása", "Giving up a resource source"),
    "starve": ("A városok ellátása", "Feeding the cities"), "loss": ("Törzsveszteség", "Losing tribes"),
    "cavloss": ("Vff-csökkenés", "Cities losing AV"), "era": ("Korszakváltás", "Era change"),
    "mpera": ("Korszakváltás", "Era change"), "wonders": ("Csodák elvesztése", "Losing wonders"),
    "alloc": ("Az esemény veszteségeinek szétosztása", "Sharing out the event's losses"),
    "citydev": ("Városfejlesztés", "City development"), "totem": ("A Totem", "The Totem"),
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
    if isinstance(event.get("places"), list):
        out["places"] = places(event["places"], lang)
    for key, joiner in (("advances", "és"), ("either", "vagy")):
        if isinstance(event.get(key), list):
            names = [(ADV_EN if i else ADV_HU)[ADV_INDEX[x]] if x in ADV_INDEX else str(x) for x in event[key]]
            out[key] = (", ".join(names[:-1]) + (" or " if i else " vagy ") + names[-1]
                        if joiner == "vagy" and len(names) > 1 else join_words(names, lang))
    if isinstance(event.get("resources"), list):
        out["resources"] = join_words([RESOURCE_WORDS[r][i] for r in event["resources"]], lang)
    if event.get("key") == "pocketciv.no.unfinished" and event.get("now") in UNFINISHED_WORDS:
        out["why"] = UNFINISHED_WORDS[event["now"]][i]
    for key, table in (("res", RESOURCE_WORDS), ("where", WHERE_WORDS), ("home", HOME_WORDS)):
        if event.get(key) in table:
            out[key] = table[event[key]][i]
    if isinstance(event.get("move"), str):
        action = TABLE.by_code(event["move"])
        if action is not None:
            out["move"] = action.en if i else action.hu
    if event.get("now") in STEP_NAMES or event.get("now") in EVENT_NAMES:
        out["now"] = (STEP_NAMES.get(event["now"]) or EVENT_NAMES[event["now"]])[i]
    if event.get("cause") in EVENT_NAMES or event.get("cause") in RULE_CAUSES:
        out["cause"] = (EVENT_NAMES.get(event["cause"]) or RULE_CAUSES[event["cause"]])[i]
        out["key"] = event["key"] + (".one" if event.get("count") == 1 else "") + ".why"
    if event.get("event") in CAUSE_WORDS:
        out["event"] = CAUSE_WORDS[event["event"]][i]
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
        "en": "Era {era} ends: {vp} VP; the points of {counted:pl:advance} count "
              "(at most as many as there are tribes: {limit})",
    },
    "pocketciv.era_end_none": {
        "hu": "Véget ért {era:a}. Korszak: nincs győzelmi pont, mert {cities} város van, és {era} kellene",
        "en": "Era {era} ends: no VP, as the Empire has {cities:pl:city} and needs {era}",
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
                             "en": "Expedition from area {area} with {force:pl:tribe}: {gold} gold"},
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
    "pocketciv.superstition": {"hu": "Babona: {count} lapot kell eldobni",
                               "en": "Superstition: discard {count:pl:card}"},
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
                              "en": "Area {area} loses {lost:pl:tribe}, {left} left"},
    "pocketciv.cav_lost": {"hu": "{area:A}. terület városa {lost} vff-et veszít, most {cav}",
                           "en": "The city in area {area} loses {lost} AV, now {cav}"},
    "pocketciv.reckoning": {"hu": "Számvetés: az aranykészlet {before} volt, most {gold}",
                            "en": "Reckoning: the gold stock was {before}, now {gold}"},
    "pocketciv.move": {"hu": "Törzs vonult: {src}. → {dst}. terület", "en": "A tribe moves: area {src} → {dst}"},
    "pocketciv.sail": {"hu": "Törzs hajózott: {src}. → {dst}. terület", "en": "A tribe sails: area {src} → {dst}"},
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
    "pocketciv.mp_tribes_lost": {"hu": "{player:A}. játékos {lost} törzset veszít {area:a}. területen, {left} marad",
                                 "en": "Player {player} loses {lost:pl:tribe} in area {area}, {left} left"},
    # the same losses with their cause (``cause``: an event's id or a rule step, ``RULE_CAUSES``)
    "pocketciv.tribes_lost.why": {"hu": "{cause}: {area:a}. területen {lost} törzs odavész, {left} marad",
                                  "en": "{cause}: area {area} loses {lost:pl:tribe}, {left} left"},
    "pocketciv.cav_lost.why": {"hu": "{cause}: {area:a}. terület városa {lost} vff-et veszít, most {cav}",
                               "en": "{cause}: the city in area {area} loses {lost} AV, now {cav}"},
    "pocketciv.city_lost.why": {"hu": "{cause}: elpusztult {area:a}. terület városa",
                                "en": "{cause}: the city in area {area} is destroyed"},
    "pocketciv.wonders_lost.why": {"hu": "{cause}: Csodák pusztultak el {area:a}. területen",
                                   "en": "{cause}: wonders are destroyed in area {area}"},
    "pocketciv.wonders_lost.one.why": {"hu": "{cause}: egy Csoda elpusztult {area:a}. területen",
                                       "en": "{cause}: a wonder is destroyed in area {area}"},
    "pocketciv.mp_city_lost.why": {"hu": "{cause}: elpusztult {player:a}. játékos városa {area:a}. területen",
                                   "en": "{cause}: player {player}'s city in area {area} is destroyed"},
    "pocketciv.mp_tribes_lost.why": {
        "hu": "{cause}: {player:a}. játékos {lost} törzset veszít {area:a}. területen, {left} marad",
        "en": "{cause}: player {player} loses {lost:pl:tribe} in area {area}, {left} left"},
    # an event that strikes nothing says why
    "pocketciv.spared_advance": {"hu": "{event}: elmarad, mert megvan a Vívmány: {advance}",
                                 "en": "{event}: nothing happens, as the Empire has {advance}"},
    "pocketciv.spared_area": {"hu": "{event}: {area:a}. területen nincs törzs, ezért nem történik semmi",
                              "en": "{event}: area {area} has no tribe, so nothing happens"},
    "pocketciv.mp_over": {"hu": "A játék véget ért, mert {how}; pontok: {scores}",
                          "en": "Game over: {how}; points: {scores}"},
}

#: where a move of another step belongs (``refuse.HOME``), said to the player
HOME_WORDS = {
    "setup": ("kezdő törzset csak a játék elején lehet lerakni", "starting tribes are placed only at the start"),
    "topup": ("új törzset a városoknál csak a Populáció elején, 3 törzsig lehet kapni",
              "new tribes at the cities come only at the start of Population, up to 3 tribes"),
    "move": ("törzset a Populáció és mozgatás fázisban lehet mozgatni",
             "tribes move in the Population and movement phase"),
    "dev": ("ennek a Fejlődés fázisban van a helye", "this belongs to the Development phase"),
    "exp": ("erről akkor döntesz, amikor egy expedíció útnak indul", "this is decided when an expedition sets out"),
    "citydev": ("városokat a Fenntartás fázis városfejlesztésében lehet fejleszteni",
                "cities are developed in the city development of the Upkeep phase"),
    "pay": ("törzset bányászatkor vagy városfejlesztéskor kell fizetni",
            "tribes are paid when mining or developing a city"),
    "sacrifice": ("nyersanyagforrást a főváros 4 fölé fejlesztésekor kell feláldozni",
                  "a resource source is given up when the capital grows past 4"),
    "cavloss": ("vff-et egy esemény vagy a városfenntartás vesz el", "cities lose AV to an event or in city upkeep"),
    "loss": ("törzsveszteséget egy esemény okoz", "tribe losses come from an event"),
    "wonders": ("Csodát egy esemény pusztíthat el", "wonders are lost to an event"),
    "pick": ("területet egy esemény közben kell választani", "areas are chosen during an event"),
    "bandits": ("a banditák erejét a támadásuk előtt lehet csökkenteni",
                "the bandits' force is reduced before they attack"),
    "era": ("a folytatásról Korszakváltáskor lehet dönteni", "going on or stopping is decided at an era change"),
    "astro": ("a Csillagászat egy eseménylap felfordításakor használható",
              "Astronomy is used when an event card is turned up"),
    "visitation": ("a látogatóknak Diplomáciával lehet felajánlást tenni",
                   "offers to visitors are made with Diplomacy"),
    "trade": ("lopni a kereskedőktől a Tolvajok Fejedelmével lehet", "stealing from traders needs Culture of Thievery"),
    "drop": ("Vívmányt a Törvénykönyv vagy a Polgárosodás megszerzésekor lehet eldobni",
             "advances are discarded on acquiring Law or Civil Service"),
    "totem": ("a Totemet az eseménylap felfordítása után lehet elvenni",
              "the Totem is taken once the event card is up"),
    "alloc": ("egy esemény veszteségeit a Totem birtokosa osztja szét az esemény után",
              "the Totem holder shares out an event's losses after it"),
    "draw": ("itt nincs mit húznod", "there is no card to draw here"),
    "done": ("itt nincs mit befejezned", "there is nothing to finish here"),
    "other": ("ez a lépés nem ide tartozik", "that move does not belong here"),
}
#: why a Development move waits (``refuse.UNFINISHED``): the activity under way must end first
UNFINISHED_WORDS = {
    "exp": ("Egy expedíció már gyülekezik: előbb indítsd útnak (vagy küldj még hozzá törzset), csak utána "
            "kezdhetsz újat vagy mást",
            "An expedition is still gathering: send it off first (or let more tribes join), then you may start "
            "another or do something else"),
    "mine": ("A bányászat még tart: előbb fizesd ki a törzseit, vagy döntsd el, ásol-e tovább, csak utána "
             "jöhet más",
             "Mining is still going on: pay its tribes or decide whether to dig on before anything else"),
    "tax": ("A feketepiac adóztatása még tart: előbb döntsd el, húzol-e még lapot, csak utána jöhet más",
            "The black market is still being taxed: decide whether to draw again before anything else"),
}
RESOURCE_WORDS = {"food": ("Élelem", "Food"), "wood": ("Fa", "Wood"), "stone": ("Kő", "Stone"),
                  "forest": ("erdő", "forest"), "mountain": ("hegység", "mountain"), "farm": ("farm", "farm")}
WHERE_WORDS = {"city": ("városos területen", "in an area with a city"), "sea": ("tengerparti területen", "on the Sea"),
               "frontier": ("a Peremvidékkel határos területen", "next to the Frontier"),
               "mountain": ("hegységes vagy vulkános területen", "in an area with a mountain or volcano")}
#: the causes of a loss that are not an event card (``state.loss_cause``): the upkeep steps that
#: take something away (``state.UPKEEP_CAUSES``) and a tribe offered to visitors
RULE_CAUSES = {
    "diplomacy": ("Diplomácia (felajánlás a látogatóknak)", "Diplomacy (an offer to the visitors)"),
    "tribe_upkeep": ("Törzsfenntartás (a terület ennyi törzset nem tart el)",
                     "Tribe upkeep (the area cannot support that many tribes)"),
    "reckoning": ("Számvetés", "Reckoning"),
    "pillage": ("Fosztogatás (Tolvajok Fejedelme)", "Pillaging (Culture of Thievery)"),
    "citydev": ("Városfejlesztés (a fejlesztés ára)", "City development (the price of growing)"),
    "city_upkeep": ("Városfenntartás (nincs farm, amely élelmezné)", "City upkeep (no farm feeds it)"),
}
CAUSE_WORDS = {"upkeep": ("Városfenntartás", "City upkeep"), "event": ("Esemény", "Event")}


def places(numbers: list[int], lang: str) -> str:
    """Areas as a player reads them: "a 2. és az 5. terület" / "areas 2 and 5"."""
    if lang == "en":
        return ("area " if len(numbers) == 1 else "areas ") + join_words([str(n) for n in numbers], "en")
    return join_words([f"{with_article(n)}." for n in numbers], "hu") + " terület"


#: what the player decides (``decisions.py``) and why a move is refused (``refuse.py``)
MESSAGES.update({
    "pocketciv.ask.step": {"hu": "Most ez van soron: {now}", "en": "Now: {now}"},
    "pocketciv.ask.setup": {"hu": "Helyezd el a kezdő törzseidet egyenként: még {left} van hátra",
                            "en": "Place your starting tribes one by one: {left:pl:tribe} to go"},
    "pocketciv.ask.topup": {
        "hu": "Populáció: a városaidnál új törzseket kaphatsz, amíg 3 törzsed nem lesz (még legfeljebb {left}), "
              "vagy mondd, hogy kész",
        "en": "Population: take new tribes at your cities until you have 3 (at most {left} more), or say done"},
    "pocketciv.ask.move": {
        "hu": "Mozgatás: léptesd a törzseidet a szomszédos területekre egyenként ({free} törzs mozdulhat még), "
              "majd mondd, hogy kész",
        "en": "Movement: move tribes to neighbouring areas one at a time ({free:pl:tribe} may still move), "
              "then say done"},
    "pocketciv.ask.dev": {
        "hu": "Fejlődés: alapíts várost ({city} törzsért), farmot, szerezz Vívmányt, építs Csodát, bármilyen "
              "sorrendben, majd mondd, hogy kész ({tribes} törzsed és {gold} aranyad van)",
        "en": "Development: found cities ({city:pl:tribe} each), make farms, acquire advances, build wonders in "
              "any order, then say done (you have {tribes:pl:tribe} and {gold} gold)"},
    "pocketciv.ask.citydev": {
        "hu": "Városfejlesztés: még {left} fejlesztést adhatsz a városaidnak, vagy mondd, hogy kész",
        "en": "City development: {left:pl:increase} left for your cities, or say done"},
    "pocketciv.ask.exp": {
        "hu": "Expedíció {area:a}. területről {force} törzzsel: csatlakozhat még egy törzs, vagy útnak "
              "indulhatnak (egy lapot húzol)",
        "en": "Expedition from area {area} with {force:pl:tribe}: one more may join, or it sets out (you draw "
              "a card)"},
    "pocketciv.ask.citydev.none": {
        "hu": "Városfejlesztés: ebben a fordulóban nincs több fejlesztésed; mondd, hogy kész",
        "en": "City development: no increase left this round; say done"},
    "pocketciv.ask.mine.pay": {"hu": "Bányászat: fizess még {left} törzset hegységes vagy vulkános területről",
                               "en": "Mining: pay {left:pl:tribe} more from areas with a mountain or volcano"},
    "pocketciv.ask.mine.cart": {
        "hu": "Bányászat: a bányakocsiban {cart} arany van; húzol még egy lapot, vagy megállsz és megtartod?",
        "en": "Mining: the cart holds {cart} gold; draw another card, or stop and bank it?"},
    "pocketciv.ask.tax": {
        "hu": "Feketepiac: húzol még egy lapot (a kézfogás 1 arany, {gold} aranyad van), vagy abbahagyod?",
        "en": "Black Market: draw another card (a handshake costs 1 gold; you have {gold}), or stop?"},
    "pocketciv.ask.drop": {"hu": "Eldobhatod ezt a Vívmányt: {advances}; vagy megtartod (mondd, hogy kész)",
                           "en": "You may discard {advances}, or keep it (say done)"},
    "pocketciv.ask.pay": {"hu": "Városfejlesztés: fizess még {left} törzset, bármelyik területről",
                          "en": "City development: pay {left:pl:tribe} more, from any areas"},
    "pocketciv.ask.sacrifice": {
        "hu": "A főváros 4 fölé nőtt: áldozz fel érte egy nyersanyagforrást (erdőt, hegységet vagy farmot)",
        "en": "The capital grows past 4: give up a resource source for it (a forest, a mountain or a farm)"},
    "pocketciv.ask.starve": {
        "hu": "Városfenntartás: nincs elég farm, még {left} város veszít 1 vff-et; válaszd ki, melyik "
              "({places} közül)",
        "en": "City upkeep: too few farms, {left:pl:city} still lose 1 AV; choose which (from {places})"},
    "pocketciv.ask.era": {"hu": "Véget ért {ended:a}. Korszak: folytatod {era:a}. Korszakban, vagy most befejezed?",
                          "en": "Era {ended} is over: go on into era {era}, or end the game now?"},
    "pocketciv.ask.astro": {
        "hu": "Csillagászat: {card:a}. lap eseménye {event}; figyelmen kívül hagyod, és új lapot húzol?",
        "en": "Astronomy: card {card} brings {event}; ignore it and draw a replacement?"},
    "pocketciv.ask.loss": {"hu": "{event}: oszd el {left:a} törzs veszteségét {places} között",
                           "en": "{event}: share out the loss of {left:pl:tribe} between {places}"},
    "pocketciv.ask.cavloss": {"hu": "{event}: oszd el {left:a} vff veszteségét a városok között ({places})",
                              "en": "{event}: share out the loss of {left} AV between the cities ({places})"},
    "pocketciv.ask.wonders": {
        "hu": "{event}: válaszd ki, melyik Csoda pusztuljon el {area:a}. területen (még {left})",
        "en": "{event}: choose which wonder is destroyed in area {area} ({left} to go)"},
    "pocketciv.ask.anarchy": {
        "hu": "Anarchia: válassz még {left} területet, ahol az Anarchia pusztít (Egyházszervezet)",
        "en": "Anarchy: choose {left:pl:area} more where the anarchy strikes (Organized Religion)"},
    "pocketciv.ask.attack": {
        "hu": "{event}: {force:a} erejű támadó sereg {area:a}. területről továbbvonul; válaszd ki, melyik "
              "szomszédos területre ({places} közül)",
        "en": "{event}: the attacking force ({force}) moves on from area {area}; choose which neighbouring area "
              "it enters (from {places})"},
    "pocketciv.ask.bandits": {
        "hu": "Banditák: a sereg ereje {force}; hányszor csökkented a kék hatszöggel ({hexagon}) a Törvénykönyv "
              "és a Demokrácia révén?",
        "en": "Bandits: their force is {force}; how many times do you reduce it by the blue hexagon ({hexagon}) "
              "through Law and Democracy?"},
    "pocketciv.ask.earthquake": {
        "hu": "Földrengés: válassz még {left} területet {area:a}. terület szomszédai közül, ahol új szakadék "
              "nyílik ({places} közül)",
        "en": "Earthquake: choose {left:pl:area} more next to area {area} where a new fault opens (from {places})"},
    "pocketciv.ask.epidemic": {
        "hu": "Járvány: még {loss} áldozatot szed; válaszd ki, melyik területre terjed tovább ({places} közül)",
        "en": "Epidemic: {loss:pl:victim} still to come; choose which area it spreads to (from {places})"},
    "pocketciv.ask.sandstorm": {
        "hu": "Homokvihar: válassz még {left} területet {area:a}. terület szomszédai közül, amelyet a vihar elér "
              "({places} közül)",
        "en": "Sandstorm: choose {left:pl:area} more next to area {area} that the storm reaches (from {places})"},
    "pocketciv.ask.superstition": {"hu": "Babona: még {left} lapot kell eldobnod; húzol tovább, vagy megállsz "
                                         "(Logika)?",
                                   "en": "Superstition: {left:pl:card} still to discard; go on drawing, or stop "
                                         "(Meditation)?"},
    "pocketciv.ask.trade.steal": {"hu": "Kereskedelem: megpróbálsz lopni a kereskedőktől (Tolvajok Fejedelme)?",
                                  "en": "Trade: try to steal from the traders (Culture of Thievery)?"},
    "pocketciv.ask.trade.stash": {
        "hu": "Lopás: a zsákmány {stash} arany; húzol még egy lapot, vagy megtartod, ami van?",
        "en": "Stealing: the loot is {stash} gold; draw again, or keep what you have?"},
    "pocketciv.ask.tribal_war": {
        "hu": "Törzsi háború: {area:a}. terület {warring} harcosa még {left} szomszédos területre tör; válaszd ki, "
              "melyikre ({places} közül)",
        "en": "Tribal war: the {warring} warriors of area {area} strike {left:pl:neighbour} more; choose which "
              "(from {places})"},
    "pocketciv.ask.uprising": {
        "hu": "Felkelés: a Hadsereg miatt egy szomszédos város is fellázad; válaszd ki, melyik ({places} közül)",
        "en": "Uprising: with Military a neighbouring city rises too; choose which (from {places})"},
    "pocketciv.ask.visitation.offer": {
        "hu": "Diplomácia: ajánlj fel törzset vagy aranyat a látogatóknak ({empire}; eddig {offer}), húzz lapot a "
              "válaszukért, vagy hagyd abba",
        "en": "Diplomacy: offer a tribe or gold to the visitors ({empire}; {offer} so far), draw a card for their "
              "answer, or stop"},
    "pocketciv.ask.visitation.look": {
        "hu": "Filozófia: húzol még egy lapot, hátha a látogatók ({empire}) mégis kereskedni akarnak?",
        "en": "Philosophy: draw another card in case the visitors ({empire}) want to trade after all?"},
    "pocketciv.ask.totem": {"hu": "Felfordult az eseménylap ({event}); elveszed a Totemet {holder:a}. játékostól?",
                            "en": "The event card is up ({event}); take the Totem from player {holder}?"},
    "pocketciv.ask.alloc.tribes": {
        "hu": "Az esemény {area:a}. területen még {left} törzset pusztít el; döntsd el, melyik játékosét",
        "en": "The event still kills {left:pl:tribe} in area {area}; decide whose"},
    "pocketciv.ask.alloc.cities": {
        "hu": "Az esemény {area:a}. területen még {left} vff-et vesz el; döntsd el, melyik játékos városától",
        "en": "The event still takes {left} AV in area {area}; decide whose city loses it"},
    # why a move is refused (the rule ID travels with it)
    "pocketciv.no.not_now": {"hu": "Ezt most nem teheted meg ({move}): {home}. Most ez következik: {now}",
                             "en": "You cannot do that now ({move}): {home}. What comes now: {now}"},
    "pocketciv.no.unfinished": {"hu": "{why}", "en": "{why}"},
    "pocketciv.no.no_area": {"hu": "Ezen a térképen nincs {area}. terület", "en": "This map has no area {area}"},
    "pocketciv.no.keep_one": {
        "hu": "Ez {need} törzsbe kerülne, de a Birodalomban legalább egy törzsnek meg kell maradnia, és csak {total} "
              "törzsed van (Fejlődés)",
        "en": "That costs {need:pl:tribe}, but one tribe must stay in the Empire and it has {total:pl:tribe} "
              "(Development)"},
    "pocketciv.no.adv_no_city": {"hu": "Vívmányt város szerez, és még nincs városod (Vívmányok)",
                                 "en": "A city acquires advances, and you have none yet (Advances)"},
    "pocketciv.no.not_neighbour": {
        "hu": "Csak {centre:a}. terület szomszédai közül választhatsz, {area:a}. terület nem ilyen",
        "en": "Only the neighbours of area {centre} may be chosen; area {area} is not one"},
    "pocketciv.no.area_tribes": {"hu": "Ehhez {need} törzs kell {area:a}. területen, ott csak {have} van",
                                 "en": "That needs {need:pl:tribe} in area {area}; it has {have}"},
    "pocketciv.no.needs_advance": {"hu": "Ehhez Vívmány kell: {advance}", "en": "That needs the advance {advance}"},
    "pocketciv.no.city_there": {"hu": "{area:A}. területen már van város, és egy területen csak egy lehet "
                                      "(Városalapítás)",
                                "en": "Area {area} already has a city, and an area holds only one (Founding cities)"},
    "pocketciv.no.agri_used": {
        "hu": "Erdőirtás nélküli farm a Mezőgazdálkodással fordulónként csak egyszer jár, és ez már megvolt",
        "en": "Agriculture's farm without a forest comes once per round, and it was used this round"},
    "pocketciv.no.farm_there": {"hu": "{area:A}. területen már van farm (Farmosítás)",
                                "en": "Area {area} already has a farm (Creating farms)"},
    "pocketciv.no.farm_forest": {"hu": "Farmot erdőirtással lehet létrehozni, de {area:a}. területen nincs erdő",
                                 "en": "A farm is made by clearing a forest, and area {area} has none"},
    "pocketciv.no.forest_there": {"hu": "{area:A}. területen már van erdő", "en": "Area {area} already has a forest"},
    "pocketciv.no.wall": {"hu": "{area:A}. területen áll A magány nagy fala: onnan nem indulhat expedíció",
                          "en": "The Great Wall stands in area {area}: no expedition sets out from there"},
    "pocketciv.no.exp_coast": {"hu": "{area:A}. terület nem tengerparti, onnan nem indulhat tengeri expedíció",
                               "en": "Area {area} is not on the Sea: no expedition by sea sets out from there"},
    "pocketciv.no.exp_frontier": {
        "hu": "{area:A}. terület nem határos a Peremvidékkel, onnan nem indulhat expedíció (Expedíció)",
        "en": "Area {area} does not border the Frontier: no expedition sets out from there (Expedition)"},
    "pocketciv.no.mine_tribes": {
        "hu": "Bányászathoz 3 törzs kell hegységes vagy vulkános területekről, most csak {have} van ott",
        "en": "Mining needs 3 tribes from areas with a mountain or volcano; there are {have}"},
    "pocketciv.no.mine_area": {"hu": "{area:A}. területen nincs hegység vagy vulkán (Bányászat)",
                               "en": "Area {area} has no mountain or volcano (Mining)"},
    "pocketciv.no.taxed": {"hu": "A feketepiacot ebben a fordulóban már megadóztattad",
                           "en": "The black market was already taxed this round"},
    "pocketciv.no.adv_owned": {"hu": "Ez a Vívmány már a tiéd: {advance}", "en": "You already own {advance}"},
    "pocketciv.no.adv_not_owned": {"hu": "Ez a Vívmány nincs meg: {advance}", "en": "You do not own {advance}"},
    "pocketciv.no.adv_prereq": {"hu": "{advance}: előbb ez kell hozzá: {advances}",
                                "en": "{advance} needs {advances} first"},
    "pocketciv.no.adv_prereq_any": {"hu": "{advance}: előbb ezek egyike kell hozzá: {either}",
                                    "en": "{advance} needs one of {either} first"},
    "pocketciv.no.gold": {"hu": "Ehhez {need} arany kell, neked csak {have} van",
                          "en": "That costs {need} gold; you have {have}"},
    "pocketciv.no.fishing_coast": {
        "hu": "A Halászatot csak tengerparti város szerezheti meg, {area:a}. terület nem az",
        "en": "Only a city on the Sea acquires Fishing; area {area} is not on the Sea"},
    "pocketciv.no.adv_resources": {"hu": "{advance}: ehhez {area:a}. területen ez kell: {resources}",
                                   "en": "{advance} needs {resources} in area {area}"},
    "pocketciv.no.adv_tcav": {
        "hu": "Új Vívmányhoz az övff-nek ({tcav}) nagyobbnak kell lennie a Vívmányaid számánál ({owned}) (Vívmányok)",
        "en": "A new advance needs a total city AV ({tcav}) above the number of your advances ({owned}) (Advances)"},
    "pocketciv.no.adv_city": {"hu": "{area:A}. területen nincs város, Vívmányt csak város szerezhet",
                              "en": "Area {area} has no city; only a city acquires advances"},
    "pocketciv.no.adv_once": {"hu": "{area:A}. terület városa ebben a fordulóban már szerzett Vívmányt",
                              "en": "The city in area {area} already acquired an advance this round"},
    "pocketciv.no.wonder_prereq": {"hu": "{wonder}: ehhez ezek a Vívmányok kellenek: {advances}",
                                   "en": "{wonder} needs the advances {advances}"},
    "pocketciv.no.wonder_partner": {"hu": "{wonder}: ehhez kereskedelmi partner kell: {empire}",
                                    "en": "{wonder} needs {empire} as a trading partner"},
    "pocketciv.no.wonder_place": {"hu": "{wonder} csak {where} épülhet, {area:a}. terület nem ilyen",
                                  "en": "{wonder} is built only {where}; area {area} is not"},
    "pocketciv.no.no_tribe": {"hu": "{area:A}. területen nincs törzs", "en": "There is no tribe in area {area}"},
    "pocketciv.no.all_moved": {"hu": "{area:A}. terület törzsei ebben a fordulóban már léptek (Mozgatás)",
                               "en": "The tribes in area {area} have already moved this round (Movement)"},
    "pocketciv.no.not_adjacent": {
        "hu": "Ide nem léphetsz: {dst:a}. terület nem szomszédos {src:a}. területtel (Mozgatás)",
        "en": "Not there: area {dst} is not next to area {src} (Movement)"},
    "pocketciv.no.too_far": {"hu": "Ide nem léphetsz: {dst:a}. terület nem érhető el {src:a}. területről (Mozgatás)",
                             "en": "Not there: area {dst} cannot be reached from area {src} (Movement)"},
    "pocketciv.no.no_voyage": {"hu": "Nincs tengeri út {src:a}. területről {dst:a}. területre",
                               "en": "There is no sea route from area {src} to area {dst}"},
    "pocketciv.no.sail_tribes": {
        "hu": "Tengeri úthoz legalább {need} mozdítható törzs kell {area:a}. területen (egy az út ára), "
              "csak {have} van",
        "en": "A voyage needs at least {need:pl:tribe} free to move in area {area} (one pays for it); "
              "it has {have}"},
    "pocketciv.no.topup_city": {"hu": "{area:A}. területen nincs város, új törzs csak városnál jön (Populáció)",
                                "en": "Area {area} has no city; new tribes come only at cities (Population)"},
    "pocketciv.no.no_city": {"hu": "{area:A}. területen nincs város", "en": "There is no city in area {area}"},
    "pocketciv.no.capital_once": {"hu": "A fővárost fordulónként csak egyszer lehet fejleszteni",
                                  "en": "The capital grows at most once per round"},
    "pocketciv.no.grow_cap": {
        "hu": "{area:A}. terület városa már elérte a legnagyobb vff-et, amit a Vívmányaid engednek: {cap}",
        "en": "The city in area {area} is at the highest AV your advances allow: {cap}"},
    "pocketciv.no.grow_cost": {"hu": "A fejlesztés {need} törzsbe kerülne, a Birodalomban csak {have} van",
                               "en": "The increase costs {need:pl:tribe}; the Empire has {have}"},
    "pocketciv.no.grow_none": {
        "hu": "Városfejlesztéshez Kőművesség, Polgárosodás vagy Rabszolgatartás kell",
        "en": "Developing a city needs Masonry, Civil Service or Slave Labour"},
    "pocketciv.no.grow_used": {"hu": "Ebben a fordulóban már nincs több városfejlesztésed ({used} megvolt)",
                               "en": "No city development left this round ({used} used)"},
    "pocketciv.no.no_source": {"hu": "Nincs feláldozható nyersanyagforrás: {res}, {area:a}. terület",
                               "en": "No such resource source to give up: {res} in area {area}"},
    "pocketciv.no.capital_named": {"hu": "Már van fővárosod: {area:a}. terület városa",
                                   "en": "You already have a capital: the city in area {area}"},
    "pocketciv.no.fed_fishing": {"hu": "{area:A}. terület tengerparti városát a Halászat ellátja",
                                 "en": "Fishing feeds the coastal city in area {area}"},
    "pocketciv.no.starved": {"hu": "{area:A}. terület városa ebben a városfenntartásban már veszített",
                             "en": "The city in area {area} has already lost AV in this upkeep"},
    "pocketciv.no.outside": {"hu": "Ez a veszteség nem érinti {area:a}. területet",
                             "en": "This loss does not reach area {area}"},
    "pocketciv.no.no_wonder": {"hu": "{area:A}. területen nincs ilyen Csoda: {wonder}",
                               "en": "There is no {wonder} in area {area}"},
    "pocketciv.no.chosen": {"hu": "{area:A}. területet már kiválasztottad", "en": "Area {area} is already chosen"},
    "pocketciv.no.fault_there": {"hu": "{area:A}. területen már van szakadék, új csak máshol nyílhat",
                                 "en": "Area {area} already has a fault; a new one opens elsewhere"},
    "pocketciv.no.not_spread": {"hu": "A járvány nem terjedhet {area:a}. területre, csak ide: {places}",
                                "en": "The epidemic cannot spread to area {area}, only to {places}"},
    "pocketciv.no.attack_target": {
        "hu": "A sereg nem vonulhat {area:a}. területre: a legkevesebb törzzsel, majd a legnagyobb vff-fel bíró "
              "szomszédba megy ({places})",
        "en": "The force cannot go to area {area}: it enters the neighbour with the fewest tribes, then the "
              "highest AV ({places})"},
    "pocketciv.no.cut_max": {"hu": "A sereg erejét legfeljebb {max} alkalommal csökkentheted",
                             "en": "You may reduce the force at most {max} times"},
    "pocketciv.no.no_gold": {"hu": "Nincs aranyad, amit felajánlhatnál", "en": "You have no gold to offer"},
    "pocketciv.no.offer_first": {"hu": "Előbb ajánlj fel valamit a látogatóknak, csak utána húzz lapot",
                                 "en": "Offer the visitors something before you draw"},
    "pocketciv.no.drop_only": {"hu": "Csak a Tolvajok Fejedelme vagy a Feketepiac dobható el",
                               "en": "Only Culture of Thievery or Black Market may be discarded"},
    "pocketciv.no.alloc_area": {"hu": "Most {area:a}. terület veszteségeit osztod szét",
                                "en": "You are sharing out the losses of area {area} now"},
    "pocketciv.no.alloc_none": {"hu": "{player:A}. játékosnak nincs itt mit veszítenie ({area:a}. terület)",
                                "en": "Player {player} has nothing to lose here (area {area})"},
    "pocketciv.no.no_seat": {"hu": "Nincs {player}. játékos", "en": "There is no player {player}"},
})


def steps_words(names: list[str], lang: str) -> str:
    """The step being played, then the one it belongs to: „Látogatás (a Fejlődés közben)”, not
    „Fejlődés › Látogatás”."""
    if len(names) < 2:
        return "".join(names)
    if lang == "en":
        return f"{names[-1]} (during the {names[-2]})"
    return f"{names[-1]} ({with_article(names[-2])} közben)"

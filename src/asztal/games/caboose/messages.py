"""Log message catalogue of Cleopatra's Caboose: every event in Hungarian and English.

Events carry ids and seats (0-based, as in the rest of asztal; the text reads ``player``,
counted from 1) plus the names the templates show, one field per language (``city_hu`` /
``city_en``). Per-seat lists (payments, points to the others) are put into words by
``event_words``. The card a player draws blind from the city deck is told to that player only.
"""

from __future__ import annotations

from typing import Any

from asztal.engine.i18n import seats_text


def _per_seat(values: list[int], unit_hu: str, unit_en: str, lang: str, skip: int | None = None) -> str:
    """"2. játékos 3 pénz, 3. játékos 1 pénz" — the seats that got or paid something."""
    parts = [(f"{p + 1}. játékos {v} {unit_hu}" if lang == "hu" else f"Player {p + 1} {v} {unit_en}")
             for p, v in enumerate(values) if v and p != skip]
    return ", ".join(parts) or ("senki" if lang == "hu" else "nobody")


def event_words(event: dict[str, Any], lang: str) -> dict[str, Any]:
    out = decision_words(event, lang)
    if isinstance(event.get("start"), int):
        out["start"] = event["start"] + 1
    if isinstance(event.get("payments"), list):
        out["payments"] = _per_seat(event["payments"], "pénz", "money", lang)
    if isinstance(event.get("order"), list):
        out["order"] = seats_text(event["order"], lang)
    if isinstance(event.get("vp"), list):
        out["vp"] = _per_seat(event["vp"], "GYP", "VP", lang, event.get("seat"))
        # the others' VP from a delivery, said as a sentence when nobody gets any
        if any(v for q, v in enumerate(event["vp"]) if q != event.get("seat")):
            out["gain"] = ("GYP a többieknek: " if lang == "hu" else "VP to the others: ") + out["vp"]
        else:
            out["gain"] = "a többiek nem kapnak GYP-t" if lang == "hu" else "nobody else scores VP"
    if isinstance(event.get("paid"), list):
        out["paid"] = _per_seat(event["paid"], "pénz", "money", lang, event.get("seat"))
    if isinstance(event.get("scores"), list):
        word = "{}. játékos {} GYP" if lang == "hu" else "Player {} {} VP"
        out["scores"] = ", ".join(word.format(p + 1, v) for p, v in enumerate(event["scores"]))
    if isinstance(event.get("winners"), list):
        out["winners"] = seats_text(event["winners"], lang)
    return out


MESSAGES: dict[str, dict[str, str]] = {
    "caboose.setup": {
        "hu": "Új játék: {players} játékos, {rounds} kör, kezdőjátékos: {start}. játékos (adatcsomag: {pack_hu})",
        "en": "New game: {players} players, {rounds} rounds, start player: Player {start} (data pack: {pack_en})",
    },
    "caboose.bid": {"hu": "{player}. játékos licitál: {amount} pénz", "en": "Player {player} bids {amount} money"},
    "caboose.pass": {"hu": "{player}. játékos passzol ({place}. hely)", "en": "Player {player} passes (place {place})"},
    "caboose.auction": {
        "hu": "Az aukció véget ért; fizet: {payments}; választási sorrend: {order} játékos",
        "en": "The auction is over; paying: {payments}; choosing order: Players {order}",
    },
    "caboose.god": {"hu": "{player}. játékos istensége: {god}. {name}",
                    "en": "Player {player} takes god {god}, {name}"},
    "caboose.turn": {"hu": "{player}. játékos következik ({god}. {name})",
                     "en": "Player {player} acts ({god}. {name})"},
    "caboose.take": {"hu": "{player}. játékos elvett egy aukciós kártyát: {card_hu}",
                     "en": "Player {player} takes an auction card: {card_en}"},
    "caboose.rail": {
        "hu": "{player}. játékos {trains} vonatot épített ide: {route_hu} ({cost} pénz, +{vp} GYP)",
        "en": "Player {player} builds {trains:pl:train} on {route_en} (cost {cost}, +{vp} VP)",
    },
    "caboose.build": {
        "hu": "{player}. játékos épületet épített itt: {city_hu} — {building_hu}; +{vp} GYP; "
              "a többieknek fizetett: {paid}",
        "en": "Player {player} builds in {city_en}: {building_en}; +{vp} VP; paid to the others: {paid}",
    },
    "caboose.deliver": {
        "hu": "{player}. játékos gyümölcsöt szállított: {fruit_hu}, {source_hu} → {city_hu}; "
              "+{income} pénz; {gain}",
        "en": "Player {player} delivers {fruit_en} from {source_en} to {city_en}; +{income} money; {gain}",
    },
    "caboose.grow": {"hu": "{player}. játékos gyümölcsöt termesztett itt: {city_hu} ({fruit_hu})",
                     "en": "Player {player} grows {fruit_en} in {city_en}"},
    "caboose.pyramid": {
        "hu": "{player}. játékos piramist épített itt: {city_hu} ({price} pénz, +{value} GYP)",
        "en": "Player {player} builds a pyramid in {city_en} (cost {price}, +{value} VP)",
    },
    "caboose.citydraw": {"hu": "{player}. játékos {count} városkártyát vett fel",
                         "en": "Player {player} takes {count:pl:city card}"},
    "caboose.citydraw.own": {"hu": "{player}. játékos ezeket a városkártyákat vette fel: {cards_hu}",
                             "en": "Player {player} takes the city cards {cards_en}"},
    "caboose.horus": {"hu": "HORUS K. HOLLIDAY: {player}. játékos kicserélte: {a_hu} ↔ {b_hu}",
                      "en": "HORUS K. HOLLIDAY: Player {player} swaps {a_en} and {b_en}"},
    "caboose.sekhmet": {"hu": "SEKHMET HUNTINGTON: {player}. játékos ebben a körben használhatja: {route_hu}",
                        "en": "SEKHMET HUNTINGTON: Player {player} may use {route_en} this turn"},
    "caboose.round": {"hu": "{round}. kör; kezdőjátékos (Cleo): {start}. játékos",
                      "en": "Round {round}; start player (Cleo): Player {start}"},
    "caboose.final": {"hu": "Végső pontozás: {scores}; győztes: {winners} játékos",
                      "en": "Final scoring: {scores}; winner: Player {winners}"},
}

#: the parts of the rulebook a refusal names, "(Épületépítés)" (the rule ID travels with the refusal)
PARTS: dict[str, tuple[str, str]] = {
    "auction": ("Aukció", "Auction"),
    "gods": ("Istenségek", "Gods"),
    "turn": ("Akciók", "Actions"),
    "rail": ("Vasútépítés", "Building a railway"),
    "build": ("Épületépítés", "Building a building"),
    "deliver": ("Gyümölcsszállítás", "Delivering fruit"),
    "grow": ("Gyümölcstermesztés", "Growing fruit"),
    "pyramid": ("Piramisépítés", "Building a pyramid"),
    "citydraw": ("Városkártyák húzása", "Drawing city cards"),
    "horus": ("HORUS K. HOLLIDAY", "HORUS K. HOLLIDAY"),
    "sekhmet": ("SEKHMET HUNTINGTON", "SEKHMET HUNTINGTON"),
}

#: what a started action waits for, by frame kind ("finish what you started: ...")
TASKS: dict[str, tuple[str, str]] = {
    "caboose.rail.city": ("vasútépítés: válaszd ki a városkártyát", "railway: choose the city card"),
    "caboose.rail.route": ("vasútépítés: válaszd ki az útszakaszt", "railway: choose the route"),
    "caboose.build.city": ("épületépítés: válaszd ki a városkártyát", "building: choose the city card"),
    "caboose.build.fruit": ("épületépítés: válaszd ki, honnan jön a gyümölcs",
                            "building: choose where the fruit comes from"),
    "caboose.deliver.fruit": ("gyümölcsszállítás: válaszd ki a gyümölcsöt és a várost, ahonnan jön",
                              "delivery: choose the fruit and the city it comes from"),
    "caboose.grow.city": ("gyümölcstermesztés: válaszd ki a városkártyát", "growing: choose the city card"),
    "caboose.pyramid.city": ("piramisépítés: válaszd ki a várost", "pyramid: choose the city"),
    "caboose.horus.first": ("két gyümölcskocka cseréje", "swapping two fruit cubes"),
    "caboose.horus.second": ("két gyümölcskocka cseréje", "swapping two fruit cubes"),
}


def decision_words(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The words a question or a refusal needs: the rulebook part and the pending task by name."""
    out = dict(args)
    i = 0 if lang == "hu" else 1
    if args.get("part") in PARTS:
        out["part"] = PARTS[args["part"]][i]
    if args.get("task") in TASKS:
        out["task"] = TASKS[args["task"]][i]
    return out


#: what is being decided: one sentence per kind of pending decision, with the counts left
ASK: dict[str, dict[str, str]] = {
    "caboose.ask.open": {
        "hu": "Kezdőjátékosként te nyitod az aukciót: ajánlj legalább 1 pénzt (neked {money} pénzed van).",
        "en": "You open the auction as start player: bid at least 1 (you have {money} money).",
    },
    "caboose.ask.bid": {
        "hu": "Aukció: ajánlj legalább {least} pénzt, vagy passzolj (a legmagasabb ajánlat {high} pénz, "
              "neked {money} pénzed van; még {still_in} játékos licitál).",
        "en": "Auction: bid at least {least} money or pass (the highest bid is {high}, you have {money}; "
              "{still_in} players still bidding).",
    },
    "caboose.ask.pass_only": {
        "hu": "Aukció: passzolnod kell, mert nem tudsz többet ajánlani {high} pénznél ({money} pénzed van).",
        "en": "Auction: you must pass, you cannot bid more than {high} (you have {money} money).",
    },
    "caboose.ask.god": {
        "hu": "Válassz egy istenséglapot a még szabad {left} közül: a száma adja meg, mikor következel az "
              "akcióknál, és a képessége erre a körre a tiéd.",
        "en": "Choose a god card from the {left} still free: its number sets when you act in phase B, and its "
              "power is yours this round.",
    },
    "caboose.ask.turn": {
        "hu": "Te következel: válassz akciót (még {actions}), vegyél el aukciós kártyát a felcsapottak közül "
              "(még {cards}), vagy fejezd be a körödet.",
        "en": "Your turn: choose an action ({actions} left), take an auction card from the display "
              "({cards} left), or end your turn.",
    },
    "caboose.ask.turn_actions": {
        "hu": "Válassz akciót (még {actions} maradt), vagy fejezd be a körödet.",
        "en": "Choose an action ({actions} left) or end your turn.",
    },
    "caboose.ask.turn_cards": {
        "hu": "Elfogytak az akcióid: elvehetsz még {cards} aukciós kártyát a felcsapottak közül, "
              "vagy befejezheted a körödet.",
        "en": "Your actions are used up: take {cards:pl:auction card} from the display, or end your turn.",
    },
    "caboose.ask.turn_horus": {
        "hu": "Kicserélhetsz két gyümölcskockát (HORUS K. HOLLIDAY), vagy befejezheted a körödet.",
        "en": "You may swap two fruit cubes (HORUS K. HOLLIDAY) or end your turn.",
    },
    "caboose.ask.rail_city": {
        "hu": "Vasútépítés ({trains} vonat, {cost} pénz): válaszd ki a városkártyát, amelynek városából "
              "az útszakasz indul.",
        "en": "Building a railway ({trains:pl:train}, cost {cost}): choose the city card of the city the "
              "route leads from.",
    },
    "caboose.ask.rail_route": {
        "hu": "Vasútépítés: válaszd ki az útszakaszt innen: {city_hu}, amelyre a vonataid kerülnek "
              "({trains} vonat; {routes} szabad útszakasz).",
        "en": "Building a railway: choose the route from {city_en} for your {trains:pl:train} "
              "({routes:pl:free route}).",
    },
    "caboose.ask.build_city": {
        "hu": "Épületépítés: {building_hu}. Válaszd ki a városkártyát, amelynek városába építesz.",
        "en": "Building: {building_en}. Choose the city card of the city you build in.",
    },
    "caboose.ask.build_fruit": {
        "hu": "Épületépítés, itt: {city_hu}. Válaszd ki, honnan veszed ezt: {fruit_hu} — vasúton, a város "
              "saját kockájából vagy gyümölcslapról (még {count} gyümölcs kell: {missing_hu}).",
        "en": "Building in {city_en}: choose the source of the {fruit_en} — by rail, the city's own cube "
              "or a fruit card ({count:pl:fruit} still needed: {missing_en}).",
    },
    "caboose.ask.deliver": {
        "hu": "Gyümölcsszállítás, városkártya: {card_hu}. Válaszd ki, melyik gyümölcsöt ({fruit_hu}) melyik "
              "városból szállítod ide vasúton: {city_hu}.",
        "en": "Delivering fruit, city card: {card_en}. Choose which fruit ({fruit_en}) you bring to {city_en} "
              "by rail, and from which city.",
    },
    "caboose.ask.grow": {
        "hu": "Gyümölcstermesztés ({fruit_hu}): válaszd ki a városkártyát, amelynek városába a kockák kerülnek.",
        "en": "Growing fruit ({fruit_en}): choose the city card of the city the cubes go to.",
    },
    "caboose.ask.pyramid": {
        "hu": "Piramisépítés ({value} GYP, {price} pénz): válassz egy üres várost (gyümölcs és piramis nélkül).",
        "en": "Building a pyramid ({value} VP, cost {price}): choose an empty city (no fruit, no pyramid).",
    },
    "caboose.ask.swap_first": {
        "hu": "HORUS K. HOLLIDAY: válaszd ki az első gyümölcskockát, amelyet kicserélsz.",
        "en": "HORUS K. HOLLIDAY: choose the first fruit cube to swap.",
    },
    "caboose.ask.swap_second": {
        "hu": "HORUS K. HOLLIDAY: válaszd ki a másik kockát, amellyel ez cserél helyet: {fruit_hu} ({city_hu}) — "
              "másik városból, másféle gyümölcsöt.",
        "en": "HORUS K. HOLLIDAY: choose the cube that trades places with the {fruit_en} in {city_en}: "
              "another city, another fruit.",
    },
}

#: why a move is refused; every sentence ends with the rulebook part it rests on, "(Épületépítés)"
_NO: dict[str, tuple[str, str]] = {
    "bid_low": ("Ennél többet kell ajánlanod: a legmagasabb ajánlat már {high} pénz.",
                "You must bid more: the highest bid is already {high}."),
    "bid_money": ("Nincs ennyi pénzed: {amount} pénzt ajánlanál, de csak {money} pénzed van.",
                  "You cannot bid {amount}: you have only {money} money."),
    "pass_opening": ("Kezdőjátékosként nem passzolhatsz elsőre: nyisd meg az aukciót legalább 1 pénzzel.",
                     "As start player you cannot pass first: open the auction with at least 1."),
    "during_auction": ("Most aukció van, csak licitálni vagy passzolni lehet; ez most nem megy: {action_hu}.",
                       "The auction is on: you can only bid or pass, not this: {action_en}."),
    "god_taken": ("{player}. játékos már választotta ezt az istenséget: {god}.",
                  "Player {player} has already taken this god: {god}."),
    "during_gods": ("Most istenséget választasz; ez most nem megy: {action_hu}.",
                    "You are choosing a god now, not this: {action_en}."),
    "not_your_god": ("Ez {god} képessége, de ebben a körben nem ő a te istenséged.",
                     "That is {god}'s power, and you do not hold that god this round."),
    "horus_used": ("Ebben a körben már kicseréltél két gyümölcskockát.",
                   "You have already swapped two fruit cubes this turn."),
    "horus_nothing": ("Nincs mit cserélni: két különböző városban lévő, különböző gyümölcsű kocka kellene.",
                      "Nothing to swap: it takes two cubes of different fruits in different cities."),
    "no_cube": ("Itt nincs ilyen gyümölcskocka: {fruit_hu} ({city_hu}).",
                "There is no cube of {fruit_en} in {city_en}."),
    "swap_no_partner": ("Ennek a kockának ({fruit_hu}, {city_hu}) nincs cserepárja: másik városban másféle "
                        "gyümölcs kellene.",
                        "This cube ({fruit_en} in {city_en}) has no partner: it needs another fruit in another "
                        "city."),
    "swap_same_city": ("A másik kockát másik városból válaszd, ne innen: {first_city_hu}.",
                       "Choose the other cube from another city than {first_city_en}."),
    "swap_same_fruit": ("Másféle gyümölcsöt válassz, ne ezt: {first_fruit_hu}.",
                        "Choose another fruit than {first_fruit_en}."),
    "sekhmet_used": ("Ebben a körben már kijelölted a meg nem épített útszakaszodat: {route_hu}.",
                     "You have already named your unbuilt route this turn: {route_en}."),
    "sekhmet_built": ("Ezen az útszakaszon már van vonat ({route_hu}): csak meg nem épített szakaszt "
                      "választhatsz.",
                      "That route already has trains ({route_en}): choose an unbuilt one."),
    "finish": ("Előbb fejezd be, amit elkezdtél ({task}); ez most nem megy: {action_hu}.",
               "Finish what you started first ({task}); not this now: {action_en}."),
    "city_card_not_in_hand": ("Ez a városkártya nincs a kezedben: {card_hu}.",
                              "This city card is not in your hand: {card_en}."),
    "auction_card_not_in_hand": ("Ez a kártya nincs a kezedben: {acard_hu}.",
                                 "This card is not in your hand: {acard_en}."),
    "rail_money": ("Ehhez a vonatkártyához {cost} pénz kell, neked csak {money} van.",
                   "This train card costs {cost}, you have only {money}."),
    "rail_trains": ("Nincs elég vonatod: {trains} kellene, {left} maradt.",
                    "Not enough trains: it takes {trains}, you have {left} left."),
    "no_city_cards": ("Nincs városkártyád, pedig ehhez kellene egy.",
                      "You have no city card, and this needs one."),
    "rail_no_city": ("Egyik városkártyád városából sem indul olyan útszakasz, amelyre vonatot tehetsz (egy "
                     "szakaszon legfeljebb két játékos vonata állhat, és a sajátodhoz nem tehetsz újabbat).",
                     "No city of your city cards has a route you may use (at most two players per route, and "
                     "not one you are already on)."),
    "rail_city_closed": ("Innen nem indul olyan útszakasz, amelyre vonatot tehetsz: {city_hu}.",
                         "No route you may use leads from {city_en}."),
    "route_elsewhere": ("Ez az útszakasz ({route_hu}) nem innen indul: {city_hu}.",
                        "That route ({route_en}) does not lead from {city_en}."),
    "route_own": ("Ezen az útszakaszon már vannak vonataid: {route_hu}.",
                  "You already have trains on {route_en}."),
    "route_full": ("Ezen az útszakaszon már két játékos vonata áll: {route_hu}.",
                   "Two players already have trains on {route_en}."),
    "build_all_pyramids": ("Minden városkártyád városában piramis áll, oda nem lehet építeni.",
                           "Every city card you hold is for a city with a pyramid: nothing can be built there."),
    "build_fruit_anywhere": ("Egyik városkártyád városába sem tudod megszerezni az épülethez kellő "
                             "gyümölcsöt: {fruit_hu}.",
                             "You cannot get the fruit this building needs ({fruit_en}) to the city of any of "
                             "your city cards."),
    "build_pyramid": ("Itt piramis áll, ide nem építhetsz: {city_hu}.",
                      "{city_en} has a pyramid: you cannot build there."),
    "build_fruit": ("Ide ({city_hu}) nem tudod megszerezni ezt: {fruit_hu} — sem vasúton, sem a városból, "
                    "sem gyümölcslapról.",
                    "You cannot get {fruit_en} to {city_en}: not by rail, not from the city, not from a fruit "
                    "card."),
    "build_other_fruit": ("Most ennek a forrását választod: {fruit_hu}, nem ezét: {chosen_hu}.",
                          "You are choosing the source of the {fruit_en} now, not of the {chosen_en}."),
    "not_connected": ("Innen ({source_hu}) nem vezet vasút ide: {city_hu}.",
                      "{source_en} is not connected by rail to {city_en}."),
    "build_same_as_card": ("Ez ugyanaz, mintha a már felhasznált gyümölcslapod adná ezt: {fruit_hu}; azt "
                           "válaszd.",
                           "That ends exactly like letting your used fruit card supply the {fruit_en}: choose "
                           "the card."),
    "build_card_twice": ("Egy ugyanilyen gyümölcslap már választható ehhez: {fruit_hu}; az egyforma lapok "
                         "egy választásnak számítanak.",
                         "An identical fruit card is already offered for the {fruit_en}: equal cards count "
                         "as one choice."),
    "build_card_lacks": ("A választott gyümölcslapon ({chosen_hu}) nincs ez: {fruit_hu}.",
                         "The fruit card you chose ({chosen_en}) shows no {fruit_en}."),
    "fruit_card_not_yours": ("Nincs előtted ilyen gyümölcslap: {fruit_hu}.",
                             "You have no such fruit card in front of you: {fruit_en}."),
    "deliver_pyramid": ("Itt piramis áll, ide nem szállíthatsz gyümölcsöt: {city_hu}.",
                        "{city_en} has a pyramid: no fruit can be delivered there."),
    "deliver_present": ("Ebben a városban ({city_hu}) már van ilyen gyümölcs: {fruit_hu}.",
                        "{city_en} already has {fruit_en}."),
    "deliver_unreachable": ("Vasúton nem jut el ide ({city_hu}) a kért gyümölcs: {fruit_or_hu}.",
                            "The fruit the card asks for ({fruit_or_en}) cannot reach {city_en} by rail."),
    "deliver_not_demanded": ("A városkártya ezt nem kéri: {chosen_hu} (ezt kéri: {fruit_or_hu}).",
                             "The city card does not ask for {chosen_en} (it asks for {fruit_or_en})."),
    "grow_all_pyramids": ("Minden városkártyád városában piramis áll, oda nem termeszthetsz.",
                          "Every city card you hold is for a city with a pyramid: nothing can grow there."),
    "grow_supply": ("A készletben nincs ilyen gyümölcskocka: {fruit_hu}.",
                    "The supply has no cube of {fruit_en}."),
    "grow_pyramid": ("Itt piramis áll, ide nem termeszthetsz: {city_hu}.",
                     "{city_en} has a pyramid: nothing can grow there."),
    "pyramid_placed": ("Ez a {value} GYP-os piramislapka már a táblán van.",
                       "That {value} VP pyramid tile is already on the board."),
    "pyramid_same": ("Egy ugyanilyen, {value} GYP-os piramislapka már választható: az egyforma lapkák egy "
                     "választásnak számítanak.",
                     "An identical {value} VP pyramid tile is already offered: equal tiles count as one choice."),
    "pyramid_no_city": ("Nincs üres város (gyümölcs és piramis nélkül), ahová piramist építhetnél.",
                        "There is no empty city (no fruit, no pyramid) to build a pyramid in."),
    "pyramid_money": ("Ez a piramis {price} pénzbe kerül, neked csak {money} van.",
                      "This pyramid costs {price}, you have only {money}."),
    "pyramid_city_taken": ("Itt már áll piramis: {city_hu}.", "{city_en} already has a pyramid."),
    "pyramid_city_fruit": ("Itt gyümölcs van, piramis csak üres városba épülhet: {city_hu}.",
                           "{city_en} has fruit: a pyramid needs an empty city."),
    "citydraw_not_displayed": ("Ez a városkártya nincs a felcsapottak között: {card_hu}.",
                               "That city card is not face up in the display: {card_en}."),
    "citydraw_display_first": ("Az egyik lapot a felcsapott városkártyák közül kell húznod.",
                               "One of the two cards must come from the face-up city cards."),
    "citydraw_none": ("Elfogytak a városkártyák: nincs mit húzni.",
                      "The city cards have run out: there is nothing to draw."),
    "take_none_left": ("Ebben a körben már nem vehetsz el aukciós kártyát (összesen {count} járt).",
                       "You cannot take another auction card this turn ({count:pl:card} per turn)."),
    "take_not_displayed": ("Ez az aukciós kártya nincs a felcsapottak között: {acard_hu}.",
                           "That auction card is not face up in the display: {acard_en}."),
    "no_actions_left": ("Nincs több akciód ebben a körben (összesen {count} volt).",
                        "You have no actions left this turn (you had {count})."),
    "pending_card": ("Városkártyát csak egy megkezdett akcióhoz játszhatsz ki: előbb válaszd ki az akciót "
                     "(vasútépítés, épületépítés vagy termesztés).",
                     "A city card is played for an action: first choose the action (railway, building or "
                     "growing)."),
    "pending_route": ("Útszakaszt csak vasútépítés közben választhatsz: előbb játssz ki egy vonatkártyát.",
                      "You choose a route only while building a railway: play a train card first."),
    "pending_src": ("Gyümölcskockát csak épületépítéshez vagy gyümölcsszállításhoz választhatsz: előbb "
                    "kezdd el az akciót.",
                    "You pick a fruit cube only for a building or a delivery: start the action first."),
    "pending_use": ("Gyümölcslapot csak épületépítéshez használhatsz fel: előbb játssz ki egy épületkártyát.",
                    "You use a fruit card only for a building: play a building card first."),
    "pending_city": ("Várost csak piramisépítéshez választhatsz: előbb válassz piramislapkát.",
                     "You choose a city only for a pyramid: choose a pyramid tile first."),
    "pending_swap": ("Gyümölcskockát cserélni csak HORUS K. HOLLIDAY képességével lehet: előbb azt válaszd.",
                     "Swapping cubes takes HORUS K. HOLLIDAY's power: choose it first."),
    "auction_over": ("Ebben a körben az aukció már véget ért, most akciók jönnek; nem megy: {action_hu}.",
                     "This round's auction is over, it is the actions now; not this: {action_en}."),
    "gods_chosen": ("Az istenségeket ebben a körben már kiválasztottátok; nem megy: {action_hu}.",
                    "The gods have been chosen this round; not this: {action_en}."),
}

MESSAGES.update(ASK)
MESSAGES.update({f"caboose.no.{k}": {"hu": hu + " ({part})", "en": en + " ({part})"} for k, (hu, en) in _NO.items()})

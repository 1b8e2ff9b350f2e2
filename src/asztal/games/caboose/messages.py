"""Log message catalogue of Cleopatra's Caboose: every event in Hungarian and English.

Events carry ids and seat indices (0-based, as in the rest of asztal) plus the names the
templates show, one field per language (``city_hu`` / ``city_en``).
"""

MESSAGES: dict[str, dict[str, str]] = {
    "caboose.setup": {
        "hu": "Új játék: {players} játékos, {rounds} kör, kezdőjátékos: {start}. játékos (adatcsomag: {pack_hu})",
        "en": "New game: {players} players, {rounds} rounds, start player: seat {start} (data pack: {pack_en})",
    },
    "caboose.bid": {"hu": "{seat}. játékos licitál: {amount}", "en": "seat {seat} bids {amount}"},
    "caboose.pass": {"hu": "{seat}. játékos passzol ({place}. hely)", "en": "seat {seat} passes (place {place})"},
    "caboose.auction": {
        "hu": "Az aukció véget ért; fizetések: {payments}; választási sorrend: {order}",
        "en": "The auction is over; payments: {payments}; choosing order: {order}",
    },
    "caboose.god": {"hu": "{seat}. játékos istensége: {god}. {name}", "en": "seat {seat} takes god {god}, {name}"},
    "caboose.turn": {"hu": "{seat}. játékos következik ({god}. {name})", "en": "seat {seat} to act ({god}. {name})"},
    "caboose.take": {"hu": "{seat}. játékos elvett egy aukciós kártyát: {card_hu}",
                     "en": "seat {seat} takes an auction card: {card_en}"},
    "caboose.rail": {
        "hu": "{seat}. játékos {trains} vonatot épített ide: {route_hu} ({cost} pénz, +{vp} GYP)",
        "en": "seat {seat} builds {trains} train(s) on {route_en} (cost {cost}, +{vp} VP)",
    },
    "caboose.build": {
        "hu": "{seat}. játékos épületet épített ({building_hu}) itt: {city_hu}; +{vp} GYP, pénz a többieknek: {paid}",
        "en": "seat {seat} builds {building_en} in {city_en}; +{vp} VP, money to the others: {paid}",
    },
    "caboose.deliver": {
        "hu": "{seat}. játékos {fruit_hu} szállított innen: {source_hu}, ide: {city_hu}; +{income} pénz, "
              "GYP a többieknek: {vp}",
        "en": "seat {seat} delivers {fruit_en} from {source_en} to {city_en}; +{income} money, VP to the others: {vp}",
    },
    "caboose.grow": {"hu": "{seat}. játékos gyümölcsöt termesztett itt: {city_hu} ({fruit_hu})",
                     "en": "seat {seat} grows {fruit_en} in {city_en}"},
    "caboose.pyramid": {
        "hu": "{seat}. játékos piramist épített itt: {city_hu} ({price} pénz, +{value} GYP)",
        "en": "seat {seat} builds a pyramid in {city_en} (cost {price}, +{value} VP)",
    },
    "caboose.citydraw": {"hu": "{seat}. játékos {count} város kártyát húzott",
                         "en": "seat {seat} draws {count} city card(s)"},
    "caboose.horus": {"hu": "HORUS K. HOLLIDAY: {seat}. játékos kicserélte: {a_hu} ↔ {b_hu}",
                      "en": "HORUS K. HOLLIDAY: seat {seat} swaps {a_en} and {b_en}"},
    "caboose.sekhmet": {"hu": "SEKHMET HUNTINGTON: {seat}. játékos ebben a körben használhatja: {route_hu}",
                        "en": "SEKHMET HUNTINGTON: seat {seat} may use {route_en} this turn"},
    "caboose.round": {"hu": "{round}. kör; kezdőjátékos (Cleo): {start}. játékos",
                      "en": "Round {round}; start player (Cleo): seat {start}"},
    "caboose.final": {"hu": "Végső pontozás: {scores}; győztes: {winners}",
                      "en": "Final scoring: {scores}; winner: {winners}"},
}

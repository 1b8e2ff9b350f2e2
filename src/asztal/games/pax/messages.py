"""The log catalogue of PAX: Hungarian first (the rulebook's terms), then English.

Events carry ``seat`` (0-based) and ``player`` (1-based, for reading). Events never carry a
secret: a card put into a hand or under the deck is not named.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "pax.setup": {
        "hu": "PAX, {players} játékos; kezdőjátékos (Primus): {start}. játékos; kártyacsomag: {pack_hu}",
        "en": "PAX, {players} player(s); start player (Primus): player {start}; data pack: {pack}",
    },
    "pax.keep": {
        "hu": "{player}. játékos megtartott egy lapot, {bottom} lapot a pakli alá csúsztatott",
        "en": "player {player} kept one card and slid {bottom} under the deck",
    },
    "pax.start_play": {
        "hu": "{player}. játékos kezdéskor maga elé tette: {cat_hu} ({card})",
        "en": "player {player} played at the start: {cat_en} ({card})",
    },
    "pax.pass": {
        "hu": "{player}. játékos passzolt: megnézte Róma lefordított lapjait, és kapott 2 Aureust",
        "en": "player {player} passed: looked at Rome's face-down cards and took 2 Aureus",
    },
    "pax.draw": {
        "hu": "{player}. játékos húz ({cards} lap, {mode_hu})",
        "en": "player {player} draws ({cards} card(s), {mode_en})",
    },
    "pax.nodraw": {
        "hu": "{player}. játékos nem tud húzni, mert elfogyott a pakli: 2 Aureust kap helyette",
        "en": "player {player} cannot draw (the deck is empty) and takes 2 Aureus instead",
    },
    "pax.to_hand": {"hu": "{player}. játékos kézbe vett egy lapot", "en": "player {player} took a card into hand"},
    "pax.to_bottom": {
        "hu": "{player}. játékos a pakli alá csúsztatott egy lapot",
        "en": "player {player} slid a card under the deck",
    },
    "pax.to_legion": {
        "hu": "{player}. játékos a(z) {legion}. légió alá tette: {cat_hu} ({card})",
        "en": "player {player} put {cat_en} ({card}) below Legion {legion}",
    },
    "pax.buy": {
        "hu": "{player}. játékos megvette a(z) {legion}. légió alatti csoportot {price} Aureusért: {cards}",
        "en": "player {player} bought the group below Legion {legion} for {price} Aureus: {cards}",
    },
    "pax.play": {
        "hu": "{player}. játékos kijátszotta: {cat_hu} ({card}), ára {cost} Aureus",
        "en": "player {player} played {cat_en} ({card}) for {cost} Aureus",
    },
    "pax.income": {
        "hu": "{player}. játékos bevétele: {amount} Aureus",
        "en": "player {player} collects {amount} Aureus income",
    },
    "pax.primus_conspiratus": {
        "hu": "A Primus Conspiratus kártya a(z) {player}. játékoshoz kerül",
        "en": "the Primus Conspiratus card goes to player {player}",
    },
    "pax.rome": {
        "hu": "A forduló vége: a(z) {legion}. légió alatti csoport ({value} Aureus) Rómához kerül: {cards}",
        "en": "end of round: the group below Legion {legion} (worth {value} Aureus) goes to Rome: {cards}",
    },
    "pax.start_player": {
        "hu": "Új kezdőjátékos (Primus): {player}. játékos",
        "en": "new start player (Primus): player {player}",
    },
    "pax.rome_wins": {
        "hu": "Róma nyert; vele győz a Primus Conspiratus birtokosa, a(z) {player}. játékos",
        "en": "Rome wins, and with it the holder of Primus Conspiratus, player {player}",
    },
    "pax.rome_wins_alone": {
        "hu": "Róma nyert; senkinél sincs Primus Conspiratus, így egyik játékos sem győzött",
        "en": "Rome wins; nobody holds Primus Conspiratus, so no player wins",
    },
    "pax.players_win": {
        "hu": "A játékosok legyőzték Rómát; győztes: {players}. játékos ({points} pont)",
        "en": "the players beat Rome; winner: player {players} ({points} points)",
    },
    "pax.solo_end": {
        "hu": "Pasziánsz {level}. játék: {stronger} kategóriában erősebb Rómánál (kell: {needed}); "
              "{result_hu}",
        "en": "solitaire game {level}: stronger than Rome in {stronger} categories (needed {needed}); "
              "{result_en}",
    },
}

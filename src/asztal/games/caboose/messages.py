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
    out = dict(event)
    if isinstance(event.get("start"), int):
        out["start"] = event["start"] + 1
    if isinstance(event.get("payments"), list):
        out["payments"] = _per_seat(event["payments"], "pénz", "money", lang)
    if isinstance(event.get("order"), list):
        out["order"] = seats_text(event["order"], lang)
    if isinstance(event.get("vp"), list):
        out["vp"] = _per_seat(event["vp"], "GYP", "VP", lang, event.get("seat"))
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
        "hu": "{player}. játékos gyümölcsöt szállított ({fruit_hu}) innen: {source_hu}, ide: {city_hu}; "
              "+{income} pénz; GYP-t kap a vasutak gazdái közül: {vp}",
        "en": "Player {player} delivers {fruit_en} from {source_en} to {city_en}; +{income} money; "
              "VP to the railways' owners: {vp}",
    },
    "caboose.grow": {"hu": "{player}. játékos gyümölcsöt termesztett itt: {city_hu} ({fruit_hu})",
                     "en": "Player {player} grows {fruit_en} in {city_en}"},
    "caboose.pyramid": {
        "hu": "{player}. játékos piramist épített itt: {city_hu} ({price} pénz, +{value} GYP)",
        "en": "Player {player} builds a pyramid in {city_en} (cost {price}, +{value} VP)",
    },
    "caboose.citydraw": {"hu": "{player}. játékos {count} városkártyát vett fel",
                         "en": "Player {player} takes {count:pl:city card}"},
    "caboose.citydraw.own": {"hu": "Felvett város kártyák: {cards_hu}", "en": "City cards taken: {cards_en}"},
    "caboose.horus": {"hu": "HORUS K. HOLLIDAY: {player}. játékos kicserélte: {a_hu} ↔ {b_hu}",
                      "en": "HORUS K. HOLLIDAY: Player {player} swaps {a_en} and {b_en}"},
    "caboose.sekhmet": {"hu": "SEKHMET HUNTINGTON: {player}. játékos ebben a körben használhatja: {route_hu}",
                        "en": "SEKHMET HUNTINGTON: Player {player} may use {route_en} this turn"},
    "caboose.round": {"hu": "{round}. kör; kezdőjátékos (Cleo): {start}. játékos",
                      "en": "Round {round}; start player (Cleo): Player {start}"},
    "caboose.final": {"hu": "Végső pontozás: {scores}; győztes: {winners} játékos",
                      "en": "Final scoring: {scores}; winner: Player {winners}"},
}

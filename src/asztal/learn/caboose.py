"""The guided first game of Cleopatra's Caboose: three players, you and two computers, seed 5.

The book prints no worked example, so the lesson follows the rules' own cases: in round 1 you
pass first in the auction and pay nothing (CC-AUC-08), take Sekhmet Huntington and deliver
pomegranates over the route she lends you, and build a pyramid in the city the delivery
emptied; in round 2 you win the auction, take Bes Crocker's three actions and build a
railway, grow fruit and draw city cards. The computer then plays the other rounds for all
three seats, and the last step explains the final scoring with the game's own numbers.
"""

from __future__ import annotations

from asztal.engine import GameState
from asztal.learn.core import OTHERS, REST, Script, Step


def _seats(values: list[int], lang: str) -> str:
    if lang == "hu":
        return ", ".join(("te" if p == 0 else f"{p + 1}. játékos") + f" {v}" for p, v in enumerate(values))
    return ", ".join(("you" if p == 0 else f"Player {p + 1}") + f" {v}" for p, v in enumerate(values))


def summary(state: GameState, lang: str) -> list[str]:
    """The final scoring, part by part, as the game computed it."""
    f = state.view(0)["final"]
    rows = (("Győzelmi pontok a játék közben", "Victory points during the game", "before"),
            ("Városok (vonatok a városba vezető utakon)", "Cities (trains on the routes into them)", "cities"),
            ("Pénz (minden 3 pénz 1 pont)", "Money (1 point per 3)", "money"),
            ("Épülettípusok", "Building types", "buildings"), ("Gyümölcsfajták", "Kinds of fruit", "fruit"),
            ("Összesen", "In all", "total"))
    return [f"{hu if lang == 'hu' else en}: {_seats(f[key], lang)}" for hu, en, key in rows]


SCRIPT = Script(
    game="caboose", players=3, seed=5,
    title=("Cleopatra vasúti kocsija — az első játékod", "Cleopatra's Caboose — your first game"),
    steps=(
        Step(("Hárman játszotok: te és két gépi ellenfél. Minden kör két fázisból áll: az aukción isten lapot "
              "szerzel, aztán az istenek számának sorrendjében akciókat hajtotok végre. A végén a legtöbb "
              "győzelmi pont nyer.",
              "Three of you play: you and two computer opponents. Every round has two phases: at the auction you "
              "win a god card, then you take actions in the order of the gods' numbers. The most victory points "
              "win."), passage="cel", auto=OTHERS),
        Step(("Aukció: mindkét gépi ellenfél sokat ajánlott. Passzolj! Aki elsőként passzol, semmit sem fizet – "
              "így megtartod mind a 20 pénzedet, csak utolsóként választasz istent.",
              "Auction: both computer opponents bid high. Pass! The first to pass pays nothing – so you keep "
              "all 20 of your money, and only choose your god last."), expect="pass", passage="aukcio",
             why=("Az első passzoló nem fizet, a többiek drágán vették meg a sorrendet.",
                  "The first to pass pays nothing; the others paid dearly for their order.")),
        Step(("Az ellenfelek kifizették a teljes ajánlatukat, és választottak. Te Sekhmet Huntingtont veszed: a "
              "körödben egy még meg nem épített útszakaszt is használhatsz.",
              "Your opponents paid their full bids and chose. You take Sekhmet Huntington: on your turn you may "
              "also use one route segment that has not been built."), expect="god:4", auto=OTHERS,
             passage="istenek"),
        Step(("Az egyik gépi ellenfél már lépett. A körödben elvehetsz egy aukciós kártyát, és két akciót "
              "hajthatsz végre. Vedd el a 3 vonatos kártyát (6 pénz): a következő körben vasutat építesz vele.",
              "One computer opponent has moved. On your turn you may take one auction card and take two actions. "
              "Take the 3-train card (cost 6): you will build a railway with it next round."),
             expect="take:train-18", auto=OTHERS, passage="akciok"),
        Step(("Sekhmet ereje: jelöld ki a Héliopolisz–Memphisz szakaszt. Ezen át a memphiszi gránátalmát "
              "Héliopoliszba viheted, pedig ott még nincs vasút.",
              "Sekhmet's power: choose the Heliopolis–Memphis segment. Over it you can carry the pomegranates of "
              "Memphis to Heliopolis, although no railway is built there yet."), expect="sekhmet:r06",
             passage="vasuti-szallitas"),
        Step(("1. akció – gyümölcs szállítása: a héliopoliszi városkártyád gránátalmát keres, 6 pénzért.",
              "Action 1 – deliver fruit: your Heliopolis city card asks for pomegranates, for 6 money."),
             expect="deliver:city-heliopolis-2", passage="szallitas"),
        Step(("A gránátalma Memphiszből jön.", "The pomegranates come from Memphis."),
             expect="src:memphis:pomegranates", passage="szallitas"),
        Step(("6 pénzt kaptál (a kártyán álló 6, plusz a gránátalma 0-s piaci értéke), és a gránátalma piaci "
              "értéke 1-gyel csökkent. Memphisz most üres: építhetsz ott piramist! 2. akció: a 4-es piramis ára 8 "
              "pénz, és rögtön 4 győzelmi pontot ér.",
              "You received 6 money (6 on the card plus the pomegranates' market value of 0), and pomegranates "
              "dropped 1 on the market. Memphis is empty now: you can build a pyramid there! Action 2: the "
              "pyramid of 4 costs 8 money and scores 4 victory points at once."), expect="pyramid:pyramid-2",
             passage="piramis"),
        Step(("Válaszd Memphiszt. Ide ezután nem lehet épületet építeni, gyümölcsöt szállítani vagy termeszteni, "
              "de a vonatok áthaladhatnak rajta.",
              "Choose Memphis. Afterwards no building, delivery or growing can happen there, but trains may pass "
              "through."), expect="city:memphis", passage="piramis"),
        Step(("A másik gépi ellenfél (Bes Crocker) is lépett, és véget ért a kör. Az új aukciót ő nyitja. "
              "Most te licitálj 2-t!",
              "The other computer opponent (Bes Crocker) has moved too, and the round is over. That opponent opens "
              "the new auction. Now you bid 2!"), expect="bid:2", auto=OTHERS, passage="aukcio"),
        Step(("A többiek passzoltak: te nyertél, és kifizeted a teljes 2-t; aki másodikként maradt, az is a teljes "
              "ajánlatát fizeti, aki elsőként passzolt, semmit. Elsőként választasz: vedd Bes Crockert – vele két "
              "helyett három akciód lesz, igaz, utolsóként lépsz.",
              "The others passed: you won and pay your full 2; the player left second pays their full bid too, the "
              "first to pass nothing. You choose first: take Bes Crocker – with him you get three actions instead "
              "of two, though you move last."), expect="god:7", auto=OTHERS, passage="istenek"),
        Step(("Mindenki más lépett. Vedd el a datolyás-gránátalmás gyümölcs kártyát: felfordítva magad elé "
              "teszed.",
              "Everyone else has moved. Take the dates-and-pomegranates fruit card: it goes face up in front of "
              "you."), expect="take:fruit-08", auto=OTHERS, passage="akciok"),
        Step(("1. akció – vasút építése: a 3 vonatos kártya és egy városkártya kell hozzá, meg 6 pénz.",
              "Action 1 – build a railway: you need the 3-train card, a city card and 6 money."),
             expect="rail:train-18", passage="vasut"),
        Step(("Az alexandriai városkártyát játszod ki: a vasút Alexandriából indul.",
              "Play the Alexandria city card: the railway leads out of Alexandria."),
             expect="card:city-alexandria-1", passage="vasut"),
        Step(("Tedd a három vonatot az Alexandria–Gíza útra. A játék végén a városok körüli vonatok pontot érnek.",
              "Put the three trains on the Alexandria–Giza route. At the end, trains around cities score."),
             expect="route:r01", passage="vasut"),
        Step(("2. akció – gyümölcs termesztése: a gyümölcs kártyád gyümölcsei egy városba kerülnek a készletből.",
              "Action 2 – grow fruit: the fruits of your fruit card go from the supply into a city."),
             expect="grow:fruit-08", passage="termesztes"),
        Step(("Az abydosi városkártyával Abydosba termesztesz. A megtermelt gyümölcsök piaci értéke 1-1-gyel "
              "csökken.",
              "With the Abydos city card you grow into Abydos. The fruits grown drop 1 each on the market."),
             expect="card:city-abydos-3", passage="termesztes"),
        Step(("3. akció – két városkártya: egyet a felfordítottak közül, egyet a pakli tetejéről. Vedd el a "
              "thébait!",
              "Action 3 – two city cards: one from the face-up ones, one from the top of the deck. Take the Thebes "
              "card!"), expect="citydraw:city-thebes-1", passage="varoskartya"),
        Step(("Véget ért a 2. kör. Te léptél utoljára, ezért Cleo hozzád került, te nyitod a következő aukciót. "
              "Minden fázist láttál: a gép most mindhármótok helyett lejátssza a hátralévő köröket.",
              "Round 2 is over. You moved last, so Cleo came to you and you open the next auction. You have seen "
              "every phase: the computer now plays the remaining rounds for all three of you."), passage="kor-vege"),
        Step(("Vége a játéknak. A végső pontozás: minden városért a legtöbb vonattal rendelkező kapja a város "
              "értékét, a második ennek a felét; minden 3 pénz 1 pont; a különböző épülettípusok és gyümölcsfajták "
              "egyre többet érnek. A legtöbb győzelmi pont nyer.",
              "The game is over. Final scoring: for every city the player with the most trains scores its value, "
              "the second half of that; every 3 money is 1 point; different building types and kinds of fruit are "
              "worth more and more. The most victory points win."), auto=REST, passage="varosok-pontozasa"),
    ),
    summary=summary,
)

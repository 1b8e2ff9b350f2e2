"""The guided first game of PAX: two players, you and the computer, seed 7.

It follows the book's own examples where the deal allows: buying an Estate and a Conspiracy for
4 Aurei (PAX-EX-BUY), the first card free and the second for 1 Aureus (PAX-EX-PLAY), the end
of a round handing the most valuable group to Rome (PAX-EX-ROUNDEND), a turn passed, and a
Conspiracy that costs the turn's income but brings the Primus Conspiratus. The computer then
plays the rest of the game for both seats, and the last step explains the final reckoning.
"""

from __future__ import annotations

from asztal.engine import GameState
from asztal.games.pax.pack import CAT_EN, CAT_HU, CATEGORIES
from asztal.learn.core import OTHERS, REST, Script, Step


def summary(state: GameState, lang: str) -> list[str]:
    """The final comparison with Rome, category by category (Rome's secret cards and every
    bonus Fleet and Army included), as the game's result gives it."""
    r = state.view(0)["result"]
    names = CAT_HU if lang == "hu" else CAT_EN
    lines = []
    for k, cat in enumerate(CATEGORIES):
        rome, best = r["rome_totals"][cat], max(t[cat] for t in r["player_totals"])
        if lang == "hu":
            lines.append(f"{names[k]}: Róma {rome}, a legjobb játékos {best} → "
                         + ("Rómáé" if cat in r["rome_holds"] else "a lázadóké"))
        else:
            lines.append(f"{names[k]}: Rome {rome}, best player {best} → "
                         + ("Rome's" if cat in r["rome_holds"] else "the rebels'"))
    won = len(r["rome_holds"]) >= 4
    winners = r["winners"]
    if lang == "hu":
        lines.append(f"Róma {len(r['rome_holds'])} kategóriát tartott meg, ezért "
                     + ("Róma nyert." if won else "a lázadók nyertek, és a pontok döntenek."))
        lines.append("Te nyertél!" if 0 in winners else "A gép nyert." if winners else "Róma egyedül nyert.")
    else:
        lines.append(f"Rome held {len(r['rome_holds'])} categories, so "
                     + ("Rome won." if won else "the rebels won, and points decide."))
        lines.append("You won!" if 0 in winners else "The computer won." if winners else "Rome won alone.")
    return lines


SCRIPT = Script(
    game="pax", players=2, seed=7,
    title=("PAX — az első játékod", "PAX — your first game"),
    steps=(
        Step(("Üdv Rómában! Lázadó vagy, és hét kategóriában gyűjtesz befolyást. A végén Rómát kell legalább "
              "négy kategóriában legyőzni – vagy, ha Róma nyer, nálad kell lennie a Primus Conspiratusnak. "
              "Ketten játszotok: te és egy gépi ellenfél.",
              "Welcome to Rome! You are a rebel gathering influence in seven categories. In the end the rebels "
              "must beat Rome in at least four of them – or, if Rome wins, you must hold the Primus Conspiratus. "
              "Two of you play: you and a computer opponent."), passage="cel"),
        Step(("A kezdéskor két lapot húztál; egyet megtartasz, a másik a pakli aljára kerül. Tartsd meg a "
              "Birtokot: a Birtok engedi majd, hogy Flottát és Sereget tegyél ki.",
              "At the start you drew two cards; keep one, the other goes under the deck. Keep the Estate: "
              "Estates will let you lay out Fleets and Armies."),
             expect="keep:card=estate-06", passage="elokeszuletek",
             why=("A Birtok később a flotta- és seregkorlátot emeli.",
                  "Estates later raise the Fleet and Army limit.")),
        Step(("A gép is megtartott egy lapot, és kezdődik az 1. forduló. Te vagy a kezdőjátékos. A körödben "
              "előbb húzol, aztán vásárolhatsz, végül kijátszhatsz. Kezdd a húzással!",
              "The computer kept a card too, and round 1 begins. You are the start player. On your turn you draw, "
              "then may buy, then may play. Start by drawing!"),
             expect="draw", auto=OTHERS, passage="kor",
             why=("Passzolni is lehet, de most a teljes kört tanuljuk.",
                  "You could pass, but now we learn a full turn.")),
        Step(("Három lapot húzol, egyesével, és mindegyikről rögtön döntesz: egy a kezedbe, egy egy légió alá, egy "
              "a pakli aljára. Az első egy Vallás: vedd a kezedbe.",
              "You draw three cards one at a time and decide each at once: one to your hand, one below a Legion, one "
              "to the bottom of the deck. The first is a Religion: take it into your hand."),
             expect="place:card=religion-02,to=hand", passage="huzas",
             why=("Egy lap a kezedbe kerül, és ez jól jön később.", "One card goes to your hand, and this one will be "
                  "useful later.")),
        Step(("A második egy értékes Birtok. Tedd a II. légió alá: ott fekszik egy Cselszövés, így a csoport két "
              "lapból áll majd, amelyet egyben megvehetsz.",
              "The second is a valuable Estate. Put it below Legion II: a Conspiracy lies there, so the group will "
              "hold two cards you can buy together."),
             expect="place:card=estate-09,to=legion-2", passage="huzas",
             why=("A légió alatti lapok csoportot alkotnak; ezt mindjárt megveszed.", "The cards below a Legion form a "
                  "group; you will buy this one in a moment.")),
        Step(("A harmadik lapnak már csak egy helye maradt: a pakli alja.",
              "The third card has one place left: the bottom of the deck."),
             expect="place:card=estate-03,to=bottom", passage="huzas"),
        Step(("Vásárlás: egy légió alatti összes lapot megveheted, a nyomtatott értékük összegéért. A II. légió "
              "alatt egy Birtok és egy Cselszövés fekszik, együtt 4 Aureust érnek – épp, mint a könyv példájában. "
              "Vedd meg őket!",
              "Buying: you may buy every card below one Legion for the sum of their printed values. Below Legion II "
              "lie an Estate and a Conspiracy worth 4 Aurei together – just as in the book's example. Buy them!"),
             expect="buy:legion=2", passage="vasarlas",
             why=("5 Aureusod van, a csoport 4-be kerül.", "You have 5 Aurei; the group costs 4.")),
        Step(("Kijátszás: az első lap ingyenes, a második 1 Aureus. Tedd ki a nagyobb Birtokot (két jel)!",
              "Playing: the first card is free, the second costs 1 Aureus. Lay out the big Estate (two symbols)!"),
             expect="play:card=estate-09", passage="kijatszas"),
        Step(("Most a másik Birtokot: ez 1 Aureusba kerül. Aztán a bevétel jön magától: a legerősebb kategória, "
              "amelybe most tettél, a Birtok, két lappal – 2 Aureus.",
              "Now the other Estate: it costs 1 Aureus. Then income comes by itself: the strongest category you "
              "added to is Estate, with two cards – 2 Aurei."),
             expect="play:card=estate-06", passage="bevetel"),
        Step(("Elfogyott a pénzed, ezért a kijátszás véget ért, és megkaptad a 2 Aureus bevételt. A gép passzolt: "
              "titokban megnézte Róma három képpel lefelé fordított lapját, és kapott 2 Aureust. Mindenki sorra "
              "került, így vége a fordulónak: a legértékesebb légió alatti csoport Rómához került. Az üres légiók "
              "új lapot kapnak.",
              "Your money ran out, so playing ended and you received 2 Aurei of income. The computer passed: it "
              "secretly looked at Rome's three face-down cards and took 2 Aurei. Everyone has had a turn, so the "
              "round is over: the most valuable group below the Legions went to Rome. Empty Legions get new cards."),
             auto=OTHERS, passage="fordulo-vege"),
        Step(("2. forduló. Most te passzolsz: nem húzol, nem veszel és nem játszol ki, cserébe megnézed Róma titkos "
              "lapjait, és kapsz 2 Aureust.",
              "Round 2. Now you pass: you do not draw, buy or play; instead you look at Rome's secret cards and "
              "take 2 Aurei."),
             expect="pass", passage="kor",
             why=("Így megtudod, mi rejlik Róma titkos lapjai között.", "This way you learn what Rome's secret cards "
                  "hide.")),
        Step(("A gép lépett, a forduló végén Róma újabb csoportot kapott. 3. forduló: húzz!",
              "The computer moved, and at the end of the round Rome took another group. Round 3: draw!"),
             expect="draw", auto=OTHERS, passage="kor"),
        Step(("Ezt a Birtokot most nem kérjük: csúsztasd a pakli aljára.",
              "We do not need this Estate now: slide it to the bottom of the deck."),
             expect="place:card=estate-01,to=bottom", passage="huzas"),
        Step(("Egy Flotta: vedd a kezedbe. Három birtokjeled van, így legfeljebb három flottajeled lehet.",
              "A Fleet: take it into your hand. You have three Estate symbols, so you may have up to three Fleet "
              "symbols."), expect="place:card=fleet-06,to=hand", passage="korlat"),
        Step(("A Szenátor az I. légió alá megy.", "The Senator goes below Legion I."),
             expect="place:card=senator-01,to=legion-1", passage="huzas"),
        Step(("Most ne vásárolj: kevés a pénzed.", "Do not buy now: you are short of money."),
             expect="nobuy", passage="vasarlas"),
        Step(("Játszd ki a Cselszövést! Ebben a körben nem kapsz bevételt, de a legtöbb cselszövésjeled lesz, "
              "így tiéd a Primus Conspiratus: ha Róma nyer, te győzöl vele.",
              "Play the Conspiracy! You get no income this turn, but you will have the most Conspiracy symbols, so "
              "the Primus Conspiratus is yours: if Rome wins, you win with it."),
             expect="play:card=conspiracy-04", passage="cselszoves"),
        Step(("A Flotta 1 Aureusba kerül. Befér a korlát alá: három birtokjeled mellett három flottajeled lehet.",
              "The Fleet costs 1 Aureus. It fits under the limit: with three Estate symbols you may have three "
              "Fleet symbols."), expect="play:card=fleet-06", passage="korlat"),
        Step(("Zárd le a kijátszást: a Cselszövés miatt most nincs bevétel.",
              "Finish playing: because of the Conspiracy there is no income now."), expect="done",
             passage="bevetel"),
        Step(("Megtanultad a kör minden részét. A játék hátralévő részét a gép gyorsan lejátssza mindkettőtök "
              "helyett, amíg a pakli el nem fogy.",
              "You have learnt every part of a turn. The computer now quickly plays the rest of the game for both "
              "of you, until the deck runs out."), auto=REST, passage="jatek-vege"),
        Step(("Vége a játéknak. Róma felfedi titkos lapjait, és kategóriánként összevetitek az erőtöket (a bónusz "
              "flottákkal és seregekkel). Ha Róma legalább négy kategóriában legalább olyan erős, mint bárki, Róma "
              "nyer, és vele a Primus Conspiratus gazdája; különben a lázadók közül a legtöbb pontot gyűjtő nyer.",
              "The game is over. Rome reveals its secret cards and you compare strength category by category "
              "(bonus Fleets and Armies included). If Rome is at least as strong as everyone in at least four "
              "categories, Rome wins, and with it the holder of the Primus Conspiratus; otherwise the rebel with the "
              "most points wins."), passage="gyoztes"),
    ),
    summary=summary,
)

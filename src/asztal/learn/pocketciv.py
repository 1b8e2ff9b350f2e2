"""The guided first game of PocketCiv (Civilizációk Hajnala): solo, seed 11.

Three rounds are played step by step: the three starting tribes placed where the book
recommends (an area with both a mountain and a forest), growth and movement, an event that
finds nobody at home, a farm, a city that gains an advance at once (PC-DEV-CITY-05), the
top-up to three tribes, an emptied area that a Tribal War cannot hurt, and the city grown
at upkeep. Every move that names an area can be made on the map (an area with several moves
opens a menu of them, as on the game page). Then the computer plays on to the end of Era 1;
you see the era's scoring and end the game there, and the last step explains the final score.
"""

from __future__ import annotations

from asztal.engine import GameState
from asztal.learn.core import REST, Script, Step


def summary(state: GameState, lang: str) -> list[str]:
    """The final score, as the game's result gives it."""
    o = state.outcome()
    eras, wonders = o.get("vp_eras", 0), o.get("vp_wonders", 0)
    if lang == "hu":
        return [f"A Korszakok végén a vívmányaidért: {eras} győzelmi pont.",
                f"A csodáidért a játék végén: {wonders} győzelmi pont.",
                f"Összesen: {eras + wonders} győzelmi pont."]
    return [f"For your advances at the ends of eras: {eras} victory points.",
            f"For your wonders at the end: {wonders} victory points.",
            f"In all: {eras + wonders} victory points."]


SCRIPT = Script(
    game="pocketciv", players=1, seed=11,
    title=("Civilizációk Hajnala — az első játékod", "PocketCiv — your first game"),
    steps=(
        Step(("Egyedül építed fel a Birodalmadat. A térkép 8 területből áll; a Peremvidékkel és a Tengerrel "
              "határos területekre látogatók érkezhetnek. A hegység követ, az erdő fát, a farm élelmet ad. "
              "A játék fordulókból áll: Populáció és mozgatás, Események, Fejlődés, Fenntartás.",
              "You build your Empire alone. The map has 8 areas; visitors may come to areas on the Frontier and the "
              "Sea. Mountains give Stone, forests Wood, farms Food. The game is played in rounds: Population and "
              "movement, Events, Development, Upkeep."), passage="terkep"),
        Step(("Három kezdő törzsed van. A könyv azt ajánlja, hogy olyan területre tedd őket, ahol hegység és erdő "
              "is van. Tedd az elsőt a 7. területre!",
              "You have three starting tribes. The book recommends areas with both a mountain and a forest. Put the "
              "first in area 7!"), expect="place:area=7", passage="terkep",
             why=("A 7. területen hegység és erdő is van, és sok a szomszédja.",
                  "Area 7 has a mountain and a forest, and many neighbours.")),
        Step(("A második is a 7. területre kerül.", "The second goes to area 7 too."), expect="place:area=7",
             passage="terkep"),
        Step(("A harmadikat tedd a 8. területre: ott is van hegység és erdő.",
              "Put the third in area 8: it has a mountain and a forest as well."), expect="place:area=8",
             passage="terkep"),
        Step(("Populáció: minden lakott területen született egy új törzs (7. terület: 3, 8. terület: 2). Most "
              "mozgathatsz: minden törzs egyet léphet szomszédos területre. Vigyél át egy törzset a 8. területről "
              "a 7.-re, hogy ott 4 legyen. (A böngészőben a térképen is megteheted: kattints a 8. területre, és "
              "válaszd a 7.-et.)",
              "Population: a new tribe was born in every inhabited area (area 7: 3, area 8: 2). Now you may move: "
              "each tribe may step into an adjacent area. Move one tribe from area 8 to area 7, to have 4 there. (In "
              "the browser you may do it on the map too: click area 8 and choose area 7.)"),
             expect="move:from=8,to=7", passage="populacio",
             why=("A 7. területen a farmhoz és később a városhoz sok törzs kell.",
                  "Area 7 needs many tribes for a farm and later a city.")),
        Step(("Ennyi mozgás elég: zárd le a fázist. Ezután az Események fázisban felhúzunk egy eseménylapot.",
              "That is enough moving: end the phase. Then in the Events phase an event card is drawn."),
             expect="done", passage="populacio"),
        Step(("A 10. eseménylapot húztad, rajta az 1. Korszakra Éhínség állt. Hogy hol pusztít, azt nem ennek a "
              "lapnak a vörös köre dönti el (abban 2 áll): az Éhínség húzott egy újabb lapot, és annak a vörös "
              "körében álló 6-os szám jelölte ki a 6. területet aktív területnek. Ott senki sem élt, így nem "
              "veszítettél semmit. Most jön a Fejlődés: létesíts farmot a 7. területen – ez egy erdőbe és 2 "
              "törzsbe kerül. (A böngészőben: kattints a térképen a 7. területre, és válaszd a farmot.)",
              "You drew event card 10, which showed a Famine for Era 1. Where it strikes is not decided by this "
              "card's red circle (which shows 2): the Famine drew another card, and the 6 in that card's red circle "
              "made area 6 the active area. Nobody lived there, so you lost nothing. Now comes Development: create a "
              "farm in area 7 – it costs a forest and 2 tribes. (In the browser: click area 7 on the map and "
              "choose the farm.)"),
             expect="farm:area=7", passage="farmositas",
             why=("A városnak farm kell, különben a Fenntartáskor zsugorodik.",
                  "A city needs a farm, or it shrinks at upkeep.")),
        Step(("Kész a farm. A Fejlődés fázisban most nincs más dolgod: zárd le.",
              "The farm is ready. Nothing else to do in Development: end it."), expect="done", passage="fejlodes"),
        Step(("Fenntartás: minden terület annyi törzset tart el, ahány nyersanyagforrás (erdő, hegység, farm) és "
              "amekkora városa van; a többi elpusztul. Nálad senki sincs fölöslegben, és városod sincs még, amelyet "
              "fejleszthetnél. Zárd le a fordulót.",
              "Upkeep: every area supports as many tribes as it has resource sources (forest, mountain, farm) plus "
              "the size of its city; the rest die. Nobody is too many, and you have no city yet to develop. End the "
              "round."),
             expect="done", passage="fenntartas"),
        Step(("2. forduló. A törzsek megint szaporodtak. Vigyél át ismét egy törzset a 8.-ról a 7. területre: így "
              "ott 4 lesz, és egy marad a 8.-on.",
              "Round 2. The tribes grew again. Move one more tribe from area 8 to area 7: that makes 4 there, and one "
              "stays in area 8."), expect="move:from=8,to=7", passage="populacio",
             why=("Az utolsó törzsedet sosem áldozhatod fel, ezért egynek máshol is maradnia kell.",
                  "You may never give up your last tribe, so one must stay elsewhere.")),
        Step(("Zárd le a mozgatást.", "End the movement."), expect="done", passage="populacio"),
        Step(("Ezen a lapon az 1. Korszakra nem volt esemény. Alapíts várost a 7. területen: ez 4 törzsbe kerül. "
              "Egy város nagyságát a városfejlettségi foka, röviden vff mutatja; az új város vff-je 1.",
              "This card had no event for Era 1. Found a city in area 7: it costs 4 tribes. A city's size is its "
              "city advance value, CAV for short; a new city starts at CAV 1."), expect="city:area=7",
             passage="varosalapitas"),
        Step(("Az új város rögtön szerezhet egy vívmányt. Vívmányt akkor szerezhetsz, ha az összesített "
              "városfejlettségi fok, röviden övff – a városaid vff-jeinek összege, most 1 – nagyobb, mint a "
              "vívmányaid száma (0). "
              "A Rabszolgatartás ingyenes, csak élelem kell hozzá – a farm adja –, és lehetővé teszi, hogy a "
              "Fenntartáskor fejleszd a várost. Szerezd meg!",
              "The new city may gain an advance at once. You may gain one while your total city advance value, "
              "TCAV for short – the sum of your cities' CAVs, now 1 – is greater than your number of advances (0). "
              "Slave Labour is free, needs only Food – the farm gives it – and lets you grow the city "
              "at upkeep. Take it!"), expect="adv:city=7,id=slave_labor", passage="vivmanyok",
             why=("Most ez az egyetlen vívmány, amellyel a város nőhet.",
                  "It is the only advance now that lets the city grow.")),
        Step(("Zárd le a Fejlődést.", "End Development."), expect="done", passage="fejlodes"),
        Step(("Fenntartás: a város fejlesztése törzsekbe kerül, és ezek a Birodalom bármelyik területéről "
              "jöhetnek, nem csak a város területéről. A 2-es vff-re emelés 2 törzsbe kerülne, de az egész "
              "Birodalomban csak 1 törzsed van (a 8. területen), így most nem fejlesztheted a várost. Farmja van, "
              "így nem is zsugorodik. Zárd le a fordulót.",
              "Upkeep: growing a city costs tribes, and they may come from any area of the Empire, not only the "
              "city's own. Raising it to CAV 2 would cost 2 tribes, but the whole Empire has only 1 tribe (in area "
              "8), so the city cannot grow now. It has a farm, so it does not shrink either. End the round."),
             expect="done", passage="varosfejlesztes"),
        Step(("3. forduló. Csak két törzsed van, ezért háromra egészítheted ki őket; az új törzs városos területre "
              "kerülhet. Tedd a 7. területre!",
              "Round 3. You have only two tribes, so you may top them up to three; the new one may go to an area with "
              "a city. Put it in area 7!"), expect="topup:area=7", passage="populacio"),
        Step(("Hozd át mindkét törzset a 8. területről a 7.-re: a város mellett hasznosabbak.",
              "Bring both tribes from area 8 to area 7: they are more useful beside the city."),
             expect="move:from=8,to=7", passage="populacio"),
        Step(("És a másodikat is.", "And the second one."), expect="move:from=8,to=7", passage="populacio"),
        Step(("Zárd le a mozgatást.", "End the movement."), expect="done", passage="populacio"),
        Step(("Törzsi háború tört ki a 8. területen – de az üres, mert mindenkit átvittél, így nem történt semmi. "
              "Ha ott maradtak volna, a harcosok a szomszédos 7. területen is pusztítottak volna. A Fejlődésben most "
              "nincs teendőd: zárd le.",
              "A Tribal War broke out in area 8 – but it is empty, because you moved everyone, so nothing happened. "
              "Had they stayed, the warriors would have struck the neighbouring area 7 too. Nothing to do in "
              "Development now: end it."), expect="done", passage="tobbi-esemeny"),
        Step(("Városfejlesztés: a Rabszolgatartás fordulónként egy emelést enged. A város 2-es vff-re emelése 2 "
              "törzsbe kerül. Fejleszd a várost!",
              "City development: Slave Labour allows one raise per round. Raising the city to CAV 2 costs 2 tribes. "
              "Grow the city!"), expect="grow:area=7", passage="varosfejlesztes"),
        Step(("A város vff-je 2 lett: több törzset tart el, és nőtt az övff. Zárd le a fordulót.",
              "The city's CAV is 2: it supports more tribes and your TCAV grew. End the round."),
             expect="done", passage="varosfejlesztes"),
        Step(("Minden fázist láttál. A gép most helyetted játszik az 1. Korszak végéig, amikor kifogy az "
              "eseménypakli. A Korszakváltáskor pontot kaptál a vívmányaidért (legfeljebb annyiért, ahány törzsed "
              "van), mert legalább annyi városod volt, amennyi a véget ért Korszak száma. Most befejezheted a "
              "játékot: fejezd be!",
              "You have seen every phase. The computer now plays for you to the end of Era 1, when the event deck "
              "runs out. At the era change you scored for your advances (for no more than you have tribes), because "
              "you had at least as many cities as the number of the era that ended. Now you may end the game: end it!"),
             expect="era:end", auto=REST, passage="korszakok",
             why=("A lecke itt véget ér; egy igazi játékban tovább játszanál a 8. Korszakig.",
                  "The lesson ends here; in a real game you would play on to Era 8.")),
        Step(("Vége a játéknak. A végeredmény a Korszakváltásokon szerzett pontok és a csodáid pontjainak összege. "
              "A vívmányokat csak egyszer számoljuk, annál a Korszakváltásnál, amelyen a játék véget ért.",
              "The game is over. Your result is the points from the era changes plus your wonders' points. Advances "
              "count only once, at the era change at which the game ended."), passage="jatek-vege"),
    ),
    summary=summary,
)

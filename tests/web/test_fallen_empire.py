"""Issue 33's end of a two-player PocketCiv game in the browser, on a phone (390×844): a game made
in the lobby against its default bot (``normal``), played by the page's listed choices to its
end, and the end screen's sentence read: who fell, when and why, and who won by which rule,
as the game's record (replayed here) says.

To end quickly the player lets their Empire fall, as a player may: all three starting tribes go
to an area that feeds no tribe (no forest, mountain, volcano or farm: support 0, PC-UPK-TRIBE-01),
nobody moves, and the first tribe upkeep (or an event before it) takes them all
(PC-R-MP-WIPEOUT-LOSES). About one generated map in fifty has no such area: then the lobby
makes another game, as a player wanting a short game would. The rule the game ended by opens
in the rules panel by its ID."""

from __future__ import annotations

from asztal import games
from asztal.engine.i18n import with_article
from asztal.games.pocketciv.messages import EVENT_NAMES
from asztal.games.pocketciv.result_words import STEP_CAUSES
from tests.pocketciv.falling import FEEDS, choose
from tests.web.conftest import MY_TURN, OVER, shot

NAME = "Anna"


def new_game(page) -> list[int]:
    """Make the game in the lobby as a player does (the default bot left as it is); the areas of
    its map that feed no tribe, read from the state the page shows."""
    page.goto(page.base)
    for game, players in (("pax", 2), ("caboose", 3), ("pocketciv", 2)):  # the default bot: normal (issue 33)
        page.select_option("#f-game", game)
        page.select_option("#f-players", str(players))
        assert page.input_value("select[name=kind1]") == "bot"
        assert page.input_value("select[name=bot1]") == "normal", game
    page.fill("input[name=name0]", NAME)
    page.click("#f-create")
    page.wait_for_function(f"location.search.includes('game=') && (({MY_TURN}) || {OVER})")
    areas = page.evaluate("window.__asztalState.view.areas")
    return [a["id"] for a in areas if not any(a[k] for k in FEEDS)]


def play(page, barren: int) -> int:
    """Click the listed choices until the end screen; returns the number of clicks."""
    for clicks in range(200):
        page.wait_for_function(f"({MY_TURN}) || {OVER}", timeout=60000)
        if page.query_selector("#end-screen"):
            return clicks
        codes = page.eval_on_selector_all("#buttons .act-btn", "bs => bs.map((b) => b.dataset.code)")
        seq = page.evaluate("window.__asztalState.seq")
        page.click(f"#buttons .act-btn[data-code='{choose(codes, barren)}']")
        page.wait_for_function(f"{OVER} || window.__asztalState.seq > {seq}", timeout=60000)
    raise AssertionError("no end after 200 clicks")


def expected(outcome: dict, names: list[str]) -> str:
    """The end screen's sentence, put together here from the outcome's facts: who fell (one
    Empire, or both in the same step), when and after what, and who won by which rule."""
    fallen, winners = outcome["fallen"], outcome["winners"]
    f = fallen[0]
    cause = with_article((EVENT_NAMES.get(f["cause"]) or STEP_CAUSES[f["cause"]])[0])
    when = f"{with_article(str(f['round']) + '.')} fordulóban, {with_article(str(f['era']) + '.')} korszakban"
    if len(fallen) == 2:
        assert winners == [] and outcome["won_by"] is None, outcome
        who = " és ".join(names[x["seat"]] for x in fallen)
        return (f"{who} Birodalma egyszerre pusztult el {when}: {cause} után egyiküknek sem maradt sem városa, "
                "sem törzse. Senki sem nyert: minden Birodalom elpusztult.")
    assert len(fallen) == 1 and outcome["won_by"] == "last_standing" and winners == [1 - f["seat"]], outcome
    return (f"{names[f['seat']]} Birodalma elpusztult {when}: {cause} után nem maradt sem városa, sem törzse. "
            f"{names[winners[0]]} nyert: az ő Birodalma maradt talpon utoljára.")


def test_a_fallen_empire_on_a_phone_against_the_default_bot(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    for _ in range(5):
        barren = new_game(page)
        if barren:
            break
    else:
        raise AssertionError("five generated maps, none with an area that feeds no tribe")
    gid = page.evaluate("new URLSearchParams(location.search).get('game')")
    clicks = play(page, barren[0])
    assert clicks >= 3  # the three starting tribes at least
    page.wait_for_selector("#end-screen")
    shot(page, "pocketciv-2p-fallen-phone")
    said = page.inner_text("#end-why")
    rec = server.api("GET", f"/api/games/{gid}/record").json()
    assert [s["bot"] for s in rec["seats"]] == [None, "normal"]
    outcome = games.load("pocketciv").replay(rec["record"]).outcome()
    assert outcome["fallen"][0]["seat"] == 0, outcome  # the Empire left to fall is the one that fell
    assert said == expected(outcome, [NAME, "Gép 2"])
    if outcome["winners"]:
        assert page.inner_text("#end-winner") == "Győztes: Gép 2"
    # the sentence is in sight on the phone, not under the fold or beside it
    box = page.query_selector("#end-why").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    # the rule it ended by, in the rules panel: its ID opens the passage that tells it
    page.click("#end-close")
    page.click("#rules")
    page.wait_for_selector("#rules-panel .passage")
    page.fill("#rules-search", "PC-R-MP-WIPEOUT-LOSES")
    page.wait_for_function("document.querySelectorAll('#rules-panel .passage').length === 1")
    assert page.query_selector("#rules-panel .passage #rule-PC-R-MP-WIPEOUT-LOSES.here")
    assert "nem marad se városa, se törzse, a játék azonnal véget ér" in page.inner_text("#rules-panel .passage")

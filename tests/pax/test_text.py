"""Texts a player reads: action labels, log messages, terminal rendering (hu and en)."""

import random

from rich.console import Console

from asztal import games
from asztal.engine.i18n import missing_translations
from asztal.games.pax.actions import ACTIONS
from asztal.games.pax.render import option_label, render
from tests.pax.scenario import build

GAME = games.load("pax")


def finished(players, seed, level=None):
    s = GAME.new_game(players, seed=seed, options={"level": level} if level else {})
    rnd = random.Random(seed)
    while not s.is_over:
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_every_action_has_both_labels_and_round_trips():
    assert len(ACTIONS) > 700
    for key in list(ACTIONS._by_key):
        a = ACTIONS(key)
        assert a.hu and a.en and a.hu != a.en and ACTIONS.by_code(a.code) is a


def test_hungarian_rulebook_names_in_labels():
    """The categories as the rulebook names them; in a compound lower case, as the book writes
    "gazdagságjel" and "légiókártya" ("9. flottakártya")."""
    labels = " ".join(ACTIONS(k).hu for k in ACTIONS._by_key)
    for word in ("gazdagságkártya", "flottakártya", "seregkártya", "valláskártya", "szenátorkártya",
                 "birtokkártya", "cselszövéskártya", "légió", "Aureus"):
        assert word in labels
    assert "Primus Conspiratus" in GAME.messages["pax.primus_conspiratus"]["hu"]


def test_every_logged_event_has_both_templates():
    assert missing_translations(GAME.messages) == []
    seen = set()
    for seed in range(20):
        s = finished(seed % 4 + 1, seed)
        for e in s.log:
            seen.add(e["key"])
            for lang in ("hu", "en"):
                line = GAME.describe(e, lang)
                assert e["key"] not in line, f"{e['key']} has no template field for {e}"
    assert {"pax.setup", "pax.draw", "pax.income", "pax.rome"} <= seen
    assert seen <= set(GAME.messages)


def test_render_both_languages_every_phase():
    console = Console(width=140, record=True, color_system=None)
    for seed in range(8):
        s = GAME.new_game(seed % 4 + 1, seed=seed)
        rnd = random.Random(seed)
        while True:
            for seat in (None, s.to_move if s.to_move is not None else 0):
                for lang in ("hu", "en"):
                    console.print(render(s.view(seat), lang))
            if s.is_over:
                break
            for _ in range(7):
                if not s.is_over:
                    s.apply(rnd.choice(s.legal_actions()))
    text = console.export_text()
    assert "Róma ereje" in text and "Rome's strength" in text and "rekonstruált" in text
    assert "Légiók" in text and "Vége" in text and "Game over" in text


def test_render_shows_the_hand_and_money_of_the_viewer_only():
    s = GAME.new_game(2, seed=3)
    console = Console(width=140, record=True, color_system=None)
    console.print(render(s.view(0), "en"))
    text = console.export_text()
    assert "Your hand" in text and "?" in text


def test_refusals_name_places_in_each_language():
    """PAX-DRAW-03..05: a refused placement names the place in the reader's language, never
    the engine's internal names (hand, bottom, legion) in the Hungarian text."""
    from tests.pax.scenario import build

    s = build(2, tableaux=[["religion*2"] * 3, []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    s.apply("place:card=army-01,to=hand")
    s.apply("place:card=wealth-01,to=bottom")
    for code, rule, en, hu in [("place:card=fleet-01,to=hand", "PAX-DRAW-03", "into your hand", "a kezedbe"),
                               ("place:card=fleet-01,to=bottom", "PAX-DRAW-05", "under the deck",
                                "a pakli aljára")]:
        r = s.refusal(GAME.action_by_code(code))
        assert r is not None and r.rule == rule
        assert en in GAME.describe_refusal(r, "en")
        hu_text = GAME.describe_refusal(r, "hu")
        assert hu in hu_text and "hand" not in hu_text and "bottom" not in hu_text
    s.apply("place:card=fleet-01,to=legion-1")
    s = build(2, tableaux=[["religion*2"] * 3, []], deck_top=["wealth", "fleet", "army"])
    s.apply("draw")
    s.apply("place:card=army-01,to=legion-2")
    r = s.refusal(GAME.action_by_code("place:card=fleet-01,to=legion-1"))
    hu_text = GAME.describe_refusal(r, "hu")
    assert r.rule == "PAX-DRAW-04" and "légió alá" in hu_text and "legion" not in hu_text


def test_solitaire_end_line_reads_in_each_language():
    """PAX-SOLO-13: the last log line says in words whether the game was won, never True/False."""
    from tests.pax.scenario import build

    for tableau, hu, en in [(["wealth"], "; nem sikerült, Róma nyert", "; not beaten, Rome wins"),
                            (["wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy"],
                             "; sikerült", "; beaten")]:
        s = build(1, level=1, phase="play", deck_ran_out=True, tableaux=[tableau], hands=[[]],
                  rome_hidden=["religion-08", "religion-09", "religion-10"])
        s.apply("done")
        event = [e for e in s.log if e["key"] == "pax.solo_end"][-1]
        line_hu, line_en = GAME.describe(event, "hu"), GAME.describe(event, "en")
        assert line_hu.endswith(hu) and line_en.endswith(en)
        assert "True" not in line_hu + line_en and "False" not in line_hu + line_en


def test_setup_line_names_the_default_pack_in_hungarian():
    """The first log line says which data pack is used, in the reader's language."""
    s = GAME.new_game(2, seed=1)
    event = s.log[0]
    assert event["key"] == "pax.setup"
    assert GAME.describe(event, "hu").endswith("kártyacsomag: rekonstruált")
    assert GAME.describe(event, "en").endswith("data pack: reconstructed")


def test_done_with_no_income_does_not_collect_nothing():
    """„Kész” with no income this turn says so, never „begyűjtöd a bevételt, 0 Aureust”."""
    for turn, hu, en in (({"played": 1, "categories": ["conspiracy"]}, "Kész (ebben a körben nincs bevételed)",
                          "Done (no income this turn)"),
                         (None, "Kész: begyűjtöd a bevételt, 2 Aureust", "Done: collect your income, 2 Aureus")):
        s = build(2, phase="play", hands=[["army"], []], tableaux=[["conspiracy"], []], turn=turn,
                  primus_conspiratus=0)
        done = next(a for a in s.legal_actions() if a.code == "done")
        view = s.view(0)
        assert option_label(view, done, "hu").startswith(hu) and option_label(view, done, "en").startswith(en)
        assert "0 Aureus" not in option_label(view, done, "hu")


def test_a_seats_own_secret_lines_name_it_like_every_other_line():
    """The log never switches between „te” and „2. játékos” for one seat: its own secret lines
    (the card kept, taken into hand, slid under the deck) name it as the public ones do."""
    s = GAME.new_game(2, seed=3)
    rng = random.Random(3)
    own = 0
    while not s.is_over and len(s.history) < 60:
        s.apply(rng.choice(s.legal_actions()).code)
    for e in s.log_for(1):
        if (e.get("secret") or {}).get("seat") == 1:
            own += 1
            assert GAME.describe(e, "hu", 1).startswith("2. játékos ")
            assert GAME.describe(e, "en", 1).startswith("Player 2 ")
    assert own

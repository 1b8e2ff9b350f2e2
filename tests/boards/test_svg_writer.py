"""The string-building SVG writer (``games/svg.py``) draws exactly what the
``xml.etree.ElementTree`` writer it replaced drew, and escapes whatever it is given.

The replaced writer is kept here only, as the reference: every board module draws many
seeded positions of every game, in both languages, with seats' names and the last move
marked, once with each writer, and the two documents must parse to the same element tree
(tags, attributes, text, order)."""

from __future__ import annotations

import importlib
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from asztal import games
from asztal.games import svg as svgmod
from asztal.games.svg import SVG_NS, Legal, Svg, escape_attr, escape_text

CASES = [("pax", 1), ("pax", 2), ("pax", 4), ("pocketciv", 1), ("pocketciv", 3), ("caboose", 3), ("caboose", 5)]
HOSTILE = ['<script>alert("x")</script>', "Tom & Jerry's \"best\" <b>", "Árvíztűrő tükörfúrógép ✓ 漢字 🚂",
           "a\nb\tc\rd", "]]><!--", "&amp;&lt;"]


def _old_fmt(v: Any) -> str:
    if type(v) is str:
        return v
    if type(v) is float:
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v)


class EtreeSvg(Svg):
    """The writer as it was before (commit edb6dcc): an ``ElementTree`` built and serialized."""

    def __init__(self, width: float, height: float, legal: Legal, lang: str, game: str) -> None:
        super().__init__(width, height, legal, lang, game)
        self.root = ET.Element("svg", {
            "xmlns": SVG_NS, "viewBox": f"0 0 {_old_fmt(width)} {_old_fmt(height)}",
            "class": f"board board-{game}", "lang": lang, "role": "img",
            "font-family": "DejaVu Sans, Verdana, sans-serif",
        })
        self.defs = ET.SubElement(self.root, "defs")

    def _add(self, parent, tag, attrs):  # the old ``el``: every shape goes through it
        clean = {k.rstrip("_").replace("_", "-"): _old_fmt(v) for k, v in attrs.items() if v is not None}
        return ET.SubElement(self.root if parent is None else parent, tag, clean)

    def text(self, parent, x, y, s, size=12, **attrs):
        e = self.el(parent, "text", x=x, y=y, font_size=size, **attrs)
        e.text = str(s)
        return e

    def title(self, parent, s):
        t = ET.Element("title")
        t.text = s
        parent.insert(0, t)

    def to_string(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def _points(v: str) -> str:
    """A ``points`` list at the writer's precision (the old boards wrote two polylines' points
    unrounded: ``389.59999999999997``; every coordinate is now written with one decimal)."""
    return " ".join(",".join(f"{float(n):.1f}" for n in p.split(",")) for p in v.split())


def _tree(e: ET.Element) -> tuple:
    attrib = {k: _points(v) if k == "points" else v for k, v in e.attrib.items()}
    return (e.tag, attrib, e.text or "", e.tail or "", [_tree(c) for c in e])


def _draws(monkeypatch, board, *args, **kwargs) -> tuple[str, str]:
    new = board.draw(*args, **kwargs)
    with monkeypatch.context() as m:
        m.setattr(board, "Svg", EtreeSvg)
        old = board.draw(*args, **kwargs)
    return old, new


def _positions(name: str, players: int, games_n: int, every: int):
    game = games.load(name)
    for seed in range(games_n):
        state = game.new_game(players, seed=100 + seed)
        rng = random.Random(seed)
        i = 0
        while not state.is_over:
            if i % every == 0:
                yield state, i
            state.apply(rng.choice(state.legal_actions()))
            i += 1
        yield state, i


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_new_writer_draws_what_the_etree_writer_drew(monkeypatch, name, players):
    board = importlib.import_module(f"asztal.games.{name}.board")
    assert board.Svg is Svg
    drawn = 0
    for state, i in _positions(name, players, games_n=2, every=5):
        legal = [] if state.is_over else state.legal_actions()
        seat = state.to_move if state.to_move is not None else 0
        # (a carriage return in text: the old writer let the parser turn it into a line feed)
        names = [HOSTILE[(i + k) % len(HOSTILE)].replace("\r", "") for k in range(players)] if i % 3 else None
        last = state.log[-4:] if i % 2 else None
        for view_seat in ({seat, None} if players > 1 else {seat}):
            lang = "en" if i % 2 else "hu"
            kwargs = {"names": names} if names else {}
            if last:
                kwargs["last"] = [e for e in last if not e.get("header")]
            old, new = _draws(monkeypatch, board, state.view(view_seat), legal, lang, **kwargs)
            assert _tree(ET.fromstring(new)) == _tree(ET.fromstring(old)), f"{name} step {i} seat {view_seat}"
            drawn += 1
    assert drawn > 20


@pytest.mark.parametrize("s", HOSTILE)
def test_hostile_text_and_attributes_are_escaped(s):
    svg = Svg(100, 50, Legal([{"code": "x:1", "hu": s, "en": s}], "hu"), "hu", "pax")
    svg.names = [s]
    g = svg.g(None, class_="card", data_name=s)
    g.set("data-card", s)
    svg.text(g, 1, 2, svg.seat_name(0))
    assert svg.clickable(g, ["x:1"], hint=s)
    out = svg.to_string()
    assert "<script" not in out and "<b>" not in out
    root = ET.fromstring(out)  # well-formed, whatever the input
    (g_el,) = root.findall(f"{{{SVG_NS}}}g")
    assert g_el.get("data-name") == s and g_el.get("data-card") == s
    assert g.get("data-card") == s and g.get("class") == "card act"
    assert g_el.find(f"{{{SVG_NS}}}text").text == s
    assert g_el.find(f"{{{SVG_NS}}}title").text == f"{s}\n{s}"


def test_escapes_are_the_xml_ones():
    assert escape_text('<a & "b">') == '&lt;a &amp; "b"&gt;'
    assert escape_attr('<a & "b">\n\r') == "&lt;a &amp; &quot;b&quot;&gt;&#10;&#13;"
    assert svgmod._fmt(2.25) == "2.2" and svgmod._fmt(3.0) == "3" and svgmod._fmt(7) == "7"

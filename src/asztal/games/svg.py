"""A small SVG builder for the boards (``games/<name>/board.py``).

Boards are built as a light tree of :class:`Node` and written out as one string: an SVG
board is drawn for every socket on every change, and ``xml.etree.ElementTree``'s building
and serializing cost more than the drawing itself. Every text and attribute value that is a
string is escaped as it enters the tree (player names and pack texts are user input), so
the written string is well-formed XML whatever the input; numbers are written with at most
one decimal. A legal action that has a place on the board is marked on its element:
``data-code`` when one action belongs there, ``data-codes`` (space separated) when several do
(the client then offers a small menu), class ``act`` and a ``<title>`` with the action's
label in the board's language, so the element explains itself on hover. Legal actions no
element carries are listed as buttons by the client. An element whose action is not legal
now carries it as ``data-try``: clicking it asks the server why.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"


def escape_text(s: str) -> str:
    """Character data: ``&``, ``<`` and ``>`` as entities, and a carriage return as a character
    reference (a parser would turn it into a line feed)."""
    if "&" in s:
        s = s.replace("&", "&amp;")
    if "<" in s:
        s = s.replace("<", "&lt;")
    if ">" in s:
        s = s.replace(">", "&gt;")
    if "\r" in s:
        s = s.replace("\r", "&#13;")
    return s


def escape_attr(s: str) -> str:
    """An attribute value in double quotes: markup characters and the quote as entities, and
    line breaks and tabs as character references (a parser would fold them to spaces)."""
    s = escape_text(s)
    if '"' in s:
        s = s.replace('"', "&quot;")
    if "\n" in s:
        s = s.replace("\n", "&#10;")
    if "\t" in s:
        s = s.replace("\t", "&#9;")
    return s


def _fmt(v: Any) -> str:
    """A value as written: strings escaped, floats with at most one decimal."""
    t = type(v)
    if t is str:
        return escape_attr(v)
    if t is float:
        return f"{v:.1f}".rstrip("0").rstrip(".")
    if t is int:
        return str(v)
    return escape_attr(str(v))


#: values as written, for the values boards repeat (colours, anchors, coordinates): numbers and
#: short strings only, emptied when full, so names and texts from the lobby cannot grow it
_VALUES: dict[Any, str] = {}
_VALUES_MAX = 4096
_SHORT = 24


def _value(v: Any) -> str:
    t = type(v)
    if t is bool:  # True == 1: never take an int's text for a bool
        return _fmt(v)
    s = _VALUES.get(v)
    if s is None:
        s = _fmt(v)
        if t is not str or len(v) <= _SHORT:
            if len(_VALUES) >= _VALUES_MAX:
                _VALUES.clear()
            _VALUES[v] = s
    return s


#: keyword -> attribute name: ``font_size`` -> ``font-size``, ``class_`` -> ``class``
_ATTR: dict[str, str] = {}


def _attrs(attrs: dict[str, Any]) -> dict[str, str]:
    """Keyword arguments as attributes (``None`` leaves one out), their values as written."""
    out = {}
    names, values = _ATTR, _VALUES
    for k, v in attrs.items():
        if v is None:
            continue
        name = names.get(k)
        if name is None:
            name = names[k] = k.rstrip("_").replace("_", "-")
        s = values.get(v)
        out[name] = _value(v) if s is None or type(v) is bool else s
    return out


class Node:
    """One SVG element: its attributes are kept escaped, as they will be written."""

    __slots__ = ("tag", "attrib", "text", "children")

    def __init__(self, tag: str, attrib: dict[str, str]) -> None:
        self.tag = tag
        self.attrib = attrib
        self.text: str | None = None  # escaped
        self.children: list[Node] = []

    def set(self, key: str, value: str) -> None:
        self.attrib[key] = escape_attr(value)

    def get(self, key: str, default: str | None = None) -> str | None:
        v = self.attrib.get(key)
        return default if v is None else html.unescape(v)

    def write(self, out: list[str]) -> None:
        out.append("<" + self.tag + "".join([f' {k}="{v}"' for k, v in self.attrib.items()]))
        if self.children:
            out.append(">" if self.text is None else ">" + self.text)
            for c in self.children:
                c.write(out)
            out.append(f"</{self.tag}>")
        elif self.text is not None:
            out.append(f">{self.text}</{self.tag}>")
        else:
            out.append("/>")


class Legal:
    """The legal actions a board may place: code -> label in the board's language.

    Accepts engine ``Action`` objects, ``{"code", "hu", "en"}`` dicts (the protocol's form)
    or bare codes.
    """

    def __init__(self, legal: Iterable[Any] | None, lang: str) -> None:
        self.labels: dict[str, str] = {}
        for a in legal or ():
            if isinstance(a, str):
                self.labels[a] = a
            elif isinstance(a, dict):
                self.labels[a["code"]] = a.get(lang) or a.get("hu") or a["code"]
            else:
                self.labels[a.code] = getattr(a, lang, None) or a.code
        self.placed: set[str] = set()

    def __contains__(self, code: str) -> bool:
        return code in self.labels

    def pick(self, codes: Iterable[str]) -> list[str]:
        """The legal ones among ``codes``, in order."""
        return [c for c in codes if c in self.labels]

    def with_prefix(self, *prefixes: str) -> list[str]:
        return [c for c in self.labels if c.startswith(prefixes)]


class Svg:
    """An SVG document under construction; ``el`` adds a child to a parent element."""

    def __init__(self, width: float, height: float, legal: Legal, lang: str, game: str) -> None:
        self.legal = legal
        self.lang = lang
        #: the seats' names from the lobby (None: the board says "1. játékos")
        self.names: list[str] | None = None
        #: what the last move touched, by kind ("legions", "seats", "areas", ...), to be marked
        self.last: dict[str, set[Any]] = {}
        self.root = Node("svg", {
            "xmlns": SVG_NS, "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}",
            "class": escape_attr(f"board board-{game}"), "lang": escape_attr(lang), "role": "img",
            "font-family": "DejaVu Sans, Verdana, sans-serif",
        })
        self.defs = Node("defs", {})
        self.root.children.append(self.defs)

    def t(self, hu: str, en: str) -> str:
        return en if self.lang == "en" else hu

    def seat_name(self, seat: int) -> str:
        """A seat's name from the lobby, else the rulebooks' "1. játékos" / "Player 1"."""
        if self.names and 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.t(f"{seat + 1}. játékos", f"Player {seat + 1}")

    def mark_last(self, parent: Node | None, x: float, y: float, w: float, h: float,
                  label: bool = True) -> None:
        """The last move's place: a blue dashed frame (and a small label)."""
        self.rect(parent, x - 3, y - 3, w + 6, h + 6, rx=9, fill="none", stroke="#1565c0", stroke_width=3,
                  stroke_dasharray="7 4", class_="last-move", pointer_events="none")
        if label:
            self.text(parent, x + w - 4, y + h - 5, self.t("utolsó lépés", "last move"), 11, text_anchor="end",
                      fill="#1565c0", font_weight="bold", class_="last-move", pointer_events="none")

    def _add(self, parent: Node | None, tag: str, attrs: dict[str, Any]) -> Node:
        node = Node(tag, _attrs(attrs))
        (self.root if parent is None else parent).children.append(node)
        return node

    def el(self, parent: Node | None, tag: str, **attrs: Any) -> Node:
        return self._add(parent, tag, attrs)

    def g(self, parent: Node | None = None, **attrs: Any) -> Node:
        return self._add(parent, "g", attrs)

    def rect(self, parent: Node | None, x: float, y: float, w: float, h: float, **attrs: Any) -> Node:
        return self._add(parent, "rect", {"x": x, "y": y, "width": w, "height": h, **attrs})

    def circle(self, parent: Node | None, cx: float, cy: float, r: float, **attrs: Any) -> Node:
        return self._add(parent, "circle", {"cx": cx, "cy": cy, "r": r, **attrs})

    def line(self, parent: Node | None, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> Node:
        return self._add(parent, "line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs})

    def poly(self, parent: Node | None, points: Iterable[tuple[float, float]], tag: str = "polygon",
             **attrs: Any) -> Node:
        """A ``polygon`` (or, with ``tag``, a ``polyline``) through ``points``, one decimal each."""
        pts = " ".join([f"{_value(float(x))},{_value(float(y))}" for x, y in points])
        return self._add(parent, tag, {"points": pts, **attrs})

    def text(self, parent: Node | None, x: float, y: float, s: Any, size: float = 12, **attrs: Any) -> Node:
        e = self._add(parent, "text", {"x": x, "y": y, "font_size": size, **attrs})
        e.text = escape_text(str(s))
        return e

    def title(self, parent: Node, s: str) -> None:
        """A hover text (the first child, as SVG expects)."""
        t = Node("title", {})
        t.text = escape_text(s)
        parent.children.insert(0, t)

    def clickable(self, elem: Node, codes: Iterable[str], hint: str | None = None) -> bool:
        """Mark ``elem`` with those of ``codes`` that are legal; True if any was."""
        codes = list(codes)
        legal = self.legal.pick(codes)
        if not legal:
            if hint:
                self.title(elem, hint)
            if codes:  # a click here is refused with its reason (the client asks the server why)
                elem.set("data-try", codes[0])
            return False
        if len(legal) == 1:
            elem.set("data-code", legal[0])
        else:
            elem.set("data-codes", " ".join(legal))
        elem.set("class", ((elem.get("class") or "") + " act").strip())
        elem.set("tabindex", "0")
        labels = [self.legal.labels[c] for c in legal]
        self.title(elem, "\n".join(([hint] if hint else []) + labels))
        self.legal.placed.update(legal)
        return True

    def to_string(self) -> str:
        out: list[str] = []
        self.root.write(out)
        return "".join(out)


def last_touched(events: list[dict[str, Any]] | None, keys: Iterable[str]) -> dict[str, set[Any]]:
    """From the last move's log events: the values of each of ``keys`` they name
    (``{"legion": {2}, "seat": {1}}``), for marking the board."""
    out: dict[str, set[Any]] = {k: set() for k in keys}
    for e in events or ():
        for k in out:
            v = e.get(k)
            if isinstance(v, (int, str)) and not isinstance(v, bool):
                out[k].add(v)
    return out


def placed_codes(svg_text: str) -> set[str]:
    """Every action code an SVG board carries (for tests and the client's button list)."""
    root = ET.fromstring(svg_text)
    out: set[str] = set()
    for e in root.iter():
        if code := e.get("data-code"):
            out.add(code)
        if codes := e.get("data-codes"):
            out.update(codes.split())
    return out

"""Message catalogues and the language helpers every front end shares.

A catalogue maps a key to ``{"hu": template, "en": template}``; templates are
``str.format`` strings filled from the event's fields. A missing key or field never
crashes the interface: it shows the key and the raw fields instead.

Templates may ask for a little grammar through format specs, so that a catalogue never
needs "a(z)" or "(s)":

``{area:a}``       the value with its Hungarian article: "az 1", "a 2", "az 5", "a III"
``{area:A}``       the same, capitalised: "Az 1"
``{gold:n}``       a number in the language's style (Babel): "12 500" / "12,500"
``{share:%}``      a fraction as a percentage: "90,5%" / "90.5%"
``{seats:seats}``  a list of 0-based seats as player numbers: "1., 3. és 4." / "1, 3 and 4"
``{items:list}``   a list of words joined by the language's "and"
``{n:pl:card}``    English count and noun: "1 card", "3 cards" (Hungarian keeps the noun singular)

An event's ``seat`` (0-based) also gives ``player`` (counted from 1), the number a person reads.
"""

from __future__ import annotations

import re
import string
from typing import Any

from babel.numbers import format_decimal, format_percent

LANGS = ("hu", "en")
LOCALES = {"hu": "hu_HU", "en": "en_GB"}
_VOWELS = set("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
_ROMAN = re.compile(r"^(?=[MDCLXVI])M*(C[MD]|D?C{0,3})(X[CL]|L?X{0,3})(I[XV]|V?I{0,3})$")
_ROMAN_VALUES = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def _roman_value(text: str) -> int:
    total = 0
    for a, b in zip(text, text[1:] + " ", strict=True):
        v = _ROMAN_VALUES[a]
        total += -v if b != " " and _ROMAN_VALUES[b] > v else v
    return total


def _number_takes_az(n: int) -> bool:
    """Hungarian reads 1 (egy), 5... (öt...), 1000 (ezer), 1 000 000 (egymillió) with "az"."""
    n = abs(n)
    if str(n)[0] == "5":
        return True
    while n >= 1000:  # the leading group of three digits is what is read first
        if n < 2000:
            return True  # ezer..., egymillió...
        n //= 1000
    return n == 1


def article(word: Any) -> str:
    """The Hungarian definite article for the word (or number) that follows: "a" or "az"."""
    text = str(word).strip().lstrip("(\"'„«")
    if not text:
        return "a"
    head = re.match(r"[\d\s\u00a0]+", text)
    if head and head.group(0).strip():
        return "az" if _number_takes_az(int(re.sub(r"\D", "", head.group(0)))) else "a"
    roman = re.match(r"[MDCLXVI]+(?=\b|\.)", text)
    if roman and _ROMAN.match(roman.group(0)):
        return "az" if _number_takes_az(_roman_value(roman.group(0))) else "a"
    return "az" if text[0] in _VOWELS else "a"


def with_article(word: Any, capital: bool = False) -> str:
    art = article(word)
    return f"{art.capitalize() if capital else art} {word}"


def number(x: float | int, lang: str = "hu", digits: int | None = None) -> str:
    """A number as the language writes it: "167 491" and "2,5" in Hungarian, "167,491" in English."""
    if digits is not None:
        fmt = "#,##0" + ("." + "0" * digits if digits else "")
        return format_decimal(x, format=fmt, locale=LOCALES[lang])
    return format_decimal(x, locale=LOCALES[lang])


def percent(x: float, lang: str = "hu", digits: int = 1) -> str:
    """A fraction as a percentage: 0.905 → "90,5%" (hu), "90.5%" (en)."""
    fmt = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return format_percent(x, format=fmt, locale=LOCALES[lang]).replace("\u00a0%", "%")


def join_words(items: list[str], lang: str = "hu") -> str:
    """"a, b és c" / "a, b and c"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    last = " és " if lang == "hu" else " and "
    return ", ".join(items[:-1]) + last + items[-1]


def seats_text(seats: list[int], lang: str = "hu") -> str:
    """0-based seats as the player numbers a person reads: "1., 3. és 4." / "1, 3 and 4"."""
    return join_words([f"{s + 1}." if lang == "hu" else str(s + 1) for s in seats], lang)


_BOT_WORDS = {
    "random": ("véletlenszerű robot", "random bot"),
    "greedy": ("mohó robot", "greedy bot"),
    "easy": ("könnyű robot", "easy bot"),
    "normal": ("normál robot", "normal bot"),
    "hard": ("nehéz robot", "hard bot"),
    "mcts": ("normál robot", "normal bot"),
    "human": ("ember", "human"),
    "you": ("te", "you"),
}


def bot_words(spec: str, lang: str = "hu") -> str:
    """What a seat's controller is called: "mcts:hard" → "nehéz robot" / "hard bot"."""
    parts = [p for p in str(spec).lower().split(":") if p and "=" not in p]
    key = parts[-1] if parts else "mcts"
    if parts and parts[0] in ("random", "greedy", "human", "you"):
        key = parts[0]
    hu, en = _BOT_WORDS.get(key, (f"{spec} robot", f"{spec} bot"))
    return hu if lang == "hu" else en


def player_name(seat: int, lang: str = "hu", controller: str | None = None) -> str:
    """One identity for a seat everywhere: "2. játékos (normál robot)" / "Player 2 (normal bot)"."""
    name = f"{seat + 1}. játékos" if lang == "hu" else f"Player {seat + 1}"
    return f"{name} ({bot_words(controller, lang)})" if controller else name


class _Formatter(string.Formatter):
    """``str.format`` with the grammar specs of the module doc."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, spec: str) -> str:
        if spec == "a":
            return with_article(value)
        if spec == "A":
            return with_article(value, capital=True)
        if spec == "n":
            return number(value, self.lang)
        if spec == "%":
            return percent(value, self.lang)
        if spec == "seats":
            return seats_text(list(value), self.lang)
        if spec == "list":
            return join_words(list(value), self.lang)
        if spec.startswith("pl:"):
            word = spec[3:]
            plural = self.lang == "en" and value != 1
            if plural:
                word = word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"
            return f"{value} {word}"
        text: str = super().format_field(value, spec)
        return text


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGS}

#: a template cut into its pieces once: (text, field, conversion, spec) as ``Formatter.parse``
#: gives them, or None for a template ``vformat`` itself must fill (a positional field, a field
#: inside a spec, a malformed template: its error is raised by ``vformat`` as before). Filling
#: a log line or a label is what a server does on every change: the pure-Python ``vformat``
#: re-parsed every template each time.
_PIECES: dict[str, tuple[tuple[str, str | None, str | None, str], ...] | None] = {}
_PIECES_MAX = 20_000  # templates come from the catalogues: a bound that never bites them


def _pieces(template: str) -> tuple[tuple[str, str | None, str | None, str], ...] | None:
    found = _PIECES.get(template, False)
    if found is not False:
        return found  # type: ignore[return-value]
    out: tuple[tuple[str, str | None, str | None, str], ...] | None
    try:
        out = tuple((text, field, conversion, spec or "")
                    for text, field, spec, conversion in _FORMATTERS["hu"].parse(template))
        if any(f is not None and (not f or f[0].isdigit() or "{" in spec) for _, f, _, spec in out):
            out = None
    except ValueError:
        out = None
    if len(_PIECES) < _PIECES_MAX:
        _PIECES[template] = out
    return out


def fill(template: str, lang: str = "hu", **fields: Any) -> str:
    """Fill a template with the grammar specs (raises KeyError/ValueError like ``str.format``)."""
    formatter = _FORMATTERS.get(lang, _FORMATTERS["hu"])
    pieces = _pieces(template)
    if pieces is None:
        return formatter.vformat(template, (), fields)
    out = []
    for text, field, conversion, spec in pieces:
        if text:
            out.append(text)
        if field is None:
            continue
        if "." in field or "[" in field:
            value = formatter.get_field(field, (), fields)[0]
        else:
            value = fields[field]
        if conversion:
            value = formatter.convert_field(value, conversion)
        out.append(formatter.format_field(value, spec))
    return "".join(out)


def render_message(catalogue: dict[str, dict[str, str]], event: dict[str, Any], lang: str = "hu") -> str:
    key = event.get("key", "")
    entry = catalogue.get(key)
    if entry is None:
        return f"{key} {_fields(event)}".rstrip()
    template = entry.get(lang) or entry.get("hu") or key
    fields = dict(event)
    seat = fields.get("seat")
    if "player" not in fields and isinstance(seat, int) and not isinstance(seat, bool):
        fields["player"] = seat + 1
    try:
        return fill(template, lang, **fields)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return f"{key} {_fields(event)}".rstrip()


def _fields(event: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in event.items() if k not in ("key", "secret"))


def missing_translations(catalogue: dict[str, dict[str, str]]) -> list[str]:
    """Keys lacking a Hungarian or an English text (tests call this for every catalogue)."""
    return sorted(k for k, v in catalogue.items() if not all(v.get(lang) for lang in LANGS))

"""The server's messages, one language at a time: every catalogue entry is a Hungarian text and
an English one, neither with words of the other; no string in the server's code is written
"english / magyar"; and refusals made from the parts of a message (a field, a reason) stay in
the reader's language all the way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from asztal.server import accounts, chat, mail, meta, ratings, social, texts, ws  # noqa: F401 (they extend ERRORS)
from asztal.server.edge import bad_text, check_json
from asztal.server.room import Refusal

SERVER = Path(texts.__file__).parent

HU_LETTERS = re.compile("[áéíóöőúüűÁÉÍÓÖŐÚÜŰ]")
#: English words a Hungarian sentence never holds (and the other way round; "is" is Hungarian too)
EN_WORDS = re.compile(r"\b(the|are|must|not|only|this|has|have|takes|needs|unknown|players|seats?|too|of|and|"
                      r"should|valid|field|text|number|whole|most|bytes|characters|made|under|body|send|type|one|"
                      r"from|your|you|game|move|bot)\b", re.I)
HU_WORDS = re.compile(r"\b(nem|nincs|egy|kell|és|vagy|túl|ez|ezen|játék|hely|szám|mező|lépés|gép|már|még)\b", re.I)
FIELD = re.compile(r"\{[^{}]*\}")


def second_language(hu: str, en: str) -> list[str]:
    """What gives away the other language in each text (placeholders left out)."""
    hu, en = FIELD.sub("", hu), FIELD.sub("", en)
    found = [f"hu: {m}" for m in EN_WORDS.findall(hu)]
    found += [f"en: {m}" for m in HU_LETTERS.findall(en) + HU_WORDS.findall(en)]
    return found


def catalogues() -> list[tuple[str, str, str]]:
    out = []
    for name, table in [("ERRORS", texts.ERRORS), ("REASONS", texts.REASONS), ("SEAT_EVENTS", texts.SEAT_EVENTS),
                        ("MAIL", mail.MAIL)]:
        out += [(f"{name}.{k}", hu, en) for k, (hu, en) in table.items()]
    out += [(f"BOTS.{k}", hu, en) for k, (_, hu, en) in meta.BOTS.items()]
    return out


@pytest.mark.parametrize("key, hu, en", catalogues(), ids=[key for key, _, _ in catalogues()])
def test_every_catalogue_entry_is_one_language_per_text(key, hu, en):
    assert hu.strip() and en.strip(), key
    assert " / " not in hu and " / " not in en, key
    assert second_language(hu, en) == [], key


def test_the_check_finds_a_mixed_text():
    assert second_language("túl nagy térkép", "the map is too large") == []
    assert second_language("the map is too large / túl nagy térkép", "x")
    assert second_language("x", "the map is too large / túl nagy térkép")


def string_literals(path: Path) -> list[tuple[int, str]]:
    """The strings of a module as a person may read them (f-strings with their fields as {}),
    docstrings left out (they are for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append((node.lineno, node.value))
    return out


def test_no_string_of_the_server_is_written_in_both_languages():
    """A reason written "english / magyar" once went out whole wherever nobody split it."""
    mixed = []
    for path in sorted(SERVER.rglob("*.py")):
        for line, text in string_literals(path):
            sides = [s for s in text.split(" / ") if s.strip()]
            if len(sides) < 2:
                continue
            if any(HU_LETTERS.search(s) or HU_WORDS.search(s) for s in sides) and \
                    any(EN_WORDS.search(s) and not HU_LETTERS.search(s) for s in sides):
                mixed.append(f"{path.relative_to(SERVER)}:{line}: {text[:80]}")
    assert mixed == []


@pytest.mark.parametrize("message", [
    None, "x" * 70_000, "\x00", "[1]", "{}", '{"type": "fly"}', '{"type": "ping", "extra": 1}',
    '{"type": "act", "code": 5, "seq": 1}', '{"type": "act", "code": "' + "a" * 300 + '", "seq": 1}',
    '{"type": "act", "code": "a\\u0001", "seq": 1}', '{"type": "act", "code": "a", "seq": -1}',
    '{"type": "act", "code": "a b", "seq": 1}', '{"type": "lang", "lang": "de"}',
])
def test_a_refused_socket_message_says_why_in_each_language(message):
    with pytest.raises(Refusal) as refused:
        ws.parse(message)
    msg = refused.value.message
    assert ": " in msg["hu"] and ": " in msg["en"]  # the refusal, then why
    assert second_language(msg["hu"], msg["en"]) == [], msg


def test_a_validators_reason_reaches_the_reader_in_each_language(tmp_path):
    """A NUL in a name: Pydantic wraps the validator's Reason; the answer still says why in Hungarian."""
    from fastapi.testclient import TestClient

    from asztal.server.app import Settings, create_app

    settings = Settings(db_url=f"sqlite:///{tmp_path / 't.db'}", workers=1, render_workers=0)
    with TestClient(create_app(settings)) as client:
        r = client.post("/api/games", json={"game": "pax", "seats": [{"kind": "human", "name": "A\x00"}]})
        detail = r.json()["detail"]
        assert r.status_code == 422 and "NUL karaktert tartalmaz" in detail["hu"] and "NUL character" in detail["en"]
        where = "seats.0.name"  # the API's own name of the field, the same in both
        assert where in detail["hu"] and second_language(detail["hu"].replace(where, ""), detail["en"]) == []


def test_the_bare_servers_home_is_one_page_per_language():
    from asztal.server.app import _HOME

    assert set(_HOME) == {"hu", "en"} and 'lang="hu"' in _HOME["hu"] and 'lang="en"' in _HOME["en"]
    assert second_language(_HOME["hu"], _HOME["en"]) == [] and "fut" in _HOME["hu"] and "running" in _HOME["en"]


def test_reasons_and_json_checks_are_told_in_each_language():
    assert bad_text("a\x00").words("hu") == "NUL karaktert tartalmaz"
    with pytest.raises(texts.Reason) as nested:
        check_json([[[[[[[[1]]]]]]]])
    assert str(nested.value) == nested.value.words("en") == "too large or too deeply nested"


@pytest.mark.parametrize("header, lang", [
    (None, "hu"), ("", "hu"), ("en-GB,en;q=0.9", "en"), ("de-DE,de;q=0.9,en;q=0.8,hu;q=0.7", "en"),
    ("en;q=0.5,hu", "hu"), ("hu-HU", "hu"), ("fr", "hu"), ("en;q=x", "hu"),
])
def test_a_page_without_a_language_takes_the_browsers(header, lang):
    assert texts.request_lang(header) == lang

"""The edge of the server: what every input must be before anything else reads it.

Every text field is checked the same way whatever the database behind (PostgreSQL refuses a
NUL in text and a lone surrogate cannot be encoded, SQLite takes both): printable Unicode
only, bounded. Every refusal is the documented ``{"detail": {"code", "hu", "en"}}`` body; a
malformed body never reaches a handler and is never echoed back. REST bodies are capped in
size before they are read whole.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from asztal.server import texts
from asztal.server.ratelimit import RateLimit
from asztal.server.texts import Reason

#: a game id as the server makes them (``tokens.new_game_id``), or anything a client may send as one
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
#: an action code: the games' codes are short ASCII words, numbers and ``:=,.-_+/`` (no whitespace)
ACTION_CODE = re.compile(r"[A-Za-z0-9_:=,.+/-]{1,200}")


def bad_text(value: str) -> Reason | None:
    """Why ``value`` may not be stored or echoed (a NUL, a control character, a lone surrogate), or None."""
    m = _BAD_CHARS.search(value)
    if m is None:
        return None
    ch = m.group()
    if ch == "\x00":
        return Reason("nul")
    if "\ud800" <= ch <= "\udfff":
        return Reason("surrogate")
    return Reason("control")


#: what a name or a chat line shown to others may not hold: any control character (line breaks
#: and tabs too, C1 included) and the writing-direction overrides, embeddings and isolates, which
#: would turn the text shown after it around
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
#: letters that show nothing (the Hangul fillers, the blank Braille pattern)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def bad_display(value: str, breaks: bool = False) -> Reason | None:
    """Why ``value`` may not be shown to others as a name or a chat line (``breaks``: line breaks
    and tabs allowed, as a chat line folds them into spaces), or None. Empty text is fine (a
    default name); text that is only blanks and invisible characters is not."""
    if bad_text(value) is not None:
        return bad_text(value)
    if _CONTROL.search(value.replace("\n", "").replace("\t", "").replace("\r", "") if breaks else value):
        return Reason("control")
    if _BIDI.search(value):
        return Reason("bidi")
    if value and all(ch.isspace() or ch in _BLANK_LETTERS or unicodedata.category(ch) in ("Cf", "Mn", "Me")
                     for ch in value):
        return Reason("invisible")
    return None


def _display(value: str) -> str:
    reason = bad_display(value)
    if reason is not None:
        raise reason
    return value


#: a name others read: no control character, no direction override, not only invisible characters
DisplayStr = Annotated[str, AfterValidator(_display)]


def _clean(value: str) -> str:
    reason = bad_text(value)
    if reason is not None:
        raise reason
    return value


#: a text field: printable Unicode (tabs and newlines allowed), no NUL, no lone surrogates
CleanStr = Annotated[str, AfterValidator(_clean)]


def check_json(value: Any, depth: int = 0, budget: list[int] | None = None) -> None:
    """ValueError unless ``value`` is small plain JSON: depth ≤ 6, ≤ 2000 values, clean text,
    whole numbers within 64 bits, finite floats."""
    budget = budget if budget is not None else [2000]
    budget[0] -= 1
    if budget[0] < 0 or depth > 6:
        raise Reason("nested")
    if isinstance(value, str):
        _clean(value)
        if len(value) > 10_000:
            raise Reason("long_text")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not -(1 << 63) <= value < (1 << 63):
            raise Reason("big_number")
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise Reason("not_finite")
    elif isinstance(value, list):
        for v in value:
            check_json(v, depth + 1, budget)
    elif isinstance(value, dict):
        for k, v in value.items():
            check_json(k, depth + 1, budget)
            check_json(v, depth + 1, budget)
    else:
        raise Reason("not_json")


def error_body(code: str, reason: Reason | None = None) -> dict[str, Any]:
    return {"detail": texts.detail(code, reason)}


def _where(loc: Any) -> str:
    parts = [str(p) for p in (loc or ()) if p not in ("body", "query", "path")]
    return ".".join(parts)[:60]


def install(app: FastAPI, max_body: int, requests_per_minute: int = 600) -> None:
    """Error handlers that answer every refusal as ``{code, hu, en}``, the body size cap and a
    per-address cap on all REST requests."""

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = _where(first.get("loc"))
        kind = first.get("type", "")
        ours = (first.get("ctx") or {}).get("error")  # a validator's own Reason says why in each language
        if kind == "json_invalid":
            reason = Reason("body_not_json")
        elif isinstance(ours, Reason):
            reason = Reason("field_reason", name=where, reason=ours) if where else ours
        else:  # Pydantic's words are English: a Hungarian reader is told which field
            msg = str(first.get("msg", "invalid"))[:160]
            reason = Reason("bad_field", name=where, reason=msg) if where else Reason("bad_value", reason=msg)
        return JSONResponse(error_body("bad_request", reason), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail: object = exc.detail  # Starlette's is text; FastAPI's any JSON (ours: {code, hu, en})
        if not (isinstance(detail, dict) and {"code", "hu", "en"} <= set(detail)):
            code = {404: "not_found", 405: "bad_request", 413: "too_large", 429: "rate_limited"}.get(
                exc.status_code, "bad_request")
            detail = texts.detail(code, None if code != "bad_request" else Reason("body_unreadable"))
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=getattr(exc, "headers", None))

    app.add_middleware(BodyLimit, max_body=max_body, rate=RateLimit(requests_per_minute))
    _document_errors(app)


_ERROR_SCHEMA = {
    "title": "Error", "type": "object", "required": ["detail"],
    "properties": {"detail": {"type": "object", "required": ["code", "hu", "en"],
                              "properties": {"code": {"type": "string"}, "hu": {"type": "string"},
                                             "en": {"type": "string"}}}},
}


def _document_errors(app: FastAPI) -> None:
    """The OpenAPI description says what the server answers: every 4xx is ``{detail: {code, hu, en}}``
    (FastAPI would describe 422 as its own validation list), and 413 and 429 may come anywhere."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = build()
        spec.setdefault("components", {}).setdefault("schemas", {})["Error"] = _ERROR_SCHEMA
        ref = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        for methods in spec.get("paths", {}).values():
            for op in methods.values():
                responses = op.setdefault("responses", {})
                for status, what in (("422", "a malformed request"), ("413", "the body is too large"),
                                     ("429", "too many requests")):
                    if status == "422" or op.get("requestBody") or status == "429":
                        responses[status] = {"description": what, **ref}
        for name in ("HTTPValidationError", "ValidationError"):
            spec["components"]["schemas"].pop(name, None)
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]


class BodyLimit:
    """Refuse (413) a request body over ``max_body`` bytes, by its Content-Length or as it streams
    in; refuse (429) an address's requests beyond ``rate``."""

    def __init__(self, app: ASGIApp, max_body: int, rate: RateLimit) -> None:
        self.app = app
        self.max_body = max_body
        self.rate = rate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if scope.get("path", "").startswith("/api/") and not self.rate.allow(client[0] if client else "?"):
            await self._send(send, 429, error_body("rate_limited"))
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_body
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_body:
                    raise HTTPException(413, texts.detail("too_large", Reason("max_bytes", n=self.max_body)))
            return msg

        await self.app(scope, limited, send)

    async def _refuse(self, send: Send) -> None:
        await self._send(send, 413, error_body("too_large", Reason("max_bytes", n=self.max_body)))

    @staticmethod
    async def _send(send: Send, status: int, detail: dict[str, Any]) -> None:
        body = json.dumps(detail, ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

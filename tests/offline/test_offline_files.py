"""The offline app's files (``server/offline_files.py``): a request picks one of a fixed list of
names and never names a file on the server; the service worker carries its version and list."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from asztal.server.offline_files import FILES, install_offline


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "offline"
    for rel in ("index.html", "worker.mjs", "build/asztal-pack.zip", "node_modules/pyodide/pyodide.asm.wasm"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(b"x" * 10)
    (root / "sw.js").write_text('const VERSION = "__VERSION__"; const FILES = __FILES__;', encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    static = tmp_path / "static"
    static.mkdir()
    (static / "game.js").write_text("//", encoding="utf-8")
    monkeypatch.setenv("ASZTAL_OFFLINE_DIR", str(root))
    return tmp_path


def _client(folder: Path) -> TestClient:
    app = FastAPI()
    install_offline(app, folder / "static")
    return TestClient(app)


def test_the_listed_files_are_served_with_their_types(folder: Path) -> None:
    client = _client(folder)
    r = client.get("/offline/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert client.get("/offline/worker.mjs").headers["content-type"].startswith("text/javascript")
    assert client.get("/offline/pyodide/pyodide.asm.wasm").headers["content-type"] == "application/wasm"
    assert client.get("/offline/asztal-pack.zip").content == b"x" * 10


def test_what_compresses_is_sent_gzipped_to_who_accepts_it(folder: Path) -> None:
    """The runtime's WebAssembly (and the scripts) gzipped, made again when the file changes;
    the zip as it is; a client that does not accept gzip gets every file as it is."""
    client = _client(folder)
    wasm = folder / "offline" / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    for content in (b"\0asm" + bytes(range(256)) * 64, b"\0asm a new runtime" * 500):
        wasm.write_bytes(content)
        with client.stream("GET", "/offline/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"}) as r:
            raw = b"".join(r.iter_raw())
        assert r.headers["content-encoding"] == "gzip" and r.headers["vary"] == "Accept-Encoding"
        assert len(raw) < len(content) and gzip.decompress(raw) == content
    zipped = client.get("/offline/asztal-pack.zip", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in zipped.headers
    plain = client.get("/offline/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == content


def test_no_request_names_a_file_of_the_server(folder: Path) -> None:
    client = _client(folder)
    for path in ("/offline/../secret.txt", "/offline/%2e%2e/secret.txt", "/offline/build/asztal-pack.zip",
                 "/offline/node_modules/pyodide/pyodide.asm.wasm", "/offline/pyodide/package.json",
                 "/offline/sw.js/../../secret.txt", "/offline/draw_icons.py"):
        r = client.get(path)
        assert r.status_code == 404 and "secret" not in r.text, path
    assert client.get("/offline/draw_icons.py").json()["detail"]["code"] == "no_file"


def test_a_listed_file_not_made_yet_says_how_to_make_it(folder: Path) -> None:
    r = _client(folder).get("/offline/pyodide/pyodide.mjs")
    assert r.status_code == 404
    detail = r.json()["detail"]
    assert "make offline" in detail["hu"] and "make offline" in detail["en"]


def test_the_service_worker_carries_its_version_and_files(folder: Path) -> None:
    client = _client(folder)
    first = client.get("/offline/sw.js")
    assert first.headers["content-type"].startswith("text/javascript")
    text = first.text
    files = json.loads(text[text.index("FILES = ") + 8:-1])
    rules = [f"/api/rules/{game}?lang={lang}" for game in ("pax", "pocketciv", "caboose") for lang in ("hu", "en")]
    assert files == [f"/offline/{name}" for name in FILES] + ["/game.js"] + rules
    (folder / "offline" / "build" / "asztal-pack.zip").write_bytes(b"a new pack")
    assert client.get("/offline/sw.js").text != text  # a new pack: a new version, a new cache

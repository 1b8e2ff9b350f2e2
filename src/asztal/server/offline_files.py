"""The offline app's files (docs/offline.md): its page, service worker, manifest and icons, the
Web Worker with the engine's pack, and the Pyodide runtime files the worker loads.

Every file is named here, by the server: a request picks one of these names and never a path on
the server (no name of the request is joined to a folder). The files live in the checkout's
``offline/`` folder (``make offline`` fetches the runtime and builds the pack), or in the folder
``ASZTAL_OFFLINE_DIR`` names; a file that is not there answers 404 with the command that makes it.

The files that compress are sent gzipped to a browser that accepts it (``gzipped``). The
service worker is served with a version made of the cached files' sizes and times, so a new
runtime, pack or page makes a new worker, which fills a new cache and drops the old ones."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import os
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, Response

from asztal import games

#: what the browser asks for (under /offline/) -> where it is, relative to the offline folder
FILES: dict[str, str] = {
    "": "index.html",
    "page.mjs": "page.mjs",
    "store.mjs": "store.mjs",
    "upload.mjs": "upload.mjs",
    "worker.mjs": "worker.mjs",
    "boot.mjs": "boot.mjs",
    "engine.mjs": "engine.mjs",
    "snapshot.mjs": "snapshot.mjs",
    "idb.mjs": "idb.mjs",
    "manifest.json": "manifest.json",
    "icon.svg": "icon.svg",
    "icon-192.png": "icon-192.png",
    "icon-512.png": "icon-512.png",
    "asztal-pack.zip": "build/asztal-pack.zip",
    # Pyodide's files the worker loads at run time (boot.mjs asks for no package from elsewhere)
    "pyodide/pyodide.mjs": "node_modules/pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs": "node_modules/pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm": "node_modules/pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip": "node_modules/pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json": "node_modules/pyodide/pyodide-lock.json",
}

#: content types the standard table may not know (a module worker must be JavaScript)
_TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
          ".zip": "application/zip", ".svg": "image/svg+xml", ".png": "image/png", ".html": "text/html"}


def offline_dir() -> Path:
    """``ASZTAL_OFFLINE_DIR``, else the checkout's ``offline/`` (beside ``src/``)."""
    given = os.environ.get("ASZTAL_OFFLINE_DIR")
    return Path(given) if given else Path(__file__).resolve().parents[3] / "offline"


#: the refusals, in both languages (the page shows the one it speaks)
_NO_FILE = {"code": "no_file", "hu": "nincs ilyen fájl", "en": "no such file"}
_MISSING = {"code": "offline_missing",
            "hu": "Az offline játék fájljai hiányoznak ezen a szerveren (`make offline` készíti el őket).",
            "en": "This server lacks the offline game's files (`make offline` makes them)."}


def version(root: Path, static: Path | None) -> str:
    """A short digest of every cached file's name, size and time: it changes when one changes."""
    h = hashlib.sha256()
    paths = [root / rel for rel in FILES.values()] + static_files(static)
    for path in paths:
        st = path.stat() if path.is_file() else None
        h.update(f"{path.name}:{st.st_size if st else -1}:{st.st_mtime_ns if st else -1}\0".encode())
    return h.hexdigest()[:16]


def static_files(static: Path | None) -> list[Path]:
    """The browser client's scripts and style the offline page imports (the game page's own code)."""
    if static is None:
        return []
    return sorted(p for p in static.iterdir() if p.suffix in (".js", ".css") and p.is_file())


def install_offline(app: FastAPI, static: Path | None) -> None:
    """The routes of the offline app, before the static files mounted at ``/``."""
    root = offline_dir()

    @app.get("/offline", include_in_schema=False)
    @app.get("/offline/{name:path}", include_in_schema=False)
    async def offline_file(request: Request, name: str = "") -> Response:
        if name == "sw.js":
            return service_worker(root, static)
        rel = FILES.get(name)
        if rel is None:
            raise HTTPException(404, _NO_FILE)
        path = root / rel
        if not path.is_file():
            raise HTTPException(404, _MISSING)
        headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        if path.suffix in COMPRESSED and "gzip" in request.headers.get("accept-encoding", ""):
            body = await asyncio.to_thread(gzipped, path)
            return Response(body, media_type=_TYPES.get(path.suffix), headers={**headers, "Content-Encoding": "gzip"})
        return FileResponse(path, media_type=_TYPES.get(path.suffix), headers=headers)


#: the kinds of file sent compressed (the zips and the PNGs are compressed already)
COMPRESSED = {".mjs", ".wasm", ".json", ".html", ".svg"}
_gzipped: dict[Path, tuple[tuple[int, int], bytes]] = {}


def gzipped(path: Path) -> bytes:
    """The file gzipped, made once per version of it (its size and time) and kept in memory:
    Pyodide's WebAssembly, 9.6 MB, is 3.5 MB so; the browser unpacks it before the service
    worker's cache keeps it, so the cache holds the file itself."""
    st = path.stat()
    stamp = (st.st_size, st.st_mtime_ns)
    held = _gzipped.get(path)
    if held is None or held[0] != stamp:
        held = (stamp, gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
        _gzipped[path] = held
    return held[1]


def service_worker(root: Path, static: Path | None) -> Response:
    """``offline/sw.js`` with its version and the list of files it caches filled in."""
    source = root / "sw.js"
    if not source.is_file():
        raise HTTPException(404, _MISSING)
    cached = [f"/offline/{name}" for name in FILES] + [f"/{p.name}" for p in static_files(static)]
    if static is not None:  # the rules panel's text (ui_api), for the game page with no network
        cached += [f"/api/rules/{game}?lang={lang}" for game in games.BUILTIN for lang in ("hu", "en")]
    text = source.read_text(encoding="utf-8")
    text = text.replace("__VERSION__", version(root, static)).replace("__FILES__", json.dumps(cached))
    return Response(text, media_type="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/offline/"})

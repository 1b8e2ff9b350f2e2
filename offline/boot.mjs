// Start Pyodide with asztal's pack (tools/pack_offline.py): shared by the page's Web Worker
// (worker.mjs) and the Node runs of the tests and the benchmark, so they load the engine alike.
// Everything comes from local files: Pyodide's own (indexURL) and the pack's bytes; nothing is
// fetched from anywhere else (no packages are loaded from Pyodide's CDN).
//
// A start can also begin from a memory snapshot (Pyodide's `_makeSnapshot` / `_loadSnapshot`,
// experimental in the pinned version): the interpreter's whole memory as it was once the engine
// was imported, so that a later start skips setting up the interpreter and importing the games.
// The caller keeps the snapshot (the worker: in IndexedDB) and falls back to a plain start when
// one cannot be used.

export const PACK_DIR = "/home/pyodide/asztal-pack";

// loadPyodide: the function of pyodide.mjs; indexURL: the folder of Pyodide's files;
// pack: the zip's bytes (Uint8Array); mark(name): told when each step is done (timing);
// create: the default export of pyodide.asm.mjs (needed with a snapshot); snapshot: a
// snapshot's bytes to start from; forSnapshot: start so that a snapshot can be made
// (snapshotOf); unpack: false leaves the pack to unpackPack (after a
// snapshot, whose memory holds every module a start imports, the first start can go first).
// Returns the Pyodide instance with asztal importable.
export async function boot(loadPyodide, indexURL, pack, mark = () => {},
  { snapshot = null, create = null, forSnapshot = false, unpack = true } = {}) {
  const options = { indexURL, packages: [] };
  if (snapshot) Object.assign(options, { _loadSnapshot: snapshot, createPyodideModule: roomFor(create, snapshot.length) });
  else if (forSnapshot) options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  mark("runtime_loaded");
  if (unpack) unpackPack(pyodide, pack, mark);
  return pyodide;
}

// The pack's files in Pyodide's file system, on sys.path. Files live outside the memory a
// snapshot holds: after one they are unpacked again (for the modules imported later and the
// games' data files).
export function unpackPack(pyodide, pack, mark = () => {}) {
  pyodide.unpackArchive(pack, "zip", { extractDir: PACK_DIR });
  mark("pack_unpacked");
  // (the import system forgets what it found missing before the files were there)
  pyodide.runPython(`import importlib, sys\nimportlib.invalidate_caches()
if ${JSON.stringify(PACK_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PACK_DIR)})`);
}

// Pyodide's memory is the WebAssembly module's own, made at its first size: a snapshot of a
// memory that grew since does not fit in it. The module's own allocator grows it (keeping its
// views of the memory current), then it is cleared (the snapshot leaves out the zeros at its
// end) before the snapshot is copied over it.
function roomFor(create, size) {
  return async (settings) => {
    const module = await create(settings);
    const held = [];
    while (module.HEAP8.length < size) {
      const at = module._malloc(size - module.HEAP8.length + 65536);
      if (!at) throw new Error("no memory for the snapshot");
      held.push(at);
    }
    for (const at of held) module._free(at);
    module.HEAP8.fill(0);
    return module;
  };
}

// The snapshot of an instance booted with forSnapshot, once its engine has started a game of
// each kind (engine.mjs `warm`): its bytes, to give to a later boot. The memory past the
// allocator's top is zeros (45 MB of memory, 38 used): they are left out, a sixth less to keep,
// read and copy.
export function snapshotOf(pyodide) {
  const whole = pyodide.makeMemorySnapshot();
  let end = whole.length;
  while (end > 0 && whole[end - 1] === 0) end--;
  return whole.slice(0, Math.ceil(end / 8) * 8);
}

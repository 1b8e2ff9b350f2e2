// Start Pyodide with asztal's pack (tools/pack_offline.py): shared by the page's Web Worker
// (worker.mjs) and the Node runs of the tests and the benchmark, so they load the engine alike.
// Everything comes from local files: Pyodide's own (indexURL) and the pack's bytes; nothing is
// fetched from anywhere else (no packages are loaded from Pyodide's CDN).

export const PACK_DIR = "/home/pyodide/asztal-pack";

// loadPyodide: the function of pyodide.mjs; indexURL: the folder of Pyodide's files;
// pack: the zip's bytes (Uint8Array); mark(name): told when each step is done (timing).
// Returns the Pyodide instance with asztal importable.
export async function boot(loadPyodide, indexURL, pack, mark = () => {}) {
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  mark("runtime_loaded");
  pyodide.unpackArchive(pack, "zip", { extractDir: PACK_DIR });
  mark("pack_unpacked");
  pyodide.runPython(`import sys\nif ${JSON.stringify(PACK_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PACK_DIR)})`);
  return pyodide;
}

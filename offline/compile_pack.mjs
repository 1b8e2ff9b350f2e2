// Add Pyodide's own bytecode to the offline pack (tools/pack_offline.py runs this after writing
// the zip): `node offline/compile_pack.mjs <pack.zip>`. The page's worker would otherwise compile
// every module from its source at every start (about 2 s of a start at load average 14, more on
// a slow phone). The bytecode can only be made by the Python that runs it (CPython 3.14 in
// Pyodide, not the 3.11 of the server), so this boots the pinned Pyodide under Node with the
// pack, compiles every module there with `compileall`, and writes the zip again with each
// module's `__pycache__/*.cpython-314.pyc` beside its source. The .pyc files are checked by no
// date (PEP 552's unchecked hash: the page's unpacked files carry the time of unpacking), so
// they are rebuilt with the pack, never kept from an older one; the entries are sorted and
// dated alike, as the pack's own.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { boot, PACK_DIR } from "./boot.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const packPath = process.argv[2];
const { loadPyodide } = await import(pathToFileURL(path.join(here, "node_modules", "pyodide", "pyodide.mjs")).href);
const pyodide = await boot(loadPyodide, path.join(here, "node_modules", "pyodide") + "/",
  new Uint8Array(readFileSync(packPath)));
pyodide.runPython(`
import compileall, os, py_compile, zipfile

root = ${JSON.stringify(PACK_DIR)}
if not compileall.compile_dir(root, quiet=1, legacy=True,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module of the pack did not compile")
names = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files
               if not (f.endswith(".py") and os.path.exists(os.path.join(d, f + "c"))))
with zipfile.ZipFile("/tmp/pack.zip", "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for rel in names:
        info = zipfile.ZipInfo(rel, (2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(os.path.join(root, rel), "rb") as f:
            z.writestr(info, f.read())
`);
writeFileSync(packPath, pyodide.FS.readFile("/tmp/pack.zip"));

// Run a Python file under Pyodide (Node 20) with asztal's offline pack, and print what one
// expression of it gives: `node run_pyodide.mjs <pyodide dir> <pack.zip> <file.py> <expression>`.
// The file is run as the module `__offline_test__` with the pack on sys.path (offline/boot.mjs).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, packPath, pyFile, expression] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const { boot } = await import(pathToFileURL(path.join(here, "..", "..", "offline", "boot.mjs")).href);
const pyodide = await boot(loadPyodide, pyodideDir + "/", new Uint8Array(readFileSync(packPath)));
pyodide.globals.set("_source", readFileSync(pyFile, "utf8"));
pyodide.runPython(`
import sys, types
_module = types.ModuleType("__offline_test__")
_module.__file__ = ${JSON.stringify(pyFile)}
sys.modules["__offline_test__"] = _module
exec(compile(_source, ${JSON.stringify(pyFile)}, "exec"), _module.__dict__)
`);
const answer = pyodide.runPython(`eval(${JSON.stringify(expression)}, _module.__dict__)`);
process.stdout.write(String(answer) + "\n");

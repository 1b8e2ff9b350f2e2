// Play a conversation with the offline engine under Pyodide (Node 20), through offline/engine.mjs
// as the page's worker does, and print every answer as JSON:
// `node talk.mjs <pyodide dir> <pack.zip> <steps.json> [snapshot]`; a step is ["start", request],
// ["send", message], ["bot"], ["saved"] or ["resume"] (start again from the last "saved").
// With `snapshot`, the engine that talks is started as the worker's later starts are: from the
// memory snapshot of another, warmed as the worker warms its first (boot.mjs, engine.mjs `warm`),
// the pack's files unpacked after the first start; with `cold`, from the snapshot of an engine
// that started no game (its first start needs the pack's files: they are unpacked before it).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, packPath, stepsPath, how] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const offline = path.join(here, "..", "..", "offline");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const { boot, snapshotOf, unpackPack } = await import(pathToFileURL(path.join(offline, "boot.mjs")).href);
const { engine, warm } = await import(pathToFileURL(path.join(offline, "engine.mjs")).href);
const pack = new Uint8Array(readFileSync(packPath));
let game;
if (how === "snapshot" || how === "cold") {
  const first = await boot(loadPyodide, pyodideDir + "/", pack, () => {}, { forSnapshot: true });
  const warmed = engine(first);
  if (how === "snapshot") warm(warmed);
  const snapshot = snapshotOf(first);
  const create = (await import(pathToFileURL(path.join(pyodideDir, "pyodide.asm.mjs")).href)).default;
  const restored = await boot(loadPyodide, pyodideDir + "/", pack, () => {}, { snapshot, create, unpack: false });
  game = engine(restored, () => unpackPack(restored, pack));
} else {
  game = engine(await boot(loadPyodide, pyodideDir + "/", pack));
}
let kept = null;
const out = [];
for (const [kind, arg] of JSON.parse(readFileSync(stepsPath, "utf8"))) {
  if (kind === "start") out.push(game.start(arg)), game.files();
  else if (kind === "send") out.push(game.send(arg));
  else if (kind === "bot") out.push(game.bot());
  else if (kind === "saved") out.push((kept = game.saved()));
  else if (kind === "resume") out.push(game.start({ saved: kept }));
}
process.stdout.write(JSON.stringify(out) + "\n");

// Play a conversation with the offline engine under Pyodide (Node 20), through offline/engine.mjs
// as the page's worker does, and print every answer as JSON:
// `node talk.mjs <pyodide dir> <pack.zip> <steps.json>`; a step is ["start", request],
// ["send", message], ["bot"], ["saved"] or ["resume"] (start again from the last "saved").
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, packPath, stepsPath] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const offline = path.join(here, "..", "..", "offline");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const { boot } = await import(pathToFileURL(path.join(offline, "boot.mjs")).href);
const { engine } = await import(pathToFileURL(path.join(offline, "engine.mjs")).href);
const game = engine(await boot(loadPyodide, pyodideDir + "/", new Uint8Array(readFileSync(packPath))));
let kept = null;
const out = [];
for (const [kind, arg] of JSON.parse(readFileSync(stepsPath, "utf8"))) {
  if (kind === "start") out.push(game.start(arg));
  else if (kind === "send") out.push(game.send(arg));
  else if (kind === "bot") out.push(game.bot());
  else if (kind === "saved") out.push((kept = game.saved()));
  else if (kind === "resume") out.push(game.start({ saved: kept }));
}
process.stdout.write(JSON.stringify(out) + "\n");

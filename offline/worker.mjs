// The offline page's Web Worker (a module worker): Pyodide and asztal's pack, both from local
// files next to this script (./pyodide/ and ./asztal-pack.zip, which `make offline` prepares),
// playing one game and speaking the server socket's messages (docs/protocol.md).
//
// The page posts {type: "start", ...} (see engine.mjs) and then socket messages; the worker
// posts the socket's answers, and after every accepted decision {type: "saved", saved} for the
// page to keep in IndexedDB. Bot seats move one at a time, each move posted before the next, so
// the page shows them and a message of the page (a new language) is answered in between.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";
import create from "./pyodide/pyodide.asm.mjs";
import { boot, snapshotOf, unpackPack } from "./boot.mjs";
import { engine, warm } from "./engine.mjs";
import { forgetSnapshot, keepSnapshot, loadSnapshot, snapshotKey } from "./snapshot.mjs";

// where a start's time goes (ms since the worker began), for offline/measure_page.py: the pack
// read, the snapshot read, Pyodide loaded, the pack unpacked, the bridge imported, the first game
// shown; and how Pyodide started (from: "snapshot", or "plain" and a snapshot made)
const timing = {};
const began = performance.now();
const mark = (name) => { timing[name] = Math.round(performance.now() - began); };

const indexURL = new URL("./pyodide/", import.meta.url).href;

// From the memory snapshot kept for this runtime and pack when there is one (any failure to
// read or start from it: a plain start, and the snapshot forgotten), its files unpacked after
// the first game is shown; else a plain start that warms the engine (a game of each kind) and
// keeps its snapshot for the next start.
const ready = (async () => {
  const kept = loadSnapshot().catch(() => null);
  const answer = await fetch(new URL("./asztal-pack.zip", import.meta.url));
  const pack = new Uint8Array(await answer.arrayBuffer());
  mark("pack_read");
  const key = await snapshotKey(version, pack);
  const found = await kept;
  const snapshot = found && found.key === key ? found.bytes : null;
  mark("snapshot_read");
  if (snapshot) {
    try {
      const pyodide = await boot(loadPyodide, indexURL, pack, mark, { snapshot, create, unpack: false });
      const made = engine(pyodide, () => unpackPack(pyodide, pack, mark));
      mark("bridge_imported");
      timing.from = "snapshot";
      return made;
    } catch {
      await forgetSnapshot().catch(() => {});
    }
  }
  const pyodide = await boot(loadPyodide, indexURL, pack, mark, { forSnapshot: true });
  const made = engine(pyodide);
  mark("bridge_imported");
  timing.from = "plain";
  try {
    warm(made);
    const bytes = snapshotOf(pyodide);
    mark("snapshot_made");
    keepSnapshot(key, bytes).catch(() => {});  // kept for the next start; this one goes on
  } catch {
    // no snapshot in this browser: every start is a plain one
  }
  return made;
})();

function post(messages, game) {
  let accepted = false;
  for (const m of messages) {
    postMessage(m);
    accepted ||= m.type === "state";
  }
  if (accepted) postMessage({ type: "saved", saved: game.saved() });
}

let botsPlaying = false;

function playBots(game) {
  if (botsPlaying) return;
  const move = game.bot();
  if (move === null) return;
  post([move], game);
  botsPlaying = true;
  setTimeout(() => { botsPlaying = false; playBots(game); }, 0);
}

self.onmessage = async (event) => {
  const game = await ready;
  const message = event.data;
  if (message.type === "start") {
    const { type, ...request } = message;
    post(game.start(request), game);
    if (!("game_started" in timing)) {
      mark("game_started");
      postMessage({ type: "timing", timing });
    }
    game.files();  // after a start from a snapshot: once the first game is shown
  } else {
    post(game.send(message), game);
  }
  playBots(game);
};
postMessage({ type: "loading" });
ready.then(() => postMessage({ type: "ready" }), (error) => postMessage({ type: "failed", text: String(error) }));

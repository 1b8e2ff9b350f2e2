// The offline page's Web Worker (a module worker): Pyodide and asztal's pack, both from local
// files next to this script (./pyodide/ and ./asztal-pack.zip, which `make offline` prepares),
// playing one game and speaking the server socket's messages (docs/protocol.md).
//
// The page posts {type: "start", ...} (see engine.mjs) and then socket messages; the worker
// posts the socket's answers, and after every accepted decision {type: "saved", saved} for the
// page to keep in IndexedDB. Bot seats move one at a time, each move posted before the next, so
// the page shows them and a message of the page (a new language) is answered in between.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { boot } from "./boot.mjs";
import { engine } from "./engine.mjs";

// where a start's time goes (ms since the worker began), for offline/measure_page.py: the pack
// read, Pyodide loaded, the pack unpacked, the bridge imported, the first game shown
const timing = {};
const began = performance.now();
const mark = (name) => { timing[name] = Math.round(performance.now() - began); };

const ready = (async () => {
  const answer = await fetch(new URL("./asztal-pack.zip", import.meta.url));
  const pack = new Uint8Array(await answer.arrayBuffer());
  mark("pack_read");
  const pyodide = await boot(loadPyodide, new URL("./pyodide/", import.meta.url).href, pack, mark);
  const made = engine(pyodide);
  mark("bridge_imported");
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
  } else {
    post(game.send(message), game);
  }
  playBots(game);
};
postMessage({ type: "loading" });
ready.then(() => postMessage({ type: "ready" }), (error) => postMessage({ type: "failed", text: String(error) }));

// The game of the offline page, as JavaScript sees it: asztal.offline.bridge under Pyodide, JSON
// text across. Shared by the Web Worker (worker.mjs) and the Node tests, so both speak alike.

// unpack: after a start from a memory snapshot, the pack's files still to be unpacked (boot.mjs
// unpackPack): `files()` does it once. A start before it that fails or is refused is made again
// with the files (a module the snapshot's memory lacks raises ImportError, or the game registry
// finds no such game); the refusal of a saved game that cannot resume costs only the unpacking.
export function engine(pyodide, unpack = null) {
  const bridge = pyodide.pyimport("asztal.offline.bridge");
  let later = unpack;
  const files = () => {
    const now = later;
    later = null;
    if (now) now();
  };
  return {
    // a new game ({game, seats, seat, seed, options, lang}) or a saved one ({saved}): [hello, state] or [error]
    start(request) {
      const once = () => JSON.parse(bridge.start(JSON.stringify(request)));
      if (!later) return once();
      let answers = null;
      try {
        answers = once();
      } catch {
        // made again below, with the files
      }
      if (answers === null || answers[0].type === "error") {
        files();
        answers = once();
      }
      return answers;
    },
    // the pack's files unpacked, if they are not yet
    files,
    // one socket message of the page (act, undo, lang, ping): its answers
    send: (message) => JSON.parse(bridge.send(JSON.stringify(message))),
    // one bot move: its state message, or null when no bot is to move
    bot: () => JSON.parse(bridge.bot()),
    // what the page keeps to resume the game
    saved: () => JSON.parse(bridge.saved()),
  };
}

const HUMAN = { kind: "human", name: "" };
const BOT = { kind: "bot", bot: "normal" };
// a game of each kind the page starts (the page's choices), each start importing what it needs
const WARM = [
  { game: "pocketciv", seats: [HUMAN], seat: 0, seed: 1, options: {} },
  { game: "pax", seats: [HUMAN, BOT], seat: 0, seed: 1, options: {} },
  { game: "pax", seats: [HUMAN], seat: 0, seed: 1, options: { level: 1 } },
  { game: "caboose", seats: [HUMAN, BOT, BOT], seat: 0, seed: 1, options: {} },
];

// Start a game of each kind once (and leave the last one held: the next start replaces it), so
// that a memory snapshot taken after holds every module and table a start reads.
export function warm(game) {
  for (const request of WARM) for (const lang of ["hu", "en"]) game.start({ ...request, lang });
}

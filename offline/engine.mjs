// The game of the offline page, as JavaScript sees it: asztal.offline.bridge under Pyodide, JSON
// text across. Shared by the Web Worker (worker.mjs) and the Node tests, so both speak alike.

export function engine(pyodide) {
  const bridge = pyodide.pyimport("asztal.offline.bridge");
  return {
    // a new game ({game, seats, seat, seed, options, lang}) or a saved one ({saved}): [hello, state] or [error]
    start: (request) => JSON.parse(bridge.start(JSON.stringify(request))),
    // one socket message of the page (act, undo, lang, ping): its answers
    send: (message) => JSON.parse(bridge.send(JSON.stringify(message))),
    // one bot move: its state message, or null when no bot is to move
    bot: () => JSON.parse(bridge.bot()),
    // what the page keeps to resume the game
    saved: () => JSON.parse(bridge.saved()),
  };
}

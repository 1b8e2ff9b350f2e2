// The offline game kept in the browser (IndexedDB): the worker's `saved` after every accepted
// decision, with the request that started the game, so a reload resumes it at the same decision.

const DB = "asztal-offline";
const STORE = "games";
const KEY = "current";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The game kept: {choice, saved, over}, or undefined. */
export const load = () => run("readonly", (s) => s.get(KEY));
/** Keep the game (a write that completes before the next decision's). */
export const keep = (game) => run("readwrite", (s) => s.put(game, KEY));

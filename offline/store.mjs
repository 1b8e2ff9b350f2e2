// The offline game kept in the browser (IndexedDB): the worker's `saved` after every accepted
// decision, with the request that started the game, so a reload resumes it at the same decision.

import { objectStore } from "./idb.mjs";

const run = objectStore("asztal-offline", "games");
const KEY = "current";

/** The game kept: {choice, saved, over}, or undefined. */
export const load = () => run("readonly", (s) => s.get(KEY));
/** Keep the game (a write that completes before the next decision's). */
export const keep = (game) => run("readwrite", (s) => s.put(game, KEY));

// Finished games, kept until they are uploaded to an account (and a while after, marked so):
// the newest first, at most MAX_FINISHED of them.
const FINISHED = "finished";
const MAX_FINISHED = 50;

/** The finished games kept: [{key, choice, saved, at, uploaded}] (uploaded: the server's game id). */
export const finished = async () => (await run("readonly", (s) => s.get(FINISHED))) || [];

/** Keep a finished game (once: the same game ending again, after a reload, is not added twice). */
export async function keepFinished(choice, saved) {
  const key = `${saved.record.game}-${saved.record.seed}-${saved.record.actions.length}`;
  const list = await finished();
  if (list.some((g) => g.key === key)) return key;
  list.unshift({key, choice, saved, at: Date.now(), uploaded: null});
  await run("readwrite", (s) => s.put(list.slice(0, MAX_FINISHED), FINISHED));
  return key;
}

/** Mark a finished game uploaded, with its id on the server. */
export async function markUploaded(key, id) {
  const list = await finished();
  for (const g of list) if (g.key === key) g.uploaded = id;
  await run("readwrite", (s) => s.put(list, FINISHED));
}

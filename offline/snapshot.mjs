// The engine's memory snapshot kept in the browser (IndexedDB, a database of its own beside the
// saved games'): one at a time, under a key naming the Pyodide version and the pack's digest, so
// a new runtime or a new pack is never started from an older one's memory.

import { objectStore } from "./idb.mjs";

const run = objectStore("asztal-offline-engine", "snapshot");
const KEY = "current";

/** The key of a snapshot of this runtime with this pack: the version and the pack's SHA-256. */
export async function snapshotKey(version, pack) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", pack));
  return `${version}:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The snapshot kept, {key, bytes} (read while the pack is, before its key is known), or null. */
export async function loadSnapshot() {
  return (await run("readonly", (s) => s.get(KEY))) || null;
}

/** Keep `bytes` as the snapshot under `key`, in place of any other. */
export const keepSnapshot = (key, bytes) => run("readwrite", (s) => s.put({ key, bytes }, KEY));

/** Forget the snapshot kept (one that did not start). */
export const forgetSnapshot = () => run("readwrite", (s) => s.delete(KEY));

// One object store of an IndexedDB database, opened for each piece of work and closed after it:
// the saved games (store.mjs) and the engine's snapshot (snapshot.mjs) each keep their own.

/** `run(mode, work)` for the store `store` of the database `name`: `work` gets the object
 *  store and returns a request, whose result `run` resolves to once the transaction is done. */
export function objectStore(name, store) {
  function open() {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(store);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return async function run(mode, work) {
    const db = await open();
    try {
      return await new Promise((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const req = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  };
}

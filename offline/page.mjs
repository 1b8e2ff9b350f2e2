// The offline app's page: the solo games and the games against bots played with no network.
// The engine runs in a Web Worker (worker.mjs: asztal's Python under Pyodide) that speaks the
// server socket's messages, so the game page is the online one (../game.js), given a transport
// to the worker instead of a WebSocket. Every accepted decision is kept in IndexedDB
// (store.mjs) with the last position shown, and a reload shows that position at once, its
// moves held until the engine has resumed the game at the same decision (seconds on a phone).
// The service worker (sw.js) caches all of it on the first visit.

import {getLang, onLang, setLang, t} from "../i18n.js";
import {clear, el} from "../dom.js";
import {showGame} from "../game.js";
import {finished, keep, keepFinished, load} from "./store.mjs";
import {uploadBox} from "./upload.mjs";

const WORDS = {
  hu: {
    title: "Játék hálózat nélkül", intro: "Ezek a játékok a böngészőben futnak, hálózat nélkül is. "
      + "Minden döntés után elmentjük az állást ebben a böngészőben; újratöltés után ott folytatódik.",
    continue: "Az elmentett játék folytatása", loading: "A játék motorja töltődik…",
    failed: "A játék motorja nem indult el", cached: "Hálózat nélkül is elindul: minden fájl a böngészőben van.",
    caching: "A fájlok letöltése a hálózat nélküli játékhoz…", no_cache: "Ez a böngésző nem tudja eltenni a fájlokat: "
      + "hálózat nélkül nem indul el.", new_game: "Új játék", finished: "Befejezett játékok",
    back: "Vissza a választáshoz", preparing: "Felkészülés… a lépések néhány pillanat múlva választhatók.",
  },
  en: {
    title: "Play offline", intro: "These games run in the browser, with no network too. The position is "
      + "kept in this browser after every decision; a reload goes on from there.",
    continue: "Go on with the saved game", loading: "Loading the game engine…",
    failed: "The game engine did not start", cached: "Starts with no network too: every file is kept in the browser.",
    caching: "Fetching the files for playing offline…", no_cache: "This browser cannot keep the files: "
      + "it will not start with no network.", new_game: "New game", finished: "Finished games",
    back: "Back to the choices", preparing: "Getting ready… the moves can be chosen in a moment.",
  },
};
const w = (key) => WORDS[getLang()][key];

const HUMAN = {kind: "human", name: ""};
const BOT = {kind: "bot", bot: "normal"};  // its search fits the page's speed (session.NORMAL_ITERATIONS)
/** What can be started here: the solo games and a game against bots of each of the three. */
const CHOICES = [
  {id: "pocketciv-solo", game: "pocketciv", seats: [HUMAN], options: {},
    label: {hu: "Civilizációk Hajnala – egyedül", en: "PocketCiv – solo"}},
  {id: "pax-solitaire", game: "pax", seats: [HUMAN], options: {level: 1},
    label: {hu: "PAX – pasziánsz", en: "PAX – solitaire"}},
  {id: "pax-bot", game: "pax", seats: [HUMAN, BOT], options: {},
    label: {hu: "PAX – egy gép ellen", en: "PAX – against a bot"}},
  {id: "pocketciv-bot", game: "pocketciv", seats: [HUMAN, BOT], options: {},
    label: {hu: "Civilizációk Hajnala – egy gép ellen", en: "PocketCiv – against a bot"}},
  {id: "caboose-bots", game: "caboose", seats: [HUMAN, BOT, BOT],
    options: {}, label: {hu: "Cleopatra vasúti kocsija – két gép ellen", en: "Cleopatra's Caboose – against two bots"}},
];

const root = document.getElementById("app");
const langBtn = document.getElementById("lang");
const home = document.getElementById("home");
// for tests and offline/measure_page.py: the engine's and the cache's state, and when (ms since
// the page began) a game was first shown (`shown`) and first playable (`playable`)
const offline = {engine: "loading", cache: "caching"};
window.__asztalOffline = offline;
let listener = null;  // the game page's, once a game is shown

// the cache for the next start with no network (kept by the service worker)
const cacheLine = el("p", {id: "offline-cache", class: "muted"});
async function cacheFiles() {
  if (!("serviceWorker" in navigator)) { offline.cache = "none"; return; }
  try {
    const controlled = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    await navigator.serviceWorker.register("sw.js", {scope: "./"});
    await navigator.serviceWorker.ready;
    // on the first visit the worker waits for the service worker to take the page, so that the
    // runtime it loads comes from the cache just filled rather than from the network a second time
    if (!navigator.serviceWorker.controller) await controlled;
    offline.cache = "ready";
  } catch {
    // with no network the update check of an installed service worker fails: it still serves
    offline.cache = navigator.serviceWorker.controller ? "ready" : "none";
  }
}
const cached = cacheFiles();
// a page the service worker already serves has its worker made by index.html's first script
// (its messages so far kept there) or makes it at once (the files are cached); else once cached
const early = window.__asztalWorker;
const worker = early ? Promise.resolve(early.worker).then((made) => {
  for (const event of early.early) heard(event);
  made.onmessage = heard;
  return made;
}) : (navigator.serviceWorker && navigator.serviceWorker.controller ? Promise.resolve() : cached).then(() => {
  const made = new Worker(new URL("./worker.mjs", import.meta.url), {type: "module"});
  made.onmessage = heard;
  return made;
});
/** A message to the worker (kept in order while the worker is being made). */
const post = (message) => worker.then((made) => made.postMessage(message));

function heard(event) {
  const m = event.data;
  if (m.type === "loading") return;
  if (m.type === "timing") { offline.timing = m.timing; return; }  // where the start's time went
  if (m.type === "ready" || m.type === "failed") {
    offline.engine = m.type;
    if (m.type === "failed") root.prepend(el("p", {class: "error"}, `${w("failed")}: ${m.text}`));
  } else if (listener) {
    listener(m);
  }
}

function labels() {
  langBtn.textContent = t("lang_other");
  home.textContent = w("title");
  document.documentElement.lang = getLang();
}
langBtn.onclick = () => setLang(getLang() === "hu" ? "en" : "hu");
setLang(getLang());
labels();
onLang(labels);

function sayCache() { cacheLine.textContent = w({caching: "caching", ready: "cached", none: "no_cache"}[offline.cache]); }
cached.then(sayCache);

/** The game page's transport to the worker: the socket's send and language, the messages back.
 * `ended(game)` is told the finished game once it is kept among the finished ones. `shown`: the
 * position kept with the saved game ({hello, state}), shown before the engine has resumed it. */
function toWorker(start, choice, ended, shown) {
  let writes = Promise.resolve();
  let over = false;
  let playable = false;
  // the position the page shows, to keep with the game: the hello and the last state, its log whole
  const last = {hello: null, state: null, log: []};
  return (seat, token, onMessage, onStatus) => {
    const held = shown ? holdMoves() : () => {};
    listener = (m) => {
      if (!playable && m.type !== "saved") {
        playable = true;
        held(m.type !== "error");
        if (m.type !== "error") offline.playable = performance.now();
        offline.shown ??= performance.now();
      }
      if (m.type === "hello") last.hello = m;
      if (m.type === "state") {
        last.log.length = Math.min(last.log.length, m.log_start);
        for (const e of m.log) last.log[e.i] = e;
        last.state = m;
      }
      if (m.type === "saved") {
        const kept = {choice, saved: m.saved, over, shown: last.hello && last.state
          ? {hello: last.hello, state: {...last.state, log: last.log.filter(Boolean), log_start: 0}} : null};
        // for tests: the seq of the last position written (a reload after it resumes there)
        writes = writes.then(() => keep(kept)).then(() => { window.__asztalKept = kept.saved.seq; });
        if (over) {
          writes = writes.then(() => keepFinished(choice, m.saved))
            .then(async (key) => ended((await finished()).find((g) => g.key === key)));
        }
      } else {
        if (m.type === "state") over = m.is_over;
        onMessage(m);
      }
    };
    post({type: "start", ...start, lang: getLang()});
    setTimeout(() => onStatus("open"), 0);  // the worker is the connection: it is always there
    if (shown) {
      // once the game page is made: the kept position, as the engine will show it again
      queueMicrotask(() => {
        onMessage(shown.hello);
        onMessage(shown.state);
        offline.shown = performance.now();
      });
    }
    return {
      send(msg) { post(msg); return true; },
      setLang(lang) { post({type: "lang", lang}); },
      reopen() {},
    };
  };
}

/** The game page's moves held (inert) under a line saying the engine is getting ready; the
 * answer lets them go (`true`), or leaves them held with the line gone (`false`: the engine
 * refused the saved game, and the game page says why). */
function holdMoves() {
  const main = root.querySelector(".game-main");
  const line = el("p", {id: "offline-preparing", role: "status"}, w("preparing"));
  const say = () => { line.textContent = w("preparing"); };
  root.querySelector(".bar").after(line);
  main.inert = true;
  onLang(say);
  return (go) => {
    line.remove();
    main.inert = !go;
  };
}

/** The end screen's buttons: the upload to an account (once the game is kept) and the choices. */
function endButtons(kept) {
  return () => {
    const place = el("div", {id: "offline-end-upload"});
    kept.then((game) => place.append(uploadBox(game)));
    return [el("a", {href: "./?menu", class: "button", id: "offline-back"}, w("back")), place];
  };
}

function play(start, choice, shown = null) {
  if (location.search) history.replaceState(null, "", "./");  // a reload goes on with this game
  let ended;
  const kept = new Promise((resolve) => { ended = resolve; });
  showGame(root, "offline", {local: {seats: {0: ""}}, connect: toWorker(start, choice, ended, shown),
    endActions: endButtons(kept)});
}

function newGame(choice) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
  play({game: choice.game, seats: choice.seats, seat: 0, seed, options: choice.options}, choice.id);
}

function menu(kept) {
  clear(root);
  const list = el("div", {class: "offline-choices"});
  if (kept && !kept.over) {
    const go = el("button", {type: "button", id: "offline-continue", class: "primary"}, w("continue"));
    go.onclick = () => play({saved: kept.saved}, kept.choice, kept.shown);
    list.append(go);
  }
  for (const c of CHOICES) {
    const b = el("button", {type: "button", "data-choice": c.id}, c.label[getLang()]);
    b.onclick = () => newGame(c);
    list.append(b);
  }
  sayCache();
  const done = el("div", {id: "offline-finished"});
  root.append(el("section", {class: "offline-menu"}, [el("h1", {}, w("title")), el("p", {}, w("intro")),
    cacheLine, el("h2", {}, w("new_game")), list, done]));
  showFinished(done);
}

/** The finished games kept in this browser, each with its upload to an account. */
async function showFinished(box) {
  const games = await finished().catch(() => []);
  if (!games.length) return;
  box.append(el("h2", {}, w("finished")));
  const when = new Intl.DateTimeFormat(getLang() === "en" ? "en-GB" : "hu-HU",
    {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
  for (const g of games) {
    const choice = CHOICES.find((c) => c.id === g.choice);
    const label = `${choice ? choice.label[getLang()] : g.saved.record.game} · ${when.format(new Date(g.at))}`;
    box.append(el("div", {class: "row offline-finished-game", "data-key": g.key}, [el("span", {}, label),
      uploadBox(g)]));
  }
}

// a game in progress goes on at once (a reload resumes it); otherwise the choices
const kept = await load().catch(() => undefined);
const q = new URLSearchParams(location.search);
if (kept && !kept.over && !q.has("menu")) {
  play({saved: kept.saved}, kept.choice, kept.shown);
} else {
  menu(kept);
  onLang(() => { if (root.querySelector(".offline-menu")) menu(kept); });
}

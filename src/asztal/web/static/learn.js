// The guided first games ("Tanuld meg"): /api/learn/{game} and /api/learn/{game}/step.
// The server keeps no state: the page remembers how many steps are done and sends it back.
// The board opens fitted to the width; on a phone a zoom button draws it with 12 px text and
// the page (not a box) scrolls to it; every move is also a button beside it.

import {fitBoard} from "./dom.js";
const T = {
  hu: {title: "Tanuld meg", choose: "Válassz játékot! A lecke lépésről lépésre végigvezet egy első játszmán.",
       next: "Tovább", rule: "A szabály", moves: "A lépéseid", news: "Ez történt", done: "A lecke véget ért.",
       again: "Újra", other: "English", home: "Előtér", score: "Pontozás", zoom: "Nagyítás", fit: "Egész tábla",
       board: "A tábla"},
  en: {title: "Learn to play", choose: "Choose a game! The lesson walks you through a first game, step by step.",
       next: "Go on", rule: "The rule", moves: "Your moves", news: "What happened", done: "The lesson is over.",
       again: "Again", other: "Magyar", home: "Lobby", score: "Scoring", zoom: "Zoom in", fit: "Whole board",
       board: "The board"},
};
let lang = new URLSearchParams(location.search).get("lang") === "en" ? "en" : "hu";
const main = document.getElementById("learn");

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

async function api(path, body) {
  const r = await fetch(path, body ? {method: "POST", headers: {"content-type": "application/json"},
                                      body: JSON.stringify(body)} : {});
  if (!r.ok) throw new Error((await r.json()).detail?.[lang] || r.statusText);
  return r.json();
}

async function list() {
  document.title = `${T[lang].title} — asztal`;
  const lessons = await api(`/api/learn?lang=${lang}`);
  main.replaceChildren(el("h1", {}, T[lang].title), el("p", {}, T[lang].choose),
    el("div", {class: "learn-list"}, lessons.map((l) => {
      const b = el("button", {type: "button", class: "primary", "data-game": l.game}, l.title);
      b.onclick = () => start(l.game);
      return b;
    })));
}

async function start(game) {
  history.replaceState(null, "", `?game=${game}&lang=${lang}`);
  show(game, await api(`/api/learn/${game}?lang=${lang}`), "");
}

async function answer(game, view, code) {
  const res = await api(`/api/learn/${game}/step`, {done: view.step, code, lang});
  show(game, res.view, res.ok ? "" : res.message);
}

function show(game, v, why) {
  document.getElementById("menu")?.remove();
  const tutor = el("div", {class: "tutor", id: "tutor", "data-step": String(v.step)},
    el("div", {class: "count"}, `${v.title} · ${Math.min(v.step + 1, v.total)}/${v.total}`),
    el("p", {id: "tutor-text"}, v.text));
  if (v.summary.length) tutor.append(el("h3", {}, T[lang].score), el("ul", {id: "summary"}, v.summary.map((s) => el("li", {}, s))));
  if (v.done) tutor.append(el("p", {id: "learn-done"}, el("b", {}, T[lang].done)));
  if (why) tutor.append(el("p", {class: "learn-why", id: "learn-why"}, why));
  const side = el("div", {class: "side"});
  if (v.news.length) side.append(el("b", {}, T[lang].news), el("ul", {class: "learn-news", id: "news"}, v.news.map((n) => el("li", {}, n))));
  if (v.actions.length) {
    side.append(el("b", {}, T[lang].moves));
    const box = el("div", {class: "buttons learn-moves", id: "moves"});
    for (const a of v.actions) {
      const b = el("button", {type: "button", class: "act-btn", "data-code": a.code, "data-expect": a.code === v.expect ? "1" : "0"}, a.label);
      b.onclick = () => answer(game, v, a.code);
      box.append(b);
    }
    side.append(box);
  } else if (!v.done) {
    const b = el("button", {type: "button", class: "primary", id: "learn-next"}, T[lang].next);
    b.onclick = () => answer(game, v, null);
    side.append(b);
  } else {
    const b = el("button", {type: "button", id: "learn-again"}, T[lang].again);
    b.onclick = () => list();
    side.append(b);
  }
  if (v.passage) side.append(el("details", {class: "learn-rule", id: "learn-rule"}, el("summary", {}, `${T[lang].rule}: ${v.passage.title}`), v.passage.text));
  const board = el("div", {class: "board-box learn-board", id: "learn-board"});
  board.innerHTML = v.board;
  // a shape with one move plays it; a shape with several (an area to move from, an area with
  // a farm and a city to make) opens a menu of them, as on the game page
  board.querySelectorAll("[data-code], [data-codes]").forEach((e) => {
    const codes = (e.getAttribute("data-code") || e.getAttribute("data-codes")).split(" ");
    if (codes.includes(v.expect)) {
      e.setAttribute("data-expect", "1");
      // an area's outline drawn last, so that the areas beside it do not cover its edge
      if (e.classList.contains("area")) e.parentNode.append(e);
    }
    e.addEventListener("click", (ev) => codes.length === 1 ? answer(game, v, codes[0]) : menu(game, v, codes, ev));
  });
  const svg = board.querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", T[lang].board);
  }
  const zoom = el("button", {type: "button", id: "learn-zoom", class: "zoom"}, T[lang].zoom);
  const applyZoom = () => {
    zoom.hidden = !fitBoard(board, zoomed).canZoom;
    zoom.textContent = zoomed ? T[lang].fit : T[lang].zoom;
  };
  zoom.onclick = () => { zoomed = !zoomed; applyZoom(); };
  main.replaceChildren(tutor, el("div", {class: "learn-main"}, el("div", {class: "learn-board-wrap"}, zoom, board), side));
  applyZoom();
}

function menu(game, v, codes, ev) {
  document.getElementById("menu")?.remove();
  const labels = Object.fromEntries(v.actions.map((a) => [a.code, a.label]));
  const box = el("div", {id: "menu", class: "menu"});
  for (const c of codes.filter((c) => labels[c])) {
    const b = el("button", {type: "button", class: "act-btn", "data-code": c, "data-expect": c === v.expect ? "1" : "0"}, labels[c]);
    b.onclick = () => { box.remove(); answer(game, v, c); };
    box.append(b);
  }
  box.style.left = `${Math.min(ev.clientX, window.innerWidth - 260)}px`;
  box.style.top = `${Math.min(ev.clientY, window.innerHeight - 40 * codes.length - 20)}px`;
  document.body.append(box);
}

/** Whether the lesson's board is drawn at its readable size (kept from step to step). */
let zoomed = false;
window.addEventListener("resize", () => {
  const board = document.getElementById("learn-board"), zoom = document.getElementById("learn-zoom");
  if (board && zoom) zoom.hidden = !fitBoard(board, zoomed).canZoom;
});

document.getElementById("learn-lang").onclick = () => {
  lang = lang === "hu" ? "en" : "hu";
  location.search = `?lang=${lang}`;
};
document.getElementById("learn-lang").textContent = T[lang].other;
document.getElementById("home").textContent = T[lang].home;
document.documentElement.lang = lang;
const g = new URLSearchParams(location.search).get("game");
(g ? start(g) : list()).catch((e) => main.replaceChildren(el("p", {class: "error"}, e.message)));

// Drawing a PocketCiv map (the book asks the player to draw one): paint hex cells as the 8
// areas, the Frontier and the Sea, mark each area's mountain/forest/desert; every change is
// checked by the server against the map rules, and a valid map is saved as a map file.

import {api} from "./net.js";
import {t, tx, onLang} from "./i18n.js";
import {el, clear} from "./dom.js";
import {createGame} from "./lobby.js";

let langHooked = false;  // the language switch redraws the editor: one listener, registered once
// the drawing outlives a redraw (the language switch): painted cells and each area's terrain
const cells = new Map();  // "q,r" -> 1..8 | "frontier" | "sea"
const terrain = {};
for (let n = 1; n <= 8; n++) terrain[n] = {mountain: false, forest: false, desert: false};

let canvas = null;  // the cells to paint and their corners, from the server (the game's hex geometry)
const COLOURS = ["#e57373", "#81c784", "#64b5f6", "#ffd54f", "#ba68c8", "#4db6ac", "#ff8a65", "#a1887f"];
const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export function showMapEditor(root) {
  clear(root);
  let brush = 1;
  let painting = false;
  let lastMap = null;

  const result = el("p", {id: "map-result", class: "status"});
  const save = el("button", {type: "button", id: "map-save", disabled: true}, t("save_map"));
  const play = el("button", {type: "button", id: "map-play", class: "primary", disabled: true}, t("map_play"));
  const playError = el("p", {class: "error", id: "map-play-error"});
  const brushes = el("div", {class: "brushes"});
  const table = el("table", {class: "terrain", id: "map-terrain"});
  const svg = svgEl("svg", {class: "map-grid", id: "map-grid"});
  root.append(el("div", {class: "map-editor"}, [
    el("h2", {}, t("map_editor")), el("p", {class: "muted"}, t("map_help")),
    el("div", {class: "game-main"}, [el("div", {class: "board-box"}, [svg]),
      el("aside", {class: "side"}, [el("h3", {}, t("brush")), brushes, table, result, play, save, playError,
        el("p", {class: "muted small"}, t("map_use"))])]),
  ]));

  const choices = [...Array.from({length: 8}, (_, i) => i + 1), "frontier", "sea", "erase"];
  for (const c of choices) {
    const label = typeof c === "number" ? t("area_n", {n: c}) : t(c);
    const b = el("button", {type: "button", class: "brush", "data-brush": c}, label);
    b.style.background = typeof c === "number" ? COLOURS[c - 1] : c === "sea" ? "#8fc1e3" : c === "frontier" ? "#e4c98f" : "#eee";
    b.onclick = () => {
      brush = c;
      for (const x of brushes.children) x.classList.toggle("on", x === b);
    };
    brushes.append(b);
  }
  brushes.firstChild.classList.add("on");

  const header = el("tr", {}, [el("th", {}, ""), ...["mountain", "forest", "desert"].map((k) => el("th", {}, t(k)))]);
  table.append(header);
  for (let n = 1; n <= 8; n++) {
    const row = el("tr", {}, [el("td", {}, t("area_n", {n}))]);
    for (const k of ["mountain", "forest", "desert"]) {
      const box = el("input", {type: "checkbox", "data-area": n, "data-kind": k, checked: terrain[n][k]});
      box.onchange = () => { terrain[n][k] = box.checked; check(); };
      row.append(el("td", {}, box));
    }
    table.append(row);
  }

  const hexes = {};
  // the server's canvas: cell centres and corner offsets in whole units, x scaled by x_scale
  function drawCanvas({cells: grid, centres, corners, x_scale: xs}) {
    const sx = 10 * xs, sy = 10;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    grid.forEach(([q, r], i) => {
      const cx = centres[i][0] * sx, cy = centres[i][1] * sy;
      const pts = corners.map(([x, y]) => [cx + x * sx, cy + y * sy]);
      for (const [x, y] of pts) {
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
      }
      const poly = svgEl("polygon", {points: pts.map(([x, y]) => `${x},${y}`).join(" "), fill: "#fafafa",
        stroke: "#999", "data-cell": `${q},${r}`});
      const label = svgEl("text", {x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "pointer-events": "none"});
      svg.append(poly, label);
      hexes[`${q},${r}`] = {poly, label};
    });
    svg.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
  }
  const paint = (target) => {
    const key = target && target.dataset && target.dataset.cell;
    if (!key) return;
    if (brush === "erase") cells.delete(key); else cells.set(key, brush);
    redraw(key);
  };
  svg.addEventListener("pointerdown", (ev) => { painting = true; paint(ev.target); });
  svg.addEventListener("pointerover", (ev) => { if (painting) paint(ev.target); });
  window.addEventListener("pointerup", () => { if (painting) { painting = false; check(); } });

  function redraw(key) {
    const v = cells.get(key);
    const {poly, label} = hexes[key];
    poly.setAttribute("fill", v === undefined ? "#fafafa" : typeof v === "number" ? COLOURS[v - 1]
      : v === "sea" ? "#8fc1e3" : "#e4c98f");
    label.textContent = typeof v === "number" ? String(v) : "";
  }

  function mapJson() {
    const areas = [];
    for (let n = 1; n <= 8; n++) {
      const own = [...cells].filter(([, v]) => v === n).map(([k]) => k.split(",").map(Number));
      areas.push({number: n, cells: own, neighbours: [], frontier: false, sea: false, ...terrain[n]});
    }
    const of = (kind) => [...cells].filter(([, v]) => v === kind).map(([k]) => k.split(",").map(Number));
    return {areas, frontier: {cells: of("frontier")}, sea: {cells: of("sea")}};
  }

  // Checks overlap (a terrain tick, then the end of a stroke): only the latest one's answer counts,
  // and until it comes the result says nothing, so a late answer for an older map never wins.
  let checking = 0;
  async function check() {
    const mine = ++checking;
    delete result.dataset.ok;
    const res = await api("/api/pocketciv/map", {map: mapJson()});
    if (mine !== checking) return;
    lastMap = res.ok ? res.map : null;
    result.textContent = res.ok ? t("map_ok") : t("map_bad", {e: res.error});
    result.dataset.ok = res.ok ? "1" : "0";
    save.disabled = !res.ok;
    play.disabled = !res.ok;
  }
  // one click: a solo game on this map (sent as data; the server checks it with the game's rules)
  play.onclick = async () => {
    if (!lastMap) return;
    play.disabled = true;
    playError.textContent = "";
    try {
      const body = {game: "pocketciv", players: 1, options: {}, seats: [{kind: "human", name: ""}], seat: 0,
        turn_timer: null, private: true, map: lastMap};
      const id = await createGame(body, ["here"]);
      location.href = `?game=${id}`;
    } catch (e) {
      playError.textContent = `${t("error")}: ${e.text ? tx(e.text) : e.message}`;
      play.disabled = false;
    }
  };
  save.onclick = () => {
    if (!lastMap) return;
    const blob = new Blob([JSON.stringify(lastMap, null, 1)], {type: "application/json"});
    const a = el("a", {href: URL.createObjectURL(blob), download: "pocketciv-map.json"});
    document.body.append(a);
    a.click();
    a.remove();
  };
  if (!langHooked) {
    langHooked = true;
    onLang(() => showMapEditor(root));
  }
  (canvas ? Promise.resolve(canvas) : api("/api/pocketciv/canvas")).then((c) => {
    canvas = c;
    drawCanvas(c);
    for (const key of cells.keys()) if (hexes[key]) redraw(key);
    check();
  }, (e) => {
    result.textContent = `${t("error")}: ${e.text ? tx(e.text) : e.message}`;
  });
}

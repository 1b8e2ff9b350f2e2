// A player's profile (?player=NAME: ratings per game and player count, win rates, the rating
// after each rated game as a small chart, the last games) and a game's leaderboard (?ratings=GAME).

import {api} from "./net.js";
import {getLang, num} from "./i18n.js";
import {el, clear} from "./dom.js";

const TEXTS = {
  profile: ["{name} profilja", "{name}'s profile"],
  since: ["Játékos {date} óta", "Playing since {date}"],
  ratings: ["Értékszámok", "Ratings"],
  none: ["Még nincs értékelt játéka.", "No rated games yet."],
  game: ["Játék", "Game"],
  players: ["Játékosok", "Players"],
  rating: ["Értékszám", "Rating"],
  games: ["Játszmák", "Games"],
  win_rate: ["Győzelmek", "Wins"],
  history: ["Az értékszám játszmáról játszmára", "The rating game by game"],
  last: ["Utolsó értékelt játszmák", "Last rated games"],
  place: ["{n}. hely", "place {n}"],
  won: ["győzött", "won"],
  leaderboard: ["Ranglista: {title}", "Leaderboard: {title}"],
  player: ["Játékos", "Player"],
  empty_board: ["Még senki sem játszott értékelt játszmát.", "Nobody has played a rated game yet."],
  note: ["Az értékszám a becsült erőd, levonva belőle a becslés bizonytalanságának háromszorosát: 0-ról indul, "
    + "és nő, ahogy egyre biztosabb.", "The rating is your estimated strength less three times the estimate's "
    + "uncertainty: it starts at 0 and grows as it grows surer."],
  all_counts: ["minden létszám", "every player count"],
};

function t(key, fields = {}) {
  let s = TEXTS[key][getLang() === "en" ? 1 : 0];
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

async function titles() {
  const meta = await api("/api/meta");
  return Object.fromEntries(meta.games.map((g) => [g.name, g.title[getLang()] || g.title.en]));
}

const pct = (x) => `${Math.round(x * 100)}%`;
const svgEl = (tag, attrs) => {
  const n = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
};

/** The rating after each rated game, one line per game and player count. */
function chart(history, names) {
  const w = 340, h = 140, pad = 32;
  const svg = svgEl("svg", {viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", id: "rating-chart",
    "aria-label": t("history")});
  if (!history.length) return svg;
  const ys = history.map((p) => p.rating);
  const lo = Math.min(0, ...ys), hi = Math.max(1, ...ys);
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, history.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo);
  svg.append(svgEl("line", {x1: pad, y1: y(0), x2: w - pad, y2: y(0), stroke: "#bbb", "stroke-dasharray": "3 3"}));
  const colours = ["#8b1e1e", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00"];
  const series = [...new Set(history.map((p) => `${p.game}/${p.players}`))];
  series.forEach((key, k) => {
    const pts = history.map((p, i) => [p, i]).filter(([p]) => `${p.game}/${p.players}` === key);
    svg.append(svgEl("polyline", {points: pts.map(([p, i]) => `${x(i)},${y(p.rating)}`).join(" "), fill: "none",
      stroke: colours[k % colours.length], "stroke-width": 2}));
    for (const [p, i] of pts) svg.append(svgEl("circle", {cx: x(i), cy: y(p.rating), r: 3, fill: colours[k % colours.length]}));
    const label = svgEl("text", {x: pad, y: 13 + 14 * k, fill: colours[k % colours.length], "font-size": 12});
    const [g, n] = key.split("/");
    label.textContent = `${names[g] || g} (${n})`;
    svg.append(label);
  });
  for (const v of [lo, hi]) {
    const tick = svgEl("text", {x: 2, y: y(v) + 3, "font-size": 12, fill: "#555"});
    tick.textContent = num(v);
    svg.append(tick);
  }
  return svg;
}

export async function showProfile(root, name) {
  const [p, names] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), titles()]);
  clear(root);
  const box = el("section", {class: "panel profile", id: "profile"});
  const since = new Date(p.since).toLocaleDateString(getLang() === "en" ? "en-GB" : "hu-HU");
  box.append(el("h1", {}, t("profile", {name: p.username})), el("p", {class: "muted"}, t("since", {date: since})),
    el("h2", {}, t("ratings")));
  if (!p.ratings.length) box.append(el("p", {class: "muted"}, t("none")));
  else {
    box.append(el("div", {class: "table-wrap"}, el("table", {class: "ratings", id: "profile-ratings"}, [
      el("tr", {}, [t("game"), t("players"), t("rating"), t("games"), t("win_rate")].map((c) => el("th", {}, c))),
      ...p.ratings.map((r) => el("tr", {"data-game": r.game}, [
        el("td", {}, el("a", {href: `?ratings=${encodeURIComponent(r.game)}`}, names[r.game] || r.game)),
        el("td", {}, String(r.players)), el("td", {}, num(r.rating)), el("td", {}, String(r.games)),
        el("td", {}, pct(r.win_rate))])),
    ])));
    box.append(el("h2", {}, t("history")), chart(p.history, names), el("p", {class: "muted small"}, t("note")));
    box.append(el("h2", {}, t("last")), el("ol", {class: "last-games"}, p.history.slice(-20).reverse().map((g) =>
      el("li", {}, `${names[g.game] || g.game} (${g.players}): ${t("place", {n: g.rank})}${g.won ? `, ${t("won")}` : ""}`
        + ` · ${num(g.rating)}`))));
  }
  root.append(box);
}

export async function showLeaderboard(root, game) {
  const [board, names] = await Promise.all([api(`/api/ratings/${encodeURIComponent(game)}`), titles()]);
  clear(root);
  const box = el("section", {class: "panel leaderboard", id: "leaderboard"},
    [el("h1", {}, t("leaderboard", {title: names[game] || game}))]);
  if (!board.length) box.append(el("p", {class: "muted"}, t("empty_board")));
  else {
    box.append(el("div", {class: "table-wrap"}, el("table", {class: "ratings", id: "leaderboard-table"}, [
      el("tr", {}, ["#", t("player"), t("players"), t("rating"), t("games"), t("win_rate")].map((c) => el("th", {}, c))),
      // a bot strength is a player of its own, named in the reader's language, with no profile
      ...board.map((r, i) => el("tr", {"data-player": r.bot ? `bot:${r.bot}` : r.username}, [
        el("td", {}, String(i + 1)),
        el("td", {}, r.bot ? el("span", {class: "bot-name"}, r.bot_name[getLang()] || r.bot_name.en)
          : el("a", {href: `?player=${encodeURIComponent(r.username)}`}, r.username)),
        el("td", {}, String(r.players)), el("td", {}, num(r.rating)), el("td", {}, String(r.games)),
        el("td", {}, pct(r.win_rate))])),
    ])), el("p", {class: "muted small"}, t("note")));
  }
  root.append(box);
}

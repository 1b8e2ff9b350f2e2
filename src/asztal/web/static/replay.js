// Replays: step forward and back through a finished game's record (every hand shown as it was
// played, or through one seat's eyes), or through a running game as this browser's seat saw it;
// a shareable link to the step; a record file can be loaded too.

import {api, myGames} from "./net.js";
import {onLang, getLang, seatLabel, t, tx} from "./i18n.js";
import {el, clear, svgNode, fitBoard} from "./dom.js";

export async function showReplay(root, gameId, startStep = 0) {
  clear(root);
  const status = el("div", {id: "status", class: "status"}, t("replay_title"));
  const boardBox = el("div", {id: "board", class: "board-box"});
  const logBox = el("ol", {id: "log", class: "log"});
  const counter = el("span", {id: "step"});
  const slider = el("input", {type: "range", min: 0, max: 0, value: 0, id: "step-slider",
    "aria-label": t("replay_step")});
  const seatSel = el("select", {id: "seen-by"});
  const link = el("input", {readonly: true, id: "share", class: "invite-url"});
  const buttons = ["first", "prev", "next", "last"].map((k) => el("button", {type: "button", id: `r-${k}`}, t(k)));
  const file = el("input", {type: "file", accept: ".json,application/json", id: "record-file"});
  root.append(el("div", {class: "game-page"}, [
    el("div", {class: "bar"}, [status]),
    el("div", {class: "replay-bar"}, [...buttons, slider, counter, el("label", {}, [t("seen_by"), seatSel])]),
    el("div", {class: "game-main"}, [boardBox, el("aside", {class: "side"}, [
      el("h3", {}, t("log")), logBox,
      el("label", {}, [t("share"), link]),
      el("label", {}, [t("load_record"), file]),
    ])]),
  ]));

  // the record is never parsed here (its 64-bit seed does not fit a JavaScript number): the
  // server replays it from the game id, or from a record file's text
  let source = null;
  let total = 0;
  let step = startStep;
  let title = null;
  let own = null;  // a running game: {seat: token} of this browser's seats, seen only by them
  let asked = 0;  // frames arrive out of order when steps are clicked quickly: only the last asked is shown
  async function load(src, players, seats) {
    source = src;
    clear(seatSel);
    if (!own) seatSel.append(el("option", {value: ""}, t("seat_to_move")));
    for (let s = 0; s < players; s++) {
      if (own && !(s in own)) continue;
      const info = seats && seats[s] ? seats[s] : {name: "", kind: "human"};
      seatSel.append(el("option", {value: s}, seatLabel(info.name, s, info.kind)));
    }
    await go(step);
  }
  async function go(n) {
    if (!source) return;
    step = Math.max(0, total ? Math.min(n, total) : n);
    const seat = seatSel.value === "" ? null : Number(seatSel.value);
    const token = own && seat !== null ? {token: own[seat]} : {};
    const ask = ++asked;
    const frame = await api("/api/replay/frame", {...source, ...token, step, lang: getLang(), seat});
    if (ask !== asked) return;
    total = frame.total;
    slider.max = String(total);
    clear(boardBox).append(svgNode(frame.board, t("board_label")));
    fitBoard(boardBox, false);
    slider.value = String(frame.step);
    counter.textContent = t("step", {i: frame.step, n: frame.total});
    clear(logBox);
    const lastFrom = frame.last_from ?? frame.log.length;
    for (const e of frame.log) {
      logBox.append(el("li", {class: e.i >= lastFrom ? "last" : null, value: e.i + 1}, e[getLang()]));
    }
    logBox.scrollTop = logBox.scrollHeight;
    status.textContent = `${t("replay_title")}${title ? ": " + tx(title) : ""}`;
    if (source.game_id) {
      const url = new URL(location.href);
      url.search = `?replay=${encodeURIComponent(gameId)}&step=${frame.step}`;
      link.value = url.href;
      history.replaceState(null, "", url.search);
    }
  }
  buttons[0].onclick = () => go(0);
  buttons[1].onclick = () => go(step - 1);
  buttons[2].onclick = () => go(step + 1);
  buttons[3].onclick = () => go(total);
  slider.oninput = () => go(Number(slider.value));
  seatSel.onchange = () => go(step);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
    if (ev.key === "ArrowRight") go(step + 1);
    if (ev.key === "ArrowLeft") go(step - 1);
  });
  file.onchange = async () => {
    const text = await file.files[0].text();
    const data = JSON.parse(text);
    own = null;
    await load({record_text: text}, (data.record || data).players);
  };
  onLang(() => go(step));
  if (gameId) {
    try {
      // a private game is seen only with one of its secrets: the watch link's, or a seat's
      const mine = myGames()[gameId] || {};
      const key = new URLSearchParams(location.search).get("key") || mine.watch ||
        Object.values(mine.seats || {})[0] || null;
      const info = await api(`/api/games/${encodeURIComponent(gameId)}${key ? `?key=${encodeURIComponent(key)}` : ""}`);
      title = info.title;
      if (info.status !== "finished") own = mine.seats || {};
      await load({game_id: gameId, ...(key && info.status === "finished" ? {token: key} : {})}, info.players,
        info.seats);
    } catch (e) {
      status.textContent = `${t("error")}: ${e.text ? tx(e.text) : e.message}`;
    }
  }
}

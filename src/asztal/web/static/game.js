// The game page: one socket per seat this browser holds (several for hot-seat), the board as
// the server drew it for the seat shown, actions by clicking the board (or the buttons for
// actions with no place on it), refusals with their reason and rule, undo, hint, log, timer,
// the pass-the-device screen between hot-seat players, and the end screen with a rematch.

import {GameSocket, myGames, remember} from "./net.js";
import {getLang, onLang, t, tx} from "./i18n.js";
import {el, clear, svgNode} from "./dom.js";
import {openRules} from "./rules.js";
import {createGame} from "./lobby.js";

export function showGame(root, gameId, {spectator = false} = {}) {
  const local = myGames()[gameId];
  const tokens = spectator || !local ? {} : local.seats;
  const localSeats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const st = {hello: null, bySeat: {}, logs: {}, shown: localSeats.length ? localSeats[0] : null, pass: null,
    pending: null, endClosed: false};
  window.__asztalLatency = window.__asztalLatency || [];

  const status = el("div", {id: "status", class: "status"}, t("connecting"));
  const conn = el("div", {id: "conn", class: "conn"});
  const boardBox = el("div", {id: "board", class: "board-box"});
  const buttons = el("div", {id: "buttons", class: "buttons"});
  const logBox = el("ol", {id: "log", class: "log"});
  const undoBtn = el("button", {type: "button", id: "undo"}, t("undo"));
  const hintBtn = el("button", {type: "button", id: "hint"}, t("hint"));
  const rulesBtn = el("button", {type: "button", id: "rules"}, t("rules"));
  const toast = el("div", {id: "toast", class: "toast", hidden: true});
  const side = el("aside", {class: "side"}, [
    el("div", {class: "tools"}, [undoBtn, hintBtn, rulesBtn]),
    el("h3", {id: "actions-title"}, t("actions")), buttons,
    el("h3", {id: "log-title"}, t("log")), logBox,
  ]);
  clear(root);
  root.append(el("div", {class: "game-page"}, [el("div", {class: "bar"}, [status, conn]),
    el("div", {class: "game-main"}, [boardBox, side]), toast]));

  const sockets = {};
  const onStatus = (seat) => (s, code) => {
    if (s === "queued" || s === "dropped") {  // a click made while the connection was down
      if (s === "dropped") { st.pending = null; showToast(t("click_dropped")); }
      else conn.textContent = t("click_queued");
      return;
    }
    conn.textContent = s === "open" ? "" : s === "reconnecting" ? t("reconnecting")
      : code === 4409 ? t("other_window") : t("error");
    conn.dataset.state = s;
    if (code === 4409) {  // this seat was opened in another window: offer to take it back
      status.textContent = t("other_window");
      status.dataset.mine = "0";
      const back = el("button", {type: "button", id: "take-back", class: "small"}, t("take_back"));
      back.onclick = () => { conn.textContent = t("connecting"); sockets[key(seat)].reopen(); };
      conn.append(" ", back);
    }
  };
  if (localSeats.length) {
    for (const s of localSeats) {
      sockets[s] = new GameSocket(gameId, tokens[s], getLang(), (m) => onMessage(s, m), onStatus(s));
    }
  } else {
    sockets.spectator = new GameSocket(gameId, null, getLang(), (m) => onMessage(null, m), onStatus(null));
  }
  const key = (seat) => (seat === null ? "spectator" : seat);

  function seatName(seat) {
    const info = st.hello && st.hello.seats.find((s) => s.seat === seat);
    return (info && info.name) || t("seat_n", {n: seat + 1});
  }

  function onMessage(seat, msg) {
    const k = key(seat);
    if (msg.type === "hello") {
      st.hello = msg;
      if (local) remember(gameId, {title: msg.title});
      document.title = `${tx(msg.title)} · asztal`;
    } else if (msg.type === "state") {
      const log = st.logs[k] || [];
      log.length = Math.min(log.length, msg.log_start);
      for (const e of msg.log) log[e.i] = e;
      st.logs[k] = log;
      st.bySeat[k] = msg;
      if (st.pending && st.pending.seat === k && msg.seq > st.pending.seq) {
        st.pendingDone = st.pending;
        st.pending = null;
      }
      decideShown(msg);
      render();
    } else if (msg.type === "stood_in") {
      showToast(`${tx(msg)} ${msg.moves.map(tx).join("; ")}`);
    } else if (msg.type === "error") {
      if (msg.code === "replaced") return;  // the connection line says it, with a button
      if (msg.code === "stale" || msg.code === "busy") return;
      st.pending = null;
      showToast(tx(msg), msg.code === "illegal" ? st.lastCode : null);
    } else if (msg.type === "why") {
      showToast(msg.legal ? tx(msg) : `${t("refused")}: ${tx(msg)}`, msg.code, tx(msg));
    } else if (msg.type === "hint") {
      for (const e of boardBox.querySelectorAll(".hinted")) e.classList.remove("hinted");
      const target = boardBox.querySelector(`[data-code="${CSS.escape(msg.code)}"]`)
        || [...boardBox.querySelectorAll("[data-codes]")].find((e) => e.dataset.codes.split(" ").includes(msg.code))
        || buttons.querySelector(`[data-code="${CSS.escape(msg.code)}"]`);
      if (target) target.classList.add("hinted");
      showToast(t("hint_is", {what: tx(msg)}));
    } else if (msg.type === "seat" && st.hello) {
      const s = st.hello.seats.find((x) => x.seat === msg.seat);
      if (s) { s.name = msg.name; s.connected = msg.event !== "disconnected"; }
      if (msg.event === "stand_in" || msg.event === "returned") showToast(tx(msg));
    }
  }

  /** Hot-seat: when the move passes to another seat of this device, hide the board first. */
  function decideShown(msg) {
    const next = msg.to_move;
    if (localSeats.length < 2 || next === null || next === undefined || !localSeats.includes(next)) return;
    st.pass = next === st.shown ? null : next;
  }

  function current() {
    return st.bySeat[key(st.shown)] || Object.values(st.bySeat)[0];
  }

  function render() {
    const msg = current();
    if (!msg) return;
    if (st.pass !== null) return renderPass();
    const pass = document.getElementById("pass-screen");
    if (pass) pass.remove();
    const mine = st.shown !== null && msg.to_move === st.shown && msg.status === "running";
    // the board
    clear(boardBox);
    if (msg.board) boardBox.append(svgNode(msg.board));
    boardBox.classList.toggle("my-turn", mine);
    if (st.pendingDone) {
      const d = st.pendingDone;
      window.__asztalLatency.push(performance.now() - d.t0);
      st.pendingDone = null;
    }
    // status line: whose turn, what is decided, time
    const parts = [];
    if (msg.status === "open") {
      const free = st.hello ? st.hello.seats.filter((s) => !s.taken).length : 0;
      parts.push(t("waiting_players", {n: free}));
    } else if (msg.is_over) {
      parts.push(t("game_over"));
    } else if (msg.to_move !== null) {
      parts.push(mine ? t("to_move_you") + (localSeats.length > 1 ? ` (${seatName(st.shown)})` : "")
        : t("to_move_other", {name: seatName(msg.to_move)}));
      if (mine) parts.push(t("choose"));
    }
    if (st.shown === null) parts.push(t("spectator"));
    if (msg.stand_in && msg.stand_in.length) parts.push(t("stand_in", {names: msg.stand_in.map(seatName).join(", ")}));
    status.textContent = parts.join(" · ");
    status.dataset.mine = mine ? "1" : "0";
    timer(msg);
    // buttons: legal actions without a place on the board (all of them in a list below)
    clear(buttons);
    const onBoard = new Set();
    for (const e of boardBox.querySelectorAll("[data-code]")) onBoard.add(e.dataset.code);
    for (const e of boardBox.querySelectorAll("[data-codes]")) e.dataset.codes.split(" ").forEach((c) => onBoard.add(c));
    const rest = msg.legal.filter((a) => !onBoard.has(a.code));
    for (const a of rest) buttons.append(actionButton(a, msg));
    if (mine && onBoard.size) {
      const more = el("details", {class: "all-actions"}, [el("summary", {}, `${t("actions")} (${msg.legal.length})`)]);
      for (const a of msg.legal.filter((x) => onBoard.has(x.code))) more.append(actionButton(a, msg));
      buttons.append(more);
    }
    undoBtn.disabled = !msg.can_undo;
    hintBtn.disabled = !mine;
    // the log, newest last
    clear(logBox);
    const log = st.logs[key(st.shown)] || [];
    for (const e of log) if (e) logBox.append(el("li", {}, tx(e)));
    logBox.scrollTop = logBox.scrollHeight;
    if (msg.is_over && !st.endClosed) renderEnd(msg);
  }

  /** A legal action as a button, with "§" beside it: the rules that govern it. */
  function actionButton(a, msg) {
    const b = el("button", {type: "button", class: "act-btn", "data-code": a.code}, tx(a));
    b.onclick = () => act(a.code, msg);
    const rule = el("button", {type: "button", class: "rule-btn small", title: t("rule_behind"),
      "data-rule-for": a.code}, "§");
    rule.onclick = () => openRules(st.hello.game, a.code, null, tx(st.hello.title));
    return el("span", {class: "act-line"}, [b, rule]);
  }

  function act(code, msg = current()) {
    closeMenu();
    const k = key(st.shown);
    const sock = sockets[k];
    if (!sock) return;
    st.lastCode = code;
    st.pending = {seat: k, seq: msg.seq, t0: performance.now()};
    sock.send({type: "act", code, seq: msg.seq});
  }

  // clicks on the board: a code plays it, several open a menu, a "try" code asks why not
  boardBox.addEventListener("click", (ev) => {
    const msg = current();
    if (!msg) return;
    const target = ev.target.closest("[data-code], [data-codes], [data-try]");
    if (!target) return;
    if (target.dataset.code) return act(target.dataset.code, msg);
    if (target.dataset.codes) return openMenu(target.dataset.codes.split(" "), msg, ev);
    const code = target.dataset.try;
    if (st.shown === null || msg.to_move !== st.shown) return showToast(t("not_your_turn"), code);
    sockets[key(st.shown)].send({type: "why", code});
  });
  boardBox.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      const target = ev.target.closest("[data-code], [data-codes]");
      if (target) { ev.preventDefault(); target.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
    }
  });

  function openMenu(codes, msg, ev) {
    closeMenu();
    const labels = Object.fromEntries(msg.legal.map((a) => [a.code, a]));
    const menu = el("div", {id: "menu", class: "menu"}, [el("div", {class: "muted"}, t("menu_for"))]);
    for (const c of codes) if (labels[c]) menu.append(actionButton(labels[c], msg));
    const close = el("button", {type: "button", class: "small"}, t("close"));
    close.onclick = closeMenu;
    menu.append(close);
    menu.style.left = `${Math.min(ev.clientX, window.innerWidth - 260)}px`;
    menu.style.top = `${Math.min(ev.clientY, window.innerHeight - 40 * codes.length - 60)}px`;
    document.body.append(menu);
  }
  function closeMenu() {
    const m = document.getElementById("menu");
    if (m) m.remove();
  }

  function showToast(text, code = null, reason = null) {
    clear(toast);
    toast.hidden = false;
    toast.append(el("span", {id: "toast-text"}, text));
    if (code) {
      const b = el("button", {type: "button", id: "toast-rule"}, t("show_rules"));
      b.onclick = () => openRules(st.hello.game, code, reason || text, tx(st.hello.title));
      toast.append(b);
    }
    const x = el("button", {type: "button", class: "small"}, "×");
    x.onclick = () => { toast.hidden = true; };
    toast.append(x);
    clearTimeout(st.toastTimer);
    st.toastTimer = setTimeout(() => { toast.hidden = true; }, 9000);
  }

  function timer(msg) {
    clearInterval(st.timer);
    if (!msg.deadline || msg.is_over) return;
    const tick = () => {
      const s = Math.max(0, Math.round(msg.deadline - Date.now() / 1000));
      conn.textContent = t("time_left", {s});
    };
    tick();
    st.timer = setInterval(tick, 1000);
  }

  function renderPass() {
    clear(boardBox);  // the previous player's hand leaves the page
    clear(buttons);
    clear(logBox);
    let screen = document.getElementById("pass-screen");
    if (screen) screen.remove();
    const name = seatName(st.pass);
    const ok = el("button", {type: "button", id: "pass-ok", class: "primary"}, t("i_am", {name}));
    screen = el("div", {id: "pass-screen", class: "overlay"}, [
      el("div", {class: "overlay-box"}, [el("h2", {}, t("pass_device", {name})), el("p", {}, t("pass_hidden")), ok]),
    ]);
    ok.onclick = () => { st.shown = st.pass; st.pass = null; render(); };
    document.body.append(screen);
    status.textContent = t("pass_device", {name});
  }

  function renderEnd(msg) {
    let box = document.getElementById("end-screen");
    if (box) box.remove();
    const winners = (msg.winners || []).map(seatName).join(", ") || t("nobody");
    const rows = (msg.scores || []).map((s, i) => el("tr", {}, [el("td", {}, seatName(i)), el("td", {}, String(s))]));
    const close = el("button", {type: "button", id: "end-close"}, t("close"));
    const actions = [close, el("a", {href: `?replay=${gameId}`, class: "button", id: "end-replay"}, t("replay")),
      el("a", {href: "./", class: "button"}, t("back_lobby"))];
    if (local && local.request) {
      const again = el("button", {type: "button", id: "rematch", class: "primary"}, t("rematch"));
      again.onclick = async () => {
        again.disabled = true;
        const id = await createGame(local.request.body, local.request.kinds);
        location.href = `?game=${id}`;
      };
      actions.unshift(again);
    }
    box = el("div", {id: "end-screen", class: "overlay"}, [el("div", {class: "overlay-box"}, [
      el("h2", {}, t("end_title")), el("p", {id: "end-winner"}, t("winner", {names: winners})),
      el("table", {class: "scores"}, [el("tr", {}, [el("th", {}, ""), el("th", {}, t("points"))]), ...rows]),
      breakdown(),
      el("p", {class: "muted"}, t("last_move") + ": " + (((st.logs[key(st.shown)] || []).filter(Boolean).slice(-1)[0])
        ? tx((st.logs[key(st.shown)] || []).filter(Boolean).slice(-1)[0]) : "")),
      el("div", {class: "row"}, actions),
    ])]);
    close.onclick = () => { st.endClosed = true; box.remove(); };
    document.body.append(box);
  }

  /** The board's own scoring section (drawn by the game) shown on the end screen too. */
  function breakdown() {
    const svg = boardBox.querySelector("svg");
    const part = svg && svg.querySelector(".result");
    if (!part) return null;
    const box = part.getBBox();
    const copy = svg.cloneNode(false);
    copy.setAttribute("viewBox", `${box.x - 4} ${box.y - 4} ${box.width + 8} ${box.height + 8}`);
    copy.removeAttribute("id");
    copy.classList.add("breakdown");
    copy.append(part.cloneNode(true));
    return el("div", {class: "breakdown-box", id: "end-breakdown"}, copy);
  }

  undoBtn.onclick = () => {
    const msg = current();
    if (msg) sockets[key(st.shown)].send({type: "undo", seq: msg.seq});
  };
  hintBtn.onclick = () => sockets[key(st.shown)].send({type: "hint"});
  rulesBtn.onclick = () => st.hello && openRules(st.hello.game, null, null, tx(st.hello.title));

  onLang((l) => {
    for (const s of Object.values(sockets)) s.setLang(l);
    undoBtn.textContent = t("undo");
    hintBtn.textContent = t("hint");
    rulesBtn.textContent = t("rules");
    side.querySelector("#actions-title").textContent = t("actions");
    side.querySelector("#log-title").textContent = t("log");
    const end = document.getElementById("end-screen");
    if (end) end.remove();
    render();
  });
}

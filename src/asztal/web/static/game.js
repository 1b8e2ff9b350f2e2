// The game page: one socket per seat this browser holds (several for hot-seat), the board as
// the server drew it for the seat shown, actions by clicking the board (or the buttons for
// actions with no place on it), refusals with their reason and rule, undo, hint, log, timer,
// the pass-the-device screen between hot-seat players, and the end screen with a rematch.

import {GameSocket, myGames, remember} from "./net.js";
import {getLang, joinNames, onLang, seatLabel, t, tx} from "./i18n.js";
import {el, clear, svgNode, fitBoard, isSmall, morph} from "./dom.js";
import {openRules} from "./rules.js";
import {createGame} from "./lobby.js";
import {openReview} from "./review.js";
import {chatPanel, notifyButton, tellTurn} from "./chat.js";

/** `local`, `connect` and `endActions` are the offline page's (offline/page.mjs): the seats it
 * holds, a transport to its Web Worker in place of the server's socket, `connect(seat, token,
 * onMessage, onStatus)` answering an object with GameSocket's `send`, `setLang` and `reopen`, and
 * the end screen's buttons in place of the server's replay, review and lobby (`endActions(msg)`). */
export function showGame(root, gameId, {spectator = false, local: given = null, connect = null,
  endActions = null} = {}) {
  const local = given || myGames()[gameId];
  const open = connect || ((seat, token, onMsg, onStat) => new GameSocket(gameId, token, getLang(), onMsg, onStat));
  const tokens = spectator || !local ? {} : local.seats;
  const localSeats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const st = {hello: null, bySeat: {}, logs: {}, shown: localSeats.length ? localSeats[0] : null, pass: null,
    pending: null, endClosed: false};
  window.__asztalLatency = window.__asztalLatency || [];

  const status = el("div", {id: "status", class: "status", role: "status", "aria-live": "polite"}, t("connecting"));
  const conn = el("div", {id: "conn", class: "conn"});
  // the connection's changes said aloud (not the countdown's every second): a live region of its own
  const connSaid = el("div", {id: "conn-said", class: "visually-hidden", role: "alert"});
  const panelsBox = el("div", {id: "panels", class: "panels"});
  const boardBox = el("div", {id: "board", class: "board-box"});
  const zoomBtn = el("button", {type: "button", id: "zoom", class: "zoom"}, t("zoom_fit"));
  // the rule behind the pending decision (when the game names one)
  const decisionRule = el("button", {type: "button", id: "decision-rule", class: "rule-btn", hidden: true,
    title: t("rule_behind"), "aria-label": t("rule_behind")}, "§");
  const buttons = el("div", {id: "buttons", class: "buttons"});
  const logBox = el("ol", {id: "log", class: "log"});
  // the moves as they come, said by a screen reader (a live region around the list, which stays a list)
  const logLive = el("div", {role: "log", "aria-label": t("log")}, logBox);
  const undoBtn = el("button", {type: "button", id: "undo"}, t("undo"));
  const hintBtn = el("button", {type: "button", id: "hint"}, t("hint"));
  const rulesBtn = el("button", {type: "button", id: "rules"}, t("rules"));
  const toast = el("div", {id: "toast", class: "toast", hidden: true, role: "status"});
  // the log is folded away on small screens (opened by a tap), open on wide ones
  const logFold = el("details", {id: "log-fold", class: "log-fold", open: !isSmall()},
    [el("summary", {id: "log-title"}, t("log")), logLive]);
  // the chat: written from this page's first seat (a spectator reads only)
  const chat = chatPanel(gameId, localSeats.length ? (text) => sockets[localSeats[0]].send({type: "chat", text}) : null,
    (seat) => seatName(seat), localSeats);
  // bots do not chat: the chat shows once the seats are known, and only when someone could
  // write in it from elsewhere (a human seat not held by this page)
  chat.box.hidden = true;
  const side = el("aside", {class: "side"}, [
    el("div", {class: "tools"}, [undoBtn, hintBtn, rulesBtn, localSeats.length ? notifyButton() : null]),
    // a refusal or a hint is said here, above the options, in the page's flow: it never covers them
    toast, el("h3", {id: "actions-title"}, t("actions")), buttons, logFold, chat.box,
  ]);
  const boardWrap = el("div", {class: "board-wrap"}, [boardBox]);
  // the keyboard's way in: the page's first Tab reaches this, Enter brings the focus to the choices
  const skip = el("button", {type: "button", id: "skip-to-choices", class: "skip"}, t("to_choices"));
  skip.onclick = () => { st.kbd = true; focusChoice(); };
  document.getElementById("skip-to-choices")?.remove();
  document.body.prepend(skip);
  clear(root);
  root.append(el("div", {class: "game-page"}, [el("div", {class: "bar"}, [status, decisionRule, zoomBtn, conn, connSaid]), panelsBox,
    el("div", {class: "game-main"}, [boardWrap, side])]));
  // the board opens whole, fitted to the width (every choice on it is also listed beside it on a
  // phone); the zoom button (or a pinch) draws it larger and the page scrolls to it
  st.zoomed = false;
  zoomBtn.onclick = () => { st.zoomed = !st.zoomed; applyZoom(); };
  function applyZoom() {
    const fit = fitBoard(boardBox, st.zoomed);
    zoomBtn.hidden = !fit.canZoom;
    zoomBtn.textContent = st.zoomed ? t("zoom_fit") : t("zoom_in");
  }
  window.addEventListener("resize", () => applyZoom());

  const sockets = {};
  const onStatus = (seat) => (s, code) => {
    if (s === "queued" || s === "dropped") {  // a click made while the connection was down
      st.queued = s === "queued";
      if (s === "dropped") { st.pending = null; showToast(t("click_dropped")); }
      else conn.textContent = t("click_queued");
      return;
    }
    if (s === "open") st.queued = false;
    // the connection's state is said whatever the timer says (a lost connection hides the
    // countdown: the deadline may be kept by the server, but this page no longer knows)
    st.online = s === "open";
    // (a click waiting for the connection keeps saying so while it is tried again)
    conn.textContent = s === "open" ? "" : s === "reconnecting" ? t(st.queued ? "click_queued" : "reconnecting")
      : code === 4409 ? t("other_window") : t("error");
    if (conn.dataset.state !== s) connSaid.textContent = conn.textContent;
    conn.dataset.state = s;
    conn.classList.toggle("offline", !st.online);
    if (st.online && current()) timer(current());
    else clearInterval(st.timer);
    if (current()) renderPanels(current());
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
      sockets[s] = open(s, tokens[s], (m) => onMessage(s, m), onStatus(s));
    }
  } else {
    sockets.spectator = open(null, null, (m) => onMessage(null, m), onStatus(null));
  }
  const key = (seat) => (seat === null ? "spectator" : seat);

  function seatName(seat) {
    const info = st.hello && st.hello.seats.find((s) => s.seat === seat);
    return seatLabel(info && info.name, seat, info ? info.kind : "human");
  }

  function onMessage(seat, msg) {
    const k = key(seat);
    if (msg.type === "hello") {
      st.hello = msg;
      chat.box.hidden = !msg.seats.some((s) => s.kind !== "bot" && !localSeats.includes(s.seat));
      if (local && !given) remember(gameId, {title: msg.title});
      document.title = `${tx(msg.title)} · asztal`;
    } else if (msg.type === "state") {
      const log = st.logs[k] || [];
      log.length = Math.min(log.length, msg.log_start);
      for (const e of msg.log) log[e.i] = e;
      st.logs[k] = log;
      const before = st.bySeat[k];
      st.bySeat[k] = msg;
      if (seat !== null && msg.to_move === seat && !msg.is_over && (!before || before.to_move !== seat) && st.hello) {
        tellTurn(tx(st.hello.title));  // the browser's notice, when this tab is in the background
      }
      if (st.pending && st.pending.seat === k && msg.seq > st.pending.seq) {
        st.pendingDone = st.pending;
        st.pending = null;
      }
      decideShown(msg);
      render();
    } else if (msg.type === "chat" || msg.type === "chat_history" || msg.type === "chat_hidden") {
      chat.onMessage(msg);
    } else if (msg.type === "stood_in") {
      showToast(`${tx(msg)} ${msg.moves.map(tx).join("; ")}`);
    } else if (msg.type === "error") {
      if (msg.code === "replaced") return;  // the connection line says it, with a button
      if (msg.code === "stale") return;  // the newer position is on its way, and is shown
      if ((msg.code === "rate_limited" || msg.code === "busy") && st.pending && st.lastCode
          && (st.pending.resent || 0) < 5) {
        // faster than the server takes moves from one window, or the server could not store the
        // move just then: nothing changed, so the same move is sent again a moment later
        // instead of being lost (a few times; then the player is told)
        const p = st.pending, code = st.lastCode;
        p.resent = (p.resent || 0) + 1;
        setTimeout(() => { if (st.pending === p) sockets[p.seat]?.send({type: "act", code, seq: p.seq}); }, 300 * p.resent);
        return;
      }
      st.pending = null;
      showToast(tx(msg), msg.code === "illegal" ? st.lastCode : null);
    } else if (msg.type === "why") {
      window.__asztalWhy = msg;  // for tests
      // the game's own reason, as a sentence (and the rule it rests on, first in the rules panel)
      showToast(tx(msg), msg.code, tx(msg), msg.rule, !msg.legal);
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
      if (current()) renderPanels(current());
      chat.render();  // a name may have changed
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
    window.__asztalState = msg;  // for tests and debugging: the state shown
    if (st.pass !== null) return renderPass();
    const pass = document.getElementById("pass-screen");
    if (pass) pass.remove();
    const mine = st.shown !== null && msg.to_move === st.shown && msg.status === "running";
    // a player choosing with the keyboard keeps the focus among the choices from move to move
    if (side.contains(document.activeElement) && document.activeElement.closest("#buttons")
        || boardBox.contains(document.activeElement)) st.kbd = true;
    // the board: the drawing on the page brought to the new one, only what changed
    const drawn = boardBox.querySelector(":scope > svg");
    const fresh = msg.board ? svgNode(msg.board, st.hello ? `${t("board_label")}: ${tx(st.hello.title)}` : t("board_label")) : null;
    if (drawn && fresh && fresh.nodeName === "svg") {
      // a target that had the focus may not be one now: the focus goes where a new drawing left it
      if (drawn.contains(document.activeElement)) document.activeElement.blur();
      morph(drawn, fresh);
    } else {
      clear(boardBox);
      if (fresh) boardBox.append(fresh);
    }
    boardBox.classList.toggle("my-turn", mine);
    applyZoom();
    renderPanels(msg);
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
      if (mine) {
        // what is being decided: the game's own sentence (the terminal shows the same words)
        const who = localSeats.length > 1 ? `${seatName(st.shown)}: ` : "";
        parts.push(who + (msg.decision ? tx(msg.decision) : t("choose")));
      } else {
        parts.push(t("to_move_other", {name: seatName(msg.to_move)}));
      }
    }
    if (st.shown === null) parts.push(t("spectator"));
    if (msg.stand_in && msg.stand_in.length) parts.push(t("stand_in", {names: msg.stand_in.map(seatName).join(", ")}));
    status.textContent = parts.join(" · ");
    status.dataset.mine = mine ? "1" : "0";
    const rule = mine && msg.decision && msg.decision.rule;
    decisionRule.hidden = !rule;
    decisionRule.onclick = () => openRules(st.hello.game, null, null, tx(st.hello.title), rule);
    timer(msg);
    // buttons: legal actions without a place on the board (all of them in a list below)
    clear(buttons);
    const onBoard = new Set();
    for (const e of boardBox.querySelectorAll("[data-code]")) onBoard.add(e.dataset.code);
    for (const e of boardBox.querySelectorAll("[data-codes]")) e.dataset.codes.split(" ").forEach((c) => onBoard.add(c));
    const rest = msg.legal.filter((a) => !onBoard.has(a.code));
    for (const a of rest) buttons.append(actionButton(a, msg));
    if (mine && onBoard.size) {
      // every move is also a button (on a phone the board's targets are small: the list is the
      // same choices at a finger's size)
      const more = el("details", {class: "all-actions", open: isSmall() || null},
        [el("summary", {}, `${t("actions")} (${msg.legal.length})`)]);
      for (const a of msg.legal.filter((x) => onBoard.has(x.code))) more.append(actionButton(a, msg));
      buttons.append(more);
    }
    undoBtn.disabled = !msg.can_undo;
    const rated = Boolean(st.hello && st.hello.rated);  // the server refuses hints and takebacks: said here
    hintBtn.disabled = !mine || rated;
    hintBtn.title = undoBtn.title = rated ? t("rated_no_help") : "";
    renderLog(st.logs[key(st.shown)] || [], msg);
    if (msg.is_over && !st.endClosed) renderEnd(msg);
    else if (mine && st.kbd && (!document.activeElement || document.activeElement === document.body)) focusChoice();
  }

  /** The log, newest last. A game's log grows to hundreds of lines and the page is drawn again
   * at every move, so the lines already shown stay and only the new ones are added (the whole
   * list is written again for another seat's log, another language, or when earlier lines
   * changed: a takeback); a screen reader's log region then reads out only what is new. */
  const logShown = {whose: undefined, lang: null, entries: [], items: []};
  function renderLog(log, msg) {
    const lastFrom = msg.last_from ?? log.length;
    let keep = 0;
    if (logShown.whose === key(st.shown) && logShown.lang === getLang()) {
      while (keep < logShown.entries.length && keep < log.length && logShown.entries[keep] === log[keep]) keep++;
    } else {
      clear(logBox);
      logShown.items.length = logShown.entries.length = 0;
    }
    for (const li of logShown.items.splice(keep)) if (li) li.remove();
    logShown.entries.length = keep;
    Object.assign(logShown, {whose: key(st.shown), lang: getLang()});
    for (const e of log.slice(keep)) {
      const li = e ? el("li", {value: e.i + 1}, tx(e)) : null;
      if (li) logBox.append(li);
      logShown.entries.push(e);
      logShown.items.push(li);
    }
    for (const li of logShown.items) if (li) li.classList.toggle("last", Number(li.value) - 1 >= lastFrom);
  }
  function clearLog() {
    clear(logBox);
    logShown.whose = undefined;
  }

  /** The choices a keyboard moves among: the listed buttons that show, then the board's targets. */
  function choices() {
    const listed = [...buttons.querySelectorAll(".act-btn")].filter((b) => !b.closest("details:not([open])"));
    return [...listed, ...boardBox.querySelectorAll(".act")];
  }
  function focusChoice() {
    const first = choices()[0] || buttons.querySelector("summary");
    if (first) first.focus();
  }
  // arrows (and Home, End) move among the choices; Enter or Space chooses (a button's own way,
  // a board target's through the click below)
  root.addEventListener("keydown", (ev) => {
    if (!["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End"].includes(ev.key)) return;
    const list = choices();
    const at = list.indexOf(document.activeElement);
    if (at < 0) return;
    ev.preventDefault();
    const next = ev.key === "Home" ? 0 : ev.key === "End" ? list.length - 1
      : (at + (ev.key === "ArrowDown" || ev.key === "ArrowRight" ? 1 : -1) + list.length) % list.length;
    list[next].focus();
  });
  document.addEventListener("pointerdown", () => { st.kbd = false; });

  /** Every seat's panel: colour, name, score, money, cards in hand, connected, whose turn. */
  function renderPanels(msg) {
    clear(panelsBox);
    for (const p of msg.panels || []) {
      const info = st.hello && st.hello.seats.find((s) => s.seat === p.seat);
      // while this page's own connection is down nobody is shown as connected: it cannot know
      const connected = st.online !== false && (info ? info.connected : p.connected);
      const you = localSeats.includes(p.seat);
      const facts = [];
      if (p.score !== null && p.score !== undefined) facts.push(`${p.score} ${t("panel_score")}`);
      const money = p.money_word || t("panel_money");  // the game's own word (Aureus, arany, pénz)
      if (p.money !== undefined) facts.push(p.money === null ? `${money}: ${t("panel_secret")}` : `${p.money} ${money}`);
      if (p.hand !== undefined && p.hand !== null) facts.push(`${p.hand} ${t("panel_hand")}`);
      for (const m of p.marks || []) facts.push(m);
      // the dot's state is also its shape (a ring when away) and its name: never colour alone
      const said = p.kind === "bot" ? t("bot") : connected ? t("online") : t("offline");
      const dot = el("span", {class: "dot", role: "img", "data-on": connected ? "1" : "0", title: said, "aria-label": said});
      const swatch = p.colour ? el("span", {class: "swatch", style: `background:${p.colour}`}) : null;
      panelsBox.append(el("div", {class: "panel-seat", "data-seat": p.seat, "data-turn": p.to_move ? "1" : "0"}, [
        el("div", {class: "panel-name"}, [swatch, el("b", {}, msg.names ? msg.names[p.seat] : seatName(p.seat)),
          you ? ` ${t("you_suffix")}` : "", dot]),
        el("div", {class: "panel-facts"}, facts.join(" · ")),
      ]));
    }
  }

  /** A legal action as a button, with "§" beside it: the rules that govern it. */
  function actionButton(a, msg) {
    const b = el("button", {type: "button", class: "act-btn", "data-code": a.code}, tx(a));
    b.onclick = () => act(a.code, msg);
    const rule = el("button", {type: "button", class: "rule-btn small", title: t("rule_behind"),
      "aria-label": `${t("rule_behind")}: ${tx(a)}`, "data-rule-for": a.code}, "§");
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
    // opened by a key: beside the focused target (a synthetic click has no position)
    const r = ev.clientX || ev.clientY ? {left: ev.clientX, top: ev.clientY} : ev.target.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(r.left, window.innerWidth - 260))}px`;
    menu.style.top = `${Math.max(0, Math.min(r.top, window.innerHeight - 40 * codes.length - 60))}px`;
    menu.setAttribute("role", "dialog");
    menu.setAttribute("aria-label", t("menu_for"));
    menu.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { closeMenu(); focusChoice(); }
    });
    document.body.append(menu);
    menu.querySelector(".act-btn")?.focus();
  }
  function closeMenu() {
    const m = document.getElementById("menu");
    if (m) m.remove();
  }

  function showToast(text, code = null, reason = null, rule = null, refused = false) {
    clear(toast);
    toast.hidden = false;
    toast.classList.toggle("refused", refused);
    toast.append(el("span", {id: "toast-text"}, text));
    if (code) {
      const b = el("button", {type: "button", id: "toast-rule"}, t("show_rules"));
      b.onclick = () => openRules(st.hello.game, code, reason || text, tx(st.hello.title), rule);
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
    // a state comes over an open connection: the last deadline's words go (a game that ended has none)
    if (st.timed) { conn.textContent = ""; st.timed = false; }
    if (!msg.deadline || msg.is_over || st.online === false) return;
    st.timed = true;
    const tick = () => {
      const s = Math.max(0, Math.round(msg.deadline - Date.now() / 1000));
      if (s < 3600) {
        conn.textContent = t("time_left", {s});
      } else {  // a game over days: the moment, and the hours and minutes left
        const when = new Date(msg.deadline * 1000).toLocaleString(getLang() === "en" ? "en-GB" : "hu-HU",
          {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
        conn.textContent = t("time_left_long", {when, h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60)});
      }
    };
    tick();
    st.timer = setInterval(tick, 1000);
  }

  function renderPass() {
    clear(boardBox);  // the previous player's hand leaves the page
    clear(buttons);
    clearLog();
    let screen = document.getElementById("pass-screen");
    if (screen) screen.remove();
    const name = seatName(st.pass);
    const ok = el("button", {type: "button", id: "pass-ok", class: "primary"}, t("i_am", {name}));
    screen = el("div", {id: "pass-screen", class: "overlay"}, [
      el("div", {class: "overlay-box"}, [el("h2", {}, t("pass_device", {name})), el("p", {}, t("pass_hidden")), ok]),
    ]);
    ok.onclick = () => { st.shown = st.pass; st.pass = null; render(); };
    document.body.append(screen);
    ok.focus();
    status.textContent = t("pass_device", {name});
  }

  function renderEnd(msg) {
    let box = document.getElementById("end-screen");
    if (box) box.remove();
    const won = msg.winners || [];
    const winnerLine = won.length === 0 ? t("no_winner")
      : t(won.length === 1 ? "winner" : "winners", {names: joinNames(won.map(seatName))});
    const close = el("button", {type: "button", id: "end-close"}, t("close"));
    // a game played in the page (offline) has no replay or review on a server: the page's own buttons
    const actions = endActions ? [close, ...endActions(msg)]
      : [close, el("a", {href: `?replay=${gameId}`, class: "button", id: "end-replay"}, t("replay")),
        el("a", {href: "./", class: "button"}, t("back_lobby"))];
    const reviewSeat = st.shown !== null && !endActions ? st.shown : null;
    if (reviewSeat !== null) {
      const rv = el("button", {type: "button", id: "end-review"}, t("review"));
      rv.onclick = () => openReview(gameId, reviewSeat, seatName(reviewSeat), tokens[reviewSeat]);
      actions.splice(1, 0, rv);
    }
    if (local && local.request) {
      const again = el("button", {type: "button", id: "rematch", class: "primary"}, t("rematch"));
      again.onclick = async () => {
        again.disabled = true;
        const id = await createGame(local.request.body, local.request.kinds);
        location.href = `?game=${id}`;
      };
      actions.unshift(again);
    }
    box = el("div", {id: "end-screen", class: "overlay"}, [el("div", {class: "overlay-box end-box"}, [
      el("h2", {}, t("end_title")),
      // a solo game has no winner to name when it is lost: its verdict says how it ended
      el("p", {id: "end-winner", class: "end-winner"}, won.length || (msg.scores || []).length > 1
        ? winnerLine : t("game_over")),
      msg.verdict ? el("p", {id: "end-why", class: "end-why"}, msg.verdict) : null,
      scoreTable(msg),
      el("div", {class: "row end-actions"}, actions),
    ])]);
    close.onclick = () => { st.endClosed = true; box.remove(); };
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-labelledby", "end-title");
    box.querySelector("h2").id = "end-title";
    document.body.append(box);
    close.focus({preventScroll: true});
  }

  /** The points best first, a row per seat: the game's own scoring table (``msg.scoring``: its
   * title, column heads and a row per seat, the total last) when it has one, else name and
   * points, the winners first. Text in a table, not a copy of the board's drawing, so that it wraps and scrolls
   * inside its box on a phone at a readable size; the total comes first, beside the name, so
   * a phone shows it before the table scrolls. */
  function scoreTable(msg) {
    const won = msg.winners || [];
    const scores = msg.scores || [];
    const game = msg.scoring;
    // the winners first (when Rome wins in PAX, its conspirator wins with fewer points), then by points
    const order = scores.map((s, i) => i).sort((a, b) => (won.includes(b) - won.includes(a)) || scores[b] - scores[a]);
    const totalFirst = (row) => [row[0], row[row.length - 1], ...row.slice(1, -1)];
    const head = game ? totalFirst(game.columns) : ["", t("points")];
    const cells = (i) => game && game.rows[i] ? totalFirst(game.rows[i]).slice(1) : [String(scores[i])];
    const rows = order.map((i) => el("tr", {class: won.includes(i) ? "winner" : null}, [
      el("th", {scope: "row"}, (won.includes(i) ? "★ " : "") + seatName(i)),
      ...cells(i).map((c) => el("td", {}, c))]));
    const table = el("table", {class: "scores", id: "end-scores"}, [
      el("tr", {}, head.map((h) => el("th", {scope: "col"}, h))), ...rows]);
    return el("div", {class: "end-scoring", id: "end-breakdown"}, [
      // a title that only repeats the verdict above it (the PAX solitaire's) is said once
      game && game.title !== msg.verdict ? el("p", {class: "end-scoring-title"}, game.title) : null,
      el("div", {class: "table-scroll"}, table)]);
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
    logLive.setAttribute("aria-label", t("log"));
    zoomBtn.textContent = st.zoomed ? t("zoom_fit") : t("zoom_in");
    skip.textContent = t("to_choices");
    const end = document.getElementById("end-screen");
    if (end) end.remove();
    render();
  });
}

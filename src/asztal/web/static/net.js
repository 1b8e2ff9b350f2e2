// Talking to the server: REST calls, the seat's WebSocket (kept open, reconnecting with the
// seat's token after a drop or a reload) and the games remembered in this browser.

/** The session's CSRF token (the readable `asztal_csrf` cookie), "" for a guest. A logged-in
 * player's create and join carry it, so the new seat is linked to the account. */
export function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("asztal_csrf="));
  return found ? decodeURIComponent(found.slice("asztal_csrf=".length)) : "";
}

export async function api(path, body) {
  const headers = {"Content-Type": "application/json"};
  if (csrfToken()) headers["X-CSRF-Token"] = csrfToken();
  const opts = body === undefined ? {} : {method: "POST", headers, body: JSON.stringify(body)};
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const d = data.detail;
    const msg = d && typeof d === "object" && !Array.isArray(d) ? d : {hu: JSON.stringify(d ?? res.status),
      en: JSON.stringify(d ?? res.status)};
    const err = new Error(msg.en || String(res.status));
    err.text = msg;
    err.status = res.status;
    throw err;
  }
  return data;
}

/** One seat's (or a spectator's) socket. `onMessage(msg)` gets every message; `onStatus(s, code)`
 * gets "open", "reconnecting", "queued" (a click waits for the connection), "dropped" (a click
 * made while the connection was down was not sent: the game moved on meanwhile) or "closed"
 * (for good: bad token, unknown game; 4409: the seat was opened in another window, `reopen()`
 * takes it back).
 *
 * Heartbeat: a `ping` every 15 s; when nothing at all has come for 25 s the connection is
 * taken for dead and opened again (the server pings at the WebSocket level too). */
const PING_EVERY = 15000;
const SILENCE = 25000;

/** A `state` with its view and board whole: after a socket's first `state`, the server sends
 * only what changed for it (docs/protocol.md, "What a state carries"): a view or board left
 * out is the one held, a `view_patch` or `board_patch` edits it. Null when it cannot be applied. */
export function wholeState(held, msg) {
  const out = {...msg};
  delete out.view_patch;
  delete out.board_patch;
  if (!("view" in msg)) {
    if (!held || !held.view) return null;
    out.view = {...held.view};
    if (msg.view_patch) {
      Object.assign(out.view, msg.view_patch.set);
      for (const k of msg.view_patch.drop) delete out.view[k];
    }
  }
  if (!("board" in msg) && held && typeof held.board === "string") {
    if (msg.board_patch) {
      const pieces = held.board.split(">");
      for (let n = msg.board_patch.length - 1; n >= 0; n--) {
        const [start, end, text] = msg.board_patch[n];
        if (!(start <= end && end <= pieces.length)) return null;
        pieces.splice(start, end - start, ...(text === null ? [] : text.split(">")));
      }
      out.board = pieces.join(">");
    } else {
      out.board = held.board;
    }
  } else if (!("board" in msg) && msg.board_patch) {
    return null;
  }
  return out;
}

export class GameSocket {
  constructor(gameId, token, lang, onMessage, onStatus) {
    Object.assign(this, {gameId, token, lang, onMessage, onStatus});
    this.delay = 300;
    this.closed = false;
    this.queued = null;     // an act or undo made while the connection was down, with its seq
    this.heard = Date.now();
    this.timer = setInterval(() => this.beat(), PING_EVERY / 3);
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({lang: this.lang});
    if (this.token) q.set("token", this.token);
    const key = new URLSearchParams(location.search).get("key");
    if (key && !this.token) q.set("key", key);
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}?${q}`;
  }

  beat() {
    const ws = this.ws;
    if (this.closed || !ws || ws.readyState !== WebSocket.OPEN) return;
    const quiet = Date.now() - this.heard;
    if (quiet > SILENCE) {
      ws.close();           // stalled: onclose reconnects
    } else if (quiet > PING_EVERY / 2 && Date.now() - (this.pinged || 0) > PING_EVERY) {
      this.pinged = Date.now();
      ws.send(JSON.stringify({type: "ping"}));
    }
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.fresh = true;
    ws.onopen = () => { this.delay = 300; this.heard = Date.now(); this.onStatus("open"); };
    ws.onmessage = (ev) => {
      this.heard = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state") {
        const whole = wholeState(this.fresh ? null : this.held, msg);
        if (!whole) { ws.close(); return; }  // lost track: reconnect, and the first state is whole
        msg = this.held = whole;
      }
      if (msg.type === "state" && this.fresh) {
        this.fresh = false;
        this.flush(msg.seq);
      }
      if (msg.type === "pong") return;
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (this.closed || [4401, 4404, 4409, 4410].includes(ev.code)) {
        this.dropQueued();
        this.onStatus("closed", ev.code);
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => { if (!this.closed) this.connect(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** After reconnecting: a click made at the seq the game is still at is sent now (the server
   * takes it once: its seq says so); one made at an older seq is refused visibly. */
  flush(seq) {
    const q = this.queued;
    this.queued = null;
    if (!q) return;
    if (q.seq === seq) this.ws.send(JSON.stringify(q));
    else this.onStatus("dropped");
  }

  dropQueued() {
    if (this.queued) { this.queued = null; this.onStatus("dropped"); }
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    if (!this.closed && (msg.type === "act" || msg.type === "undo")) {
      this.queued = msg;
      this.onStatus("queued");
    }
    return false;
  }

  /** Take the seat back after it was opened in another window. */
  reopen() {
    this.closed = false;
    this.delay = 300;
    this.connect();
  }

  setLang(lang) {
    this.lang = lang;
    this.send({type: "lang", lang});
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    if (this.ws) this.ws.close();
  }
}

// -- games remembered in this browser: {id: {game, title, seats: {seat: token}, created, request}}
const KEY = "asztal.games";

export function myGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function remember(id, info) {
  const all = myGames();
  const old = all[id] || {seats: {}};
  all[id] = {...old, ...info, seats: {...old.seats, ...(info.seats || {})}};
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function forget(id) {
  const all = myGames();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}

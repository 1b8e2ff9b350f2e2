// Talking to the server: REST calls, the seat's WebSocket (kept open, reconnecting with the
// seat's token after a drop or a reload) and the games remembered in this browser.

export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
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

/** One seat's (or a spectator's) socket. `onMessage(msg)` gets every message; `onStatus(s)`
 * gets "open", "reconnecting" or "closed" (for good: bad token, unknown game, replaced). */
export class GameSocket {
  constructor(gameId, token, lang, onMessage, onStatus) {
    Object.assign(this, {gameId, token, lang, onMessage, onStatus});
    this.delay = 300;
    this.closed = false;
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({lang: this.lang});
    if (this.token) q.set("token", this.token);
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}?${q}`;
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.delay = 300; this.onStatus("open"); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (this.closed || [4401, 4404, 4409, 4410].includes(ev.code)) {
        this.onStatus("closed", ev.code);
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => { if (!this.closed) this.connect(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  setLang(lang) {
    this.lang = lang;
    this.send({type: "lang", lang});
  }

  close() {
    this.closed = true;
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

// The game's chat beside the log: lines of the players (spectators read), written as text nodes
// (a line holding markup shows the markup as text), a player muted in this browser, and the
// browser's notice when it becomes your turn while the tab is in the background.

import {getLang} from "./i18n.js";
import {el, clear} from "./dom.js";

const TEXTS = {
  chat: ["Csevegő", "Chat"],
  say: ["Üzenet a többieknek", "Message to the others"],
  send: ["Küldés", "Send"],
  mute: ["Némítás", "Mute"],
  unmute: ["Némítás vége", "Unmute"],
  muted: ["({name} némítva)", "({name} muted)"],
  readonly: ["A csevegőbe a játékosok írhatnak.", "Players write in the chat."],
  notify: ["Szóljon a böngésző, ha én jövök", "Let the browser tell me when it is my turn"],
  your_turn: ["Te következel: {title}", "Your turn: {title}"],
};

function t(key, fields = {}) {
  let s = TEXTS[key][getLang() === "en" ? 1 : 0];
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

const MUTE_KEY = "asztal.muted";

function mutedNames() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

/** The chat panel of one game. `send(text)` sends a line (null for a spectator); `nameOf(seat)`
 * is the seat's name as the page shows it. Returns {box, onMessage}. */
export function chatPanel(gameId, send, nameOf) {
  const list = el("ol", {id: "chat", class: "chat", "aria-live": "polite"});
  const seen = new Set();  // line numbers shown (every socket of a hot-seat page gets each line)
  const lines = [];
  const box = el("details", {id: "chat-fold", class: "chat-fold", open: true}, [el("summary", {}, t("chat")), list]);
  if (send) {
    const input = el("input", {id: "chat-text", maxlength: 200, autocomplete: "off", "aria-label": t("say"),
      placeholder: t("say")});
    const form = el("form", {class: "chat-form"}, [input, el("button", {type: "submit", id: "chat-send"}, t("send"))]);
    form.onsubmit = (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text && send(text)) input.value = "";
    };
    box.append(form);
  } else {
    box.append(el("p", {class: "muted"}, t("readonly")));
  }

  function render() {
    clear(list);
    const muted = mutedNames();
    for (const m of lines) {
      const key = `${gameId}:${m.seat}`;
      const name = m.gone ? m.name : nameOf(m.seat);  // a deleted account's line: „törölt játékos”
      const toggle = el("button", {type: "button", class: "chat-mute small"}, muted.has(key) ? t("unmute") : t("mute"));
      toggle.onclick = () => {
        const now = mutedNames();
        if (now.has(key)) now.delete(key); else now.add(key);
        localStorage.setItem(MUTE_KEY, JSON.stringify([...now].slice(-200)));
        render();
      };
      const text = muted.has(key) ? el("i", {class: "muted"}, t("muted", {name})) : m.text;
      list.append(el("li", {"data-n": m.n, "data-seat": m.seat}, [el("b", {}, `${name}: `), text, " ", toggle]));
    }
    list.scrollTop = list.scrollHeight;
  }

  function onMessage(msg) {
    if (msg.type === "chat_hidden") {  // an operator hid the line from everyone
      const at = lines.findIndex((m) => m.n === msg.n);
      if (at >= 0) { lines.splice(at, 1); render(); }
      return;
    }
    const fresh = (msg.type === "chat_history" ? msg.lines : [msg]).filter((m) => !seen.has(m.n));
    if (!fresh.length) return;
    for (const m of fresh) { seen.add(m.n); lines.push(m); }
    lines.sort((a, b) => a.n - b.n);
    lines.splice(0, Math.max(0, lines.length - 200));
    render();
  }
  return {box, onMessage, render};
}

/** A button asking the browser's permission for notices (shown while it is not yet asked). */
export function notifyButton() {
  if (!("Notification" in window) || Notification.permission !== "default") return null;
  const b = el("button", {type: "button", id: "notify", class: "small"}, t("notify"));
  b.onclick = async () => { await Notification.requestPermission(); b.remove(); };
  return b;
}

/** It became `seat`'s turn: when the tab is in the background, the browser says so. */
export function tellTurn(title) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification(t("your_turn", {title}), {tag: "asztal-turn"});
  } catch {
    // some browsers allow notices only from a service worker; the page's title still says it
  }
}

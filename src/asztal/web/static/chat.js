// The game's chat beside the log: lines of the players (spectators read), written as text nodes
// (a line holding markup shows the markup as text), a player muted in this browser, and the
// browser's notice when it becomes your turn while the tab is in the background.

import {getLang} from "./i18n.js";
import {el, clear} from "./dom.js";
import {api, csrfToken} from "./net.js";

const TEXTS = {
  chat: ["Csevegő", "Chat"],
  say: ["Üzenet a többieknek", "Message to the others"],
  send: ["Küldés", "Send"],
  mute: ["Némítás", "Mute"],
  unmute: ["Némítás feloldása", "Unmute"],
  mute_of: ["{name} némítása", "Mute {name}"],
  unmute_of: ["{name} némításának feloldása", "Unmute {name}"],
  muted: ["({name} némítva)", "({name} muted)"],
  muted_list: ["Némított játékosok (minden eszközödön):", "Players you muted (on every device):"],
  unmuted: ["{name} némítása feloldva; új üzenetei ismét látszanak.",
    "{name} is no longer muted; their new messages show again."],
  report: ["Jelentés", "Report"],
  report_of: ["{name} üzenetének jelentése", "Report {name}'s message"],
  reason: ["Miért jelented? (nem kötelező)", "Why do you report it? (optional)"],
  send_report: ["Jelentem", "Report it"],
  cancel: ["Mégse", "Cancel"],
  reported: ["Köszönjük, a jelentést megkapta az üzemeltető.", "Thank you, the operator has your report."],
  error: ["Hiba", "Error"],
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
 * is the seat's name as the page shows it; `mine` the seats this page holds (no report or mute
 * of one's own lines). Logged in, „Némítás” mutes the line's writer on the server (every device
 * of the account) and „Jelentés” reports the line to the operator; a guest's „Némítás” hides the
 * seat's lines in this browser only. Returns {box, onMessage, render}. */
export function chatPanel(gameId, send, nameOf, mine = []) {
  const list = el("ol", {id: "chat", class: "chat", "aria-live": "polite"});
  const seen = new Set();  // line numbers shown (every socket of a hot-seat page gets each line)
  const lines = [];
  const account = Boolean(csrfToken());
  const hiddenSeats = new Map();  // seat -> the username this account muted by its line, while the page is open
  const mutedBox = el("div", {id: "chat-muted", class: "chat-muted"});
  const note = el("p", {id: "chat-note", class: "note", role: "status"});
  const reportBox = el("div", {id: "chat-report"});
  const box = el("details", {id: "chat-fold", class: "chat-fold", open: true},
    [el("summary", {}, t("chat")), list, reportBox, note, mutedBox]);
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

  function failed(e) {
    note.textContent = `${t("error")}: ${e.text ? e.text[getLang()] || e.text.en : e.message}`;
  }

  /** The players this account muted, each with „Némítás feloldása”. */
  let mutedAsked = 0;
  async function showMuted() {
    if (!account) return;
    const asked = ++mutedAsked;
    let found = [];
    try {
      found = await api("/api/moderation/muted");
    } catch {
      return;
    }
    if (asked !== mutedAsked) return;  // a later fetch (after a mute) has the newer list
    clear(mutedBox);
    if (!found.length) return;
    mutedBox.append(el("p", {class: "muted"}, t("muted_list")));
    for (const p of found) {
      const undo = el("button", {type: "button", class: "chat-unmute", "aria-label": t("unmute_of", {name: p.username})},
        t("unmute"));
      const row = el("div", {class: "row", "data-muted": p.username}, [el("span", {}, p.username), undo]);
      undo.onclick = async () => {
        try {
          await api("/api/moderation/unmute", {username: p.username});
          // the row goes with the note, not after a second fetch: what the note says is already true on screen
          row.remove();
          if (!mutedBox.querySelector("[data-muted]")) clear(mutedBox);
          note.textContent = t("unmuted", {name: p.username});
          for (const [seat, name] of hiddenSeats) if (name === p.username) hiddenSeats.delete(seat);
          render();
        } catch (e) {
          failed(e);
        }
      };
      mutedBox.append(row);
    }
  }
  showMuted();

  /** Asks the optional reason under the list (new lines redraw the list, not it), then reports. */
  function reportForm(m, name) {
    clear(reportBox);
    const why = el("input", {class: "chat-reason", maxlength: 200, autocomplete: "off", "aria-label": t("reason"),
      placeholder: t("reason")});
    const go = el("button", {type: "submit", class: "chat-report-go"}, t("send_report"));
    const cancel = el("button", {type: "button"}, t("cancel"));
    const form = el("form", {class: "chat-report-form", id: "chat-report-form", "aria-label": t("report_of", {name})},
      [el("p", {class: "chat-reported"}, [`${t("report")} · `, el("b", {}, `${name}: `), el("q", {}, m.text)]), why, go,
        cancel]);
    cancel.onclick = () => form.remove();
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      go.disabled = true;
      try {
        await api("/api/moderation/reports", {game_id: gameId, n: m.n, reason: why.value.trim()});
        form.remove();
        note.textContent = t("reported");
      } catch (e) {
        go.disabled = false;
        failed(e);
      }
    };
    reportBox.append(form);
    why.focus();
  }

  async function muteOnServer(m) {
    try {
      const muted = await api("/api/moderation/mute-line", {game_id: gameId, n: m.n});
      hiddenSeats.set(m.seat, muted.username);
      note.textContent = "";
      render();
      showMuted();
    } catch (e) {
      failed(e);
    }
  }

  function render() {
    clear(list);
    const muted = mutedNames();
    for (const m of lines) {
      const key = `${gameId}:${m.seat}`;
      const name = m.gone ? m.name : nameOf(m.seat);  // a deleted account's line: „törölt játékos”
      const hidden = account ? hiddenSeats.has(m.seat) && !m.gone : muted.has(key);
      const actions = [];
      if (!mine.includes(m.seat) && !(hidden && account)) {
        if (account) {
          const report = el("button", {type: "button", class: "chat-report chat-act", "aria-label": t("report_of", {name})},
            t("report"));
          report.onclick = () => reportForm(m, name);
          const mute = el("button", {type: "button", class: "chat-mute chat-act", "aria-label": t("mute_of", {name})},
            t("mute"));
          mute.onclick = () => muteOnServer(m);
          actions.push(" ", report, " ", mute);
        } else {
          const toggle = el("button", {type: "button", class: "chat-mute chat-act",
            "aria-label": t(hidden ? "unmute_of" : "mute_of", {name})}, hidden ? t("unmute") : t("mute"));
          toggle.onclick = () => {
            const now = mutedNames();
            if (now.has(key)) now.delete(key); else now.add(key);
            localStorage.setItem(MUTE_KEY, JSON.stringify([...now].slice(-200)));
            render();
          };
          actions.push(" ", toggle);
        }
      }
      const text = hidden ? el("i", {class: "muted"}, t("muted", {name})) : m.text;
      list.append(el("li", {"data-n": m.n, "data-seat": m.seat}, [el("b", {}, `${name}: `), text, ...actions]));
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

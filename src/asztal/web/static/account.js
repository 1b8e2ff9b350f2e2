// The account panel of the lobby: log in or register (the seats this browser holds go with it),
// then the account's games on any device ("your turn" first), log out, change the password,
// delete the account. Playing needs no account: guests keep their seats in this browser.
//
// The session is an HttpOnly cookie the page never sees; every state-changing request sends the
// session's CSRF token (the readable `asztal_csrf` cookie) in the X-CSRF-Token header.

import {getLang} from "./i18n.js";
import {el, clear} from "./dom.js";
import {csrfToken, myGames, remember} from "./net.js";

const TEXTS = {
  account: ["Fiók", "Account"],
  why: ["Fiók nélkül is játszhatsz. Fiókkal a játékaid minden eszközödön veled vannak.",
    "You can play without an account. With one, your games follow you to every device."],
  username: ["Felhasználónév", "Username"],
  password: ["Jelszó", "Password"],
  email: ["E-mail (nem kötelező, értesítésekhez)", "E-mail (optional, for notices)"],
  login: ["Belépés", "Log in"],
  register: ["Új fiók", "Register"],
  logout: ["Kilépés", "Log out"],
  logged_in: ["Bejelentkezve: {name}", "Logged in as {name}"],
  games: ["A fiókod játékai", "Your account's games"],
  your_turn: ["Te következel", "Your turn"],
  waiting: ["Várakozik", "Waiting"],
  finished: ["Befejezett", "Finished"],
  none: ["Még nincs játékod a fiókodban.", "No games in your account yet."],
  open: ["Megnyitás", "Open"],
  replay: ["Visszajátszás", "Replay"],
  seat: ["{n}. hely", "seat {n}"],
  deadline: ["lépni eddig: {when}", "move by {when}"],
  attached: ["{n} helyed került a fiókodba ebből a böngészőből.", "{n} seats from this browser joined your account."],
  settings: ["Jelszó és fiók", "Password and account"],
  old_password: ["Mostani jelszó", "Current password"],
  new_password: ["Új jelszó (legalább 8 karakter)", "New password (at least 8 characters)"],
  change: ["Jelszócsere", "Change password"],
  changed: ["A jelszó megváltozott; a többi eszközön újra be kell lépni.",
    "The password is changed; other devices must log in again."],
  delete: ["Fiók törlése", "Delete the account"],
  delete_note: ["A játékaid megmaradnak, a helyeden semleges név áll majd.",
    "Your games stay; your seat will show a neutral name."],
  error: ["Hiba", "Error"],
  open_login: ["Lépj be, és megnyílik a játék, amelyről az e-mail szólt.",
    "Log in and the game the e-mail was about opens."],
  invitations: ["Meghívások", "Invitations"],
  profile: ["Profilom és értékszámaim", "My profile and ratings"],
  invited_by: ["{name} meghívott: {title}, {n}. hely", "{name} invited you: {title}, seat {n}"],
  accept: ["Elfogadom", "Accept"],
  forgot: ["Elfelejtetted a jelszavad?", "Forgot your password?"],
  forgot_help: ["Írd be a felhasználóneved vagy az e-mail-címed: ha a fiókhoz megerősített cím tartozik, oda küldünk egy hivatkozást az új jelszóhoz.",
    "Enter your username or e-mail address: if the account has a confirmed address, we send a link for a new password there."],
  forgot_who: ["Felhasználónév vagy e-mail-cím", "Username or e-mail address"],
  forgot_send: ["Kérem a levelet", "Send me the mail"],
  forgot_sent: ["Ha van ilyen fiók megerősített e-mail-címmel, úton van a levél. Nézd meg a postafiókodat (a levélszemetet is).",
    "If there is such an account with a confirmed address, the mail is on its way. Look in your inbox (and the spam folder)."],
  admin: ["Moderálás", "Moderation"],
  notices: ["E-mailt kérek, ha én következem egy több napos játékban, és ha véget ér",
    "E-mail me when it is my turn in a game over days, and when it ends"],
};

function t(key, fields = {}) {
  let s = TEXTS[key][getLang() === "en" ? 1 : 0];
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}


async function call(path, body) {
  const opts = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-CSRF-Token": csrfToken()}};
  const res = await fetch(path, {credentials: "same-origin", ...opts});
  const data = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) {
    const d = data.detail && typeof data.detail === "object" && data.detail.hu ? data.detail : null;
    const err = new Error(d ? d.en : String(res.status));
    err.text = d;
    err.status = res.status;
    throw err;
  }
  return data;
}

function shown(e) {
  return `${t("error")}: ${e.text ? e.text[getLang()] || e.text.en : e.message}`;
}

/** The seat tokens this browser holds, newest games first (at most 100), to attach to the account. */
function heldSeats() {
  const mine = myGames();
  const ids = Object.keys(mine).sort((a, b) => String(mine[b].created).localeCompare(String(mine[a].created)));
  const held = [];
  for (const id of ids) {
    for (const token of Object.values(mine[id].seats || {})) held.push({game: id, token});
  }
  return held.slice(0, 100);
}

/** Put the account panel at the top of the lobby in `root`. */
export async function showAccount(root) {
  const box = el("section", {class: "panel account", id: "account"});
  root.prepend(box);
  let me = null;
  // a guest has no session (nor its CSRF cookie): nothing to ask, and no refusal in the console
  if (csrfToken()) {
    try {
      me = await call("/api/account");
    } catch (e) {
      if (e.status !== 401) box.append(el("p", {class: "error"}, shown(e)));
    }
  }
  if (me) await loggedIn(box, me, null);
  else loggedOut(box);
}

/** Tell the lobby's form that the player logged in or out (it offers a rated game then). */
function changed() {
  document.dispatchEvent(new CustomEvent("asztal-account"));
}

function loggedOut(box) {
  clear(box);
  changed();
  const user = el("input", {id: "acc-user", name: "username", autocomplete: "username", maxlength: 32, required: true});
  const pass = el("input", {id: "acc-pass", name: "password", type: "password", autocomplete: "current-password",
    maxlength: 200, required: true});
  const email = el("input", {id: "acc-email", name: "email", type: "email", autocomplete: "email", maxlength: 254});
  const login = el("button", {type: "submit", id: "acc-login", class: "primary"}, t("login"));
  const register = el("button", {type: "button", id: "acc-register"}, t("register"));
  const out = el("p", {class: "error", id: "acc-error", role: "alert"});
  const form = el("form", {class: "account-form"}, [
    el("label", {}, [t("username"), user]), el("label", {}, [t("password"), pass]),
    el("label", {}, [t("email"), email]), el("div", {class: "row"}, [login, register]), out]);
  box.append(el("h2", {}, t("account")), el("p", {class: "muted"}, t("why")), form);
  if (wanted()) box.insertBefore(el("p", {class: "note", id: "acc-open-note"}, t("open_login")), form);
  box.append(forgotten(user));
  async function go(path, body) {
    out.textContent = "";
    login.disabled = register.disabled = true;
    try {
      const res = await call(path, {...body, seats: heldSeats()});
      await loggedIn(box, res.account, res.attached.length);
    } catch (e) {
      out.textContent = shown(e);
      login.disabled = register.disabled = false;
    }
  }
  form.onsubmit = (ev) => {
    ev.preventDefault();
    go("/api/account/login", {username: user.value, password: pass.value});
  };
  register.onclick = () => {
    if (!form.reportValidity()) return;
    go("/api/account/register", {username: user.value, password: pass.value, email: email.value || null});
  };
}

/** „Elfelejtetted a jelszavad?”: asks for the username (or the address) and has the reset link mailed; the answer
 * is the same whether the account exists or not (the server's is too). */
function forgotten(user) {
  const name = el("input", {id: "forgot-user", name: "username", autocomplete: "username", maxlength: 254,
    required: true});
  const send = el("button", {type: "submit", id: "forgot-send"}, t("forgot_send"));
  const out = el("p", {class: "note", id: "forgot-out", role: "status"});
  const form = el("form", {class: "account-form", id: "forgot-form"}, [
    el("p", {class: "muted"}, t("forgot_help")), el("label", {}, [t("forgot_who"), name]), el("div", {class: "row"}, [send]),
    out]);
  const fold = el("details", {id: "forgot"}, [el("summary", {id: "forgot-open"}, t("forgot")), form]);
  fold.addEventListener("toggle", () => {
    if (fold.open && !name.value) name.value = user.value;
  });
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    out.textContent = "";
    send.disabled = true;
    try {
      await call("/api/account/forgot", {username: name.value.trim()});
      out.textContent = t("forgot_sent");
    } catch (e) {
      out.textContent = shown(e);
    } finally {
      send.disabled = false;
    }
  };
  return fold;
}

async function loggedIn(box, me, attached) {
  clear(box);
  changed();
  // the times in this account's mails are written in the browser's time zone
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) call("/api/account/timezone", {tz: zone}).catch(() => null);
  const logout = el("button", {type: "button", id: "acc-logout", class: "small"}, t("logout"));
  logout.onclick = async () => {
    await call("/api/account/logout", {}).catch(() => null);
    loggedOut(box);
  };
  box.append(el("h2", {}, t("account")),
    el("p", {id: "acc-who"}, [t("logged_in", {name: me.username}), " ", logout, " ",
      el("a", {href: `?player=${encodeURIComponent(me.username)}`, id: "acc-profile"}, t("profile")),
      me.operator ? " " : null, me.operator ? el("a", {href: "?admin", id: "acc-admin", class: "button"}, t("admin")) : null]));
  if (attached) box.append(el("p", {class: "muted"}, t("attached", {n: attached})));
  // seats taken in this browser since the last visit join the account too
  const held = heldSeats();
  if (held.length) await call("/api/me/seats", {seats: held}).catch(() => null);
  const invitations = el("div", {id: "account-invitations"});
  const list = el("div", {id: "account-games"}, [el("h3", {}, t("games"))]);
  box.append(invitations, list, settings(box));
  showInvitations(invitations);
  let games = [];
  try {
    games = await call("/api/me/games");
  } catch (e) {
    list.append(el("p", {class: "error"}, shown(e)));
    return;
  }
  if (!games.length) list.append(el("p", {class: "muted"}, t("none")));
  for (const g of games) {
    const info = g.game;
    const title = info.title[getLang()] || info.title.en;
    const label = el("span", {class: `acc-state acc-${g.state}`}, t(g.state));
    const row = el("div", {class: "row", "data-game": info.id, "data-state": g.state},
      [label, el("span", {}, `${title} (${info.players}) · ${t("seat", {n: g.seat + 1})}`)]);
    if (g.deadline && g.state !== "finished") {
      const when = new Date(g.deadline * 1000).toLocaleString(getLang() === "en" ? "en-GB" : "hu-HU",
        {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
      row.append(el("span", {class: "muted acc-deadline"}, t("deadline", {when})));
    }
    if (g.state === "finished") {
      row.append(el("a", {href: `?replay=${info.id}`, class: "button"}, t("replay")));
    } else {
      const open = el("button", {type: "button", class: "acc-open"}, t("open"));
      open.onclick = async () => {
        try {
          // a fresh token for this device: the seat opens here (and no longer where it was open before)
          const fresh = await call(`/api/me/games/${encodeURIComponent(info.id)}/token`, {});
          remember(info.id, {game: info.game, title: info.title, seats: {[fresh.seat]: fresh.token},
            created: info.created});
          location.href = `?game=${encodeURIComponent(info.id)}`;
        } catch (e) {
          row.append(el("span", {class: "error"}, shown(e)));
        }
      };
      row.append(open);
    }
    list.append(row);
  }
  // the link of a notice e-mail (?open=ID): the game opens once the account is known
  const id = wanted();
  const mine = id && list.querySelector(`[data-game="${CSS.escape(id)}"]`);
  if (mine) {
    const button = mine.querySelector(".acc-open");
    if (button) button.click();
    else location.href = `?replay=${encodeURIComponent(id)}`;
  }
}

/** Seats friends keep for this account: accepting takes the seat here and opens the game. */
async function showInvitations(box) {
  let found = [];
  try {
    found = await call("/api/me/invitations");
  } catch {
    return;
  }
  if (!found.length) return;
  box.append(el("h3", {}, t("invitations")));
  for (const inv of found) {
    const info = inv.game;
    const accept = el("button", {type: "button", class: "acc-accept primary"}, t("accept"));
    const row = el("div", {class: "row", "data-game": info.id}, [
      el("span", {}, t("invited_by", {name: inv.by, title: info.title[getLang()] || info.title.en, n: inv.seat + 1})),
      accept]);
    accept.onclick = async () => {
      try {
        const joined = await call(`/api/games/${encodeURIComponent(info.id)}/join`, {});
        remember(info.id, {game: info.game, title: info.title, seats: {[joined.seat]: joined.token},
          created: info.created});
        location.href = `?game=${encodeURIComponent(info.id)}`;
      } catch (e) {
        row.append(el("span", {class: "error"}, shown(e)));
      }
    };
    box.append(row);
  }
}

/** The game a notice e-mail's link asks to open (`?open=ID`), else null. */
function wanted() {
  return new URLSearchParams(location.search).get("open");
}

function settings(box) {
  const old = el("input", {id: "acc-old", type: "password", autocomplete: "current-password", maxlength: 200});
  const fresh = el("input", {id: "acc-new", type: "password", autocomplete: "new-password", maxlength: 200});
  const change = el("button", {type: "button", id: "acc-change"}, t("change"));
  const del = el("button", {type: "button", id: "acc-delete", class: "small"}, t("delete"));
  const out = el("p", {class: "note", role: "status"});
  change.onclick = async () => {
    try {
      await call("/api/account/password", {old: old.value, new: fresh.value});
      out.textContent = t("changed");
    } catch (e) {
      out.textContent = shown(e);
    }
  };
  del.onclick = async () => {
    try {
      await call("/api/account/delete", {password: old.value});
      loggedOut(box);
    } catch (e) {
      out.textContent = shown(e);
    }
  };
  const notices = el("input", {type: "checkbox", id: "acc-notices"});
  call("/api/account/notices").then((p) => { notices.checked = p.notices; }).catch(() => null);
  notices.onchange = async () => {
    try {
      await call("/api/account/notices", {notices: notices.checked});
    } catch (e) {
      out.textContent = shown(e);
    }
  };
  return el("details", {class: "account-settings"}, [el("summary", {}, t("settings")),
    el("label", {class: "check"}, [notices, t("notices")]),
    el("label", {}, [t("old_password"), old]), el("label", {}, [t("new_password"), fresh]), change,
    el("p", {class: "muted"}, t("delete_note")), del, out]);
}

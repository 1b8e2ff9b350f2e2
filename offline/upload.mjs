// Uploading a finished offline game to an account, once there is a network again: the game's
// record (seed, options, rules version, action codes) and its seats go to the server, which
// replays it with its own engine and keeps it, unrated, among the account's games
// (POST /api/me/offline-games, src/asztal/server/offline_upload.py). Offered on the end screen
// and beside each finished game on the choices page; with no network or no login it says what
// is missing instead of showing a button that cannot work.

import {getLang} from "../i18n.js";
import {api} from "../net.js";
import {clear, el} from "../dom.js";
import {markUploaded} from "./store.mjs";

const WORDS = {
  hu: {
    upload: "Feltöltés a fiókomba", uploading: "Feltöltés…", uploaded: "Feltöltve a fiókodba.",
    replay: "Visszajátszás",
    offline: "A feltöltéshez hálózat kell: ha újra lesz kapcsolat, itt feltöltheted a fiókodba.",
    log_in: "A fiókodba feltöltéshez jelentkezz be:", log_in_link: "bejelentkezés",
    as: "Bejelentkezve: {name}",
  },
  en: {
    upload: "Upload to my account", uploading: "Uploading…", uploaded: "Uploaded to your account.",
    replay: "Replay", offline: "Uploading needs a network: once you are online again, you can upload it here.",
    log_in: "Log in to upload it to your account:", log_in_link: "log in",
    as: "Logged in as {name}",
  },
};
const w = (key, fields = {}) => WORDS[getLang()][key].replace(/\{(\w+)\}/g, (_, k) => fields[k]);

/** Who is logged in: the account's name, null for nobody, undefined when the server cannot be reached. */
async function account() {
  if (!navigator.onLine) return undefined;
  try {
    return (await api("/api/account")).username;
  } catch (e) {
    return e.status === 401 ? null : undefined;
  }
}

/** What the server is sent: the record and the seats (who played each: a person or a bot). */
function body(saved) {
  return {record: saved.record, seats: saved.seats.map((s) => ({kind: s.kind, bot: s.bot ?? null})),
    seat: saved.seat};
}

/** The upload's control for one finished game ({key, saved, uploaded}), kept up to date as the
 * network comes and goes; `done(id)` is told the server's game id after an upload. */
export function uploadBox(game, done = () => {}) {
  const box = el("div", {class: "offline-upload", "data-key": game.key});
  async function show() {
    clear(box);
    if (game.uploaded) {
      box.append(el("span", {class: "offline-uploaded"}, w("uploaded")), " ");
      if (navigator.onLine) box.append(el("a", {href: `/?replay=${encodeURIComponent(game.uploaded)}`,
        class: "button"}, w("replay")));
      return;
    }
    const who = await account();
    clear(box);
    if (who === undefined) {
      box.append(el("span", {class: "muted"}, w("offline")));
      return;
    }
    if (who === null) {
      box.append(el("span", {class: "muted"}, w("log_in")), " ", el("a", {href: "/", class: "offline-login"},
        w("log_in_link")));
      return;
    }
    const button = el("button", {type: "button", class: "primary offline-upload-button"}, w("upload"));
    const said = el("span", {class: "offline-upload-said", role: "status"});
    button.onclick = async () => {
      button.disabled = true;
      said.textContent = w("uploading");
      try {
        const made = await api("/api/me/offline-games", body(game.saved));
        game.uploaded = made.game.id;
        await markUploaded(game.key, made.game.id);
        done(made.game.id);
        show();
      } catch (e) {
        said.className = "offline-upload-said error";
        said.textContent = e.text ? e.text[getLang()] : w("offline");
        button.disabled = false;
      }
    };
    box.append(el("span", {class: "muted"}, w("as", {name: who})), " ", button, " ", said);
  }
  show();
  const again = () => { if (box.isConnected) show(); };
  window.addEventListener("online", again);
  window.addEventListener("offline", again);
  return box;
}

// The entry point: picks the page from the address (lobby, ?game=, ?watch=, ?join=, ?replay=,
// ?mapedit, ?player=, ?ratings=, ?tournaments, ?tournament=, ?admin) and keeps the language switch in the header.

import {getLang, onLang, setLang, t} from "./i18n.js";
import {showLobby, showJoin} from "./lobby.js";
import {showGame} from "./game.js";
import {showReplay} from "./replay.js";
import {showMapEditor} from "./mapedit.js";
import {showAccount} from "./account.js";
import {showLeaderboard, showProfile} from "./profile.js";
import {showTournament, showTournamentNotice, showTournaments} from "./tournament.js";
import {showAdmin} from "./admin.js";
import {el} from "./dom.js";

const root = document.getElementById("app");
const langBtn = document.getElementById("lang");
const home = document.getElementById("home");
const q = new URLSearchParams(location.search);

function labels() {
  langBtn.textContent = t("lang_other");
  home.textContent = t("lobby");
}
langBtn.onclick = () => setLang(getLang() === "hu" ? "en" : "hu");
setLang(getLang());
labels();
onLang(labels);

async function route() {
  try {
    if (q.get("join")) {
      const join = () => showJoin(root, q.get("join"), q.get("seat"), q.get("invite"));
      join();
      onLang(join);
    } else if (q.get("game")) {
      showGame(root, q.get("game"));
    } else if (q.get("watch")) {
      showGame(root, q.get("watch"), {spectator: true});
    } else if (q.get("replay")) {
      await showReplay(root, q.get("replay"), Number(q.get("step") || 0));
    } else if (q.has("mapedit")) {
      showMapEditor(root);
    } else if (q.get("player")) {
      const page = () => showProfile(root, q.get("player"));
      await page();
      onLang(page);
    } else if (q.get("ratings")) {
      const page = () => showLeaderboard(root, q.get("ratings"));
      await page();
      onLang(page);
    } else if (q.has("tournaments")) {
      const page = () => showTournaments(root);
      await page();
      onLang(page);
    } else if (q.has("admin")) {
      const page = () => showAdmin(root);
      await page();
      onLang(page);
    } else if (q.get("tournament")) {
      const page = () => showTournament(root, q.get("tournament"), q.get("key"));
      await page();
      onLang(page);
    } else {
      // the way to the lessons stays first, above the account box: the box puts itself on top at
      // once and fills in when the account comes, so the link goes back above it at once too (not
      // after that wait, which left the box above the link meanwhile)
      const lobby = async () => {
        await showLobby(root);
        const account = showAccount(root);
        root.prepend(root.querySelector(".learn-link"));
        await Promise.all([account, showTournamentNotice(root)]);
      };
      await lobby();
      onLang(lobby);
    }
  } catch (e) {
    root.append(el("p", {class: "error"}, `${t("error")}: ${e.text ? e.text[getLang()] : e.message}`));
  }
}
route();

// The lobby: a new game (game, players, who is a bot and how strong, the game's options, turn
// timer), invite links, the games remembered in this browser, open games to join, running
// games to watch and finished games to replay.

import {api, csrfToken, forget, myGames, remember} from "./net.js";
import {getLang, joinNames, seatLabel, t, tx} from "./i18n.js";
import {el, clear} from "./dom.js";

let meta = null;

export async function showLobby(root) {
  clear(root);
  if (!meta) meta = await api("/api/meta");
  const form = el("section", {class: "panel new-game"}, [el("h2", {}, t("new_game"))]);
  const lists = el("section", {class: "panel lists"});
  // a newcomer's way in: the guided first games (learn.html), in the lobby's language
  const learn = el("p", {class: "learn-link"}, [
    el("a", {href: `learn.html?lang=${getLang()}`, id: "to-learn", class: "button primary"}, t("learn")),
    " ", t("learn_note")]);
  root.append(learn, el("div", {class: "lobby"}, [form, lists]));
  buildForm(form, () => fillLists(lists));
  await fillLists(lists);
}

function buildForm(box, refresh) {
  const gameSel = el("select", {name: "game", id: "f-game"},
    meta.games.map((g) => el("option", {value: g.name}, tx(g.title))));
  const playersSel = el("select", {name: "players", id: "f-players"});
  const seatsBox = el("div", {class: "seats"});
  const optsBox = el("div", {class: "options"});
  const timerSel = el("select", {name: "timer", id: "f-timer"}, [
    el("option", {value: ""}, t("no_timer")),
    ...[60, 120, 300, 600].map((s) => el("option", {value: s}, t("seconds", {n: s}))),
    // turn-based: a game over days (a turn that runs out is played once by the stand-in; e-mail notices)
    ...[12, 24, 72].map((h) => el("option", {value: h * 3600}, t("hours_per_move", {n: h}))),
  ]);
  const priv = el("input", {type: "checkbox", id: "f-private"});
  // rated: every human seat a logged-in player's, a bot rated as a player of its own (offered once logged in)
  const rated = el("input", {type: "checkbox", id: "f-rated"});
  const ratedRow = el("label", {class: "check"}, [rated, t("rated")]);
  const privRow = el("label", {class: "check"}, [priv, t("private")]);
  const note = el("p", {class: "note"});
  const out = el("div", {class: "created"});
  const submit = el("button", {type: "submit", id: "f-create", class: "primary"}, t("create"));
  const form = el("form", {}, [
    el("label", {}, [t("game"), gameSel]),
    el("label", {}, [t("players"), playersSel]), note,
    seatsBox, optsBox,
    el("label", {}, [t("timer"), timerSel]),
    privRow, csrfToken() ? ratedRow : null,
    submit, out,
    el("p", {}, el("a", {href: "?mapedit", id: "to-mapedit"}, t("map_editor"))),
  ]);
  box.append(form);
  // logging in or out in the account panel offers (or takes back) a rated game at once
  document.addEventListener("asztal-account", () => {
    if (!form.isConnected) return;
    if (csrfToken()) privRow.after(ratedRow);
    else { rated.checked = false; ratedRow.remove(); }
  });

  const current = () => meta.games.find((g) => g.name === gameSel.value);
  function fillPlayers() {
    const g = current();
    clear(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(el("option", {value: n}, String(n)));
    playersSel.value = String(g.name === "caboose" ? 3 : g.min_players === 1 && g.name === "pax" ? 2 : g.min_players);
    if (![...playersSel.options].some((o) => o.value === playersSel.value)) playersSel.selectedIndex = 0;
    fillSeats();
  }
  function fillSeats() {
    const g = current();
    const n = Number(playersSel.value);
    note.textContent = g.name === "pocketciv" ? t("solo_or_multi") : "";
    clear(seatsBox);
    for (let s = 0; s < n; s++) {
      const kind = el("select", {name: `kind${s}`, class: "kind"}, [
        el("option", {value: "here"}, t("kind_here")),
        el("option", {value: "invite"}, t("kind_invite")),
        el("option", {value: "bot"}, t("kind_bot")),
      ]);
      kind.value = s === 0 ? "here" : "bot";
      const strength = el("select", {name: `bot${s}`, class: "strength"},
        meta.bots.map((b) => el("option", {value: b.name}, tx(b))));
      strength.value = "normal";
      // an empty name is stored as such and shown in each reader's language ("Gép 2" / "Bot 2")
      const name = el("input", {name: `name${s}`, class: "name", maxlength: 40, "aria-label": t("name")});
      const sync = () => {
        strength.style.visibility = kind.value === "bot" ? "" : "hidden";  // keeps its column
        name.placeholder = seatLabel("", s, kind.value === "bot" ? "bot" : "human");
      };
      kind.onchange = sync;
      sync();
      kind.setAttribute("aria-label", t("seat_n", {n: s + 1}));
      strength.setAttribute("aria-label", t("strength"));
      seatsBox.append(el("div", {class: "seat-row"}, [el("span", {}, t("seat_n", {n: s + 1})), kind, strength, name]));
    }
    fillOptions();
  }
  function fillOptions() {
    const g = current();
    const n = Number(playersSel.value);
    clear(optsBox);
    for (const o of g.options) {
      if (o.players && !o.players.includes(n)) continue;
      let input;
      if (o.type === "pack") {
        input = el("select", {name: `opt-${o.name}`}, g.packs.map((p) => el("option", {value: p.name}, tx(p))));
      } else if (o.values) {
        input = el("select", {name: `opt-${o.name}`}, o.values.map((v) => el("option", {value: v}, String(v))));
        if (o.default !== null) input.value = String(o.default);
      } else if (o.type === "boolean") {
        input = el("input", {type: "checkbox", name: `opt-${o.name}`});
      } else continue;  // free-form options (e.g. the PAX start player) keep their defaults here
      input.dataset.option = o.name;
      input.dataset.type = o.type;
      optsBox.append(el("label", {class: o.type === "boolean" ? "check" : ""},
        o.type === "boolean" ? [input, tx(o)] : [tx(o), input]));
    }
  }
  gameSel.onchange = fillPlayers;
  playersSel.onchange = fillSeats;
  fillPlayers();

  form.onsubmit = async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    clear(out);
    try {
      const g = current();
      const n = Number(playersSel.value);
      const rows = [...seatsBox.querySelectorAll(".seat-row")];
      const kinds = rows.map((r) => r.querySelector(".kind").value);
      const seats = rows.map((r, s) => kinds[s] === "bot"
        ? {kind: "bot", bot: r.querySelector(".strength").value, name: r.querySelector(".name").value}
        : {kind: "human", name: r.querySelector(".name").value});
      const options = {};
      for (const input of optsBox.querySelectorAll("[data-option]")) {
        const v = input.type === "checkbox" ? input.checked
          : input.dataset.type === "integer" ? Number(input.value) : input.value;
        options[input.dataset.option] = v;
      }
      const mine = kinds.indexOf("here");
      const body = {game: g.name, players: n, options, seats, seat: mine >= 0 ? mine : null,
        turn_timer: timerSel.value ? Number(timerSel.value) : null, private: priv.checked, rated: rated.checked};
      const id = await createGame(body, kinds);
      const {invites, watch_url: watchUrl} = myGames()[id];
      if (watchUrl) {  // a private game: its watch link is shown once, to whoever created it
        out.append(el("p", {class: "watch-link"}, [t("watch_link"), " ",
          el("input", {type: "text", readonly: true, value: watchUrl, "aria-label": t("watch_link")})]));
      }
      if ((invites && invites.length) || watchUrl) {
        if (invites && invites.length) out.append(inviteList(invites, id));
        out.append(el("p", {}, el("a", {href: `?game=${id}`, class: "button primary", id: "go-game"}, t("resume"))));
        refresh();  // the new game shows in the lists at once
      } else {
        location.href = `?game=${id}`;
      }
    } catch (e) {
      out.append(el("p", {class: "error"}, `${t("error")}: ${e.text ? tx(e.text) : e.message}`));
    } finally {
      submit.disabled = false;
    }
  };
}

/** Create the game, take every seat marked "on this device" (hot-seat), remember the tokens;
 * returns the game id. Invitations for the other human seats are kept for showing. */
export async function createGame(body, kinds) {
  const created = await api("/api/games", body);
  const id = created.game.id;
  const seats = {};
  if (created.token) seats[created.seat] = created.token;
  const invites = [];
  for (const inv of created.invites) {
    if (kinds[inv.seat] === "here") {
      const joined = await api(`/api/games/${id}/join`, {seat: inv.seat, name: body.seats[inv.seat].name,
        invite: inv.invite});
      seats[joined.seat] = joined.token;
    } else {
      invites.push(inv);
    }
  }
  remember(id, {game: body.game, title: created.game.title, seats, invites, request: {body, kinds},
    created: created.game.created, watch: created.watch || null, watch_url: created.watch_url || null});
  return id;
}

function inviteList(invites, id) {
  return el("div", {class: "invites"}, [
    el("h3", {}, t("invites")),
    ...invites.map((inv) => {
      const input = el("input", {readonly: true, value: inv.url, class: "invite-url"});
      const btn = el("button", {type: "button"}, t("copy"));
      btn.onclick = async () => {
        input.select();
        try { await navigator.clipboard.writeText(inv.url); } catch { document.execCommand("copy"); }
        btn.textContent = t("copied");
      };
      return el("div", {class: "invite"}, [el("span", {}, t("invite_for", {n: inv.seat + 1})), input, btn,
        byName(id, inv.seat)]);
    }),
  ]);
}

/** A logged-in player keeps the seat for a friend named by username (they see it in their lobby). */
function byName(id, seat) {
  if (!csrfToken()) return null;  // a guest shares the link
  const name = el("input", {class: "invite-name", maxlength: 32, autocomplete: "off", "aria-label": t("invite_name"),
    placeholder: t("invite_name"), "data-seat": seat});
  const send = el("button", {type: "button", class: "invite-send", "data-seat": seat}, t("invite_send"));
  const out = el("span", {class: "note", role: "status"});
  send.onclick = async () => {
    try {
      await api(`/api/games/${encodeURIComponent(id)}/invite`, {username: name.value.trim(), seat});
      out.textContent = t("invite_sent", {name: name.value.trim()});
      name.disabled = send.disabled = true;
    } catch (e) {
      out.textContent = `${t("error")}: ${e.text ? tx(e.text) : e.message}`;
    }
  };
  return el("div", {class: "invite-by-name"}, [name, send, out]);
}

async function fillLists(box) {
  clear(box);
  const mine = myGames();
  const mineBox = el("div", {id: "my-games"}, [el("h2", {}, t("my_games"))]);
  const ids = Object.keys(mine).sort((a, b) => String(mine[b].created).localeCompare(String(mine[a].created)));
  if (!ids.length) mineBox.append(el("p", {class: "muted"}, t("none")));
  for (const id of ids) {
    const g = mine[id];
    const seats = Object.keys(g.seats).map((s) => Number(s) + 1).join(", ");
    const del = el("button", {type: "button", class: "small"}, t("forget"));
    del.onclick = () => { forget(id); fillLists(box); };
    mineBox.append(el("div", {class: "row"}, [
      el("span", {}, `${tx(g.title)} · ${t("seat_n", {n: seats})}`),
      el("a", {href: `?game=${id}`, class: "button"}, t("resume")),
      el("a", {href: `?replay=${id}`, class: "button"}, t("replay")), del,
    ]));
  }
  box.append(mineBox);
  const sections = [["open", "open_games"], ["running", "running_games"], ["finished", "finished_games"]];
  const results = await Promise.all(sections.map(([s]) => api(`/api/games?status=${s}&limit=20`).catch(() => [])));
  sections.forEach(([status, title], k) => {
    const sec = el("div", {id: `games-${status}`}, [el("h2", {}, t(title))]);
    // a private game is joined only by its invitation: it is not offered here
    const list = status === "open" ? results[k].filter((g) => !g.private) : results[k];
    if (!list.length) sec.append(el("p", {class: "muted"}, t("none")));
    for (const g of list) {
      // a seat kept for a player invited by name is theirs: shown as reserved, never offered
      const names = g.seats.map((s) => s.taken ? seatLabel(s.name, s.seat, s.kind) : s.reserved ? t("seat_kept") : "—")
        .join(", ");
      const facts = [`${tx(g.title)} (${g.players}) · ${names}`];
      if (status === "finished") {
        // when it ended, in the reader's time zone and language, and who won
        facts.push(when(g.updated));
        const won = (g.winners || []).map((i) => {
          const s = g.seats.find((x) => x.seat === i);
          return seatLabel(s && s.name, i, s ? s.kind : "human");
        });
        facts.push(won.length ? t(won.length === 1 ? "winner" : "winners", {names: joinNames(won)}) : t("no_winner"));
      }
      const row = el("div", {class: "row"}, [el("span", {}, facts.join(" · "))]);
      const free = g.seats.find((s) => !s.taken && !s.reserved);
      if (status === "open" && !g.private && !free) row.append(el("span", {class: "muted"}, t("all_kept")));
      if (status === "open" && !g.private && free) {
        const name = el("input", {class: "name", placeholder: t("name"), maxlength: 40, "aria-label": t("name")});
        const btn = el("button", {type: "button"}, t("join"));
        btn.onclick = () => joinGame(g.id, free.seat, name.value, null, g);
        row.append(name, btn);
      }
      if (status === "running") row.append(el("a", {href: `?watch=${g.id}`, class: "button"}, t("watch")));
      if (status === "finished") row.append(el("a", {href: `?replay=${g.id}`, class: "button"}, t("replay")));
      sec.append(row);
    }
    box.append(sec);
  });
}

/** A moment from the server (ISO, UTC) in the reader's time zone, written the reader's way
 * (Hungarian: "2026. dec. 6. 14:05"). */
export function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(getLang() === "en" ? "en-GB" : "hu-HU",
    {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
}

/** The invitation page: asks the player's name in the page (no browser prompt), then joins. */
export function showJoin(root, id, seat, invite) {
  const typed = document.getElementById("join-name");  // kept across a language switch
  const prev = typed ? typed.value : "";
  clear(root);
  const name = el("input", {id: "join-name", maxlength: 40, autocomplete: "nickname", required: true, value: prev});
  const go = el("button", {type: "submit", id: "join-go", class: "primary"}, t("join"));
  const out = el("p", {class: "error", id: "join-error"});
  const form = el("form", {class: "panel join-box"}, [el("h2", {}, t("join_title")),
    el("label", {}, [t("your_name_q"), name]), go, out]);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    go.disabled = true;
    try {
      await joinGame(id, seat, name.value.trim(), invite);
    } catch (e) {
      out.textContent = `${t("error")}: ${e.text ? tx(e.text) : e.message}`;
      go.disabled = false;
    }
  };
  root.append(form);
  name.focus();
}

export async function joinGame(id, seat, name, invite, info) {
  const body = {name: name || ""};
  if (seat !== null && seat !== undefined) body.seat = Number(seat);
  if (invite) body.invite = invite;
  const joined = await api(`/api/games/${id}/join`, body);
  remember(id, {game: joined.game.game, title: joined.game.title, seats: {[joined.seat]: joined.token},
    created: joined.game.created});
  location.href = `?game=${id}`;
  return info;
}

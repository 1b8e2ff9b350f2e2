// The operator's page (?admin): the open reports of chat lines, each with what can be done about
// it (close the report, hide the line from everyone, ban the line's writer, close the game); the
// banned accounts, each with the lifting of its ban, and a player found by name to ban or lift;
// the games not over (the public ones listed, any found by its link or code), each with its
// closing; and the moderation log. Only an account given the role on the command line (`asztal
// admin grant`) is answered by the routes; anyone else is told so. Every action asks first: it
// says what it will do, and only the second button acts. After an action the page is drawn
// again, says what was done and puts the keyboard's focus on that sentence.

import {api} from "./net.js";
import {getLang, joinNames, seatLabel, tx} from "./i18n.js";
import {el, clear} from "./dom.js";

const TEXTS = {
  title: ["Moderálás", "Moderation"],
  reports: ["Nyitott bejelentések", "Open reports"],
  no_reports: ["Nincs nyitott bejelentés.", "No open reports."],
  line: ["Az üzenet", "The message"],
  author: ["Írta", "Written by"],
  reporter: ["Bejelentette", "Reported by"],
  reason: ["Indok", "Reason"],
  no_reason: ["(nem adott meg indokot)", "(no reason given)"],
  when: ["Mikor", "When"],
  game: ["A játék megnyitása", "Open the game"],
  gone: ["törölt játékos", "deleted player"],
  guest: ["vendég (fiók nélkül)", "guest (no account)"],
  close: ["Bejelentés lezárása", "Close the report"],
  hide: ["Sor elrejtése", "Hide the line"],
  ban: ["Kitiltás", "Ban"],
  ask_close: ["Lezárod ezt a bejelentést? Az üzenet látható marad.",
    "Close this report? The message stays visible."],
  ask_hide: ["Elrejted ezt az üzenetet mindenki elől?", "Hide this message from everyone?"],
  ask_ban: ["Kitiltod: {name}? A bejelentkezései véget érnek, és nem léphet be újra.",
    "Ban {name}? Their sessions end and they cannot log in again."],
  why: ["Indoklás (a naplóba kerül)", "Reason (goes into the log)"],
  yes_close: ["Igen, lezárom", "Yes, close it"],
  yes_hide: ["Igen, elrejtem", "Yes, hide it"],
  yes_ban: ["Igen, kitiltom", "Yes, ban them"],
  cancel: ["Mégse", "Cancel"],
  done_close: ["A bejelentés lezárva.", "The report is closed."],
  done_hide: ["Az üzenet elrejtve.", "The message is hidden."],
  done_ban: ["{name} kitiltva.", "{name} is banned."],
  // the banned accounts, and a player by name
  bans: ["Kitiltott fiókok", "Banned accounts"],
  no_bans: ["Senki sincs kitiltva.", "Nobody is banned."],
  player: ["Játékos", "Player"],
  banned_when: ["Kitiltva", "Banned on"],
  lift: ["Kitiltás feloldása", "Lift the ban"],
  ask_lift: ["Feloldod {name} kitiltását? Újra beléphet és játszhat.",
    "Lift the ban on {name}? They can log in and play again."],
  yes_lift: ["Igen, feloldom", "Yes, lift it"],
  done_lift: ["{name} kitiltása feloldva: újra beléphet.", "The ban on {name} is lifted: they can log in again."],
  by_name: ["Játékos név szerint", "A player by name"],
  username: ["Felhasználónév", "Username"],
  need_name: ["Írd be a játékos felhasználónevét.", "Type the player's username."],
  // the games not over
  games: ["Folyó játékok", "Games in progress"],
  find_label: ["A játék hivatkozása vagy kódja", "The game's link or code"],
  find_hint: ["Zárt játékot a nézői hivatkozásával találsz meg.", "A private game is found by its watch link."],
  find: ["Keresés", "Find"],
  need_game: ["Másold be a játék hivatkozását vagy kódját.", "Paste the game's link or code."],
  found: ["A keresett játék", "The game you looked for"],
  over: ["Ez a játék már véget ért.", "This game is already over."],
  listed: ["Nyilvános játékok", "Public games"],
  no_games: ["Nincs folyó nyilvános játék.", "No public game is in progress."],
  game_kind: ["Játék", "Game"],
  players: ["Játékosok", "Players"],
  state: ["Állapot", "State"],
  waiting: ["játékosokra vár", "waiting for players"],
  running: ["folyik", "in progress"],
  started: ["Indult", "Started"],
  watch: ["Megnézem", "Watch it"],
  close_game_btn: ["Játék lezárása", "Close the game"],
  ask_close_reported: ["Lezárod a játékot, amelyben ez az üzenet elhangzott? Azonnal véget ér, győztes és "
    + "értékelés nélkül, és senki sem léphet benne tovább.",
  "Close the game this message was written in? It ends at once, with no winner and unrated, and nobody can move "
    + "in it any more."],
  done_close_reported: ["A játék lezárva.", "The game is closed."],
  ask_close_game: ["Lezárod ezt a játékot ({what})? Azonnal véget ér, győztes és értékelés nélkül, "
    + "és senki sem léphet benne tovább.",
  "Close this game ({what})? It ends at once, with no winner and unrated, and nobody can move in it any more."],
  yes_close_game: ["Igen, lezárom a játékot", "Yes, close the game"],
  done_close_game: ["A játék lezárva ({what}).", "The game is closed ({what})."],
  nobody: ["még senki", "nobody yet"],
  // the log
  log: ["Moderálási napló", "Moderation log"],
  no_log: ["A napló még üres.", "The log is empty so far."],
  operator: ["Ki", "Who"],
  action: ["Mit", "What"],
  target: ["Kit vagy mit", "Whom or what"],
  detail: ["Indoklás", "Reason"],
  command_line: ["parancssor", "command line"],
  report_n: ["{n}. bejelentés", "report {n}"],
  line_of: ["egy üzenet", "a message"],
  the_game: ["egy játék", "a game"],
  grant: ["üzemeltetői jogot kapott", "given the operator's role"],
  revoke: ["üzemeltetői jogát elvesztette", "operator's role taken"],
  hide_done: ["üzenet elrejtve", "message hidden"],
  ban_done: ["kitiltás", "ban"],
  unban: ["kitiltás feloldása", "ban lifted"],
  close_game: ["játék lezárva", "game closed"],
  close_report: ["bejelentés lezárva", "report closed"],
  error: ["Hiba", "Error"],
};

function t(key, fields = {}) {
  let s = TEXTS[key][getLang() === "en" ? 1 : 0];
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

function shown(e) {
  return `${t("error")}: ${e.text ? e.text[getLang()] || e.text.en : e.message}`;
}

function when(stamp) {
  return new Date(stamp).toLocaleString(getLang() === "en" ? "en-GB" : "hu-HU",
    {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
}

/** The operator's page in `root`. */
export async function showAdmin(root) {
  clear(root);
  const status = el("p", {class: "note", id: "admin-status", role: "status", tabindex: "-1"});
  const box = el("section", {class: "panel admin", id: "admin"}, [el("h1", {}, t("title")), status]);
  root.append(box);
  let reports, log, bans, running, open;
  try {
    [reports, log, bans, running, open] = await Promise.all([api("/api/admin/reports"), api("/api/admin/audit"),
      api("/api/admin/bans"), api("/api/games?status=running&limit=100"), api("/api/games?status=open&limit=100")]);
  } catch (e) {
    box.append(el("p", {class: "error", id: "admin-error"}, shown(e)));
    return;
  }
  /** Draws the page again (the lists and the log as they are now) and says what was done. */
  const again = async (said) => {
    await showAdmin(root);
    const note = root.querySelector("#admin-status");
    note.textContent = said;
    note.focus();
  };
  const list = el("div", {id: "admin-reports"}, [el("h2", {}, t("reports"))]);
  if (!reports.length) list.append(el("p", {class: "muted"}, t("no_reports")));
  for (const r of reports) list.append(reportCard(r, again));
  box.append(list, bansPart(bans, again), gamesPart([...running, ...open], again), logTable(log));
}

/** Says what an action does in `ask` and acts only on the second button; `reason` asks one for the log. */
function confirmFirst(ask, kind, question, reason, act) {
  clear(ask);
  const why = reason ? el("input", {class: "admin-why", maxlength: 200, autocomplete: "off"}) : null;
  const yes = el("button", {type: "submit", class: "primary admin-yes"}, t(`yes_${kind}`));
  const no = el("button", {type: "button", class: "admin-no"}, t("cancel"));
  const out = el("p", {class: "error admin-out", role: "alert"});
  const form = el("form", {class: "admin-confirm", "aria-label": question}, [
    el("p", {}, question), why ? el("label", {}, [t("why"), why]) : null, el("div", {class: "row"}, [yes, no]), out]);
  no.onclick = () => clear(ask);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    yes.disabled = true;
    try {
      await act(why ? why.value.trim() : "");
    } catch (e) {
      yes.disabled = false;
      out.textContent = shown(e);
    }
  };
  ask.append(form);
  (why || yes).focus();
}

function reportCard(r, again) {
  const author = r.author || t("guest");
  const facts = el("dl", {class: "admin-facts"}, [
    el("dt", {}, t("line")), el("dd", {class: "admin-line"}, r.text),
    el("dt", {}, t("author")), el("dd", {class: "admin-author"}, author),
    el("dt", {}, t("reporter")), el("dd", {}, r.reporter),
    el("dt", {}, t("reason")), el("dd", {}, r.reason || t("no_reason")),
    el("dt", {}, t("when")), el("dd", {}, when(r.created)),
  ]);
  const link = el("a", {href: `?watch=${encodeURIComponent(r.game_id)}`, class: "button"}, t("game"));
  const ask = el("div", {class: "admin-ask"});
  const card = el("article", {class: "admin-report", "data-report": r.id, "aria-label": `${author}: ${r.text}`},
    [facts, el("div", {class: "row admin-actions"}, [link]), ask]);
  const actions = card.querySelector(".admin-actions");

  const close = el("button", {type: "button", class: "admin-close"}, t("close"));
  close.onclick = () => confirmFirst(ask, "close", t("ask_close"), false, async () => {
    await api(`/api/admin/reports/${r.id}/close`, {});
    await again(t("done_close"));
  });
  const hide = el("button", {type: "button", class: "admin-hide"}, t("hide"));
  hide.onclick = () => confirmFirst(ask, "hide", t("ask_hide"), true, async (reason) => {
    await api(`/api/admin/games/${encodeURIComponent(r.game_id)}/chat/${r.n}/hide`, {reason});
    await again(t("done_hide"));
  });
  // the game itself (a private game's report is the way to it: the list holds only public ones)
  const end = el("button", {type: "button", class: "admin-close-game"}, t("close_game_btn"));
  end.onclick = () => confirmFirst(ask, "close_game", t("ask_close_reported"), true, async (reason) => {
    await api(`/api/admin/games/${encodeURIComponent(r.game_id)}/close`, {reason});
    await again(t("done_close_reported"));
  });
  actions.append(close, hide);
  if (r.author) {
    const ban = el("button", {type: "button", class: "admin-ban"}, t("ban"));
    ban.onclick = () => confirmFirst(ask, "ban", t("ask_ban", {name: r.author}), true, async (reason) => {
      await api(`/api/admin/accounts/${encodeURIComponent(r.author)}/ban`, {reason});
      await again(t("done_ban", {name: r.author}));
    });
    actions.append(ban);
  }
  actions.append(end);
  return card;
}

function banAct(name, again) {
  return async (reason) => {
    await api(`/api/admin/accounts/${encodeURIComponent(name)}/ban`, {reason});
    await again(t("done_ban", {name}));
  };
}

function liftAct(name, again) {
  return async (reason) => {
    await api(`/api/admin/accounts/${encodeURIComponent(name)}/unban`, {reason});
    await again(t("done_lift", {name}));
  };
}

/** The banned accounts, each with the lifting of its ban, and a player typed by name to ban or to lift. */
function bansPart(bans, again) {
  const box = el("div", {id: "admin-bans"}, [el("h2", {}, t("bans"))]);
  if (!bans.length) box.append(el("p", {class: "muted"}, t("no_bans")));
  const cards = el("div", {class: "admin-cards"});
  box.append(cards);
  for (const b of bans) {
    const ask = el("div", {class: "admin-ask"});
    const lift = el("button", {type: "button", class: "admin-lift"}, t("lift"));
    lift.onclick = () => confirmFirst(ask, "lift", t("ask_lift", {name: b.username}), true, liftAct(b.username, again));
    cards.append(el("article", {class: "admin-card admin-banned", "data-banned": b.username, "aria-label": b.username}, [
      el("dl", {class: "admin-facts"}, [
        el("dt", {}, t("player")), el("dd", {class: "admin-name"}, b.username),
        el("dt", {}, t("reason")), el("dd", {}, b.reason || t("no_reason")),
        el("dt", {}, t("banned_when")), el("dd", {}, when(b.created)),
      ]),
      el("div", {class: "row admin-actions"}, [lift]), ask]));
  }
  // a player by name: the ban of someone no report names, or the lifting of a ban not listed
  const name = el("input", {id: "admin-name", maxlength: 100, autocomplete: "off", spellcheck: "false"});
  const ban = el("button", {type: "button", id: "admin-name-ban"}, t("ban"));
  const lift = el("button", {type: "button", id: "admin-name-lift"}, t("lift"));
  const ask = el("div", {class: "admin-ask"});
  const asked = (kind, act) => () => {
    const who = name.value.trim();
    if (!who) {
      clear(ask).append(el("p", {class: "error", role: "alert"}, t("need_name")));
      name.focus();
      return;
    }
    confirmFirst(ask, kind, t(`ask_${kind}`, {name: who}), true, act(who, again));
  };
  ban.onclick = asked("ban", banAct);
  lift.onclick = asked("lift", liftAct);
  box.append(el("h3", {}, t("by_name")), el("div", {class: "admin-find"}, [
    el("label", {for: "admin-name"}, [t("username"), name]), el("div", {class: "admin-buttons"}, [ban, lift])]), ask);
  return box;
}

/** Who sit at a game, as a sentence lists them ("Anna és Béla"). */
function seated(g) {
  const names = g.seats.filter((s) => s.taken).map((s) => seatLabel(s.name, s.seat, s.kind));
  return names.length ? joinNames(names) : t("nobody");
}

function gameCard(g, again, key = null) {
  const ask = el("div", {class: "admin-ask"});
  const what = `${tx(g.title)}: ${seated(g)}`;  // as a player would name it, never by its code
  const watch = `?watch=${encodeURIComponent(g.id)}${key ? `&key=${encodeURIComponent(key)}` : ""}`;
  const close = el("button", {type: "button", class: "admin-close-game"}, t("close_game_btn"));
  close.onclick = () => confirmFirst(ask, "close_game", t("ask_close_game", {what}), true, async (reason) => {
    await api(`/api/admin/games/${encodeURIComponent(g.id)}/close`, {reason});
    await again(t("done_close_game", {what}));
  });
  return el("article", {class: "admin-card admin-game", "data-game": g.id, "aria-label": what}, [
    el("dl", {class: "admin-facts"}, [
      el("dt", {}, t("game_kind")), el("dd", {}, tx(g.title)),
      el("dt", {}, t("players")), el("dd", {class: "admin-players"}, seated(g)),
      el("dt", {}, t("state")), el("dd", {}, t(g.status === "open" ? "waiting" : "running")),
      el("dt", {}, t("started")), el("dd", {}, when(g.created)),
    ]),
    el("div", {class: "row admin-actions"}, [el("a", {href: watch, class: "button"}, t("watch")), close]), ask]);
}

/** The game a pasted link or code names: {id, key} (a private game's watch link carries its key). */
function parseGame(text) {
  const value = text.trim();
  if (!value.includes("?") && !value.includes("/")) return {id: value, key: null};
  let q;
  try {
    q = new URL(value, location.href).searchParams;
  } catch {
    return {id: value, key: null};
  }
  const id = q.get("watch") || q.get("game") || q.get("join") || q.get("replay") || "";
  return {id, key: q.get("key")};
}

/** The games not over: one found by its link or code, and the public ones listed, each with its closing. */
function gamesPart(games, again) {
  const box = el("div", {id: "admin-games"}, [el("h2", {}, t("games"))]);
  const input = el("input", {id: "admin-find", maxlength: 300, autocomplete: "off", spellcheck: "false",
    "aria-describedby": "admin-find-hint"});
  const go = el("button", {type: "submit", id: "admin-find-go"}, t("find"));
  const out = el("div", {id: "admin-found"});
  const form = el("form", {class: "admin-find", role: "search"}, [
    el("label", {for: "admin-find"}, [t("find_label"), input]), el("div", {class: "admin-buttons"}, [go]),
    el("p", {class: "muted small", id: "admin-find-hint"}, t("find_hint"))]);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    clear(out);
    const {id, key} = parseGame(input.value);
    if (!id) {
      out.append(el("p", {class: "error", role: "alert"}, t("need_game")));
      return;
    }
    try {
      const g = await api(`/api/games/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ""}`);
      if (g.status === "finished") {
        out.append(el("p", {class: "error", role: "alert"}, t("over")));
        return;
      }
      const heading = el("h3", {tabindex: "-1"}, t("found"));
      out.append(heading, gameCard(g, again, key));
      heading.focus();
    } catch (e) {
      out.append(el("p", {class: "error", role: "alert"}, shown(e)));
    }
  };
  box.append(form, out, el("h3", {}, t("listed")));
  if (!games.length) box.append(el("p", {class: "muted"}, t("no_games")));
  box.append(el("div", {class: "admin-cards"}, games.map((g) => gameCard(g, again))));
  return box;
}

/** What the operators did, newest first, in players' words (a game or a report is not named by its id). */
function logTable(rows) {
  const box = el("div", {id: "admin-log"}, [el("h2", {}, t("log"))]);
  if (!rows.length) {
    box.append(el("p", {class: "muted"}, t("no_log")));
    return box;
  }
  const action = {hide: "hide_done", ban: "ban_done"};
  const target = (r) => {
    if (r.action === "hide") {
      const [game] = r.target.split("/");
      return el("a", {href: `?watch=${encodeURIComponent(game)}`}, t("line_of"));
    }
    if (r.action === "close_game") return el("a", {href: `?watch=${encodeURIComponent(r.target)}`}, t("the_game"));
    if (r.action === "close_report") return t("report_n", {n: r.target});
    return r.target;
  };
  box.append(el("div", {class: "table-wrap"}, el("table", {class: "ratings", id: "admin-audit"}, [
    el("tr", {}, [t("when"), t("operator"), t("action"), t("target"), t("detail")].map((c) => el("th", {scope: "col"}, c))),
    ...rows.map((r) => el("tr", {"data-action": r.action}, [
      el("td", {}, when(r.at)), el("td", {}, r.operator || t("command_line")),
      el("td", {}, TEXTS[action[r.action] || r.action] ? t(action[r.action] || r.action) : r.action),
      el("td", {}, target(r)), el("td", {}, r.detail)])),
  ])));
  return box;
}

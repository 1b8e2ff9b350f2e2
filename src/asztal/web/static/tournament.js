// Tournaments: the list and the form that creates one (?tournaments), one tournament's page
// (?tournament=ID, a private one with &key=): sign-up, the standings after every round, each
// round's tables with links to their games and replays, the podium; and the lobby's notice of
// the reader's tables being played now.

import {api, csrfToken} from "./net.js";
import {getLang} from "./i18n.js";
import {el, clear} from "./dom.js";

const TEXTS = {
  tournaments: ["Versenyek", "Tournaments"],
  none: ["Még nincs verseny.", "No tournaments yet."],
  name: ["Név", "Name"],
  game: ["Játék", "Game"],
  table_size: ["Asztal", "Table"],
  seats: ["{n} fő", "{n} players"],
  format: ["Lebonyolítás", "Format"],
  swiss: ["svájci, {n} forduló", "Swiss, {n} rounds"],
  swiss_plain: ["svájci", "Swiss"],
  round_robin: ["körmérkőzés", "round-robin"],
  rounds: ["Fordulók száma (svájci)", "Rounds (Swiss)"],
  timer: ["Lépésidő (óra, legalább 12)", "Turn timer (hours, 12 or more)"],
  round_days: ["Egy forduló legfeljebb (nap)", "A round lasts at most (days)"],
  rated: ["Értékelt játszmák", "Rated games"],
  private: ["Zárt verseny (csak meghívóval)", "Private (by invitation only)"],
  starts: ["Kezdés", "Starts"],
  signup_until: ["Jelentkezés eddig (üresen: a kezdésig)", "Sign-up until (empty: until the start)"],
  create: ["Verseny indítása", "Create the tournament"],
  new: ["Új verseny", "New tournament"],
  login_first: ["Versenyt indítani és jelentkezni bejelentkezve lehet (az előtérben).",
    "Log in (in the lobby) to create a tournament or sign up."],
  status_signup: ["jelentkezés", "sign-up"],
  status_running: ["folyik, {n}. forduló", "running, round {n}"],
  status_finished: ["véget ért", "finished"],
  players: ["Játékosok", "Players"],
  organiser: ["Szervező: {name}", "Organiser: {name}"],
  sign_up: ["Jelentkezem", "Sign me up"],
  withdraw_me: ["Visszalépek", "Withdraw"],
  withdraw: ["Visszaléptetés", "Withdraw"],
  withdraw_who: ["Játékos visszaléptetése (a folyó játszmája elveszett)", "Withdraw a player (their game in play is lost)"],
  signed_up: ["Jelentkeztél.", "You are signed up."],
  key_note: ["A zárt verseny meghívója (csak most látod, küldd el a játékosoknak):",
    "The private tournament's invitation (shown only now; send it to the players):"],
  standings: ["Állás", "Standings"],
  standings_after: ["Állás {n} forduló után", "Standings after round {n}"],
  rank: ["#", "#"],
  player: ["Játékos", "Player"],
  points: ["Pont", "Points"],
  buchholz: ["Buchholz", "Buchholz"],
  h2h: ["Egymás ellen", "Head-to-head"],
  game_points: ["Játékpont", "Game points"],
  games: ["Játszma", "Games"],
  withdrawn: ["visszalépett", "withdrew"],
  round: ["{n}. forduló", "Round {n}"],
  deadline: ["határidő: {when}", "deadline: {when}"],
  table: ["{n}. asztal", "Table {n}"],
  place: ["{n}. hely", "place {n}"],
  pts: ["{x} pont", "{x} pt"],
  open: ["Megnyitás", "Open"],
  watch: ["Nézés", "Watch"],
  replay: ["Visszajátszás", "Replay"],
  how_forfeit: ["feladva", "forfeited"],
  how_adjudicated: ["időre értékelve", "scored at the deadline"],
  podium: ["Dobogó", "Podium"],
  rules: ["Párosítás, erőnyerő, pontozás: a szabályok", "Pairings, byes, scoring: the rules"],
  rules_text: ["Minden asztalon az első 1 pontot kap, az utolsó 0-t, a köztes helyek egyenletesen osztoznak; "
    + "holtversenyben a helyek pontjai elfeleződnek. Egyenlő pontnál a svájci versenyben a Buchholz (az "
    + "asztaltársak átlagpontjainak összege), majd az egymás elleni eredmény, végül a játékpontok döntenek. "
    + "Ha a létszám nem osztható az asztalmérettel, kisebb asztal lesz, vagy ha a játék azt nem engedi, egy "
    + "helyen gép ül; a gépet mindig az kapja, aki még nem játszott ellene.",
  "At each table first place earns 1 point, last place 0, the places between evenly spread; tied places share "
    + "their points. On equal points a Swiss tournament looks at the Buchholz (the sum of the table-mates' average "
    + "points), then the head-to-head, then the game points. When the field does not divide into full tables, a "
    + "table is one smaller, or where the game does not allow that a bot takes a seat; the bot seat goes to someone "
    + "who has not had one yet."],
  your_tables: ["Versenyasztalaid", "Your tournament tables"],
  your_table: ["{name}, {n}. forduló: {title}", "{name}, round {n}: {title}"],
  all: ["Minden verseny", "All tournaments"],
};

function t(key, fields = {}) {
  let s = TEXTS[key][getLang() === "en" ? 1 : 0];
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

const shown = (e) => (e.text ? e.text[getLang()] || e.text.en : e.message);
const title = (x) => x[getLang()] || x.en;
const when = (iso) => new Date(iso).toLocaleString(getLang() === "en" ? "en-GB" : "hu-HU",
  {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

function status(tour) {
  if (tour.status === "running") return t("status_running", {n: tour.round});
  return t(`status_${tour.status}`);
}

function format(tour) {
  if (tour.format === "round_robin") return t("round_robin");
  return tour.rounds ? t("swiss", {n: tour.rounds}) : t("swiss_plain");
}

/** The lobby's notice: a link to the tournaments and the reader's tables being played now. */
export async function showTournamentNotice(root) {
  const box = el("section", {class: "panel tournaments-notice", id: "tournaments-notice"},
    [el("a", {href: "?tournaments", id: "tournaments-link"}, t("tournaments"))]);
  root.append(box);
  // a guest has no session (nor its CSRF cookie): only the link, and no refusal in the console
  if (!csrfToken()) return;
  let mine = [];
  try {
    mine = await api("/api/me/tournament-tables");
  } catch {
    return;  // a guest: only the link
  }
  if (!mine.length) return;
  box.append(el("h3", {}, t("your_tables")), el("ul", {id: "tournament-tables"}, mine.map((m) =>
    el("li", {"data-game": m.game_id}, [t("your_table", {name: m.name, n: m.round, title: title(m.title)}), " ",
      el("a", {href: `?open=${encodeURIComponent(m.game_id)}`, class: "button"}, t("open"))]))));
}

export async function showTournaments(root) {
  const [list, meta] = await Promise.all([api("/api/tournaments"), api("/api/meta")]);
  clear(root);
  const box = el("section", {class: "panel tournaments", id: "tournaments"}, [el("h1", {}, t("tournaments"))]);
  if (!list.length) box.append(el("p", {class: "muted"}, t("none")));
  else {
    box.append(el("div", {class: "table-wrap"}, el("table", {class: "ratings", id: "tournament-list"}, [
      el("tr", {}, [t("name"), t("game"), t("table_size"), t("format"), t("players"), t("starts"), ""]
        .map((c) => el("th", {}, c))),
      ...list.map((x) => el("tr", {"data-tournament": x.id}, [
        el("td", {}, el("a", {href: `?tournament=${encodeURIComponent(x.id)}`}, x.name)),
        el("td", {}, title(x.title)), el("td", {}, t("seats", {n: x.table_size})), el("td", {}, format(x)),
        el("td", {}, String(x.players)), el("td", {}, when(x.starts)), el("td", {}, status(x))])),
    ])));
  }
  root.append(box, createForm(meta));
}

function createForm(meta) {
  const games = meta.games.filter((g) => g.max_players >= 2);
  const name = el("input", {id: "tn-name", maxlength: 80, required: true});
  const game = el("select", {id: "tn-game"}, games.map((g) => el("option", {value: g.name}, title(g.title))));
  const size = el("select", {id: "tn-size"});
  const fill = () => {
    const g = games.find((x) => x.name === game.value);
    clear(size);
    for (let n = Math.max(2, g.min_players); n <= g.max_players; n++) size.append(el("option", {value: n}, String(n)));
  };
  game.onchange = fill;
  fill();
  const fmt = el("select", {id: "tn-format"}, [el("option", {value: "swiss"}, t("swiss_plain")),
    el("option", {value: "round_robin"}, t("round_robin"))]);
  const rounds = el("input", {id: "tn-rounds", type: "number", min: 1, max: 20, value: 3});
  const hours = el("input", {id: "tn-hours", type: "number", min: 12, max: 168, value: 24});
  const days = el("input", {id: "tn-days", type: "number", min: 1, max: 60, value: 14});
  const rated = el("input", {id: "tn-rated", type: "checkbox"});
  const priv = el("input", {id: "tn-private", type: "checkbox"});
  const tomorrow = new Date(Date.now() + 86400000);
  tomorrow.setMinutes(0, 0, 0);
  const local = (d) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  const starts = el("input", {id: "tn-starts", type: "datetime-local", value: local(tomorrow), required: true});
  const until = el("input", {id: "tn-until", type: "datetime-local"});
  const out = el("p", {class: "error", id: "tn-error", role: "alert"});
  const submit = el("button", {type: "submit", class: "primary", id: "tn-create"}, t("create"));
  const form = el("form", {class: "account-form", id: "tournament-form"}, [
    el("label", {}, [t("name"), name]), el("label", {}, [t("game"), game]), el("label", {}, [t("table_size"), size]),
    el("label", {}, [t("format"), fmt]), el("label", {}, [t("rounds"), rounds]), el("label", {}, [t("timer"), hours]),
    el("label", {}, [t("round_days"), days]), el("label", {}, [rated, " ", t("rated")]),
    el("label", {}, [priv, " ", t("private")]), el("label", {}, [t("starts"), starts]),
    el("label", {}, [t("signup_until"), until]), submit, out]);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    out.textContent = "";
    try {
      const made = await api("/api/tournaments", {
        name: name.value, game: game.value, table_size: Number(size.value), format: fmt.value,
        rounds: fmt.value === "swiss" ? Number(rounds.value) : null, turn_timer: Number(hours.value) * 3600,
        round_days: Number(days.value), rated: rated.checked, private: priv.checked,
        starts: new Date(starts.value).toISOString(), signup_until: until.value ? new Date(until.value).toISOString() : null});
      const id = encodeURIComponent(made.tournament.id);
      if (made.key) {
        const link = `${location.origin}${location.pathname}?tournament=${id}&key=${encodeURIComponent(made.key)}`;
        clear(form).append(el("p", {}, t("key_note")), el("p", {}, el("a", {href: link, id: "tn-key"}, link)));
      } else location.href = `?tournament=${id}`;
    } catch (e) {
      out.textContent = shown(e);
    }
  };
  return el("section", {class: "panel", id: "tournament-new"},
    [el("h2", {}, t("new")), el("p", {class: "muted"}, t("login_first")), form]);
}

export async function showTournament(root, id, key) {
  const path = `/api/tournaments/${encodeURIComponent(id)}`;
  const tour = await api(key ? `${path}?key=${encodeURIComponent(key)}` : path);
  clear(root);
  const box = el("section", {class: "panel tournament", id: "tournament", "data-status": tour.status}, [
    el("p", {}, el("a", {href: "?tournaments"}, t("all"))),
    el("h1", {}, tour.name),
    el("p", {}, `${title(tour.title)} · ${t("seats", {n: tour.table_size})} · ${format(tour)} · ${status(tour)}`),
    el("p", {class: "muted"}, `${t("starts")}: ${when(tour.starts)}`
      + (tour.organiser ? ` · ${t("organiser", {name: tour.organiser})}` : ""))]);
  const out = el("p", {class: "error", id: "tn-action-error", role: "alert"});
  const act = async (url, body) => {
    out.textContent = "";
    try {
      await api(url, body);
      await showTournament(root, id, key);
    } catch (e) {
      out.textContent = shown(e);
    }
  };
  if (tour.status === "signup" && !tour.signed_up) {
    const b = el("button", {type: "button", class: "primary", id: "tn-signup"}, t("sign_up"));
    b.onclick = () => act(`${path}/signup`, {key: key || null});
    box.append(b);
  } else if (tour.signed_up && tour.status !== "finished") {
    const b = el("button", {type: "button", id: "tn-withdraw"}, t("withdraw_me"));
    b.onclick = () => act(`${path}/withdraw`, {});
    box.append(el("p", {}, [t("signed_up"), " ", b]));
  }
  box.append(out);
  if (tour.status === "finished" && tour.standings.length) box.append(podium(tour.standings));
  box.append(el("h2", {}, tour.round ? t("standings_after", {n: finishedRounds(tour)}) : t("players")));
  if (tour.round) box.append(standings(tour.standings, tour.format === "swiss", "tn-standings"));
  else box.append(el("ul", {id: "tn-entrants"}, tour.entrants.map((n) => el("li", {}, n))));
  for (const r of [...tour.rounds_played].reverse()) box.append(roundBox(r, tour.format === "swiss", tour.private));
  if (tour.organising && tour.status !== "finished") box.append(withdrawBox(tour, path, act));
  box.append(el("details", {id: "tn-rules"}, [el("summary", {}, t("rules")), el("p", {}, t("rules_text"))]));
  root.append(box);
}

function finishedRounds(tour) {
  return tour.rounds_played.filter((r) => r.tables.every((x) => x.how)).length;
}

function podium(rows) {
  return el("div", {class: "podium", id: "tn-podium", role: "list", "aria-label": t("podium")},
    [el("h2", {}, t("podium")), ...rows.filter((s) => s.rank <= 3).map((s) => el("p", {role: "listitem", "data-rank": s.rank},
      el("b", {}, `${s.rank}. ${s.username} · ${t("pts", {x: num(s.points)})}`)))]);
}

function standings(rows, swiss, id) {
  const head = [t("rank"), t("player"), t("points"), ...(swiss ? [t("buchholz")] : []), t("h2h"), t("game_points"),
    t("games")];
  return el("div", {class: "table-wrap"}, el("table", {class: "ratings", id}, [
    el("tr", {}, head.map((c) => el("th", {}, c))),
    ...rows.map((s) => el("tr", {"data-player": s.username}, [
      el("td", {}, String(s.rank)),
      el("td", {}, s.withdrawn ? `${s.username} (${t("withdrawn")})` : s.username),
      el("td", {}, num(s.points)), ...(swiss ? [el("td", {}, num(s.buchholz))] : []),
      el("td", {}, num(s.head_to_head)), el("td", {}, num(s.game_points)), el("td", {}, String(s.games))])),
  ]));
}

function roundBox(r, swiss, closed) {
  const box = el("div", {class: "tn-round", "data-round": r.round},
    [el("h3", {}, `${t("round", {n: r.round})} · ${t("deadline", {when: when(r.deadline)})}`)]);
  for (const table of r.tables) {
    const seats = table.seats.map((s) => {
      const who = s.username || title(s.bot);
      const result = s.place ? ` · ${t("place", {n: s.place})} · ${t("pts", {x: num(s.points)})}` : "";
      return el("li", {}, `${who}${result}`);
    });
    const links = [];
    if (table.game_id && table.status === "finished") {
      links.push(el("a", {href: `?replay=${encodeURIComponent(table.game_id)}`, class: "button"}, t("replay")));
    } else if (table.game_id) {
      // a private tournament's games are seen only by their players
      links.push(el("a", {href: `?open=${encodeURIComponent(table.game_id)}`, class: "button"}, t("open")));
      if (!closed) links.push(" ", el("a", {href: `?watch=${encodeURIComponent(table.game_id)}`, class: "button"}, t("watch")));
    }
    const how = table.how && table.how !== "played" ? ` (${t(`how_${table.how}`)})` : "";
    box.append(el("div", {class: "row tn-table", "data-game": table.game_id || ""}, [
      el("b", {}, t("table", {n: table.table}) + how), el("ol", {}, seats), ...links]));
  }
  if (r.standings) {
    box.append(el("details", {}, [el("summary", {}, t("standings_after", {n: r.round})),
      standings(r.standings, swiss, `tn-standings-${r.round}`)]));
  }
  return box;
}

function withdrawBox(tour, path, act) {
  const who = el("select", {id: "tn-withdraw-who"}, tour.standings.filter((s) => !s.withdrawn)
    .map((s) => el("option", {value: s.username}, s.username)));
  const b = el("button", {type: "button", id: "tn-withdraw-player"}, t("withdraw"));
  b.onclick = () => act(`${path}/withdraw`, {username: who.value});
  return el("p", {}, [t("withdraw_who"), " ", who, " ", b]);
}

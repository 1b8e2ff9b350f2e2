// The operator's page (?admin): the open reports of chat lines, each with what can be done about
// it (close the report, hide the line from everyone, ban the line's writer), and the moderation
// log. Only an account given the role on the command line (`asztal admin grant`) is answered by
// the routes; anyone else is told so. Every action asks first: it says what it will do, and only
// the second button acts.

import {api} from "./net.js";
import {getLang} from "./i18n.js";
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
  close: ["Lezárás", "Close"],
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
  const status = el("p", {class: "note", id: "admin-status", role: "status"});
  const box = el("section", {class: "panel admin", id: "admin"}, [el("h1", {}, t("title")), status]);
  root.append(box);
  let reports, log;
  try {
    [reports, log] = await Promise.all([api("/api/admin/reports"), api("/api/admin/audit")]);
  } catch (e) {
    box.append(el("p", {class: "error", id: "admin-error"}, shown(e)));
    return;
  }
  const again = async (said) => {
    await showAdmin(root);
    root.querySelector("#admin-status").textContent = said;
  };
  const list = el("div", {id: "admin-reports"}, [el("h2", {}, t("reports"))]);
  if (!reports.length) list.append(el("p", {class: "muted"}, t("no_reports")));
  for (const r of reports) list.append(reportCard(r, again));
  box.append(list, logTable(log));
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

  /** Says what the action does and acts only on the second button; `reason` asks one for the log. */
  function confirmFirst(kind, question, reason, act) {
    clear(ask);
    const why = reason ? el("input", {class: "admin-why", maxlength: 200, autocomplete: "off"}) : null;
    const yes = el("button", {type: "submit", class: "primary admin-yes"}, t(`yes_${kind}`));
    const no = el("button", {type: "button", class: "admin-no"}, t("cancel"));
    const out = el("p", {class: "error", role: "alert"});
    const form = el("form", {class: "admin-confirm", role: "group", "aria-label": question}, [
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

  const close = el("button", {type: "button", class: "admin-close"}, t("close"));
  close.onclick = () => confirmFirst("close", t("ask_close"), false, async () => {
    await api(`/api/admin/reports/${r.id}/close`, {});
    await again(t("done_close"));
  });
  const hide = el("button", {type: "button", class: "admin-hide"}, t("hide"));
  hide.onclick = () => confirmFirst("hide", t("ask_hide"), true, async (reason) => {
    await api(`/api/admin/games/${encodeURIComponent(r.game_id)}/chat/${r.n}/hide`, {reason});
    await again(t("done_hide"));
  });
  actions.append(close, hide);
  if (r.author) {
    const ban = el("button", {type: "button", class: "admin-ban"}, t("ban"));
    ban.onclick = () => confirmFirst("ban", t("ask_ban", {name: r.author}), true, async (reason) => {
      await api(`/api/admin/accounts/${encodeURIComponent(r.author)}/ban`, {reason});
      await again(t("done_ban", {name: r.author}));
    });
    actions.append(ban);
  }
  return card;
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

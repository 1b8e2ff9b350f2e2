// Rules at hand: the rule IDs and texts behind an action (or a refused click), and the whole
// rule list with a search box, from /api/rules/{game} in the reader's language (the player guides).

import {api} from "./net.js";
import {getLang, t} from "./i18n.js";
import {el, clear} from "./dom.js";

const cache = {};

/** The game's rules as its player guide words them, in the reader's language. */
async function rulesOf(game) {
  const key = `${game}/${getLang()}`;
  if (!cache[key]) cache[key] = await api(`/api/rules/${encodeURIComponent(game)}?lang=${getLang()}`);
  return cache[key];
}

/** The rule IDs governing an action code: its kind's groups (e.g. PAX-BUY-01..05). */
export function rulesFor(data, code) {
  const kind = String(code || "").split(/[:=]/)[0];
  const groups = data.actions[kind] || [];
  return Object.keys(data.rules).filter((id) => groups.some((g) => new RegExp(`^${g}-\\d+$`).test(id)));
}

function ruleItem(id, r) {
  return el("div", {class: "rule", "data-rule": id}, [
    el("b", {}, id), " ", el("span", {class: "muted"}, r.section), el("p", {}, r.text),
  ]);
}

/** Open the rules panel; with `code`, its rules first; with `reason`, the refusal above them. */
export async function openRules(game, code = null, reason = null, title = null, rule = null) {
  const data = await rulesOf(game);
  const old = document.getElementById("rules-panel");
  if (old) old.remove();
  const list = el("div", {class: "rule-list"});
  const search = el("input", {type: "search", placeholder: t("rules_search"), id: "rules-search"});
  const panel = el("aside", {id: "rules-panel", class: "modal-panel"}, [
    el("div", {class: "modal-head"}, [
      el("h2", {}, t("rules_title", {game: title || game})),
      el("button", {type: "button", class: "close", id: "rules-close"}, t("close")),
    ]),
  ]);
  if (reason) panel.append(el("p", {class: "refusal", id: "rules-reason"}, reason));
  panel.append(search, list);
  document.body.append(panel);
  panel.querySelector("#rules-close").onclick = () => panel.remove();
  const ids = code ? rulesFor(data, code) : [];  // (a refusal's or a decision's own rule comes first)
  if (rule && data.rules[rule]) {  // the rule the refusal rests on comes first
    const at = ids.indexOf(rule);
    if (at >= 0) ids.splice(at, 1);
    ids.unshift(rule);
  }
  function show(q) {
    clear(list);
    if (ids.length && !q) {
      list.append(el("h3", {}, t("rules_for")));
      for (const id of ids) list.append(ruleItem(id, data.rules[id]));
      return;
    }
    const exact = data.rules[q.toUpperCase()];
    if (exact) {
      list.append(ruleItem(q.toUpperCase(), exact));
      return;
    }
    const needle = q.toLowerCase();
    let n = 0;
    for (const [id, r] of Object.entries(data.rules)) {
      if (needle && !id.toLowerCase().includes(needle) && !r.text.toLowerCase().includes(needle)) continue;
      list.append(ruleItem(id, r));
      if (++n >= 200) break;
    }
  }
  search.oninput = () => show(search.value.trim());
  show("");
}

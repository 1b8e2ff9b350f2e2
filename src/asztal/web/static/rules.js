// Rules at hand: the player guide, passage by passage in its order, opened at the passage behind
// an action (or a refused click), with a search box, from /api/rules/{game} in the reader's
// language. Each passage shows once; the rule IDs it covers are small anchors under it.

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

/** The passages that cover ``ids``, each once, in the guide's order. */
function passagesOf(data, ids) {
  const wanted = new Set(ids.map((id) => data.rules[id] && data.rules[id].passage).filter(Boolean));
  return data.passages.filter((p) => wanted.has(p.id));
}

/** One passage of the guide: its title, its text, and the rule IDs it covers as small anchors
 * under it (an ID is an address in our specifications, not a heading a player reads). */
function passageItem(data, p, open) {
  const ids = Object.keys(data.rules).filter((id) => data.rules[id].passage === p.id);
  const body = String(p.text).split(/\n\s*\n/).map((para) => el("p", {}, para));
  return el("details", {class: "passage", "data-passage": p.id, open: open || null}, [
    el("summary", {}, el("h3", {}, p.title)), ...body,
    ids.length ? el("p", {class: "rule-ids"}, ids.flatMap((id) => [
      el("a", {class: "rule-id", id: `rule-${id}`, href: `#rule-${id}`, "data-rule": id}, id), " "])) : null,
  ]);
}

/** Open the rules panel: the player guide's passages, each once, in its order; with `code` (a
 * move or a refused click), opened at the passage that governs it (`rule`, the refusal's own
 * rule, when there is one), the other passages that govern it opened too; with `reason`, the
 * refusal above them. */
export async function openRules(game, code = null, reason = null, title = null, rule = null) {
  const data = await rulesOf(game);
  const old = document.getElementById("rules-panel");
  if (old) old.remove();
  const list = el("div", {class: "rule-list"});
  const search = el("input", {type: "search", placeholder: t("rules_search"), id: "rules-search",
    "aria-label": t("rules_search")});
  const head = el("h2", {id: "rules-head", tabindex: "-1"}, t("rules_title", {game: title || game}));
  // the title, the refusal and the search stay at the panel's top while the passages scroll under them
  const top = el("div", {class: "modal-top", id: "rules-top"}, [
    el("div", {class: "modal-head"}, [
      head, el("button", {type: "button", class: "close", id: "rules-close"}, t("close")),
    ]),
    reason ? el("p", {class: "refusal", id: "rules-reason"}, reason) : null,
    search,
  ]);
  const panel = el("aside", {id: "rules-panel", class: "modal-panel", role: "dialog", "aria-labelledby": "rules-head"},
    [top, list]);
  document.body.append(panel);
  const opener = document.activeElement;
  const close = () => { panel.remove(); if (opener && opener.isConnected) opener.focus(); };
  panel.querySelector("#rules-close").onclick = close;
  panel.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  const ids = code ? rulesFor(data, code) : [];
  if (rule && data.rules[rule]) ids.unshift(rule);
  const governing = new Set(passagesOf(data, ids).map((p) => p.id));
  // the passage that governs it first of all: the refusal's own rule's, else the first in order
  const first = rule && data.rules[rule] ? data.rules[rule].passage : passagesOf(data, ids).map((p) => p.id)[0];
  function show(q) {
    clear(list);
    const exact = data.rules[q.toUpperCase()];
    const needle = q.toLowerCase();
    for (const p of data.passages) {
      const hit = !q || (exact ? exact.passage === p.id : (p.title + "\n" + p.text).toLowerCase().includes(needle)
        || Object.keys(data.rules).some((id) => data.rules[id].passage === p.id && id.toLowerCase().includes(needle)));
      if (!hit) continue;
      const item = passageItem(data, p, q ? true : !ids.length || governing.has(p.id));
      if (governing.has(p.id) && !q) item.classList.add("governs");
      list.append(item);
    }
    const at = exact ? list.querySelector(`#rule-${CSS.escape(q.toUpperCase())}`)
      : !q && first ? list.querySelector(`[data-passage="${CSS.escape(first)}"]`) : null;
    if (at) {
      at.classList.add("here");
      const shown = at.closest("details") || at;
      shown.style.scrollMarginTop = `${top.offsetHeight + 4}px`;
      shown.scrollIntoView({block: "start"});
    }
  }
  search.oninput = () => show(search.value.trim());
  show("");
  // the focus on the panel's title (a screen reader starts there; a phone's keyboard stays down)
  head.focus({preventScroll: true});
}

// Game review from the end screen: what `asztal review` finds for one seat (the biggest
// mistakes, each on the board of that moment with the move played and the bot's move marked,
// and the estimated loss), stepped through like the replay.

import {api} from "./net.js";
import {getLang, num, t, tx} from "./i18n.js";
import {el, clear, svgNode, fitBoard} from "./dom.js";

/** Mark the played move (red) and the bot's (green) on a review board. */
function markMoves(box, m) {
  for (const [code, cls] of [[m.played.code, "review-played"], [m.best.code, "review-best"]]) {
    for (const e of box.querySelectorAll("[data-code], [data-codes]")) {
      const codes = e.dataset.code ? [e.dataset.code] : e.dataset.codes.split(" ");
      if (codes.includes(code)) e.classList.add(cls);
    }
  }
  // nothing on a review board is a move to make now
  for (const e of box.querySelectorAll("[data-code], [data-codes], [data-try], [tabindex]")) {
    e.removeAttribute("data-code");
    e.removeAttribute("data-codes");
    e.removeAttribute("data-try");
    e.removeAttribute("tabindex");
  }
}

export async function openReview(gameId, seat, name, token) {
  const old = document.getElementById("review");
  if (old) old.remove();
  const body = el("div", {id: "review-body"}, el("p", {id: "review-wait"}, t("review_wait")));
  const close = el("button", {type: "button", id: "review-close"}, t("close"));
  const panel = el("div", {id: "review", class: "overlay review"}, el("div", {class: "overlay-box review-box"}, [
    el("div", {class: "modal-head"}, [el("h2", {}, t("review_title", {name})), close]), body,
  ]));
  close.onclick = () => panel.remove();
  document.body.append(panel);
  let data;
  try {
    data = await api("/api/review", {game_id: gameId, seat, lang: getLang(), ...(token ? {token} : {})});
  } catch (e) {
    clear(body).append(el("p", {class: "error"}, `${t("error")}: ${e.text ? tx(e.text) : e.message}`));
    return;
  }
  let i = 0;
  const show = () => {
    clear(body);
    body.append(el("p", {class: "muted", id: "review-agree"},
      t("review_agree", {p: Math.round(data.agreement * 100), n: data.decisions})));
    if (!data.mistakes.length) {
      body.append(el("p", {id: "review-none"}, t("review_none")));
      return;
    }
    const m = data.mistakes[i];
    const loss = data.unit === "vp" ? t("review_loss_vp", {x: num(m.loss)})
      : t("review_loss_win", {x: Math.round(m.loss * 100)});
    const prev = el("button", {type: "button", id: "review-prev", disabled: i === 0}, t("prev"));
    const next = el("button", {type: "button", id: "review-next", disabled: i === data.mistakes.length - 1}, t("next"));
    prev.onclick = () => { i -= 1; show(); };
    next.onclick = () => { i += 1; show(); };
    const board = el("div", {class: "board-box review-board", id: "review-board"}, svgNode(m.board, t("board_label")));
    body.append(
      el("div", {class: "replay-bar"}, [prev, el("b", {id: "review-count"},
        `${t("review_n", {i: i + 1, n: data.mistakes.length})} · ${t("review_move", {n: m.move + 1})}`), next]),
      el("p", {class: "review-played"}, [el("b", {}, `${t("review_played")}: `), m.played.label]),
      el("p", {class: "review-best"}, [el("b", {}, `${t("review_best")}: `), m.best.label]),
      el("p", {id: "review-loss"}, loss),
      board,
      el("p", {}, el("a", {href: `?replay=${encodeURIComponent(gameId)}&step=${m.move}`, class: "button"},
        t("review_in_replay"))),
    );
    markMoves(board, m);
    fitBoard(board, false);
  };
  show();
}

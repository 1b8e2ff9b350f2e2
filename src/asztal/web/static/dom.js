// Building DOM nodes without HTML strings (every text is a text node, so names and labels from
// the server or other players can never inject markup).

export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k === "value") node.value = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of [].concat(children)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Parse a board SVG sent by the server (drawn with ElementTree, every text escaped) into a node. */
export function svgNode(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return el("p", {class: "error"}, "board?");
  for (const s of root.querySelectorAll("script, foreignObject")) s.remove();
  return document.importNode(root, true);
}

/** Size a board SVG inside its box. Fitted (the default on wide screens) it scales to the box's
 * width; zoomed (the default on phones) it is drawn so that its smallest text is 10 CSS px and
 * the box pans. Returns whether zooming changes anything (the box is narrower than that). */
export function fitBoard(box, zoomed) {
  const svg = box.querySelector("svg");
  if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return {canZoom: false};
  const vb = svg.viewBox.baseVal;
  let minFont = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const f = parseFloat(text.getAttribute("font-size"));
    if (f > 0 && f < minFont) minFont = f;
  }
  if (!Number.isFinite(minFont)) minFont = 12;
  const readable = Math.ceil(vb.width * (10.2 / minFont));
  const canZoom = readable > box.clientWidth + 1;
  const on = zoomed && canZoom;
  svg.style.width = on ? `${readable}px` : "";
  svg.style.maxWidth = on ? "none" : "";
  svg.style.maxHeight = on ? "none" : "";
  box.classList.toggle("zoomed", on);
  return {canZoom};
}

/** A phone (upright or sideways): the board opens zoomed, the log folded, every move a button. */
export function isSmall() {
  return matchMedia("(max-width: 700px), (max-height: 500px)").matches;
}

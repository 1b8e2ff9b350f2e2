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

/** Parse a board SVG sent by the server (drawn with ElementTree, every text escaped) into a node.
 * The drawing holds the targets a player chooses among, so it is a named group for a screen
 * reader (its targets reachable inside it), not one picture: ``label`` names it. */
export function svgNode(text, label = null) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return el("p", {class: "error"}, "board?");
  for (const s of root.querySelectorAll("script, foreignObject")) s.remove();
  const node = document.adoptNode(root);  // moved, not copied: the parsed document is thrown away
  node.setAttribute("role", "group");
  if (label) node.setAttribute("aria-label", label);
  return node;
}

/** Bring `old` (a board on the page) to what `fresh` (its next drawing, from `svgNode`) holds,
 * touching only what differs. A move changes a few pieces of a drawing of a thousand or more
 * nodes; putting the whole drawing in again at every move made the browser parse, style and lay
 * out all of it (most of a phone's work on a move). Where the two differ in shape (another
 * element, another number of children) that part is replaced whole. */
export function morph(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName
      || (old.nodeType !== Node.ELEMENT_NODE && old.nodeType !== Node.TEXT_NODE)) {
    old.replaceWith(fresh);
    return;
  }
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return;
  }
  const had = old.attributes;
  const has = fresh.attributes;
  for (let i = had.length - 1; i >= 0; i--) {
    const a = had[i];
    if (!fresh.hasAttributeNS(a.namespaceURI, a.localName)) old.removeAttributeNS(a.namespaceURI, a.localName);
  }
  for (let i = 0; i < has.length; i++) {
    const a = has[i];
    if (old.getAttributeNS(a.namespaceURI, a.localName) !== a.value) old.setAttributeNS(a.namespaceURI, a.name, a.value);
  }
  if (old.childNodes.length !== fresh.childNodes.length) {
    old.replaceChildren(...fresh.childNodes);
    return;
  }
  // each pair's next siblings are taken first: a child replaced whole leaves `fresh`
  for (let o = old.firstChild, f = fresh.firstChild; o;) {
    const oNext = o.nextSibling;
    const fNext = f.nextSibling;
    morph(o, f);
    o = oNext;
    f = fNext;
  }
}

/** The smallest text size the board is readable at, in CSS px (issue 36: board text >= 12 px). */
export const READABLE_PX = 12;

/** Size a board SVG. Fitted (the default everywhere) it scales to its box's width and the page
 * shows it whole; zoomed it is drawn so that its smallest text is READABLE_PX and the page
 * itself scrolls to it (never a box panning inside the page's scroll). Returns whether zooming
 * changes anything (the box is narrower than that). */
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
  const readable = Math.ceil(vb.width * ((READABLE_PX + 0.2) / minFont));
  const canZoom = readable > box.clientWidth + 1;
  const on = zoomed && canZoom;
  svg.style.width = on ? `${readable}px` : "";
  svg.style.maxWidth = on ? "none" : "";
  svg.style.maxHeight = on ? "none" : "";
  box.classList.toggle("zoomed", on);
  return {canZoom};
}

/** A phone (upright or sideways): the log folded, every move also a button beside the board. */
export function isSmall() {
  return matchMedia("(max-width: 700px), (max-height: 500px)").matches;
}

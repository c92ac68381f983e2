// A tiny element builder: h("button", {class: "x", onclick: f}, "text", child).

const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "rect", "text", "path", "g", "circle", "use", "pattern", "defs", "line", "title"]);

export function h(tag, attrs, ...children) {
  const el = SVG_TAGS.has(tag) ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the children of `el`, keeping focus on the element with the same data-testid. */
export function replace(el, ...children) {
  const active = document.activeElement;
  const testid = active && el.contains(active) ? active.getAttribute("data-testid") : null;
  el.replaceChildren();
  append(el, children);
  if (testid) {
    const again = el.querySelector(`[data-testid="${CSS.escape(testid)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

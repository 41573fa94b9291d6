// @ts-check
// Small DOM helpers for every module of www/ (no markup strings: text goes in textContent).
export const SVG = "http://www.w3.org/2000/svg";
const BASE = new URL("./", import.meta.url);
/** @type {Record<string, Promise<CSSStyleSheet>>} */
const sheets = {};

/** The <chess-tutor> element as a page that makes one sets it: a lesson given as text (the
 *  studio's Try it, a shared link, a practice exercise, an H5P content) and the studio's
 *  recordings not yet saved (pointer → language → blob: URL), which lesson/load.js reads.
 * @typedef {HTMLElement & { lessonText?: string | null, lessonAudio?: Record<string, Record<string, string>> | null }} TutorElement */

/** An element (ns: null for HTML, SVG for svg) with attributes, put into parent, with text.
 * @param {string | null} ns @param {string} name @param {Record<string, any> | null} [attrs]
 * @param {ParentNode | null} [parent] @param {unknown} [text] @returns {any} */
export function make(ns, name, attrs, parent, text) {
  const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (text != null) node.textContent = String(text);
  parent?.append(node);
  return node;
}
/** An HTML element.
 * @template {keyof HTMLElementTagNameMap} K @param {K} name @param {Record<string, any> | null} [attrs]
 * @param {ParentNode | null} [parent] @param {unknown} [text] @returns {HTMLElementTagNameMap[K]} */
export const h = (name, attrs = {}, parent = null, text = null) => make(null, name, attrs, parent, text);
/** An SVG element.
 * @template {keyof SVGElementTagNameMap} K @param {K} name @param {Record<string, any> | null} [attrs]
 * @param {ParentNode | null} [parent] @param {unknown} [text] @returns {SVGElementTagNameMap[K]} */
export const s = (name, attrs = {}, parent = null, text = null) => make(SVG, name, attrs, parent, text);

/** An element's open shadow root, and its `ready` promise with the `settle` that resolves or rejects it.
 * @param {HTMLElement} el */
export function shadow(el) {
  /** @type {{ resolve?: (value?: any) => void, reject?: (reason?: any) => void }} */
  const settle = {};
  const ready = new Promise((resolve, reject) => Object.assign(settle, { resolve, reject }));
  ready.catch(() => {});
  return { root: el.attachShadow({ mode: "open" }), ready, settle };
}

/** A button: an icon and a label (the label's text set later, in its last child).
 * @param {ParentNode | null} parent @param {Record<string, any>} attrs @param {string} icon
 * @param {(event: MouseEvent) => void} [onclick] */
export function iconButton(parent, attrs, icon, onclick) {
  const b = h("button", { type: "button", part: "button", ...attrs }, parent);
  h("span", { class: "icon", "aria-hidden": "true" }, b, icon);
  h("span", { class: "label" }, b);
  b.onclick = onclick ?? null;
  return b;
}

/** A stylesheet of this folder as a CSSStyleSheet, fetched once. @param {string} name */
export const stylesheet = (name) =>
  (sheets[name] ??= fetch(new URL(name, BASE)).then(async (r) => {
    if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
    const css = new CSSStyleSheet();
    css.replaceSync(await r.text());
    return css;
  }));

/** Puts the stylesheet last in a shadow root (or links it when it cannot be adopted).
 * @param {ShadowRoot} root @param {string} name */
export const adopt = (root, name) =>
  stylesheet(name).then(
    (css) => (root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((x) => x !== css), css]),
    () => h("link", { rel: "stylesheet", href: new URL(name, BASE).href }, root),
  );

/** Saves DATA (a string or a Blob part) as the file NAME, of media type TYPE, through a hidden link.
 * @param {string} name @param {BlobPart} data @param {string} type */
export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = h("a", { href: url, download: name }, document.body);
  a.hidden = true;
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// @ts-check
// The setup board's view (<chess-setup>, setup.js): the shell around the board (the palette, the
// verdict, Play, the panel with who moves, castling, en passant, the counters, the FEN and the
// text board), its words, and the drawing of a position and its verdict into it. It keeps no
// state: the element hands it the position (setup-position.js) and its verdict, and gets the
// user's actions back through `on`, the handlers it wires.
import { pieceImage } from "./board.js";
import { h, iconButton, s } from "./dom.js";
import { RIGHTS, availableRights, colorOf, possibleEp, textBoard, writeFen } from "./setup-position.js";

export const TOOLS = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "x"]; // x: the eraser

/** the board's and the palette's pieces: a FEN letter @param {string} p */
export const sprite = (p) => pieceImage(colorOf(p), p);

const ERASER = "M14 30 L30 12 Q34 8 38 12 L50 24 Q54 28 50 32 L34 50 H18 L10 42 Q6 38 10 34 Z M22 22 L42 42";
// line icons on a 24×24 grid (no font has them all)
/** @type {Record<string, string>} */
const ICONS = {
  copy: "M9 8.5h10.5v12.5H9z M5 15.5V3.5h10.5",
  clear: "M3.5 3.5h17v17h-17z M3.5 9.2h17 M3.5 14.8h17 M9.2 3.5v17 M14.8 3.5v17",
  flip: "M7.5 20V4 M3.5 8l4-4 4 4 M16.5 4v16 M12.5 16l4 4 4-4",
};
/** @param {string} name @param {Element} parent */
const icon = (name, parent) => s("path", { d: ICONS[name] }, s("svg", { viewBox: "0 0 24 24", class: "icon", "aria-hidden": "true" }, parent));

/**
 * What the user does in the shell, handled by the element (setup.js).
 * @typedef {{
 *   choose(tool: string, focus: boolean): void, paletteKey(e: KeyboardEvent): void,
 *   dragFromPalette(e: PointerEvent, button: HTMLElement): void, play(): void,
 *   action(name: string): void, side(side: string, name: string): void,
 *   castle(right: string, on: boolean, label: string | null): void, ep(square: string | null): void,
 *   counter(key: string, n: number, input: HTMLInputElement): void, render(): void,
 *   typed(text: string, input: HTMLElement): string | null,
 *   copy(field: HTMLInputElement, button: HTMLElement, error: HTMLElement): void,
 * }} Handlers
 */

/**
 * The palette, the verdict and the panel, in `root`. An element with data-w="key" ("side.white")
 * shows those words (showWords); each control is wired where it is made. Returns the parts that
 * the element and render() use.
 * @param {ShadowRoot} root @param {Handlers} on @returns {any}
 */
export function buildShell(root, on) {
  const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, root);
  const boardCol = h("div", { class: "board-col" }, wrap);
  const boardWrap = h("div", { class: "board-wrap" }, boardCol);
  const loading = h("div", { class: "loading", "aria-busy": "true" }, boardWrap);
  const palette = h("div", { class: "palette", role: "radiogroup", part: "palette" }, boardCol);
  const tools = new Map();
  for (const tool of TOOLS) {
    const b = h("button", { type: "button", role: "radio", class: "tool", part: "tool", "aria-checked": "false", tabindex: -1, "data-piece": tool }, palette);
    if (tool !== "x") h("img", { src: sprite(tool), alt: "", draggable: "false" }, b);
    else {
      b.classList.add("eraser");
      s("path", { d: ERASER }, s("svg", { viewBox: "0 0 60 60", class: "eraser-icon", "aria-hidden": "true" }, b));
      h("span", { class: "tool-name", "data-w": "eraser" }, b);
    }
    tools.set(tool, b);
  }
  tools.get("K").setAttribute("tabindex", 0);
  palette.onclick = (e) => /** @type {any} */ (e.target).closest(".tool") && on.choose(/** @type {any} */ (e.target).closest(".tool").dataset.piece, true);
  palette.onkeydown = (e) => on.paletteKey(e);
  palette.onpointerdown = (e) => {
    const b = /** @type {any} */ (e.target).closest(".tool");
    if (b && !e.button && b.dataset.piece !== "x") on.dragFromPalette(e, b);
  };
  palette.ondragstart = (e) => e.preventDefault();
  const hint = h("p", { class: "hint", id: "hint" }, boardCol);
  // the verdict and Play: under the palette on a narrow screen, beside the board on a wide one
  // (place), in sight while pieces are placed
  const result = h("div", { class: "result" }, boardCol);
  const verdict = h("div", { class: "verdict", part: "verdict", role: "group" }, result);
  h("span", { class: "v-icon", "aria-hidden": "true" }, verdict);
  const vText = h("div", { class: "v-text" }, verdict);
  const [vTitle, vReason, vNotes] = [["p", "v-title"], ["p", "v-reason"], ["ul", "v-notes"]].map(([tag, cls]) => h(/** @type {any} */ (tag), { class: cls }, vText));
  const play = iconButton(result, { class: "play", part: "button play" }, "▶", on.play);
  /** @type {HTMLElement} */ (play.lastChild).dataset.w = "play";
  h("p", { class: "hint-more", "data-w": "hintMore" }, boardCol);

  const panel = h("section", { class: "panel", part: "panel" }, wrap);
  const actions = h("div", { class: "actions" }, panel);
  for (const action of ["startPosition", "clear", "flip"]) {
    const b = h("button", { type: "button", part: "button", "data-action": action === "startPosition" ? "start" : action }, actions);
    if (action === "startPosition") h("img", { src: sprite("K"), alt: "", class: "icon" }, b);
    else icon(action, b);
    h("span", { "data-w": b.dataset.action }, b);
    b.onclick = () => on.action(action);
  }
  // a radio button or checkbox in a pill, with its words (and a piece)
  const choice = (parent, attrs, w, piece, onchange) => {
    const label = h("label", { class: "choice" }, parent);
    const input = h("input", attrs, label);
    if (piece) h("img", { src: sprite(piece), alt: "", class: "c-icon" }, label);
    h("span", { "data-w": w }, label);
    input.onchange = onchange;
    return input;
  };
  const sideBox = h("fieldset", { class: "side" }, panel);
  h("legend", { "data-w": "toMove" }, sideBox);
  const choices = h("div", { class: "choices" }, sideBox);
  const sides = {};
  for (const [side, name] of [["w", "white"], ["b", "black"]])
    sides[side] = choice(choices, { type: "radio", name: "side", value: side }, `side.${name}`, side === "w" ? "K" : "k", () => {
      on.side(side, name);
    });

  const castleBox = h("fieldset", { class: "castling" }, panel);
  h("legend", { "data-w": "castling" }, castleBox);
  const castleGrid = h("div", { class: "castle-grid" }, castleBox);
  const rights = {};
  // a row per side: its king, then O-O and O-O-O
  for (const r of RIGHTS) {
    if (r === "K" || r === "k") h("img", { src: sprite(r), alt: "", class: "c-icon" }, castleGrid);
    rights[r] = choice(castleGrid, { type: "checkbox", value: r }, `castle.${r}`, null, (e) => {
      on.castle(r, e.target.checked, e.target.getAttribute("aria-label"));
    });
  }
  h("p", { class: "small", "data-w": "castleHint" }, castleBox);

  // a labelled control: its words above it
  const field = (parent, w, tag, attrs) => {
    const label = h("label", { class: "field" }, parent);
    h("span", { "data-w": w }, label);
    return h(tag, attrs, label);
  };
  const ep = field(panel, "enPassant", "select", { class: "ep" });
  ep.onchange = () => {
    on.ep(ep.value || null);
  };
  const counters = h("details", { class: "counters" }, panel);
  h("summary", { "data-w": "counters" }, counters);
  const countersRow = h("div", { class: "counters-row" }, counters);
  const counter = (w, key, min, max) => {
    const input = field(countersRow, w, "input", { type: "number", min, max, step: 1, inputmode: "numeric", class: key });
    input.oninput = () => {
      const n = Number(input.value);
      if (input.value === "" || !Number.isInteger(n) || n < min || n > max) return input.setAttribute("aria-invalid", "true");
      input.removeAttribute("aria-invalid");
      on.counter(key, n, input);
    };
    input.onchange = () => on.render();
    return input;
  };
  const half = counter("halfmove", "half", 0, 10000);
  const full = counter("fullmove", "full", 1, 100000);

  // the FEN and the text board: read as typed, the reason beside; a copy button
  const io = (id, w, tag, attrs) => {
    const box = h("div", { class: `io io-${id}` }, panel);
    const head = h("div", { class: "io-head" }, box);
    h("label", { for: id, "data-w": w }, head);
    const copy = h("button", { type: "button", class: "copy", part: "button" }, head);
    icon("copy", copy);
    h("span", { "data-w": "copy" }, copy);
    const input = h(tag, { id, spellcheck: "false", autocomplete: "off", autocapitalize: "off", "aria-describedby": `${id}-error`, ...attrs }, box);
    const error = h("p", { class: "field-error", id: `${id}-error`, hidden: "" }, box);
    input.oninput = () => {
      const said = on.typed(input.value, input);
      error.textContent = said ?? "";
      error.hidden = !said;
      if (said) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    };
    // once the teacher is done, the field shows the position as the element writes it
    input.onchange = () => error.hidden && on.render();
    copy.onclick = () => on.copy(input, copy, error);
    return [input, error, box];
  };
  const [fenField, fenError] = io("fen", "fen", "input", { type: "text", class: "fen" });
  const [textField, textError, textBox] = io("text", "textBoard", "textarea", { rows: 9, cols: 10, wrap: "off", class: "text-board", "aria-describedby": "text-error text-hint" });
  h("p", { class: "small", id: "text-hint", "data-w": "textHint" }, textBox);

  const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, root);
  return { wrap, panel, boardWrap, loading, palette, tools, hint, result, verdict, vTitle, vReason, vNotes, play, sides, rights, ep, half, full, fenField, fenError, textField, textError, live };
}

/** The verdict beside the board or under it: beside it on a wide element (setup.css's container
 * query), under the palette on a narrow one, in sight while pieces are placed.
 * @param {any} ui @param {boolean} wide */
export function place(ui, wide) {
  const { result, panel, hint } = ui;
  if (wide && result.parentNode !== panel) panel.prepend(result);
  else if (!wide && result.parentNode === panel) hint.after(result);
}

/** The words, in the element's language: `t` the words, `name` a piece's name by its letter.
 * @param {ShadowRoot} root @param {any} ui @param {any} t @param {(p: string) => string} name */
export function showWords(root, ui, t, name) {
  for (const el of root.querySelectorAll("[data-w]")) el.textContent = /** @type {HTMLElement} */ (el).dataset.w?.split(".").reduce((o, key) => o[key], t);
  ui.palette.setAttribute("aria-label", t.palette);
  ui.verdict.setAttribute("aria-label", t.status);
  for (const [tool, b] of ui.tools) b.setAttribute("aria-label", (b.title = tool === "x" ? t.eraser : name(tool)));
  for (const r of RIGHTS) ui.rights[r].setAttribute("aria-label", t.castleLabel(colorOf(r), "Kk".includes(r) ? "king" : "queen"));
}

/**
 * The verdict, the controls and the texts for position `pos` and its verdict `v` (the texts
 * except `source`, the one being typed in).
 * @param {any} ui @param {import("./setup-position.js").Position} pos @param {any} v @param {any} t @param {any} [source]
 */
export function render(ui, pos, v, t, source) {
  // the verdict
  ui.verdict.toggleAttribute("data-legal", v.legal);
  ui.verdict.firstChild.textContent = v.legal ? "✓" : "!";
  ui.vTitle.textContent = v.legal ? t.legal : t.illegal;
  ui.vReason.textContent = v.text ?? "";
  ui.vReason.hidden = v.legal;
  ui.vNotes.replaceChildren(...v.notes.map((/** @type {string} */ n) => h("li", {}, null, n)));
  ui.vNotes.hidden = !v.notes.length;
  ui.play.disabled = !v.legal;

  // the controls
  ui.sides[pos.side].checked = true;
  const available = availableRights(pos.pieces);
  for (const r of RIGHTS) {
    ui.rights[r].disabled = !available.has(r);
    ui.rights[r].checked = pos.castling.has(r);
  }
  const eps = possibleEp(pos);
  ui.ep.replaceChildren(h("option", { value: "" }, null, `— ${t.noEnPassant}`), ...eps.map((sq) => h("option", { value: sq }, null, sq)));
  ui.ep.value = pos.ep ?? "";
  ui.ep.disabled = !eps.length;
  for (const [input, value] of [[ui.half, pos.half], [ui.full, pos.full]]) {
    if (source === input) continue;
    input.value = value;
    input.removeAttribute("aria-invalid");
  }

  // the texts, except the one being typed in
  for (const [field, error, value] of [[ui.fenField, ui.fenError, writeFen(pos)], [ui.textField, ui.textError, textBoard(pos)]]) {
    if (field === source) continue;
    if (field.value !== value) field.value = value;
    error.hidden = true;
    field.removeAttribute("aria-invalid");
  }
}

/** The hint under the board: what a tap does with `tool` (a piece's letter, "x", or none).
 * @param {any} ui @param {any} t @param {string | null} tool @param {(p: string) => string} name */
export function renderHint(ui, t, tool, name) {
  const { hint } = ui;
  hint.removeAttribute("data-nudge");
  hint.textContent = tool === "x" ? t.hintEraser : tool ? t.hintPiece(name(tool)) : t.hintNone;
}

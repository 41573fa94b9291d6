// @ts-check
// Pieces as data in <chess-tutor> (chess-t1, a teacher's own pieces): loaded with import() only
// when a piece set is used (the widget's pieces attribute, or a plug-in's host.usePieces), so the
// plain FIDE widget never loads it. rules(set) loads pkg-variant/ (class VariantGame), the set,
// variant.css and the words of the part "variant", and gives the widget a rules provider in place
// of the FIDE one (README.md, "The front end"):
//   { version, formulas: Map(id → piece), Game, sprite, words(lang), attach(host) }
// - Game: `new Game(position?)` is a VariantGame of the set (the FIDE Game's method shapes, plus
//   force(i, j)); no position: an empty board.
// - sprite(piece): the set's image (`"image": "T1Prince"` → images/pieces-t1.svg#wT1Prince), or,
//   for a piece without one, a function drawing a token (its letter and strength bars) as SVG
//   elements (the CSP allows no data: images).
// - attach(host): the panel's part for the set: the force view (a toggle; a square's force as two
//   stacks of bars, arrows from the pieces giving it, one sentence) and a refused capture said in
//   words. It talks to the widget only through its host, like a plug-in.
// No markup strings: every text goes in textContent.
import init, { VariantGame as OwnVariantGame, version } from "../pkg-variant/chess_tutor.js";
import { h, s } from "./dom.js";
import { sayError } from "./errors.js";
import { loadWords, pieceLetter, say } from "../i18n/i18n.js";

/** @typedef {import("../pkg-variant/chess_tutor.js").ForceInfo} ForceInfo */
/** @typedef {import("../pkg-variant/chess_tutor.js").VariantFormula} VariantFormula */
/** @typedef {{ kind: string, color: "white" | "black", char: string }} Piece the widget's piece (a position's) */
/** A refused capture (the widget's target of kind "refused", and its selected piece).
 * @typedef {{ from: { piece: Piece }, target: { square: string, refusal?: string, region?: string } }} Refused */
/** @typedef {{ square: string, refused?: Refused }} Shown */
/** What the force view uses of the provider: the formulas, a game of a position (`new Game(fen)`:
 * the factory gives the VariantGame itself), the words.
 * @typedef {{ formulas: Map<string, VariantFormula>, Game: new (position?: string | null) => InstanceType<typeof OwnVariantGame>,
 *   words: (lang: string) => Promise<Words> }} VariantRules */
/** The words of the widget and of variant.js's parts: loadWords' catalogue is untyped (`any`).
 * @typedef {any} Words */

const BASE = new URL("./", import.meta.url);
const SPRITE = new URL("images/pieces-t1.svg", BASE).href;
const PARTS = ["messages-check", "messages-variant", "variant", "language"]; // the set's errors, its words, its letters

/** @type {Promise<unknown> | undefined} */
let wasm;
const ready = () => (wasm ??= init({ module_or_path: new URL("pkg-variant/chess_tutor_bg.wasm", BASE) }));

/** Force in halves as a child reads it: 3 → "1½", 1 → "½", 4 → "2". */
export const halves = (/** @type {number} */ n) => `${n >= 2 || !n ? Math.floor(n / 2) : ""}${n % 2 ? "½" : ""}`;

// the set's text: an object, JSON text, or the URL of a file (relative to the page)
/** @param {string | object} set @returns {Promise<string>} */
async function setText(set) {
  if (typeof set === "object") return JSON.stringify(set);
  if (set.trim().startsWith("{")) return set;
  const url = new URL(set, document.baseURI);
  const r = await fetch(url).catch(() => null);
  if (!r?.ok) throw { id: "pieces-fetch", args: { url: set, status: r?.status ?? 0 } };
  return r.text();
}

/**
 * The rules provider of a piece set (URL, JSON text or object), words in `lang` for its errors;
 * `parts`: the widget's own word parts; `VariantGame`: the class of another package that has it
 * (pkg-lessons, already loaded by a lesson), else pkg-variant's. Rejects with an Error whose
 * message says in words why the set cannot be used (`id` and `args` kept).
 * @param {string | object} set @param {string} lang @param {string[]} [parts]
 * @param {typeof OwnVariantGame | null} [VariantGame]
 */
export async function rules(set, lang, parts = [], VariantGame = null) {
  const wordsOf = (/** @type {string} */ l) => loadWords(l, ...parts, ...PARTS);
  /** @type {string} */
  let text;
  /** @type {VariantFormula[]} */
  let table;
  try {
    [text] = await Promise.all([setText(set), VariantGame || ready()]);
    const Class = (VariantGame ??= OwnVariantGame);
    const probe = new Class(text);
    table = probe.formulas();
    probe.free();
  } catch (error) {
    const w = await wordsOf(lang).catch(() => ({}));
    throw Object.assign(new Error(w.piecesFailed?.(sayError(w, error)) ?? String(error?.message ?? error?.id)), { id: error?.id, args: error?.args });
  }
  const formulas = new Map(table.map((f) => [f.kind, f]));
  /** @type {Record<string, (svg: SVGSVGElement) => void>} */
  const looks = {};
  /** @type {Record<string, Promise<Words>>} */
  const named = {};
  /** @type {Record<string, Record<string, string>>} */
  const letters = {}; // language → piece id → its letter(s) there
  // a VariantGame of this set (a factory: `new Game(fen)` gives the VariantGame itself)
  const Class = VariantGame ?? OwnVariantGame; // (set in the try)
  // (`any`: tsc has no type for a plain function that `new` calls and that returns another object)
  /** @type {VariantRules["Game"]} */
  const Game = /** @type {any} */ (function Game(/** @type {string | null} */ position) {
    return new Class(text, position ?? undefined);
  })
  const provider = {
    /** @type {string} the language of the words last asked for */
    lang,
    version: wasm ? version() : null,
    formulas,
    Game,
    sprite: (/** @type {Piece} */ p) => {
      const f = formulas.get(p.kind);
      if (f?.image) return `${SPRITE}#${p.color[0]}${f.image}`;
      // the token's letter is the one the child reads in the move list: the piece's own letters in
      // the reader's language, or its word file's for a FIDE piece (known once its words are loaded)
      const letter = letters[provider.lang]?.[p.kind] || f?.letter || p.char;
      return (looks[p.color + p.kind + letter] ??= (svg) => token(svg, p.color, letter, f?.strength));
    },
    // the widget's words with the set's piece names (piece-<id>) and the variant words
    words: (/** @type {string} */ l) =>
      ((provider.lang = l), named[l]) ??
      (named[l] = wordsOf(l).then((w) => {
        /** @type {Record<string, string>} */
        const names = {};
        for (const f of table) names[`piece-${f.kind}`] = f.name?.[l] ?? f.name?.en ?? f.kind;
        letters[l] = Object.fromEntries(table.map((f) => [f.kind, pieceLetter(w, l, f)]));
        return { ...w, ...names, targetSuffix: { ...w.targetSuffix, refused: w.refusedSuffix } };
      })),
    attach: (/** @type {any} */ host, /** @type {{ forceView?: boolean }} */ options) => new ForceView(host, provider, options),
  };
  return provider;
}

/** A piece with no image: a round token with its letter and its strength as bars (the seed's
 *  convention: a long bar per unit, a short one for ½; dark bars on White's, light on Black's). */
/** @param {SVGSVGElement} svg @param {string} color @param {string} letter @param {number | null | undefined} strength */
function token(svg, color, letter, strength) {
  svg.classList.add("token", `token-${color}`); // its colours: board.css
  s("circle", { cx: 50, cy: 50, r: 41, "stroke-width": 5, class: "token-disc" }, svg);
  s("text", { x: 50, y: strength ? 54 : 64, "text-anchor": "middle", "font-size": 40, "font-weight": 800, "font-family": "sans-serif", class: "token-ink" }, svg, letter.toUpperCase());
  if (strength) bars(svg, strength, { x: 50, y: 85, long: 21, ink: "currentColor", width: 6, gap: 10, centre: true });
}

/** Strength bars (halves) as vertical strokes standing on y: a long one per unit, a short one for ½. */
/** @param {SVGSVGElement} svg @param {number} n
 * @param {{ x: number, y: number, long: number, ink: string, width: number, gap: number, centre?: boolean }} how */
function bars(svg, n, { x, y, long, ink, width, gap, centre }) {
  const count = Math.ceil(n / 2);
  let at = centre ? x - ((count - 1) * gap) / 2 : x;
  for (let k = 0; k < count; k++, at += gap) {
    const tall = k < Math.floor(n / 2) ? long : long / 2;
    s("line", { x1: at, x2: at, y1: y, y2: y - tall, stroke: ink, "stroke-width": width, "stroke-linecap": "round" }, svg);
  }
}

/**
 * The force view and the refusals, in the panel slot of its own host: a toggle button
 * (aria-pressed); when on, a click, tap, Enter or Space on a square shows its force instead of
 * selecting. A click on a refused capture always shows the force there, with the reason.
 */
class ForceView {
  /** @type {any} the set's own host (plugin-host.js makeHost, untyped there) */
  #host;
  /** @type {VariantRules} */
  #rules;
  /** @type {Words | null} */
  #t = null;
  /** @type {string | null} */
  #lang = null;
  #on = false;
  /** @type {Shown | null} */
  #shown = null;
  /** @type {{ box: HTMLElement, toggle: HTMLButtonElement, hint: HTMLParagraphElement, piece: HTMLParagraphElement,
   *   shown: HTMLDivElement, banner: HTMLDivElement, bannerText: HTMLSpanElement, leave: HTMLButtonElement }} */
  #ui;
  /** @type {() => void} */
  #off;

  // options.forceView false: no toggle (a lesson that asks about force would give its answer away)
  /** @param {any} host @param {VariantRules} rules @param {{ forceView?: boolean }} [options] */
  constructor(host, rules, { forceView = true } = {}) {
    this.#host = host;
    this.#rules = rules;
    host.adopt("brushes.css").catch(() => {});
    host.adopt("variant.css").catch(() => {});
    const box = h("section", { class: "force", part: "force" }, host.slot("panel"));
    const toggle = h("button", { type: "button", class: "fv-toggle", part: "button", "aria-pressed": "false" }, box);
    h("span", { class: "icon", "aria-hidden": "true" }, toggle, "⚖");
    h("span", { class: "label" }, toggle);
    toggle.onclick = () => this.#toggle();
    toggle.hidden = !forceView;
    const hint = h("p", { class: "hint fv-hint", hidden: "" }, box);
    const piece = h("p", { class: "fv-piece", hidden: "" }, box);
    const shown = h("div", { class: "fv-shown", hidden: "" }, box);
    // right under the board while the view is on (covering no square): that a tap now shows the
    // force, and the way back to moves (issue 39: a mode that changes what a click does says so
    // where the child looks)
    const banner = h("div", { class: "fv-banner", part: "force-banner", role: "status", hidden: "" }, host.slot("board-below"));
    h("span", { class: "fv-banner-icon", "aria-hidden": "true" }, banner, "⚖");
    const bannerText = h("span", { class: "fv-banner-text" }, banner);
    const leave = h("button", { type: "button", class: "fv-leave", part: "button" }, banner);
    leave.onclick = () => this.#toggle();
    this.#ui = { box, toggle, hint, piece, shown, banner, bannerText, leave };
    // a new selection or position: the shown force goes
    const clear = (e) => {
      this.#shown = null;
      this.#strength(e.detail?.piece);
      this.#render();
    };
    const el = host.element;
    for (const type of ["select", "move", "undo"]) el.addEventListener(type, clear);
    this.#off = () => ["select", "move", "undo"].forEach((type) => el.removeEventListener(type, clear));
  }

  stop() {
    this.#off();
    this.#host.close(); // the slot and the layer go
  }

  /** A click on `square` (target: the selected piece's target there, if any); true: taken here.
   * @param {string} square @param {Refused["target"] & { kind?: string } | undefined} target @param {Refused["from"]} sel */
  click(square, target, sel) {
    if (this.#on) this.#shown = { square };
    else if (target?.kind === "refused") this.#shown = { square, refused: { from: sel, target } };
    else return false;
    this.#render(true);
    return true;
  }

  // after every render of the widget: the words of its language (the widget's own, loaded by now)
  draw() {
    const lang = this.#host.lang;
    if (lang === this.#lang) return this.#render();
    this.#lang = lang;
    this.#rules.words(lang).then((words) => {
      if (this.#lang !== lang) return;
      this.#t = words;
      this.#render();
    });
  }

  #toggle() {
    this.#on = !this.#on;
    if (!this.#on) this.#shown = null;
    this.#render();
    const said = this.#on ? `${this.#t.forceOnSay} ${this.#t.forceLeaveSay}` : this.#t.forceOff;
    this.#host.announce(said);
    this.#host.speak?.(said); // with reading aloud on
  }

  /** @param {Piece | undefined} piece */
  #strength(piece) {
    this.#ui.piece.dataset.kind = piece ? piece.kind : "";
    this.#ui.piece.dataset.color = piece?.color ?? "";
  }

  /** @param {string} kind */
  #name(kind) {
    return say(this.#t, `piece-${kind}`);
  }

  /** @param {boolean} [say] announce the force shown */
  #render(say = false) {
    const t = this.#t;
    const ui = this.#ui;
    const shapes = [];
    const draw = () => this.#host.layer("force", shapes);
    draw();
    if (!t) return;
    ui.toggle.setAttribute("aria-pressed", String(this.#on));
    /** @type {ChildNode} */ (ui.toggle.lastChild).textContent = t.forceView; // its label
    ui.hint.hidden = !this.#on;
    ui.hint.textContent = t.forceHint;
    ui.banner.hidden = !this.#on;
    ui.bannerText.textContent = t.forceOnBoard;
    ui.leave.textContent = `✕ ${t.forceLeave}`;
    // the selected piece's strength, as bars and in words
    const kind = ui.piece.dataset.kind;
    ui.piece.hidden = !kind;
    ui.piece.replaceChildren();
    if (kind) {
      const n = this.#rules.formulas.get(kind)?.strength;
      ui.piece.append(n == null ? t.noStrength(this.#name(kind)) : t.strength(this.#name(kind), halves(n)));
      if (n) bars(s("svg", { viewBox: `0 0 ${Math.ceil(n / 2) * 12 + 4} 26`, class: "fv-bars", "aria-hidden": "true" }, ui.piece), n, { x: 8, y: 24, long: 22, ink: "currentColor", width: 5, gap: 12 });
    }
    ui.shown.replaceChildren();
    ui.shown.hidden = !this.#shown;
    if (!this.#shown) return;
    const { square, refused } = this.#shown;
    const board = this.#host.board;
    let force;
    let game;
    try {
      // the widget's game is its own: a game of the position shown, for force()
      game = new this.#rules.Game(this.#host.element.fen);
      force = game.force(Number(square[1]) - 1, square.charCodeAt(0) - 97);
    } catch (error) {
      ui.shown.textContent = sayError(t, error);
      return;
    } finally {
      game?.free();
    }
    const here = board.state.pieces.get(square);
    const sentence = refused ? this.#refusal(refused, force) : this.#sentence(square, here, force);
    h("p", { class: "fv-title" }, ui.shown, t.forceAt(square));
    const stacks = h("div", { class: "fv-stacks" }, ui.shown);
    for (const color of ["white", "black"]) {
      const side = h("div", { class: `fv-side fv-${color}`, "data-color": color }, stacks);
      h("span", { class: "fv-who" }, side, t.side[color]);
      const n = force[color];
      const svg = s("svg", { viewBox: `0 0 ${Math.max(1, Math.ceil(n / 2)) * 12 + 4} 30`, class: "fv-bars", "aria-hidden": "true" }, side);
      bars(svg, n, { x: 8, y: 27, long: 24, ink: "currentColor", width: 6, gap: 12 });
      h("strong", { class: "fv-total" }, side, halves(n));
    }
    h("p", { class: "fv-say", "data-verdict": this.#verdict(here, force) }, ui.shown, sentence);
    // on the board (board.js's shapes, board.css's brushes): an empty square framed, an arrow from
    // each piece giving it force (a ring: itself)
    if (!here) shapes.push({ type: "frame", square, brush: "fv-square" });
    for (const src of force.sources) {
      const brush = `fv-arrow fv-${src.color}`;
      if (src.from === square) shapes.push({ type: "circle", square, brush: `${brush} fv-self` });
      else shapes.push({ type: "arrow", from: src.from, to: square, small: true, brush });
    }
    draw();
    if (say) this.#host.announce(`${t.forceAt(square)}: ${t.side.white} ${halves(force.white)}, ${t.side.black} ${halves(force.black)}. ${sentence}`);
  }

  /** @param {Piece | undefined} here @param {ForceInfo} force */
  #verdict(here, force) {
    const d = force.white - force.black;
    return d > 0 ? "white" : d < 0 ? "black" : "equal";
  }

  // "The Prince attacks with 1½, the Wer Knecht defends itself with 1½: equal, no capture."
  /** @param {string} square @param {Piece | undefined} here @param {ForceInfo} force */
  #sentence(square, here, force) {
    const t = this.#t;
    if (!force.sources.length) return t.noForce(square);
    const both = new Set(force.sources.map((x) => `${x.color}:${x.piece}`));
    const order = ["attack", "defence", "self-defence"];
    const sources = force.sources.toSorted((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
    const parts = sources.map((src) => {
      const name = this.#name(src.piece);
      const twice = both.has(`white:${src.piece}`) && both.has(`black:${src.piece}`);
      return t.gives(twice ? t.coloured(name, src.color) : name, here ? src.role : "aim", halves(src.halves));
    });
    const verdict = this.#verdict(here, force);
    return t.sentence(parts, here ? t.verdict(verdict, here.color) : t.verdictEmpty(verdict));
  }

  // "The Prince cannot take on d5: White 1½, Black 1½ there — a capture needs more force."
  /** @param {Refused} refused @param {ForceInfo} force */
  #refusal({ from, target }, force) {
    const t = this.#t;
    const name = this.#name(from.piece.kind);
    if (target.refusal === "region") return t.refusedRegion(name, target.square, say(t, `region-${target.region}`));
    return t.refusedForce(name, target.square, halves(force.white), halves(force.black), from.piece.color);
  }
}

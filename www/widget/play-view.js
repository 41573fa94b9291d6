// @ts-check
// The game modes' view (play.js): the game's panel, the card at the game's end and the new game's
// choices built once (buildPlay), then drawn from the game's state (renderPlay, renderClocks,
// renderCard). No state of its own: play.js holds the game and says what the buttons do.
import { pieceImage } from "./board-geometry.js";
import { h, iconButton, s } from "./dom.js";
import { speakerIcon } from "./speech.js";
import { say } from "../i18n/i18n.js";
import { LEVELS, PRESETS, START, formatClock, other, parseClock } from "./play-saved.js";

const BASE = new URL("./", import.meta.url);
// the new game's choices in pictures: the computer's strength by a piece, stronger and stronger
const LEVEL_PIECES = { 1: "P", 2: "P", 3: "N", 4: "B", 5: "R", 6: "Q", 7: "K", 8: "K" };
const SVG_PICTURES = {
  // a screen on its stand
  computer: ["M3 4h18v12H3z", "M9 20h6M12 16v4"],
  // two people side by side
  "two-players": ["M7 8a2.5 2.5 0 1 0 0.01 0M3 19c0-4 8-4 8 0", "M17 8a2.5 2.5 0 1 0 0.01 0M13 19c0-4 8-4 8 0"],
  // a question mark: a surprise
  random: ["M9 9a3 3 0 1 1 4 2.8c-1 .5-1 1.2-1 2.2", "M12 18v.5"],
  // a clock; crossed out: none
  clock: ["M12 3a9 9 0 1 0 0.01 0", "M12 7v5l3 2"],
  none: ["M12 3a9 9 0 1 0 0.01 0", "M12 7v5l3 2", "M4 4l16 16"],
  // a box with its lid on and a heart: the game kept safe
  kept: ["M3 6h18v4H3z", "M5 10v10h14V10", "M12 18c-3-2-4-3-4-4.5a2 2 0 0 1 4-.5a2 2 0 0 1 4 .5c0 1.5-1 2.5-4 4.5z"],
};

/** The picture `name` of SVG_PICTURES, drawn in `parent`. */
function svgPicture(parent, name, cls = "g-pict") {
  const paths = SVG_PICTURES[name];
  if (!paths) return;
  const svg = s("svg", { viewBox: "0 0 24 24", class: cls, "aria-hidden": "true", focusable: "false" }, parent);
  for (const d of paths) s("path", { d, fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round" }, svg);
}

/** The picture of a new game's choice `value` of question `name`, in `parent`. */
function choicePicture(parent, name, value) {
  const piece = name === "color" && value !== "random" ? pieceImage(value, "K") : name === "level" ? pieceImage("white", LEVEL_PIECES[value] ?? "P") : null;
  if (piece) {
    h("img", { class: "g-pict", src: new URL(piece, BASE).href, alt: "", draggable: "false" }, parent);
    return;
  }
  svgPicture(parent, name === "clock" ? (value === "none" ? "none" : "clock") : value);
}

/**
 * The game's panel (players, clocks, offers, its buttons, save and load), the card over the board
 * at the game's end, and the new game's choices, each question said by a speaker and each choice
 * with a picture (a child who cannot read plays too). The choices start from `cfg` (the element's
 * attributes, or the last game's); cfg.setup is set from its start position.
 * @param {any} host the widget's host (slots)
 * @param {any} cfg the game's configuration
 * @param {Record<string, Function>} on what the buttons do (play.js)
 * @returns {{ ui: any, labels: any[] }} the parts, and the words that change only with the language
 */
export function buildPlay(host, cfg, on) {
const el = host.element;
// the words that change only with the language: [element, word key or (t) => text]
/** @type {any[]} */
const labels = [];
  const make = (name, attrs, parent, word, onclick) => {
    const e = h(name, attrs, parent);
    if (word) labels.push([e, word]);
    if (onclick) e.onclick = onclick;
    return e;
  };
  const button = (cls, parent, word, onclick) => make("button", { type: "button", part: "button", class: cls }, parent, word, onclick);
  const top = host.slot("panel-top");
  const section = h("section", { class: "game", part: "game" }, top);
  const players = h("p", { class: "g-players" }, section);
  const clocks = h("div", { class: "g-clocks" }, section);
  const clock = (side) => {
    const box = h("div", { class: "g-clock", "data-side": side, role: "timer", "aria-live": "off" }, clocks);
    for (const part of ["piece", "name", "time"]) h("span", { class: `g-clock-${part}`, ...(part === "piece" ? { "aria-hidden": "true" } : {}) }, box);
    return box;
  };
  const clockEls = { white: clock("white"), black: clock("black") };
  const thinking = h("p", { class: "g-thinking", role: "status" }, section);
  const say = h("p", { class: "g-say" }, section);
  const offerBox = h("div", { class: "g-offer", role: "group" }, section);
  const offerText = h("p", {}, offerBox);
  const accept = button("g-accept", offerBox, "accept", () => on.answerOffer(true));
  button("g-decline", offerBox, "decline", () => on.answerOffer(false));
  const confirmBox = h("div", { class: "g-confirm", role: "group" }, section);
  const confirmText = h("p", {}, confirmBox);
  button("g-resign-yes", confirmBox, "yesResign", () => on.resign());
  const resignNo = button("g-resign-no", confirmBox, "noPlayOn", () => on.playOn());
  const buttons = h("div", { class: "g-buttons" }, section);
  const action = (cls, icon, word, onclick) => {
    const b = iconButton(buttons, { class: cls }, icon, onclick);
    if (word) labels.push([b.lastChild, word]);
    return b;
  };
  const takeBack = action("g-takeback", "↶", "takeBack", () => on.takeBack());
  const claim = action("g-claim", "½", null, () => on.claim());
  const offer = action("g-offer-draw", "½", "offerDraw", () => on.offerDraw());
  const resign = action("g-resign", "⚑", null, () => on.resign());
  action("g-new", "★", "newGame", () => on.openNew());
  // save and load
  const saveBox = h("details", { class: "g-save" }, section);
  make("summary", {}, saveBox, "saveLoad");
  const exports = h("div", { class: "g-exports" }, saveBox);
  for (const [kind, word] of [["pgn", "exportPgn"], ["fen", "exportFen"], ["board", "exportBoard"]])
    make("button", { type: "button", part: "button", "data-export": kind }, exports, word, () => on.export(kind));
  const download = make("a", { class: "g-download", download: "chess-tutor.pgn", hidden: "" }, exports, "download");
  make("label", { class: "g-text-label", for: "g-text" }, saveBox, "textLabel");
  const text = h("textarea", { id: "g-text", class: "g-text", rows: "6", spellcheck: "false", autocomplete: "off" }, saveBox);
  const importError = h("p", { class: "g-import-error", role: "alert", hidden: "" }, saveBox);
  button("g-load", saveBox, "load", () => on.import());
  button("g-setup", saveBox, "setup", () => host.emit("setup-request", { fen: el.fen }));

  // the card over the board at the game's end
  const card = h("div", { class: "card g-card", part: "game-card", role: "group", "aria-labelledby": "g-card-title" }, host.slot("overlay"));
  const box = h("div", { class: "g-box" }, card);
  const cardTitle = h("h2", { class: "g-card-title", id: "g-card-title" }, box);
  const cardText = h("p", { class: "g-card-text" }, box);
  const cardButtons = h("div", { class: "g-card-buttons" }, box);
  const cardNew = button("g-card-new big", cardButtons, (t) => `★ ${t.newGame}`, () => on.openNew());
  button("g-card-look", cardButtons, "lookAtBoard", () => on.lookAtBoard());
  // the new game's choices: in the panel, beside (or under) the board
  const newBox = h("section", { class: "g-new-game", part: "game-new", "aria-labelledby": "g-new-title" }, top);
  make("h2", { class: "g-new-title", id: "g-new-title" }, newBox, "newTitle");
  // what is said while the card is open (the panel that says it is hidden under the card): a
  // saved game that could not be opened, kept aside. On the card, where the child looks, with a
  // picture and a speaker (play.js says it aloud too, with reading aloud on)
  const note = h("div", { class: "g-new-note", hidden: "" }, newBox);
  // (a speaker of its own class: .g-speak are the questions' speakers)
  const noteSpeak = h("button", { type: "button", part: "button speak", class: "g-note-speak" }, note);
  speakerIcon(noteSpeak);
  svgPicture(note, "kept", "g-note-pict");
  const noteText = h("p", { class: "g-new-note-text" }, note);
  noteSpeak.onclick = () => on.sayNodes([noteText]);
  const form = h("div", { class: "g-form" }, newBox);
  // each question: a speaker that says it and then its choices, each lit while said; a picture
  // on each choice (issue 39: a child who cannot read plays too)
  const group = (name, legend, values, word) => {
    const fs = h("fieldset", { class: `g-field g-${name}` }, form);
    const lg = h("legend", {}, fs);
    const listen = h("button", { type: "button", part: "button speak", class: "g-speak", "data-speak": name }, lg);
    speakerIcon(listen);
    const question = make("span", { class: "g-question" }, lg, legend);
    const chips = [];
    const inputs = values.map((v) => {
      const label = h("label", { class: "g-choice", "data-choice": String(v) }, fs);
      const input = h("input", { type: "radio", name, value: String(v) }, label);
      const chip = h("span", { class: "g-chip" }, label);
      choicePicture(chip, name, String(v));
      make("span", { class: "g-word" }, chip, (t) => word(t, String(v)));
      chips.push(label);
      return input;
    });
    listen.onclick = () => on.sayNodes([question, ...chips]);
    return { fs, inputs, listen };
  };
  const modeField = group("mode", "modeLegend", ["computer", "two-players"], (t, v) => t.mode[v]);
  const colorField = group("color", "colorLegend", ["white", "black", "random"], (t, v) => t.color[v]);
  const levelField = group("level", "levelLegend", LEVELS, (t, v) => `${v} · ${t.levels[v]}`);
  // a clock the page asks for (clock="2+1") is one more choice
  const asked = el.getAttribute("clock");
  const clockField = group("clock", "clockLegend", parseClock(asked) && !PRESETS.includes(asked) ? [...PRESETS, asked] : PRESETS, (t, v) => (v === "none" ? t.noClock : t.preset(v)));
  const extras = h("div", { class: "g-extras" }, form);
  const check = (cls, word) => {
    const row = h("label", { class: "g-check" }, extras);
    const box = h("input", { type: "checkbox", class: cls }, row);
    make("span", {}, row, word);
    return /** @type {[HTMLInputElement, HTMLLabelElement]} */ ([box, row]);
  };
  const [takebackBox] = check("g-takeback-box", "allowTakeback");
  const [fromSetup, fromSetupRow] = check("g-from-setup", "fromSetup");
  form.onchange = () => on.renderCard();
  fromSetup.onchange = () => on.preview();
  const newButtons = h("div", { class: "g-card-buttons" }, newBox);
  const startGame = button("g-start big", newButtons, (t) => `${t.start} ▶`, () => on.begin());
  const cancel = button("g-cancel", newButtons, "cancel", () => on.cancelNew());
  const ui = {
    section, players, clockEls, thinking, say, offerBox, offerText, accept, confirmBox, confirmText, resignNo, takeBack, claim, offer, resign,
    download, text, importError, card, cardTitle, cardText, newBox, note, noteSpeak, noteText, form, colorField, levelField, takebackBox, fromSetup, fromSetupRow, startGame, cancel, cardNew,
  };
  // the card starts with the element's attributes (or the last game's choices)
  cfg.setup = cfg.start !== START ? cfg.start : null;
  const pick = (field, value) => ((field.inputs.find((i) => i.value === String(value)) ?? field.inputs[0]).checked = true);
  pick(modeField, cfg.mode);
  pick(colorField, cfg.color);
  pick(levelField, cfg.level);
  pick(clockField, asked ?? "none");
  takebackBox.checked = cfg.takeback;
  fromSetup.checked = Boolean(cfg.setup);
  return { ui, labels };
}

/** The title of the card at the game's end: who won, or a draw. */
export function overTitle(t, cfg, outcome) {
if (!outcome.winner) return t.drawTitle;
if (cfg.mode === "computer") return outcome.winner === cfg.human ? t.youWin : t.computerWins;
return t.wins(outcome.winner);
}

/** Why the game ended, in words. */
export function reasonOf(t, { reason, winner }) {
return say(t.reason, { id: reason, args: { loser: winner && other(winner) } });
}

/**
 * The game's panel drawn from the game's state now (play.js #view).
 * @param {any} ui @param {any[]} labels
 * @param {{ t: any, el: any, cfg: any, card: string | null, clock: any, left: (side: string) => number, thinking: boolean, say: any, offer: string | null, confirm: string | null, boardEnd: (outcome: any) => boolean }} v
 */
export function renderPlay(ui, labels, v) {
  const { t, el, cfg } = v;
  const status = el.status;
  const computer = cfg.mode === "computer";
  const over = Boolean(status.outcome);
  ui.section.hidden = v.card === "new";
  ui.players.textContent = computer ? t.versus(cfg.human, cfg.level) : t.twoPlayers;
  // clocks: the one running is marked by a ▶ and a frame, not by colour alone
  ui.clockEls.white.parentElement.hidden = !v.clock;
  for (const side of ["white", "black"]) {
    const box = ui.clockEls[side];
    box.children[1].textContent = computer ? (side === cfg.human ? t.you : t.computerName(cfg.level)) : t.side[side];
    box.setAttribute("aria-label", t.clockLabel(side));
  }
  renderClocks(ui, v.clock, v.left);
  ui.thinking.hidden = !v.thinking;
  ui.thinking.textContent = v.thinking ? t.thinking : "";
  ui.say.hidden = !v.say;
  ui.say.textContent = v.say?.text ?? "";
  ui.say.dataset.kind = v.say?.kind ?? "";
  // a draw offer between two players: the other side answers
  ui.offerBox.hidden = !v.offer || over;
  if (v.offer) ui.offerText.textContent = t.offered(v.offer);
  ui.confirmBox.hidden = v.confirm !== "resign" || over;
  ui.confirmText.textContent = t.reallyResign(computer ? cfg.human : status.turn, computer);
  const claimable = !over && (status.claim_threefold || status.claim_fifty) && (!computer || status.turn === cfg.human);
  ui.claim.lastChild.textContent = status.claim_threefold ? t.claimThreefold : t.claimFifty;
  ui.resign.lastChild.textContent = computer ? t.resign : t.resignSide(status.turn);
  for (const [e, word] of labels) e.textContent = typeof word === "function" ? word(t) : t[word];
  for (const b of ui.form.querySelectorAll(".g-speak")) b.setAttribute("aria-label", t.listen);
  ui.text.placeholder = t.textPlaceholder;
  ui.takeBack.hidden = !cfg.takeback;
  ui.takeBack.disabled = !status.can_undo || (over && !v.boardEnd(status.outcome)) || (computer && el.history().length < 1);
  ui.claim.hidden = !claimable;
  ui.offer.hidden = over;
  ui.offer.disabled = Boolean(v.offer) || (computer && v.thinking);
  ui.resign.hidden = over;
  renderCard(ui, v);
}

/** The clocks: the time each side has left, the one running marked by a ▶ (not colour alone). */
export function renderClocks(ui, c, left) {
  if (!c) return;
  for (const side of ["white", "black"]) {
    const box = ui.clockEls[side];
    const ms = left(side);
    box.children[2].textContent = formatClock(ms);
    box.dataset.running = String(c.running === side);
    box.dataset.low = String(ms < 20000);
    box.children[0].textContent = `${c.running === side ? "▶ " : ""}${side === "white" ? "♔" : "♚"}`;
  }
}

/** The card over the board (the game's end) or the new game's choices, whichever is open. */
export function renderCard(ui, v) {
  const card = v.card;
  ui.card.hidden = card !== "over";
  ui.card.dataset.kind = card ?? "";
  ui.card.toggleAttribute("data-appear", card === "over");
  ui.newBox.hidden = card !== "new";
  ui.cancel.hidden = card !== "new" || !v.el.history().length;
  // what was said, on the card while it hides the panel
  const note = card === "new" ? (v.say?.text ?? "") : "";
  ui.note.hidden = !note;
  ui.note.dataset.kind = note ? v.say.kind : "";
  ui.noteText.textContent = note;
  ui.noteSpeak.setAttribute("aria-label", v.t.listen);
  if (card === "new") {
    const computer = ui.form.querySelector('input[name="mode"]:checked')?.value !== "two-players";
    ui.colorField.fs.hidden = ui.levelField.fs.hidden = !computer;
    ui.fromSetupRow.hidden = !v.cfg.setup;
  } else if (card === "over") {
    const outcome = v.el.status.outcome;
    if (!outcome) return;
    ui.cardTitle.textContent = overTitle(v.t, v.cfg, outcome);
    ui.cardText.textContent = reasonOf(v.t, outcome);
    ui.card.dataset.result = outcome.winner ? (v.cfg.mode === "computer" && outcome.winner !== v.cfg.human ? "lost" : "won") : "draw";
  }
}

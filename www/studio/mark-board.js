// @ts-check
// The marks board (Studio methods): a board (board.js) on which the goal's tools work: clicks fill
// the goal's squares, moves played on it give best-move answers, the scripted replies, the hint
// and the moves to comment on; a drag draws an arrow (a click a circle). The keyboard does the same.
import { Board, parseSquare, pieceImage } from "../widget/board.js";
import { h } from "../widget/dom.js";
import { FALLBACK, LANGS } from "../i18n/i18n.js";
import { fieldOfTool, toolsOf } from "./goal-types.js";
import { isObject, newText, piecesOf } from "./model.js";
import { colorOf, moveInfo, withGame } from "./positions.js";
import { button, report } from "./ui.js";

const COLORS = ["green", "red", "blue", "yellow"];

export const markBoard = {
  // ------------------------------------------------------------ the marks board

  buildMarkBoard(wrap) {
    const t = this.t;
    const board = (this.board = new Board(wrap, {
      sprite: (p) => pieceImage(colorOf(p), p),
      label: t.marksBoard,
      cellLabel: (sq, p) => this.cellLabel(sq, p),
    }));
    let down = null;
    board.on("select", ({ square, via }) => {
      if (via === "pointer") down = square;
      else if (square && (via === "key" || via === "click")) this.keySquare(square);
    });
    board.on("tap", ({ square }) => {
      down = null;
      this.squareAction(square);
    });
    /** @type {any} */ (board.svg).addEventListener("pointerup", (e) => {
      const to = board.squareAt(e.clientX, e.clientY);
      if (down && to && to !== down && this.tool === "shape") this.toggleShape({ type: "arrow", from: down, to });
      else if (down && to && to !== down && this.isMoveTool()) {
        this.picked = down;
        this.squareAction(to);
      }
      down = null;
    });
  },

  cellLabel(sq, p) {
    const t = this.t;
    const parts = [sq, p ? t.piece(colorOf(p), p.toLowerCase()) : t.empty];
    for (const m of this.marksAt(sq)) parts.push(m);
    return parts.join(", ");
  },

  /** The words for what is marked on a square (for the screen reader). */
  marksAt(sq) {
    const t = this.t;
    const g = this.tool === "reply" ? {} : this.lesson.goal ?? {};
    const out = [];
    if (g.squares?.includes?.(sq)) out.push(t.mark.star);
    if (g.square === sq) out.push(t.mark.target);
    if (g.piece === sq || g.from === sq) out.push(t.mark.piece);
    if (g.to === sq) out.push(t.mark.target);
    if (this.lesson.hints?.piece === sq) out.push(t.mark.hint);
    if (this.picked === sq) out.push(t.mark.picked);
    return out;
  },

  isMoveTool() {
    return ["answer", "hint", "feedback", "reply"].includes(this.tool);
  },

  /** Under the board with the "reply" tool: the line so far, undo and start again. */
  renderLine() {
    const box = this.ui.line;
    if (!box) return;
    const t = this.t;
    box.hidden = this.tool !== "reply";
    if (box.hidden) return box.replaceChildren();
    const key = this.line.map((m) => m.uci).join() + this.lang;
    if (box.dataset.key === key && box.childElementCount) return;
    box.dataset.key = key;
    const now = /** @type {HTMLElement} */ (document.activeElement);
    const focused = box.contains(now) ? now.dataset.line : null;
    box.replaceChildren();
    const words = this.line.map((m, k) => (k % 2 ? `${m.san} (${t.replyWord})` : m.san));
    h("p", { "data-studio-line": "" }, box, this.line.length ? t.lineIs(words.join(", ")) : t.lineEmpty(this.lesson.opponent?.replies?.length ?? 0));
    const row = h("p", { class: "studio-chosen" }, box);
    const undo = button(row, t.lineUndo, () => {
      this.line.pop();
      this.picked = null;
      report(this, t.lineUndone, "board");
      this.lineToReplies();
    }, { class: "studio-small", "data-line": "undo" });
    const again = button(row, t.lineAgain, () => {
      this.line.length = 0;
      this.picked = null;
      report(this, t.lineCleared, "board");
      this.lineToReplies();
    }, { class: "studio-small", "data-line": "again" });
    undo.disabled = again.disabled = !this.line.length;
    if (focused) box.querySelector(`[data-line="${focused}"]:not(:disabled)`)?.focus();
  },

  goalName(type) {
    const description = this.goalType(type)?.description?.split(/(?<=[.:])\s/)[0]?.replace(/[.:]$/, "");
    return this.t.goal[type] ?? (description || type);
  },

  /** The goal type `type` as the schema describes it (goalTypes()), or undefined. */
  goalType(type) {
    return this.goals?.find((g) => g.type === type);
  },

  /** The tools for this goal: [name, label]. */
  tools() {
    // the goal's own: the tools that fill its fields (goal-types.js)
    const own = toolsOf(this.goalType(this.lesson.goal?.type));
    const reply = this.lesson.opponent?.type === "scripted" ? ["reply"] : [];
    return [...own, ...reply, "hint", "feedback", "shape"];
  },

  renderTools() {
    const t = this.t;
    const tools = this.tools();
    if (!tools.includes(this.tool)) this.tool = tools[0];
    const box = this.ui.tools;
    // rebuilt only when something on it changes (a radio keeps the keyboard's focus)
    const key = [this.lesson.goal?.type, this.tool, this.color, ...tools].join();
    if (box.dataset.key === key && box.childElementCount) return;
    box.dataset.key = key;
    const now = /** @type {HTMLElement} */ (document.activeElement);
    const focused = box.contains(now) ? (now.dataset.tool ?? now.dataset.color) : null;
    box.replaceChildren();
    for (const name of tools) {
      const label = h("label", { class: "studio-tool" }, box);
      const input = h("input", { type: "radio", name: "studio-tool", value: name, "data-tool": name }, label);
      input.checked = name === this.tool;
      input.addEventListener("change", () => {
        this.tool = name;
        this.picked = null;
        this.pending = null;
        this.renderMarks();
      });
      h("span", {}, label, t.tool[name](this.lesson.goal?.type));
    }
    if (this.tool === "shape") {
      const colors = h("span", { class: "studio-colors", role: "group", "aria-label": t.color }, box);
      for (const c of COLORS) {
        const b = button(colors, t.colors[c], () => {
          this.color = c;
          this.renderTools();
        }, { "data-color": c, "aria-pressed": String(c === this.color) });
        b.classList.add(`c-${c}`);
        // its swatch: the brush's colour as board.css defines it (the theme's one table)
        const ink = this.board?.svg && getComputedStyle(this.board.svg).getPropertyValue(`--ct-${c}`).trim();
        if (ink) b.style.setProperty("--swatch", ink);
      }
    }
    this.ui.toolHint.textContent = t.toolHint[this.tool];
    if (focused) box.querySelector(`[data-tool="${focused}"], [data-color="${focused}"]`)?.focus();
  },

  renderMarks() {
    if (!this.board || !this.ui.tools) return;
    if (this.stage === "goal") this.renderTools();
    this.renderLine();
    const fen = this.boardFen;
    const pieces = piecesOf(fen);
    // on the scripted line the lesson's marks (drawn for its position) step aside
    const g = this.tool === "reply" ? {} : this.lesson.goal ?? {};
    const shapes = [];
    const arrowOf = (move, brush, label) => {
      const m = moveInfo(fen, move);
      if (!m) return;
      shapes.push({ type: "arrow", from: m.from, to: m.to, brush });
      shapes.push({ type: "label", square: m.to, text: label, brush });
    };
    if (Array.isArray(g.squares)) for (const sq of g.squares) if (/^[a-h][1-8]$/.test(sq)) shapes.push({ type: "star", square: sq, brush: "l-goal-star" });
    for (const key of ["square", "to"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "circle", square: g[key], brush: "goal" }, { type: "label", square: g[key], text: "◎", brush: "goal" });
    for (const key of ["piece", "from"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "highlight", square: g[key], brush: "piece" });
    if (Array.isArray(g.answers)) for (const a of g.answers) arrowOf(a, "answer", "✓");
    const reply = this.tool === "reply";
    if (reply && this.line.length) {
      const last = this.line.at(-1).uci;
      shapes.push({ type: "highlight", square: last.slice(0, 2), brush: "piece" }, { type: "highlight", square: last.slice(2, 4), brush: "piece" });
    }
    for (const f of reply ? [] : this.lesson.feedback ?? []) if (f?.move) arrowOf(f.move, "feedback", "✎");
    if (!reply && this.lesson.hints?.move) arrowOf(this.lesson.hints.move, "l-hint-arrow", "?");
    for (const s of reply ? [] : this.lesson.shapes ?? []) {
      if (s?.type === "arrow" && s.from && s.to) shapes.push({ type: "arrow", from: s.from, to: s.to, brush: `l-shape c-${s.color ?? "green"}` });
      else if (s?.square) shapes.push({ type: s.type === "highlight" ? "highlight" : "circle", square: s.square, brush: `l-shape c-${s.color ?? "green"}` });
    }
    if (this.pending) shapes.push({ type: "highlight", square: this.pending, brush: "pending" });
    let targets = [];
    if (this.picked) {
      const [i, j] = parseSquare(this.picked);
      targets = withGame(fen, (game) => game.targets(i, j)) ?? [];
    }
    this.board.set({ pieces, shapes, selected: this.picked, targets });
  },

  /** A square clicked (or Enter/Space on it) with the tool picked. */
  squareAction(sq) {
    if (!sq) return;
    const t = this.t;
    const goal = (this.lesson.goal ??= { type: "stars", squares: [] });
    const tool = this.tool;
    if (tool === "star") {
      goal.squares = Array.isArray(goal.squares) ? goal.squares : [];
      const k = goal.squares.indexOf(sq);
      if (k >= 0) goal.squares.splice(k, 1);
      else goal.squares.push(sq);
      report(this, k >= 0 ? t.starOff(sq) : t.starOn(sq), "board");
    } else if (tool === "target" || tool === "piece") {
      // the goal's field this tool fills (the square to reach, the piece's square …); a field that
      // may be left out is taken away by a second click
      const field = fieldOfTool(this.goalType(goal.type), tool);
      if (!field) return;
      if (goal[field.key] === sq && !field.required) delete goal[field.key];
      else goal[field.key] = sq;
      report(this, tool === "target" ? t.targetSet(sq) : t.pieceChosen(sq), "board");
    } else if (tool === "shape") {
      return this.toggleShape({ type: "circle", square: sq });
    } else if (this.isMoveTool()) {
      return this.moveClick(sq);
    }
    this.changed();
  },

  /** Keyboard: the same, except that a shape takes two squares (the same one twice: a circle). */
  keySquare(sq) {
    if (this.tool !== "shape") return this.squareAction(sq);
    if (!this.pending) {
      this.pending = sq;
      report(this, this.t.arrowFrom(sq), "board");
      return this.renderMarks();
    }
    const from = this.pending;
    this.pending = null;
    this.toggleShape(from === sq ? { type: "circle", square: sq } : { type: "arrow", from, to: sq });
  },

  toggleShape(shape) {
    const list = (this.lesson.shapes = Array.isArray(this.lesson.shapes) ? this.lesson.shapes : []);
    const same = (s) => s.type === shape.type && s.square === shape.square && s.from === shape.from && s.to === shape.to;
    const k = list.findIndex(same);
    if (k >= 0) list.splice(k, 1);
    else list.push(this.color === "green" ? shape : { ...shape, color: this.color });
    if (!list.length) delete this.lesson.shapes;
    report(this, k >= 0 ? this.t.shapeOff : this.t.shapeOn(shape), "board");
    this.changed();
  },

  /** A move tool: pick a piece, then its square; the move is then recorded (never played). */
  moveClick(sq) {
    const t = this.t;
    const fen = this.boardFen;
    if (!this.picked || this.picked === sq) {
      const piece = piecesOf(fen).get(sq);
      const side = fen.split(" ")[1] === "b" ? "black" : "white";
      if (this.picked === sq || !piece) {
        this.picked = null;
        report(this, piece ? "" : t.pickPiece, "board");
      } else if (colorOf(piece) !== side) report(this, t.notToMove(side), "board");
      else {
        this.picked = sq;
        report(this, t.picked(sq), "board");
      }
      return this.renderMarks();
    }
    const from = this.picked;
    const [i, j] = parseSquare(from);
    const info = withGame(fen, (game) => {
      const target = game.targets(i, j).find((x) => x.square === sq);
      if (!target) return null;
      const played = game.play(from, sq, target.kind === "promotion" ? "q" : null);
      return played && { san: played.san, uci: played.uci, fen: game.fen() };
    });
    if (!info) {
      // another piece of the side to move: pick it instead
      const piece = piecesOf(fen).get(sq);
      this.picked = null;
      if (piece) return this.moveClick(sq);
      report(this, t.cannotGo(from, sq), "board");
      return this.renderMarks();
    }
    this.picked = null;
    const san = info.san;
    const goal = this.lesson.goal;
    if (this.tool === "reply") {
      this.line.push(info);
      report(this, this.line.length % 2 ? t.lineChild(san) : t.lineReply(san), "board");
      return this.lineToReplies();
    }
    if (this.tool === "answer") {
      goal.answers = Array.isArray(goal.answers) ? goal.answers : [];
      const k = goal.answers.indexOf(san);
      if (k >= 0) goal.answers.splice(k, 1);
      else goal.answers.push(san);
      report(this, k >= 0 ? t.answerOff(san) : t.answerOn(san), "board");
    } else if (this.tool === "hint") {
      this.lesson.hints = { ...(isObject(this.lesson.hints) ? this.lesson.hints : {}), piece: from, move: san };
      report(this, t.hintSet(san), "board");
    } else {
      const list = (this.lesson.feedback = Array.isArray(this.lesson.feedback) ? this.lesson.feedback : []);
      const k = list.findIndex((f) => f?.move === san || f?.move === info.uci);
      if (k < 0) list.push({ move: san, text: newText() });
      report(this, t.feedbackAdded(san), "board");
      this.changed();
      const at = k < 0 ? list.length - 1 : k;
      this.ui.form.querySelector(`[data-pointer="/feedback/${at}/text/${LANGS.includes(this.lang) ? this.lang : FALLBACK}"]`)?.focus({ preventScroll: false });
      return;
    }
    this.changed();
  },
};

// @ts-check
// English words for the lesson player (lesson.js). Loaded only when a lesson is shown.
import { plural } from "../i18n.js";

const count = plural("en");
const moves = (n) => count(n, ["move", "moves"]);
const stars = (n) => count(n, ["star", "stars"]);

export default {
  loading: "Loading the lesson…",
  start: "Start!",
  goalLabel: "Your task",
  goal: {
    stars: () => "Collect all the stars!",
    capture_all: () => "Capture all the enemy pieces!",
    reach: (square) => `Bring the piece to ${square}!`,
    promote: () => "Bring a pawn to the last row!",
    mate: (n) => `Give mate in ${moves(n)}!`,
    best_move: () => "Find the best move!",
    // proper: a piece set's own name (the Prince), kept as written
    targets: (piece, square, proper) => `Where can the ${proper ? piece : piece.toLowerCase()} on ${square} go? Click every such square!`,
    win: () => "Win the game!",
    draw: (n) => (n ? `Don't lose for ${moves(n)}!` : "Don't lose: make it a draw!"),
    check: (n) => `Give check in ${moves(n)}!`,
    show: () => "Listen, look and follow the arrows!",
    escape: (square) => `The piece on ${square} is attacked: save it!`,
    keep_pieces: (n) => `Play ${moves(n)} and don't lose a piece!`,
  },
  starsLeft: (n) => `Stars left: ${n}`,
  found: (k, n) => `Found: ${k} of ${n}`,
  moves: (n) => `Moves: ${n}`,
  mistakes: (n) => `Mistakes: ${n}`,
  parMoves: (n) => `★★★ in ${moves(n)}`,
  parMistakes: (n) => (n ? `★★★ with ${count(n, ["mistake", "mistakes"])} at most` : "★★★ with no mistakes"),
  yourMoves: "Moves",
  hint: "Hint",
  retry: "Try again",
  next: "Next",
  show: {
    step: (k, n) => `Step ${k} of ${n}`,
    doMove: "Play the move on the arrow.",
    next: "Next",
  },
  noHint: "No more hints — you can do it!",
  hintPiece: "Look at this piece.",
  hintMove: "Try the move on the arrow.",
  ask: {
    canCapture: (piece, from, to) => `Can the ${piece} on ${from} capture on ${to}?`,
    yesNo: ["Yes, it can", "No, it can't"],
    stronger: (square) => `Who has more force on ${square}?`,
    sides: ["White", "Black", "Equal"],
  },
  chooseBelow: "Pick an answer with the big buttons.",
  // a question about a square: tapping that square on the board answers it (or a button)
  tapToAnswer: "Tap the square on the board — or a button.",
  // a square tapped that is none of the answers
  notAChoice: (square) => `That is ${square}. Look again and tap the right square.`,
  // the picture on an answer's button: the words (| between them) an answer that means it starts with
  choicePictures: {
    // castling: kingside (an arrow to the right), queenside (to the left), both, neither
    kingside: "kingside",
    queenside: "queenside",
    "both-ways": "both ways",
    "neither-way": "neither way|none",
    yes: "yes",
    no: "no",
    white: "white|white's|white wins",
    black: "black|black's|black wins",
    both: "both at once|both",
    equal: "equal|they are worth the same",
    draw: "it's a draw|a draw|in a draw",
    race: "whoever is faster",
    // check, mate, stalemate: the task pictures of check and mate, the king and "=" (a draw)
    check: "check",
    mate: "mate|checkmate",
    stalemate: "stalemate",
    king: "the king",
    queen: "the queen",
    rook: "the rook",
    bishop: "the bishop",
    knight: "the knight",
    pawn: "the pawn",
  },
  // the hand that shows the first move (the first lesson of a section): put it away
  handSkip: "Skip",
  // the last lesson of a section done: a moment of its own
  sectionDone: (section) => `Hooray! You have finished the whole section “${section}”!`,
  // the opponent's move, said aloud as a move (never as an order): "Black's knight went to a1."
  replied: (side, piece, square, took) => `${side === "white" ? "White's" : "Black's"} ${piece} ${took ? "took on" : "went to"} ${square}.`,
  // a star collected (said aloud)
  starTaken: (n) => (n ? `A star! ${n === 1 ? "One more to go" : `${n} more to go`}.` : "A star!"),
  replying: (side) => `${side === "white" ? "White" : "Black"} is thinking…`,
  right: (square) => `${square}: yes!`,
  oops: "Oops!",
  pressRetry: "Press “Try again” and have another go.",
  done: { 3: "Excellent!", 2: "Well done!", 1: "You did it!" },
  starsWon: (n) => `You got ${stars(n)}`,
  usedMoves: (n) => `You needed ${moves(n)}.`,
  tookBack: (n, cost) => `You took back ${moves(n)}` + (cost ? `: that costs ${cost === 1 ? "a star" : stars(cost)}.` : "."),
  usedMistakes: (n, hints = 0) => (n ? `Mistakes: ${n}.` : hints ? "" : "No mistakes!"),
  // all the hints that showed the move count as one mistake together (crate: Attempt::help)
  hintsShown: (n) => (n === 1 ? "A hint showed you the move." : `Hints showed you the move ${n} times: all together they count as one mistake.`),
  better: (par) => `Try again in ${moves(par)} for ★★★!`,
  betterMistakes: "Try again with fewer mistakes for ★★★!",
  betterNoHint: "Try it without the hint for ★★★!",
  best: (n) => `Your best: ${stars(n)}`,
  learnedLabel: "What you learned",
  newBest: "A new record!",
  starLabel: (on) => (on ? "a star you got" : "a star still to get"),
  // what a mark on the board means, in its square's name for a screen reader ("a5, empty, a star")
  mark: {
    goalSquare: "go here",
    star: "a star",
    found: "found",
    wrong: "not this one",
    quizPiece: "the piece in the question",
    hintPiece: "the hint: this piece",
    hintTo: "the hint: go here",
    moveTo: "the arrow: go here",
    attacked: "under attack",
    arrow: "an arrow points here",
    marked: "marked",
    key: "a key square",
    between: "between the kings",
  },
  // the stars could not be kept (progress.js: a full storage, or one that does not keep what is written)
  notKept: {
    quota: "The browser has no room left to keep your stars, so they will be gone when the page closes. A grown-up can free some space in the browser settings.",
    other: "The browser could not keep your stars, so they will be gone when the page closes.",
  },
  error: {
    title: "Oops! This lesson can't be opened.",
    missing: (file, status) => `The lesson file ${file} was not found (HTTP ${status}).`,
    network: (file) => `The lesson ${file} could not be loaded. Check the internet connection and try again.`,
    broken: (file) => `The lesson file ${file} has mistakes:`,
    rules: (message) => `The chess rules could not be loaded: ${message}`,
    grownup: "Ask a grown-up to look at the file.",
    reload: "Try again",
  },
  eg: {
    short: { win: "win", draw: "draw", loss: "loss" },
    verdict: {
      win: "You win if you play well",
      draw: "A draw if both sides play well",
      loss: "You lose if your opponent plays well",
    },
    queened: {
      win: "The pawn has become a queen: you win!",
      draw: "A draw if both sides play well",
      loss: "A pawn has become a queen: you lose if your opponent plays well",
    },
    mateIn: (n) => `mate in ${moves(n)}`,
    inMoves: (n) => `a queen or mate in ${moves(n)}`,
    before: "Before your move",
    after: "After it",
    changed: "This move threw the result away.",
    best: "One of the best moves!",
    kept: "The result is kept, but there was a quicker way.",
    aidsLabel: "Draw on the board",
    aids: { square: "Square of the pawn", opposition: "Opposition", keys: "Key squares" },
    noPawn: "There is no pawn on the board.",
    square: (p) => {
      const pawn = `the ${p.color} pawn on ${p.pawn}`;
      const king = `The ${p.color === "white" ? "black" : "white"} king`;
      const blocked = p.path_free ? "" : " (something stands in the pawn's way)";
      if (!p.defender) return `The square of ${pawn}.`;
      if (p.inside) return `Square of ${pawn}: ${king} is inside — it catches the pawn${blocked}.`;
      if (p.catches) return `Square of ${pawn}: ${king} is one step away and it is its move — it steps in and catches the pawn.`;
      return `Square of ${pawn}: ${king} is outside — the pawn runs to the last row${blocked}.`;
    },
    opposition: (o) => {
      const kind = { direct: "Direct", distant: "Distant", diagonal: "Diagonal" }[o.kind];
      const other = o.holder === "white" ? "Black" : "White";
      return `${kind} opposition: ${o.holder === "white" ? "White" : "Black"} holds it. ${other} must move and give way.`;
    },
    noOpposition: "The kings are not in opposition now.",
    keys: (square, color, keys) =>
      `Key squares of the ${color} pawn on ${square}: ${keys.join(", ")}. If the ${color} king gets to one of them, the pawn queens.`,
    takeBack: "Take back the move",
    watch: "Show why",
    watchingButton: "Watching…",
    watching: "Watch how your opponent answers…",
    watched: "That's why. Take your move back and try another one!",
    tryOther: "Your move is taken back. Try another one!",
    pressTakeBack: "Take your move back and try another one — or press “Show why”.",
    startOver: "Start over",
  },
  countMoves: moves,
  countStars: stars,
};

// @ts-check
// English words for the game modes (play.js). Loaded only when a game mode is shown.
import { plural } from "../i18n.js";

const count = plural("en");
const SIDE = { white: "White", black: "Black" };
const LEVELS = { 1: "Little pawn", 2: "Pawn", 3: "Knight", 4: "Bishop", 5: "Rook", 6: "Queen", 7: "King", 8: "Champion" };
const minutes = (n) => count(n, ["minute", "minutes"]);

export default {
  listen: "Listen",
  newTitle: "A new game",
  modeLegend: "Who plays?",
  mode: { computer: "Me against the computer", "two-players": "Two players on this device" },
  colorLegend: "My pieces",
  color: { white: "White ♔", black: "Black ♚", random: "Surprise me" },
  levelLegend: "How strong is the computer?",
  levels: LEVELS,
  clockLegend: "Clock",
  noClock: "No clock",
  preset: (v) => {
    const [m, s] = v.split("+");
    return s === "0" ? minutes(m) : `${minutes(m)} + ${s} s a move`;
  },
  allowTakeback: "Allow taking moves back",
  fromSetup: "Start from the position I set up",
  start: "Play!",
  cancel: "Back to the game",
  versus: (human, level) => `You play ${SIDE[human]} against the computer (level ${level}, ${LEVELS[level]})`,
  twoPlayers: "Two players: White and Black take turns on this device",
  you: "You",
  computerName: (level) => `Computer · ${level}`,
  side: SIDE,
  clockLabel: (side) => `${SIDE[side]}'s clock`,
  thinking: "The computer is thinking…",
  waitTurn: "Wait a moment: it is the computer's turn.",
  started: (mode, human, level) =>
    mode === "computer" ? `New game. You play ${SIDE[human]}, the computer is level ${level}.` : "New game for two players. White starts.",
  takeBack: "Take back",
  takenBack: "The move is taken back. Your turn!",
  offerDraw: "Offer a draw",
  offered: (side) => `${SIDE[side]} offers a draw. ${SIDE[side === "white" ? "black" : "white"]}, do you agree?`,
  accept: "Yes, a draw",
  decline: "No, let's play on",
  declined: "The draw offer is declined. Play on!",
  computerDeclines: "The computer wants to play on: it does not think the game is level.",
  claimThreefold: "Claim a draw: the same position three times",
  claimFifty: "Claim a draw: 50 moves without a capture or a pawn move",
  resign: "Resign",
  resignSide: (side) => `${SIDE[side]} resigns`,
  reallyResign: (side, computer) => (computer ? "Do you really want to give up this game?" : `${SIDE[side]}, do you really want to give up?`),
  yesResign: "Yes, I give up",
  noPlayOn: "No, play on",
  newGame: "New game",
  lookAtBoard: "Look at the board",
  lowTime: (side) => `${SIDE[side]} has less than 10 seconds!`,
  youWin: "You win! 🏆",
  computerWins: "The computer wins this time",
  wins: (side) => `${SIDE[side]} wins!`,
  drawTitle: "A draw",
  // why a game ended, said with say(): { loser } is the side that lost
  reason: {
    checkmate: ({ loser }) => `Checkmate: the ${loser} king has nowhere to go.`,
    stalemate: "Stalemate: there is no legal move, but the king is not in check. That is a draw.",
    "insufficient-material": "Nobody has enough pieces left to checkmate.",
    fivefold: "The same position came five times.",
    "seventy-five-moves": "75 moves each without a capture or a pawn move.",
    threefold: "The same position came three times, and a draw was claimed.",
    "fifty-moves": "50 moves each without a capture or a pawn move, and a draw was claimed.",
    resignation: ({ loser }) => `${SIDE[loser]} gave up.`,
    agreement: "Both players agreed to a draw.",
    timeout: ({ loser }) => `${SIDE[loser]} ran out of time.`,
    "timeout-insufficient-material": "Time ran out, but the other side could not checkmate with what it had left.",
  },
  engineFailed: (message) => `The computer cannot play right now (${message}). Try a new game, or play with a friend.`,
  notKept: {
    quota: "The browser has no room left to keep this game, so it will be gone when the page closes. A grown-up can free some space in the browser settings.",
    other: "The browser could not keep this game, so it will be gone when the page closes.",
  },
  // a saved game that could not be opened: kept aside (never lost), said on the new game's card
  savedBroken: "Oops! Your last game would not open. We have kept it safe. Let's play a new one!",
  saveLoad: "Save and load",
  exportPgn: "PGN",
  exportFen: "FEN",
  exportBoard: "Text board",
  download: "Download the PGN file",
  copied: (kind) => `${kind === "board" ? "The text board" : kind.toUpperCase()} is copied and shown below.`,
  shown: (kind) => `${kind === "board" ? "The text board" : kind.toUpperCase()} is shown below: select it and copy.`,
  textLabel: "A game (PGN), a position (FEN) or a text board of 8 lines:",
  textPlaceholder: "Paste a PGN, a FEN or 8 lines like rnbqkbnr here",
  load: "Load it",
  pasteFirst: "Paste a PGN, a FEN or a text board into the box first.",
  loaded: "Loaded. Play on!",
  badSetup: (message) => `This position cannot be played: ${message}`,
  needKings: "a game needs one white king and one black king",
  setup: "Set up a position…",
};

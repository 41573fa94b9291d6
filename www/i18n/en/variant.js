// @ts-check
// English words for pieces as data in <chess-tutor> (variant.js): the force view, refused
// captures, the errors of a piece set. Loaded only when a piece set is used.
const SIDE = { white: "White", black: "Black" };
const cap = (text) => text[0].toUpperCase() + text.slice(1);

export default {
  refusedNote: "The rules say no here: choose the square to see why.",
  refusedSuffix: "cannot capture here: not stronger",
  piecesFailed: (why) => `These pieces cannot be used: ${why}`,
  "pieces-fetch": ({ url, status }) => `the piece set ${url} could not be loaded${status ? ` (HTTP ${status})` : ""}`,
  nRange: (max, fromStart, min = 1) =>
    fromStart ? `n = 1, or up to ${fromStart} from the start row` : min === max ? `n = ${max}` : `n = ${min}…${max}`,
  forceView: "Force view",
  forceHint: "Choose a square to see the force on it.",
  forceOnSay: "Force view on: choose a square to see who is stronger there.",
  forceOnBoard: "Force view: a tap shows the force on a square.",
  forceLeave: "Back to moves",
  forceLeaveSay: "To move pieces again, press “Back to moves” on the board.",
  forceOff: "Force view off.",
  forceAt: (square) => `Force on ${square}`,
  side: SIDE,
  strength: (name, n) => `${name}: strength ${n}`,
  noStrength: (name) => `${name}: its strength is special`,
  coloured: (name, color) => `${color} ${name}`,
  gives: (name, role, n) =>
    ({
      attack: `the ${name} attacks with ${n}`,
      defence: `the ${name} defends with ${n}`,
      "self-defence": `the ${name} defends itself with ${n}`,
      aim: `the ${name} aims here with ${n}`,
    })[role],
  sentence: (parts, verdict) => cap(`${parts.join(", ")}: ${verdict}.`),
  verdict: (v, owner) =>
    v === "equal" ? "equal, no capture" : v === owner ? `${SIDE[v]} is stronger, no capture` : `${SIDE[v]} is stronger: a capture is possible`,
  verdictEmpty: (v) => (v === "equal" ? "equal" : `${SIDE[v]} is stronger here`),
  noForce: (square) => `No piece gives force to ${square}.`,
  refusedForce: (name, square, white, black) =>
    `The ${name} cannot take on ${square}: White ${white}, Black ${black} there — a capture needs more force than the other side.`,
  refusedRegion: (name, square, region) => `The ${name} may not go to ${square}: it is in the ${region}.`,
};

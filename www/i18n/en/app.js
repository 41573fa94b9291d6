// English words of the app page (app.js) and its course page (course.js).
import { plural } from "../../i18n.js";

const count = plural("en");

export default {
  title: "Chess tutor",
  lead: "Click a piece and see where it can go — and why.",
  language: "Language",
  coordinates: "Coordinates",
  none: "none",
  embed: "Put the tutor on your own website",
  game: "Play a game",
  setupTab: "Set up",
  setupLead: "Place the pieces, then press “Play from this position”.",
  course: "Lessons",
  play: "Free play",
  loading: "Loading the lessons…",
  loadError: (status) => `The list of lessons could not be loaded${status ? ` (HTTP ${status})` : ""}. Try reloading the page.`,
  rulesFailed: "The chess rules could not be loaded. Try reloading the page.",
  total: (n, of) => `You have ${n} of ${of} stars`,
  next: "Next!",
  lessonN: (k) => `Lesson ${k}`,
  starsOf: (n) => (n ? `${n} of 3 stars` : "not done yet"),
  back: "All lessons",
  position: (k, n, section) => `Lesson ${k} of ${n} · ${section}`,
  grownups: "For grown-ups: the stars are kept in this browser. Save them to a file, or load them on another computer.",
  exportButton: "Save progress to a file",
  importButton: "Load progress from a file",
  imported: (n) => (n ? `Loaded! ${n} ${count.select(n) === "one" ? "lesson got" : "lessons got"} more stars.` : "Loaded! Nothing new: you already had these stars."),
  droppedSome: (n) => ` ${n} bad ${count.select(n) === "one" ? "entry was" : "entries were"} left out.`,
  importError: {
    "not-json": "This file can't be read: it is not a progress file (not JSON).",
    "not-progress": "This is not a chess-tutor progress file.",
    empty: "This progress file has no lessons in it.",
    read: "The file could not be read.",
  },
  exported: (name) => `Saved as ${name}.`,
  backup: (key) => `Your saved stars were damaged, so they start afresh. A copy of the old data was kept in this browser (${key}).`,
  migrated: "Your stars from an older version were moved over.",
  dropped: (n) => `${n} broken ${count.select(n) === "one" ? "entry" : "entries"} in your saved stars ${count.select(n) === "one" ? "was" : "were"} left out.`,
};

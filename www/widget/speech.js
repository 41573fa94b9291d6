// @ts-check
// Reading aloud (README.md, "For children"): the one module that touches the browser's speech
// synthesis (Web Speech API) and plays a teacher's recordings. One voice at a time: a new text
// cancels the last, and so does cancel() (a move, leaving the view). It chooses the best installed
// voice for a language (a local one first, so that it works offline; the regions the language's
// word file prefers, www/i18n/<lang>/speech.js `regions`), reads at a child's pace, and reports
// each word the browser says (`boundary` events) so that the text shown is highlighted word by
// word (the CSS Custom Highlight `ct-speech`, no change to the text's nodes). Squares and moves are
// said as words (`spoken`: «е четыре», "e four"; a piece by its name, never by its letter), with
// the words of the language's speech.js; so are a letter said alone («буква e»: «буква е»), stars
// ("★★★": "three stars") and signs ("=": "equals"); other signs are never read. Where speech synthesis is missing nothing breaks:
// hasVoice() is false, speak() plays recordings only and ends at once otherwise.
import { h, s } from "./dom.js";

/** A child's pace: a little slower than the voice's own. */
export const RATE = 0.9;
export const HIGHLIGHT = "ct-speech";

const synth = () => {
  try {
    return globalThis.speechSynthesis ?? null;
  } catch {
    return null;
  }
};
const tag = (x) => String(x ?? "").replace(/_/g, "-").toLowerCase();

/** The voices installed now ([] while they load, or without speech synthesis). */
export function voices() {
  try {
    return synth()?.getVoices?.() ?? [];
  } catch {
    return [];
  }
}

/** The best voice for a language ("ru"): a local voice first (it works offline), then one of
 *  `regions` in their order (["ru-RU"]; ["en-US", "en-GB"]), then the default voice. null: none. */
export function bestVoice(lang, regions = [], list = voices()) {
  const want = tag(lang);
  const order = regions.map(tag);
  /** @type {SpeechSynthesisVoice | null} */
  let best = null;
  let bestScore = -1;
  for (const v of list) {
    const vl = tag(v.lang);
    if (!(vl === want || vl.startsWith(`${want}-`))) continue;
    const k = order.indexOf(vl);
    const score = (v.localService ? 100 : 0) + (k < 0 ? 0 : 10 * (order.length - k)) + (v.default ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [v, score];
  }
  return best;
}

/** The regions a language's words prefer: "en-US en-GB" → ["en-US", "en-GB"]. */
export const regions = (words) => String(words?.regions ?? "").split(/\s+/).filter(Boolean);

/** Whether this device can read a language aloud (a voice for it is installed). */
export const hasVoice = (lang) => Boolean(bestVoice(lang));

/** Calls fn whenever the list of voices changes (they load after the page: `voiceschanged`);
 *  returns the function that stops it. */
export function onVoices(fn) {
  const sy = synth();
  if (!sy?.addEventListener) return () => {};
  sy.addEventListener("voiceschanged", fn);
  return () => sy.removeEventListener("voiceschanged", fn);
}

/** Resolves once the voices are known: at once when some are, else at `voiceschanged`, else
 *  after `ms` (a browser with no voice at all never fires it). */
export function voicesReady(ms = 1500) {
  if (voices().length || !synth()) return Promise.resolve(voices());
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve(voices());
    };
    const stop = onVoices(done);
    const timer = setTimeout(done, ms);
  });
}

/** @typedef {{ cancelled: boolean, audio: HTMLAudioElement | null, clear: (() => void) | null, key?: string, done?: Promise<boolean> | null }} Job */
/** @type {Job | null} */
let current = null; // the job being said: { cancelled, audio, clear }

/** Stops whatever is being said or played. */
export function cancel() {
  const job = current;
  current = null;
  if (!job) return;
  job.cancelled = true;
  try {
    job.audio?.pause();
  } catch {}
  job.clear?.();
  try {
    synth()?.cancel();
  } catch {}
}

/** Whether something is being said. */
export const speaking = () => current != null;

/** Resolves once nothing is being said: after what is said now (and whatever follows it at
 *  once) ends or is cancelled with nothing after it. For words that must not cut others (the
 *  practice's offer of an easier exercise after the lesson's own words). */
export async function idle() {
  while (current?.done) await current.done;
}

/**
 * Says the parts one after the other, cancelling what was said before. A part: { text } (what is
 * shown), `say` (what is said, default `spoken(text, words)`), `audio` (a teacher's recording:
 * played instead of the voice; the voice if it cannot play), `node` (the element that shows
 * `text`: its words are highlighted as they are said). Options: lang, words (the language's
 * speech.js), rate, onEnd. Returns a promise that resolves when all is said (or cancelled).
 * @typedef {{ lang?: string, words?: Record<string, any>, rate?: number, onEnd?: () => void }} SpeakOptions
 * @param {any} parts @param {SpeakOptions} [options]
 */
export function speak(parts, { lang, words = {}, rate = RATE, onEnd } = /** @type {SpeakOptions} */ ({})) {
  const list = (Array.isArray(parts) ? parts : [parts]).map((p) => (typeof p === "string" ? { text: p } : p)).filter((p) => p && (p.audio || String(p.say ?? p.text ?? "").trim()));
  // the same words asked for again while they are being said (a text read when it shows and
  // again when the voices come, a speaker tapped twice): they go on, never cut and begun again
  // (a child would hear the first word twice)
  const key = JSON.stringify([lang, list.map((p) => [p.audio ?? null, p.say ?? null, String(p.text ?? "")])]);
  const same = current;
  if (same && !same.cancelled && same.key === key && same.done) {
    return same.done.then((ok) => {
      if (ok) onEnd?.();
      return ok;
    });
  }
  cancel();
  /** @type {Job} */
  const job = { cancelled: false, audio: null, clear: null, key, done: null };
  current = job;
  const voice = bestVoice(lang, regions(words));
  const sy = synth();
  return (job.done = new Promise((resolve) => {
    const finish = () => {
      job.clear?.();
      if (current === job) current = null;
      resolve(!job.cancelled);
      if (!job.cancelled) onEnd?.();
    };
    const next = (k) => {
      job.clear?.();
      job.clear = null;
      if (job.cancelled || k >= list.length) return finish();
      const part = list[k];
      const go = () => next(k + 1);
      if (part.audio) return play(part, go, () => say(part, go));
      say(part, go);
    };
    const play = (part, go, fallback) => {
      let audio;
      try {
        audio = job.audio = new Audio(part.audio);
      } catch {
        return fallback();
      }
      let failed = false;
      const fail = () => {
        if (failed || job.cancelled) return;
        failed = true;
        job.audio = null;
        fallback();
      };
      if (part.node) {
        part.node.dataset.speaking = "";
        job.clear = () => delete part.node.dataset.speaking;
      }
      audio.onended = () => !job.cancelled && go();
      audio.onerror = fail;
      audio.play()?.catch?.(fail);
    };
    const say = (part, go) => {
      if (!sy || !voice || !globalThis.SpeechSynthesisUtterance) return go();
      const { text, map } = part.say != null ? { text: part.say, map: null } : spoken(part.text, words);
      let u;
      try {
        u = new SpeechSynthesisUtterance(text);
        u.voice = voice;
        u.lang = voice.lang || lang;
        u.rate = rate;
      } catch {
        return go();
      }
      const node = part.node;
      if (node) node.dataset.speaking = "";
      job.clear = () => {
        if (node) delete node.dataset.speaking;
        clearHighlight();
      };
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        if (!job.cancelled) go();
      };
      u.onend = end;
      u.onerror = end;
      u.onboundary = (e) => {
        if (job.cancelled || !node || (e.name && e.name !== "word")) return;
        const length = e.charLength || /^[\p{L}\p{N}'’-]*/u.exec(text.slice(e.charIndex))?.[0].length || 1;
        const [start, len] = map ? map(e.charIndex, length) : [e.charIndex, length];
        highlight(node, start, len);
      };
      try {
        sy.speak(u);
      } catch {
        end();
      }
    };
    next(0);
  }));
}

/** Highlights characters [start, start + length) of the text shown in `node` (across its text
 *  nodes) as the word being said. Nothing where the CSS Custom Highlight API is missing. */
export function highlight(node, start, length) {
  const registry = globalThis.CSS?.highlights;
  if (!registry || !globalThis.Highlight) return;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let at = 0;
  let begun = false;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const n = /** @type {Text} */ (t).data.length;
    if (!begun && start < at + n) {
      range.setStart(t, start - at);
      begun = true;
    }
    if (begun && start + length <= at + n) {
      range.setEnd(t, start + length - at);
      registry.set(HIGHLIGHT, new Highlight(range));
      return;
    }
    at += n;
  }
}

export function clearHighlight() {
  globalThis.CSS?.highlights?.delete(HIGHLIGHT);
}

// a move or a square in the text: [piece letter][from][x or –][square][=piece][+ or #]
const escape = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SAN = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };
const patterns = new WeakMap();
/** Piece letter → its name: SAN's letters and the language's own (language.js, "letter-knight"). */
function names(words) {
  const out = {};
  for (const [letter, kind] of Object.entries(SAN)) {
    const name = words.pieces?.[kind];
    if (!name) continue;
    out[letter] = name;
    if (words[`letter-${kind}`]) out[words[`letter-${kind}`]] = name;
  }
  return out;
}
function pattern(words) {
  let re = patterns.get(words);
  if (re) return re;
  const byLetter = names(words);
  const letters = Object.keys(byLetter).sort((a, b) => b.length - a.length).map(escape).join("|") || "(?!)";
  // besides moves and squares: a run of stars, a number before a letter ("4e"), a letter said by
  // itself (the language's `letters`: «буква e», "i1"), a name said otherwise (`names`: "chess-t1"),
  // and any other symbol (`symbols`: "=" said as a word, the rest never read)
  const alone = Object.keys(words.spokenLetters ?? {}).sort((a, b) => b.length - a.length).map(escape).join("|") || "(?!)";
  const named = Object.keys(words.spokenNames ?? {}).sort((a, b) => b.length - a.length).map(escape).join("|") || "(?!)";
  re = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:(O-O-O|0-0-0)|(O-O|0-0)|(${letters})?([a-h]?[1-8]?)([x:×]|[–—-])?([a-h][1-8])(?:=?(${letters}))?([+#]?))(?![\\p{L}\\p{N}])` +
      `|([★☆]+)|(?<![\\p{L}\\p{N}])([1-8])([a-h])(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(${named})(?![\\p{L}\\p{N}])` +
      `|(?<![\\p{L}\\p{N}])(${alone})([0-9]?)(?![\\p{L}\\p{N}])|([^\\p{L}\\p{N}\\s.,!?:;—–\\-«»"'’()…])`,
    "gu",
  );
  re.names = byLetter;
  patterns.set(words, re);
  return re;
}

/** The words said for one token `m` of the text (a move, a square, stars, a letter, a symbol). */
function tokenWords(m, words, re) {
  const [, long, short, piece, from, sep, to, promo, sign, stars, pairRank, pairFile, name, letter, index, symbol] = m;
  if (stars) return words.spokenStars?.(stars.length) ?? "";
  if (pairRank) return [words.ranks?.[Number(pairRank) - 1] ?? pairRank, words.files?.[pairFile] ?? pairFile].join(" ");
  if (name) return words.spokenNames[name];
  if (letter) return [words.spokenLetters[letter], index && (words.spokenDigits?.[Number(index)] ?? index)].filter(Boolean).join(" ");
  if (symbol) return words.spokenSymbols?.[symbol] ?? "";
  const said = [];
  if (long || short) said.push(long ? words.castleLong : words.castleShort);
  else {
    if (piece) said.push(re.names[piece]);
    if (from) said.push(from.length === 2 ? squareWords(from, words) : /\d/.test(from) ? (words.ranks?.[Number(from) - 1] ?? from) : (words.files?.[from] ?? from));
    if (sep) said.push(/[x:×]/.test(sep) ? words.takes : words.to);
    said.push(squareWords(to, words));
    if (promo) said.push(words.becomes?.(re.names[promo]) ?? re.names[promo]);
  }
  const text = said.filter(Boolean).join(" ");
  return sign ? `${text}, ${sign === "#" ? words.mate : words.check}` : text;
}

/** A square in words: "e4" → «е четыре» / "E four". */
export function squareWords(square, words) {
  const [file, rank] = [square[0], square[1]];
  return [words.files?.[file] ?? file, words.ranks?.[Number(rank) - 1] ?? rank].join(" ");
}

/**
 * What is said for a text a child reads: squares and moves as words, a piece by its name
 * (`words`: the language's speech.js: files, ranks, pieces by kind, takes, to, check, mate,
 * castles; with its language.js, the piece letters it shows). Returns { text, map }: map(i, length) turns a place in the said text back into the
 * shown text's [start, length] (a word said for "Qh4#" highlights "Qh4#").
 */
export function spoken(shown, words = {}) {
  shown = String(shown ?? "");
  const segments = []; // [said start, said end, shown start, shown end] of each replaced token
  let out = "";
  let last = 0;
  const re = pattern(words);
  for (const m of shown.matchAll(re)) {
    let all = m[0];
    if (m.index < last) continue; // taken with the token before it (its sign's word)
    let text = tokenWords(m, words, re);
    // a move's sign: mate after a sentence break ("Qh7#": «ферзь аш семь. Мат!»), check after a
    // comma; the word the text says next ("Qh7# — mate", «Фh7 — мат») said once, in the sign's place
    const word = m[8] === "#" ? words.mate : words.check;
    if (m[8] && text && word) {
      const base = text.slice(0, text.lastIndexOf(", "));
      const next = new RegExp(`^\\s*(?:[—–-]\\s*)?(${escape(word)})(?![\\p{L}\\p{N}])`, "iu").exec(shown.slice(m.index + all.length));
      const said = next ? next[1] : word;
      if (m[8] === "#") text = `${base}. ${said[0].toLocaleUpperCase()}${said.slice(1)}${next ? "" : "!"}`;
      else text = `${base}, ${said}`;
      if (next) all += next[0];
    }
    // a word said for a sign between two words ("n·ΔI") stands apart from them
    if (m[15] && text) {
      if (/\S$/u.test(out + shown.slice(last, m.index))) text = ` ${text}`;
      if (/^\S/u.test(shown.slice(m.index + all.length))) text += " ";
    }
    out += shown.slice(last, m.index);
    segments.push([out.length, out.length + text.length, m.index, m.index + all.length]);
    out += text;
    last = m.index + all.length;
  }
  out += shown.slice(last);
  const map = (i, length) => {
    let delta = 0;
    for (const [s0, s1, o0, o1] of segments) {
      if (i < s0) break;
      if (i < s1) return [o0, o1 - o0];
      delta = o1 - s1;
    }
    return [i + delta, Math.max(1, Math.min(length, shown.length - i - delta))];
  };
  return { text: out, map };
}

/** A picture of a speaker (its sound waves going out; `muted`: crossed out), for a button. */
export function speakerIcon(parent, muted = false) {
  const svg = s("svg", { viewBox: "0 0 24 24", class: "speaker-icon", "aria-hidden": "true", focusable: "false" }, parent);
  s("path", { d: "M3 9v6h4l5 4V5L7 9H3z", fill: "currentColor" }, svg);
  const d = muted ? "M16 9l6 6M22 9l-6 6" : "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12";
  s("path", { d, fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" }, svg);
  return svg;
}

/** A speaker button (its accessible name `label`: "Read aloud"): a picture of a speaker. */
export function speakerButton(parent, label, onclick, attrs = {}) {
  const b = h("button", { type: "button", class: "speak", part: "button speak", "aria-label": label, title: label, ...attrs }, parent);
  speakerIcon(b);
  b.onclick = onclick;
  return b;
}

// The speech-synthesis stand-in of the browser tests (speech.test.mjs and the tests of issue 39): installed with context.addInitScript(standIn, { voices }), it records every
// utterance in window.speechLog.said and fires start, boundary (one per word) and end as a
// browser does, `wordMs` apart.

export const VOICES = [
  { name: "Stand-in English (US)", lang: "en-US", localService: true, default: true, voiceURI: "en-us" },
  { name: "Stand-in Russian", lang: "ru-RU", localService: true, default: false, voiceURI: "ru" },
];

/** The stand-in: window.speechLog = { said: [{ text, lang, rate, voice, t }], cancels, words:
 *  [{ text, t }] (each boundary's word) }. `voices`: the voices it has (they come 100 ms after the
 *  page, with voiceschanged, as in Chromium); `missing`: no speechSynthesis at all. */
export function standIn({ voices, missing, wordMs = 40 }) {
  if (missing) {
    delete window.speechSynthesis;
    delete window.SpeechSynthesisUtterance;
    Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
    return;
  }
  const log = (window.speechLog = { said: [], cancels: 0, words: [], wordMs, played: [] });
  // a recording played (a teacher's voice): its address, instead of an utterance
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    log.played.push({ src: this.currentSrc || this.src, t: performance.now() });
    return play.call(this);
  };
  class Utterance extends EventTarget {
    constructor(text) {
      super();
      Object.assign(this, { text, lang: "", rate: 1, pitch: 1, volume: 1, voice: null });
    }
  }
  const fire = (u, type, extra = {}) => {
    const e = Object.assign(new Event(type), extra);
    u[`on${type}`]?.(e);
    u.dispatchEvent(e);
  };
  let loaded = false;
  let now = null;
  const queue = [];
  const synth = new EventTarget();
  const next = () => {
    const u = queue.shift() ?? null;
    now = u;
    if (!u) return;
    setTimeout(() => {
      if (now !== u) return;
      fire(u, "start");
      const words = [...u.text.matchAll(/[\p{L}\p{N}]+/gu)];
      let k = 0;
      const step = () => {
        if (now !== u) return;
        if (k < words.length) {
          const m = words[k++];
          log.words.push({ text: m[0], t: performance.now() });
          fire(u, "boundary", { name: "word", charIndex: m.index, charLength: m[0].length });
          u.timer = setTimeout(step, log.wordMs);
        } else {
          now = null;
          fire(u, "end");
          if (!now) next(); // (the end's handler may have spoken the next one already)
        }
      };
      step();
    }, 0);
  };
  Object.assign(synth, {
    getVoices: () => (loaded ? voices : []),
    speak(u) {
      log.said.push({ text: u.text, lang: u.lang, rate: u.rate, voice: u.voice?.name ?? null, t: performance.now() });
      queue.push(u);
      if (!now) next();
    },
    cancel() {
      log.cancels += 1;
      queue.length = 0;
      const u = now;
      now = null;
      if (u) {
        clearTimeout(u.timer);
        fire(u, "error", { error: "interrupted" });
      }
    },
    pause() {},
    resume() {},
  });
  Object.defineProperty(synth, "speaking", { get: () => Boolean(now) });
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = Utterance;
  setTimeout(() => {
    loaded = true;
    synth.dispatchEvent(new Event("voiceschanged"));
  }, 100);
}

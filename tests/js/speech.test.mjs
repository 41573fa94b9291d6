// www/widget/speech.js: the words said for a text a child reads (squares, moves and pieces as words, from
// the language's www/i18n/<lang>/speech.js), the way back from a said word to the shown one (for
// the word-by-word highlight), the choice of a voice, and nothing thrown without speech synthesis.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const S = await import(pathToFileURL(join(ROOT, "www", "widget", "speech.js")).href);
const file = async (lang, part) => (await import(pathToFileURL(join(ROOT, "www", "i18n", lang, `${part}.js`)).href)).default;
// as the player merges its parts: the speech words with the language's letters (language.js)
const words = async (lang) => ({ ...(await file(lang, "language")), ...(await file(lang, "speech")) });
const ru = await words("ru");
const en = await words("en");

test("squares are said as words: «е четыре» in Russian, “E four” in English", () => {
  assert.equal(S.spoken("Пешка на e4", ru).text, "Пешка на е четыре");
  assert.equal(S.spoken("The pawn on e4", en).text, "The pawn on E four");
  assert.equal(S.squareWords("h8", ru), "аш восемь");
  assert.equal(S.squareWords("b1", en), "B one");
  assert.equal(S.spoken("Ладья пошла на a6. Звезда на a4.", ru).text, "Ладья пошла на а шесть. Звезда на а четыре.");
});

test("moves: a piece by its name, never by its letter (Russian and SAN letters); check, mate, castling", () => {
  // mate after a sentence break (a pause the voice keeps), check after a comma
  assert.equal(S.spoken("Фh4#", ru).text, "ферзь аш четыре. Мат!");
  assert.equal(S.spoken("Qh4#", ru).text, "ферзь аш четыре. Мат!");
  assert.equal(S.spoken("Qh4#", en).text, "queen H four. Mate!");
  assert.equal(S.spoken("Кf3 и Крxe2+", ru).text, "конь эф три и король берёт е два, шах");
  assert.equal(S.spoken("e8=Ф#", ru).text, "е восемь превращается в ферзя. Мат!");
  assert.equal(S.spoken("bxc3", en).text, "B takes C three");
  assert.equal(S.spoken("Rh1–h8+", en).text, "rook H one to H eight, check");
  assert.equal(S.spoken("O-O-O", ru).text, "длинная рокировка");
  assert.equal(S.spoken("O-O", en).text, "castles short");
});

test("the sign's word is said once when the text says it next (a lesson's «Фh7# — мат.»)", () => {
  assert.equal(S.spoken("Верно! Фh7# — мат.", ru).text, "Верно! ферзь аш семь. Мат.");
  assert.equal(S.spoken("Right! Qh7# is mate.", en).text, "Right! queen H seven. Mate! is mate.");
  assert.equal(S.spoken("Right! Qh7# — mate.", en).text, "Right! queen H seven. Mate.");
  assert.equal(S.spoken("Кf7+ — шах и вилка.", ru).text, "конь эф семь, шах и вилка.");
  assert.equal(S.spoken("Кf7+ ладье", ru).text, "конь эф семь, шах ладье");
  const { text, map } = S.spoken("Фh7# — мат.", ru);
  const [start, length] = map(text.indexOf("Мат"), 3);
  assert.equal("Фh7# — мат.".slice(start, start + length), "Фh7# — мат", "the highlight: the move and its word");
});

test("ordinary words, numbers and the Russian preposition «с» stay as they are", () => {
  assert.equal(S.spoken("Может ли ферзь с d1 взять фигуру на d8?", ru).text, "Может ли ферзь с дэ один взять фигуру на дэ восемь?");
  assert.equal(S.spoken("g1, that is row 0, column 6", en).text, "G one, that is row 0, column 6");
  assert.equal(S.spoken("Collect all the stars!", en).text, "Collect all the stars!");
  assert.equal(S.spoken("", en).text, "");
});

test("a said word maps back to the word shown (the highlight): a move is highlighted whole", () => {
  const shown = "Play Qh4# now";
  const { text, map } = S.spoken(shown, en);
  assert.equal(text, "Play queen H four. Mate! now");
  assert.deepEqual(map(0, 4), [0, 4]); // "Play"
  const [start, length] = map(text.indexOf("four"), 4);
  assert.equal(shown.slice(start, start + length), "Qh4#");
  const [s2, l2] = map(text.indexOf("now"), 3);
  assert.equal(shown.slice(s2, s2 + l2), "now");
});

test("the best voice: the language's, a local one first, then the preferred regions", () => {
  const v = (name, lang, localService = false, isDefault = false) => ({ name, lang, localService, default: isDefault });
  const list = [v("net-us", "en-US"), v("local-gb", "en_GB", true), v("local-au", "en-AU", true), v("ru", "ru-RU", true), v("de", "de-DE", true, true)];
  assert.deepEqual(S.regions(en), ["en-US", "en-GB"]);
  assert.equal(S.bestVoice("en", S.regions(en), list).name, "local-gb");
  assert.equal(S.bestVoice("en", S.regions(en), list.filter((x) => x.localService === false || x.lang !== "en_GB")).name, "local-au");
  assert.equal(S.bestVoice("ru", S.regions(ru), list).name, "ru");
  assert.equal(S.bestVoice("en", S.regions(en), [v("net-gb", "en-GB"), v("net-us", "en-US")]).name, "net-us");
  assert.equal(S.bestVoice("fr", [], list), null);
});

test("without speech synthesis (Node): no voice, nothing thrown, speak ends at once", async () => {
  assert.equal(S.hasVoice("en"), false);
  assert.deepEqual(S.voices(), []);
  assert.deepEqual(await S.voicesReady(10), []);
  assert.equal(await S.speak("Hello", { lang: "en", words: en }), true);
  S.cancel();
  assert.equal(S.speaking(), false);
});

test("both languages' speech words have the same ids", async () => {
  const [r, e] = [await file("ru", "speech"), await file("en", "speech")];
  assert.deepEqual(Object.keys(r).sort(), Object.keys(e).sort());
  for (const w of [r, e]) {
    assert.equal(w.ranks.length, 8);
    assert.deepEqual(Object.keys(w.files), [..."abcdefgh"]);
  }
});

test("a teacher's recording is a file beside the lesson: audio/<id>/<pointer>.<language>.<ext>", async () => {
  const { audioFile } = await import(pathToFileURL(join(ROOT, "www", "studio", "studio.js")).href);
  assert.equal(audioFile("rook-stars-1", "/intro", "ru"), "audio/rook-stars-1/intro.ru.webm");
  assert.equal(audioFile("rook-stars-1", "/goal/choices/1", "en", "ogg"), "audio/rook-stars-1/goal-choices-1.en.ogg");
  assert.equal(audioFile("../evil", "/hints/move_text", "en"), "audio/lesson/hints-move-text.en.webm", "a bad id never leaves audio/");
});

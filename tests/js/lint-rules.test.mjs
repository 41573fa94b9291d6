// The page's safety rules are lint rules (eslint.config.js), not regexes over the source: no HTML
// from strings, no code from strings, no inline style, no `if` on a language's name. This test
// plants each kind of bad line in a module of www/ and asks eslint, with the project's own config,
// to find it (so that a rule loosened or a file pattern gone wrong fails here), and checks that
// the good ways pass. Running under the strict CSP with Trusted Types: tests/browser/csp.test.mjs.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const eslint = new ESLint({ cwd: ROOT });

/** The rules eslint breaks on CODE as if it were www/FILE. */
async function broken(code, file = "widget/planted.js") {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, "www", file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const PLANTED = [
  ["el.innerHTML = text;", "no-restricted-properties"],
  ["el.outerHTML = `<b>${text}</b>`;", "no-restricted-properties"],
  ['el.insertAdjacentHTML("beforeend", text);', "no-restricted-properties"],
  ["document.createRange().createContextualFragment(text);", "no-restricted-properties"],
  ["frame.srcdoc = text;", "no-restricted-properties"],
  ["document.write(text);", "no-restricted-properties"],
  ['new DOMParser().parseFromString(text, "text/html");', "no-restricted-globals"],
  ["eval(text);", "no-eval"],
  ["new Function(text)();", "no-new-func"],
  ['setTimeout("go()", 10);', "no-implied-eval"],
  ['el.setAttribute("style", "color: red");', "no-restricted-syntax"],
  ['const html = "<p style=\\"color: red\\">";', "no-restricted-syntax"],
  ['const html = `<p style="color: ${c}">`;', "no-restricted-syntax"],
  ['if (lang === "ru") say("привет");', "no-restricted-syntax"],
  ['const plural = "ru" !== lang;', "no-restricted-syntax"],
  // one theme: the board draws every shape (tests/js/theme.test.mjs holds the sheets)
  ['import { arrowPath } from "../widget/board.js";', "no-restricted-imports"],
  ['import { MARKERS } from "./board.js";', "no-restricted-imports"],
  ['board.set({ shapes: [{ type: "path", d: "M0 0L9 9" }] });', "no-restricted-syntax"],
  ['const g = board.layer("mine");', "no-restricted-syntax"],
];

for (const [line, rule] of PLANTED) {
  test(`eslint finds a planted \`${line}\` in www/ (${rule})`, async () => {
    const code = `/* global el, frame, text, c, lang, say, board */\n${line}\n`;
    for (const file of ["widget/planted.js", "lesson/planted.js", "studio/planted.js", "app/planted.js"]) assert.ok((await broken(code, file)).includes(rule), `${file}: ${line}`);
  });
}

test("a piece set's tokens have no colour of their own (variant.js)", async () => {
  assert.ok((await broken('export const ink = "#ff0000";\n', "widget/variant.js")).includes("no-restricted-syntax"));
  assert.deepEqual(await broken('export const ink = "var(--ct-red)";\n', "widget/variant.js"), []);
});

test("no module of www/ over 600 lines of code (blank lines and comments not counted)", async () => {
  const lines = (n) => Array.from({ length: n }, (_, k) => `export const v${k} = ${k};`).join("\n") + "\n";
  assert.ok((await broken(lines(601), "lesson/planted.js")).includes("max-lines"));
  assert.deepEqual(await broken(`${lines(600)}\n// a comment\n\n`, "lesson/planted.js"), []);
});

test("the good ways pass: nodes with textContent, a class, the language's own word file", async () => {
  const code = '/* global el, t, board, shapes */\nimport { starPath } from "../widget/board.js";\nboard.layer("mine", shapes);\nboard.set({ shapes: [{ type: "arrow", from: "e2", to: "e4", d: starPath(1, 2, 3) }] });\nconst p = document.createElement("p");\np.textContent = t.hello;\np.className = "hint";\nel.style.setProperty("--ct-fit", "1");\nel.append(p);\n';
  assert.deepEqual(await broken(code), []);
  // a word file may name its language
  assert.deepEqual(await broken('export const lang = "ru";\nexport const ok = (l) => l === "ru";\n', "i18n/ru/planted.js"), []);
});

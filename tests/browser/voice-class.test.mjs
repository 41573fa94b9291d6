// The class sign-in for a child who cannot read (issue 39), at 360×640 in Russian and English,
// with the speech stand-in and reading aloud on, against the real class server: "I am in a class"
// leads to spoken steps; the class code is tapped on big keys (no keyboard: the box takes no
// virtual keyboard and has no focus), each key said as it is tapped; the names are said one by
// one, each lit; the pictures step is said with the child's name; a picture tapped is said. A
// code too short is told with an example, said in Russian with no Latin letter.
// Screenshots: test-results/screenshots/voice-class-*.png.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startClassServer } from "./class-server.mjs";
import { SCREENSHOTS, launchBrowser, openPage } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = { server: null, browser: null, code: null, pupils: [] };

async function api(method, path, body, cookie) {
  const r = await fetch(new URL(`api/v1/${path}`, env.server.url), { method, headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: body && JSON.stringify(body) });
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${await r.clone().text()}`);
  return { json: r.status === 204 ? null : await r.json(), cookie: r.headers.get("set-cookie")?.split(";")[0] };
}

before(async () => {
  env.server = await startClassServer();
  env.browser = await launchBrowser();
  const { cookie } = await api("POST", "teachers", { name: "Ms Grey", login: `grey-${Date.now()}`, password: "correct horse battery" });
  const { json: klass } = await api("POST", "classes", { name: "1A" }, cookie);
  env.code = klass.code;
  env.pupils = (await api("POST", `classes/${klass.id}/pupils`, { names: ["Anna", "Boris", "Vera"] }, cookie)).json.pupils;
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

async function shot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
const said = (page) => page.evaluate(() => window.speechLog.said.map((u) => u.text));
async function waitSaid(page, fits, from = 0) {
  const until = Date.now() + 10_000;
  for (;;) {
    const list = await said(page);
    if (list.slice(from).some(fits)) return list.slice(from);
    if (Date.now() > until) throw new Error(`not said; said: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const WORDS = {
  ru: { title: "Какой код у твоего класса?", how: "Нажми буквы и цифры", names: "1A: где ты?", bad: ["В коде класса буквы и цифры, например K7MPT4.", "В коде класса буквы и цифры, например ка, семь, эм, пэ, тэ, четыре."], chars: { A: "а", B: "бэ", C: "цэ", D: "дэ", E: "е", F: "эф", H: "аш", J: "жи", K: "ка", M: "эм", N: "эн", P: "пэ", R: "эр", T: "тэ", U: "у", W: "дубль-вэ", X: "икс", Y: "игрек", 3: "три", 4: "четыре", 6: "шесть", 7: "семь", 9: "девять" } },
  en: { title: "What is your class code?", how: "Tap the letters and numbers", names: "1A: which one is you?", bad: ["A class code has letters and numbers, like K7MPT4.", "A class code has letters and numbers, like K, 7, M, P, T, 4."], chars: null },
};

describe("the class sign-in without reading", { concurrency: false }, () => {
  for (const [k, lang] of ["ru", "en"].entries()) {
    test(`${lang}: spoken steps, the code on big keys, the names said one by one`, async () => {
      const w = WORDS[lang];
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true });
      await context.addInitScript(standIn, { voices: VOICES });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/course`);
      await page.locator('[data-class="join"]').click();
      await page.waitForSelector('.signin[data-step="code"] .signin-key');
      // the step said: its title, then how
      await waitSaid(page, (x) => x.startsWith(w.how));
      assert.ok((await said(page)).includes(w.title));
      assert.equal(await page.getAttribute("#class-code", "inputmode"), "none", "no keyboard pops up");
      assert.notEqual(await page.evaluate(() => document.activeElement?.id), "class-code", "the box has no focus");
      assert.equal(await page.locator(".signin-key").count(), 24, "23 characters of the codes and Erase");
      // a code too short: why, shown with an example as a card writes it, said with its letters
      // as the keys say them (in Russian, no Latin letter for a Russian voice to read)
      await page.locator('.signin-key[data-key="3"]').tap();
      let m = (await said(page)).length;
      await page.locator(".signin-code button[type=submit]").tap();
      const bad = await waitSaid(page, (x) => x === w.bad[1], m);
      assert.equal(await page.textContent(".signin-message"), w.bad[0]);
      if (lang === "ru") assert.ok(!bad.some((x) => /[A-Za-z]/.test(x)), `no Latin letter said in Russian: ${JSON.stringify(bad)}`);
      await shot(page, `voice-class-code-bad-${lang}-360`);
      m = (await said(page)).length;
      await page.locator('.signin-key[data-key="erase"]').tap();
      await waitSaid(page, (x) => x === (lang === "ru" ? "Стереть" : "Erase"), m);
      // the code tapped key by key, each said
      for (const c of env.code) {
        const n = (await said(page)).length;
        await page.locator(`.signin-key[data-key="${c}"]`).tap();
        await waitSaid(page, (x) => x === (w.chars ? w.chars[c] : c), n);
      }
      // a mistake, erased
      await page.locator('.signin-key[data-key="3"]').tap();
      await page.locator('.signin-key[data-key="erase"]').tap();
      assert.equal(await page.inputValue("#class-code"), env.code);
      await shot(page, `voice-class-code-${lang}-360`);
      // the names: said one by one after the title, each lit
      await page.evaluate(() => {
        window.lit = [];
        new MutationObserver((list) => {
          for (const m of list) if (m.target.hasAttribute?.("data-speaking")) window.lit.push(m.target.dataset.pupil ?? m.target.className);
        }).observe(document.body, { attributes: true, attributeFilter: ["data-speaking"], subtree: true });
      });
      let n = (await said(page)).length;
      await page.locator(".signin-code button[type=submit]").tap();
      await page.waitForSelector('.signin[data-step="name"] .signin-names button');
      const names = await waitSaid(page, (x) => x === "Vera", n);
      assert.deepEqual(names.slice(names.indexOf(w.names)), [w.names, "Anna", "Boris", "Vera"]);
      await page.waitForFunction((id) => window.lit.includes(id), String(env.pupils[2].id));
      await shot(page, `voice-class-names-${lang}-360`);
      // her name, then her pictures: the step said with her name, each picture said as tapped
      const pupil = env.pupils[k];
      n = (await said(page)).length;
      await page.locator(`.signin-names button[data-pupil="${pupil.id}"]`).tap();
      await page.waitForSelector('.signin[data-step="pictures"]');
      await waitSaid(page, (x) => x.includes(pupil.name), n);
      for (const p of pupil.pictures) await page.locator(`.signin-pictures button[data-picture="${p}"]`).tap();
      await page.waitForSelector("#class-box .hw-head", { timeout: 15_000 });
      assert.deepEqual(problems.filter((p) => !/\b401\b/.test(p)), []);
      await context.close();
    });
  }
});

// A teacher's account on the class server (issue 33): with --signup invite the sign-up form asks
// for the admin's invitation code (made with `chess-tutor-server invite`), a wrong code is said
// in words; she changes her password on "My account"; she deletes her account after typing her
// password and a confirmation in words, and is back on the sign-in page, told it is done. With
// --signup closed there is no sign-up form, only a sentence. Screenshots at 360x640 and 1280x720:
// account-*.png. The binary: target/release/chess-tutor-server (scripts/test.sh builds it).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, openPage, screenshot } from "./helpers.mjs";
import { startClassServer } from "./class-server.mjs";



async function teacherPage(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const { page, problems } = await openPage(context);
  await page.goto(`${url}?lang=en#/teacher`);
  await page.waitForSelector('[data-teacher="sign-in"]');
  return { context, page, problems };
}

describe("a teacher's account, with --signup invite", { concurrency: false }, () => {
  let server, browser;
  before(async () => {
    server = await startClassServer({ args: ["--signup", "invite", "--quiet"] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("sign-up asks for the invitation; the password is changed; the account is deleted after a confirmation", async () => {
    const { context, page, problems } = await teacherPage(browser, server.url, { width: 360, height: 640 });
    await page.waitForSelector("#t-up-invitation");
    await screenshot(page, "account-sign-up-invite-360");
    const signUp = async (code) => {
      await page.fill("#t-up-invitation", code);
      await page.fill("#t-up-name", "Ms Green");
      await page.fill("#t-up-login", "green");
      await page.fill("#t-up-password", "first-password");
      await page.click('[data-teacher="sign-up"] button[type="submit"]');
    };
    await signUp("WRNG-CODE-XXXX");
    await page.waitForFunction(() => /invitation code does not work/.test(document.querySelector('[data-teacher="sign-up"] .form-message')?.textContent ?? ""));
    await signUp(server.invite());
    await page.waitForSelector('[data-teacher="account"]');
    await page.click('[data-teacher="account"]');
    await page.waitForSelector('[data-teacher="change-password"]');
    // a wrong password now, then the right one
    await page.fill("#t-pw-now", "not-my-password");
    await page.fill("#t-pw-new", "second-password");
    await page.click('[data-teacher="change-password"] button[type="submit"]');
    await page.waitForFunction(() => /not right/.test(document.querySelector('[data-teacher="change-password"] .form-message')?.textContent ?? ""));
    await page.fill("#t-pw-now", "first-password");
    await page.fill("#t-pw-new", "second-password");
    await page.click('[data-teacher="change-password"] button[type="submit"]');
    await page.waitForFunction(() => /new password works/.test(document.querySelector('[data-teacher="change-password"] .form-message')?.textContent ?? ""));
    await context.close();

    // at 1280: signed in with the new password; delete the account
    const big = await teacherPage(browser, server.url, { width: 1280, height: 720 });
    await big.page.fill("#t-in-login", "green");
    await big.page.fill("#t-in-password", "second-password");
    await big.page.click('[data-teacher="sign-in"] button[type="submit"]');
    await big.page.waitForSelector('[data-teacher="account"]');
    await big.page.click('[data-teacher="account"]');
    await big.page.waitForSelector('[data-teacher="delete-account"]');
    await big.page.fill("#t-del-password", "second-password");
    await big.page.click('[data-teacher="delete-account"] button[type="submit"]');
    await big.page.waitForSelector('[data-teacher="delete-account"] .confirm');
    await screenshot(big.page, "account-delete-confirm-1280");
    // "Keep" keeps it
    await big.page.click('[data-confirm="no"]');
    assert.equal(await big.page.locator(".confirm").count(), 0);
    await big.page.click('[data-teacher="delete-account"] button[type="submit"]');
    await big.page.click('[data-confirm="yes"]');
    await big.page.waitForSelector('[data-teacher="account-deleted"]');
    await big.page.waitForSelector('[data-teacher="sign-in"]');
    await screenshot(big.page, "account-deleted-1280");
    const r = await fetch(`${server.url}api/v1/sessions/teacher`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ login: "green", password: "second-password" }) });
    assert.equal(r.status, 401, "the account is gone");
    assert.deepEqual([...problems, ...big.problems].filter((p) => !/\b(401|403)\b/.test(p)), []);
    await big.context.close();
  });
});

describe("with --signup closed", () => {
  let server, browser;
  before(async () => {
    server = await startClassServer({ args: ["--signup", "closed", "--quiet"] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("there is no sign-up form, only a sentence", async () => {
    const { context, page } = await teacherPage(browser, server.url, { width: 1280, height: 720 });
    await page.waitForSelector('[data-teacher="sign-up-closed"]');
    assert.equal(await page.locator('[data-teacher="sign-up"]').count(), 0);
    assert.match(await page.textContent('[data-teacher="sign-up-closed"]'), /admin/);
    await context.close();
  });
});

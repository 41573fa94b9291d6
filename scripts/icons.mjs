// Draws the app's icons (www/icon-*.png) from www/favicon.svg with Chromium, for the web app
// manifest and iOS's home screen. A developer's tool: run it after changing favicon.svg
// (`node scripts/icons.mjs`) and commit the PNGs; nothing runs it at build or test time.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "www");
const svg = readFileSync(join(WWW, "favicon.svg"), "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [name, size, pad] of [["icon-192.png", 192, 0], ["icon-512.png", 512, 0], ["icon-maskable-512.png", 512, 0.1], ["apple-touch-icon.png", 180, 0]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inset = Math.round(size * pad);
  // maskable: the whole square filled, the picture inside the safe zone
  await page.setContent(`<body style="margin:0;background:#b58863"><div style="padding:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">${svg.replace("<svg ", `<svg width="${size - 2 * inset}" height="${size - 2 * inset}" `)}</div></body>`);
  await page.screenshot({ path: join(WWW, name), omitBackground: false });
  await page.close();
}
await browser.close();

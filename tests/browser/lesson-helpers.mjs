// Helpers of the lesson tests (lessons.test.mjs, endgame.test.mjs): a lesson opened on its own
// page and started, and whether an element lies inside the viewport.
import { openPage } from "./helpers.mjs";

export const tutor = "#lesson-tutor";
export const waitState = (page, value, el = tutor) => page.waitForSelector(`${el}[data-lesson="${value}"]`, { timeout: 15_000 });

/** The app's page for lesson `id` (a–h, 1–8 labels), its Start pressed. */
export async function openLesson(env, context, id, lang = "en") {
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${id}`);
  await waitState(page, "intro");
  await page.locator(`${tutor} .l-start`).click();
  await waitState(page, "playing");
  return { page, problems };
}

/** Whether the element's box lies inside the viewport (a pixel of rounding allowed). */
export async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  return Boolean(box) && box.y >= -1 && box.x >= -1 && box.y + box.height <= height + 1 && box.x + box.width <= width + 1;
}

// The stars of a whole sitting (issue 37), as a 9-year-old met them: tactic-fork (a best move:
// Nc7+ forks the king and the rook) played with a wrong move first (Nd6+), "Try again", then the
// right one. The retry earns stars, never three and never "No mistakes!"; every package reports
// the same two stars. Shared by the app's and the packages' browser tests.

/** The lesson the sitting is played in, and the stars it earns. */
export const SITTING = { lesson: "tactic-fork", stars: 2 };

/**
 * In `frame` (a page or an iframe's frame), the lesson widget `el` (its intro shown): Start, the
 * wrong move, "Try again", the right move. Returns the done card's words.
 */
export async function wrongThenRight(frame, el = "chess-tutor") {
  const move = async (from, to) => {
    await frame.locator(`${el} [data-square="${from}"]`).click();
    await frame.locator(`${el} [data-square="${to}"]`).click();
  };
  await frame.locator(`${el} .l-start`).click();
  await frame.waitForSelector(`${el}[data-lesson="playing"]`, { timeout: 15_000 });
  await move("b5", "d6");
  await frame.waitForSelector(`${el}[data-lesson="failed"]`, { timeout: 15_000 });
  await frame.locator(`${el} .l-retry`).click();
  await frame.waitForSelector(`${el}[data-lesson="playing"]`);
  await move("b5", "c7");
  await frame.waitForSelector(`${el}[data-lesson="done"]`, { timeout: 15_000 });
  return (await frame.locator(`${el} .l-card-text`).textContent()) ?? "";
}

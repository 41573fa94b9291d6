// The figure of issues 39 and 38: the main course's first section ("The board", 8 lessons) played
// by a child who cannot read, at 360×640 in Russian and English, reading aloud on (the speech
// stand-in), by taps on what pictures show alone (tap-child.mjs says what the child taps). The
// other sections of the course's first part (2–5: pieces, moves, capture, check) are played by
// tap-part-2…5.test.mjs. It prints the taps, wrong guesses, hints and time per lesson and in all
// (no timed assertion: the figure is for the closing note) and checks only that every lesson was
// done. Screenshots: test-results/screenshots/tap-part-1-*.png.
import { describe, test } from "node:test";
import { useServerAndBrowser } from "./helpers.mjs";
import { tapSections } from "./tap-child.mjs";

const env = useServerAndBrowser();
tapSections(env, [1], ["ru", "en"], { describe, test });

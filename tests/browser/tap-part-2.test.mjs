// Issue 38's last point: the main course's section 2 played to its end by a child who cannot
// read, by taps on what pictures show alone (tap-child.mjs), at 360×640; it prints the taps,
// wrong guesses, hints and time per lesson and in all (no timed assertion). One language here to
// keep CI short (sections 2 and 4 in Russian, 3 and 5 in English, 1 in both: tap-only.test);
// TAP_LANGS=ru,en plays it in both.
import { describe, test } from "node:test";
import { useServerAndBrowser } from "./helpers.mjs";
import { tapSections } from "./tap-child.mjs";

const env = useServerAndBrowser();
tapSections(env, [2], process.env.TAP_LANGS?.split(",") ?? ["ru"], { describe, test });

// The stars of a child who cannot read (issue 39; the close of stop 45 saw 1 star in every such
// drill): at 360×640, reading aloud on, the child of tap-child.mjs plays a star drill, a "where
// can it go?" quiz and a capture drill of the course by following the spoken hints alone (no
// picture shows the way, so each move is asked of ? twice: the piece, then the move). The hints
// that showed the move count as one mistake together (crate Attempt::help): two stars of three
// in each, never one, and the done card says that the hints count as one mistake together
// (screenshots: test-results/screenshots/tap-stars-*-done-*-360.png).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useServerAndBrowser } from "./helpers.mjs";
import { playByTaps, report } from "./tap-child.mjs";

const env = useServerAndBrowser();
// one after the other in the course (the done card's Next leads from each to the next)
const LESSONS = { ru: ["rook-stars-3", "rook-targets", "rook-capture"], en: ["bishop-stars-3", "bishop-targets", "bishop-capture"] };

const HELP = { ru: /^Подсказки показали ход \d+ раз(а)?: все вместе это одна ошибка\.$/, en: /^Hints showed you the move \d+ times: all together they count as one mistake\.$/ };

describe("a child who follows the spoken hints keeps two stars (issue 39)", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360×640: a star drill, a quiz and a capture drill by the hints alone: 2 stars each`, async () => {
      const r = await playByTaps(env.browser, env.server.url, { lang, lessons: LESSONS[lang], shot: `tap-stars-${lang}` });
      report("drills by the hints", lang, r);
      for (const l of r.lessons) {
        assert.ok(l.hints >= 2, `${l.id}: solved by the hints (${l.hints} taps on ?)`);
        assert.equal(l.wrong, 0, `${l.id}: nothing guessed`);
        assert.equal(l.stars, 2, `${l.id}: the help costs one star, however many hints`);
        // and the done card says so (crate Attempt::help; www/i18n/<lang>/lesson.js hintsShown)
        assert.match(l.help, HELP[lang], l.id);
      }
    });
  }
});

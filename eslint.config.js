// eslint (flat config): the recommended rules plus a few that catch real bugs, over the page
// (www/), the tests, the scripts and the bench. `npm run lint` runs it with tsc; `npm test` too.
import js from "@eslint/js";
import globals from "globals";

// the page's safety rules (below): an inline style, and an `if` on a language's name
const NO_INLINE_STYLE = [
  { selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value='style']", message: "no inline style (style-src 'self'): a class of a sheet" },
  { selector: "Literal[value=/\\bstyle\\s*=\\s*[\"'`]/], TemplateElement[value.raw=/\\bstyle\\s*=\\s*[\"'`]/]", message: "no inline style attribute (style-src 'self')" },
];
// one theme (docs/embedding.md, "Theming"): the board view draws every shape's path, from the
// shapes a caller names; no other script draws paths for the board or takes a layer to draw in
const BOARD_DRAWS = [
  { selector: "Property[key.name='type'][value.value='path']", message: "a shape of the board's list, not a path of its own: the board draws (board-shapes.js)" },
  { selector: "CallExpression[callee.property.name='layer'][arguments.length<2]", message: "layer(name, shapes): the board draws the shapes; a layer to draw into yourself is not lent" },
];
const BOARD_PATHS = ["arrowPath", "knightArrowPath", "movePath", "MARKERS", "BRACKETS", "marker", "shapeParts"];
// a language's ways live in its word files (www/i18n/<lang>/), never in an `if` on its name
const NO_LANGUAGE_IF = { selector: "BinaryExpression[operator=/^[!=]==?$/][right.value='ru'], BinaryExpression[operator=/^[!=]==?$/][left.value='ru']", message: "no code asks whether the language is Russian: put the difference in www/i18n/<lang>/" };

export default [
  {
    // built or copied code: the WASM packages (wasm-bindgen's output), dist/, vendored bundles
    ignores: ["www/pkg*/**", "dist/**", "dist.*/**", "target/**", "test-results/**", "bench/node_modules/**",
      "bench/pkg/**", "bench/target/**", "crate/**", "server/**", "node_modules/**"],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "no-undef": "error",
      // `catch {}` says on purpose that a failure changes nothing (storage full, speech missing)
      "no-empty": ["error", { allowEmptyCatch: true }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-shadow-restricted-names": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "array-callback-return": "error",
    },
  },
  // the page: a browser (and its workers)
  { files: ["www/**/*.js"], languageOptions: { globals: { ...globals.browser } } },
  // the page's safety rules (strict CSP, lesson text never HTML): no HTML from strings, no code
  // from strings, no inline style. tests/browser/csp.test.mjs proves it running too: the widget,
  // a game and a lesson under `require-trusted-types-for 'script'`, where any such sink throws.
  {
    files: ["www/**/*.js"],
    ignores: ["www/pkg*/**", "www/lessons/**"],
    rules: {
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-restricted-properties": [
        "error",
        ...["innerHTML", "outerHTML", "insertAdjacentHTML", "createContextualFragment", "srcdoc"].map((property) => ({ property, message: "no HTML from strings: build nodes with dom.js h()/s() and textContent" })),
        { object: "document", property: "write", message: "no HTML from strings" },
        { object: "document", property: "writeln", message: "no HTML from strings" },
      ],
      "no-restricted-globals": ["error", { name: "DOMParser", message: "no HTML from strings" }],
      "no-restricted-syntax": ["error", ...NO_INLINE_STYLE, NO_LANGUAGE_IF, ...BOARD_DRAWS],
      "no-restricted-imports": [
        "error",
        {
          paths: ["./board.js", "../widget/board.js", "./board-shapes.js", "../widget/board-shapes.js"].map((name) => ({ name, importNames: BOARD_PATHS, message: "the board draws its arrows and markers: hand it shapes" })),
        },
      ],
    },
  },
  {
    // the words themselves may name their language; so may the H5P library, a self-contained
    // ES5 script run by H5P, which carries its one sentence in both languages itself
    files: ["www/i18n/**/*.js", "www/school/package/h5p-library.js"],
    rules: { "no-restricted-syntax": ["error", ...NO_INLINE_STYLE, ...BOARD_DRAWS] },
  },
  // small modules (issue 34): none over 600 lines of code (blank lines and comments not counted)
  { files: ["www/**/*.js"], ignores: ["www/pkg*/**", "www/lessons/**"], rules: { "max-lines": ["error", { max: 600, skipBlankLines: true, skipComments: true }] } },
  // the board view itself draws them
  { files: ["www/widget/board.js", "www/widget/board-shapes.js"], rules: { "no-restricted-imports": "off" } },
  // a piece set's tokens take their colours from the theme too
  { files: ["www/widget/variant.js"], rules: { "no-restricted-syntax": ["error", ...NO_INLINE_STYLE, NO_LANGUAGE_IF, ...BOARD_DRAWS, { selector: "Literal[value=/#[0-9a-fA-F]{3,6}\\b/]", message: "no colour literal: a --ct-* colour of board.css" }] } },
  { files: ["www/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["www/**/*worker*.js"], languageOptions: { globals: { ...globals.worker } } },
  // Node, and tests whose callbacks run in the page (page.evaluate)
  { files: ["tests/**", "scripts/**", "bench/**", "images/**", "eslint.config.js"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];

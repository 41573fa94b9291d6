// eslint (flat config): the recommended rules plus a few that catch real bugs, over the page
// (www/), the tests, the scripts and the bench. `npm run lint` runs it with tsc; `npm test` too.
import js from "@eslint/js";
import globals from "globals";

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
  { files: ["www/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["www/**/*worker*.js"], languageOptions: { globals: { ...globals.worker } } },
  // Node, and tests whose callbacks run in the page (page.evaluate)
  { files: ["tests/**", "scripts/**", "bench/**", "images/**", "eslint.config.js"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];

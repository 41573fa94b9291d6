// @ts-check
// The app's folder, where the studio's sheets (studio/…), its worker (dist/studio-worker.js, a
// fixed name) and the packages (pkg/) are: the page's (as www/practice/engine.js has it). The
// studio's modules may be built into a chunk at the top of dist/ or stay in dist/studio/, so no
// path of theirs is taken from import.meta.url.
export const appBase = () => new URL("./", document.baseURI);

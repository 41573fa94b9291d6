// @ts-check
// The built app's files in the browser, for the studio's package buttons: the list the build
// writes (app-files.json, scripts/precache.mjs: the same files scripts/package.mjs zips), each
// file fetched from the app's own folder (the service worker has them after one visit). The app's
// own lessons and course index are left out: a package from the studio holds the teacher's.
const SKIP = /^lessons\/[^/]+$|^course-index\.json$/;

/** @type {Promise<{ version: any, files: Record<string, any> }> | null} */
let loading = null;

/** { version, files: { path: Uint8Array } } of the app at BASE (a URL ending in "/"), fetched
 *  once per page; a failure (offline, a file missing) is thrown naming the file, and the next
 *  call tries again. */
export function fetchAppFiles(base) {
  loading ??= (async () => {
    const response = await fetch(new URL("app-files.json", base));
    if (!response.ok) throw new Error(`app-files.json: HTTP ${response.status}`);
    const { version, files } = await response.json();
    const out = {};
    await Promise.all(
      files
        .filter((f) => !SKIP.test(f))
        .map(async (f) => {
          const r = await fetch(new URL(f, base));
          if (!r.ok) throw new Error(`${f}: HTTP ${r.status}`);
          out[f] = new Uint8Array(await r.arrayBuffer());
        }),
    );
    return { version, files: out };
  })().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

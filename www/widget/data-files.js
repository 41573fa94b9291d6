// @ts-check
// The course's data by content-hashed names (issue 36): the build copies the lessons folder's files
// and the course index into data/ by names that carry a hash of their bytes, sent `immutable`, and
// writes their table into the app page (scripts/data-files.mjs: <script type="application/json"
// id="data-files">). A fetch of such a file asks for its copy, which a second visit finds in the
// browser's cache without a request; when the copy cannot be had (a page without the table: another
// site, a school package; a server that lost it), the file itself by its own name.

/** @type {{ base: string, files: Record<string, string> } | null | undefined} */
let table;

function read() {
  if (table !== undefined) return table;
  table = null;
  try {
    const el = globalThis.document?.getElementById("data-files");
    const json = el ? JSON.parse(el.textContent ?? "") : null;
    if (typeof json?.base === "string" && json.files && typeof json.files === "object") table = json;
  } catch {
    // a broken table: the files by their own names
  }
  return table;
}

/** The URL of the hashed copy of `url` (a URL or a path relative to the page), or null when the
 *  page's table has none.
 * @param {URL | string} url */
export function dataUrl(url) {
  const t = read();
  if (!t) return null;
  const top = new URL("./", document.baseURI);
  const u = new URL(url, document.baseURI);
  if (u.origin !== top.origin || !u.pathname.startsWith(top.pathname) || u.search) return null;
  const rel = decodeURIComponent(u.pathname.slice(top.pathname.length));
  const hash = Object.hasOwn(t.files, rel) ? t.files[rel] : null;
  if (typeof hash !== "string" || !/^[0-9A-Z]{8}$/.test(hash)) return null;
  return new URL(`${t.base}${rel.replace(/(\.\w+)$/, `-${hash}$1`)}`, top);
}

/** fetch(url) through its hashed copy when there is one, else (or when the copy fails) the file
 *  itself. The answer's `url` says which came: a path in the file is relative to it.
 * @param {URL | string} url
 * @returns {Promise<Response>} */
export function fetchData(url) {
  const copy = dataUrl(url);
  if (!copy) return fetch(url);
  return fetch(copy).then(
    (r) => (r.ok ? r : fetch(url)),
    () => fetch(url),
  );
}

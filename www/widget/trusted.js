// @ts-check
// Script URLs under Trusted Types. A school's page may require them (its CSP says
// `require-trusted-types-for 'script'`): then a worker or the service worker is started only from
// a TrustedScriptURL. Ours come from this site only, so one policy, "chess-tutor", turns a URL of
// this origin into one and refuses any other. Without Trusted Types the URL goes as it is. (Strings
// to HTML sinks need no policy: there are none in www/, tests/browser/trusted-types.test.mjs.)

/** @type {any} */
let policy;

/**
 * `url` (a URL of this site) as the browser asks a script's URL to be: a TrustedScriptURL when
 * the page has Trusted Types, else the URL itself. A page whose `trusted-types` list leaves out
 * "chess-tutor" gets the URL, which its browser then refuses (and says why).
 * @param {string | URL} url
 * @returns {any}
 */
export function scriptURL(url) {
  const types = /** @type {any} */ (globalThis).trustedTypes;
  if (!types?.createPolicy) return url;
  if (policy === undefined) {
    try {
      policy = types.createPolicy("chess-tutor", {
        createScriptURL: (/** @type {string} */ text) => {
          const parsed = new URL(text, globalThis.location?.href);
          if (parsed.origin !== globalThis.location?.origin) throw new TypeError(`chess-tutor: a script from another site (${parsed.origin}) is not started`);
          return parsed.href;
        },
      });
    } catch {
      policy = null; // the page allows no policy of this name (or it is made already elsewhere)
    }
  }
  return policy ? policy.createScriptURL(String(url)) : url;
}

// @ts-check
// Offline classrooms: registers the service worker (sw.js) for the app page, and when a new
// version of the site has been fully downloaded shows a small "refresh" prompt. Pressing it lets
// the new worker take over and reloads the page: the child never runs half an old app. Loaded by
// index.html only (the plain <chess-tutor> widget on a school's page registers nothing).
// A first visit registers the worker only once the page is settled (app.js: a lesson is ready to
// play, another view than the course is shown, or the course page has been shown a while) and
// idle: its install downloads the whole site, which must not compete with the first lesson on a
// slow school network. A page the worker already controls registers (looks for updates) on load.
// Not in a SCORM or cmi5 package launched by a learning platform (scorm.js found its API, cmi5.js
// its launch parameters): the platform serves the package, and a worker of ours in its folder
// would only get in its way.
import { loadWords } from "../i18n/i18n.js";
import { session as scorm } from "../school/scorm.js";
import { session as cmi5 } from "../school/cmi5.js";
import { scriptURL } from "../widget/trusted.js";

const sw = globalThis.navigator?.serviceWorker;

async function prompt(worker) {
  if (document.getElementById("update-prompt")) return;
  const t = await loadWords(document.documentElement.lang, "offline");
  if (!document.querySelector('link[href="offline.css"]')) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "offline.css" }));
  }
  const box = document.createElement("div");
  box.id = "update-prompt";
  box.className = "update-prompt";
  box.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = t.updateReady;
  const refresh = document.createElement("button");
  refresh.type = "button";
  refresh.textContent = t.refresh;
  refresh.addEventListener("click", () => {
    refresh.disabled = true;
    worker.postMessage({ type: "skip-waiting" });
  });
  const later = document.createElement("button");
  later.type = "button";
  later.className = "update-later";
  later.textContent = t.later;
  later.addEventListener("click", () => box.remove());
  box.append(text, refresh, later);
  document.body.append(box);
}

async function register() {
  const hadController = Boolean(sw.controller);
  let reloading = false;
  // the new version took over (here or in another tab): load it whole
  sw.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  const reg = await sw.register(scriptURL("sw.js"), { updateViaCache: "none" });
  const watch = (worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) prompt(worker);
    });
  if (reg.waiting && sw.controller) prompt(reg.waiting);
  watch(reg.installing);
  reg.addEventListener("updatefound", () => watch(reg.installing));
  // a classroom tab stays open for days: look for a new version when it is shown again
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reg.update().catch(() => {});
  });
}

const loaded = /** @returns {Promise<void>} */ () => new Promise((resolve) => (document.readyState === "complete" ? resolve() : window.addEventListener("load", () => resolve(), { once: true })));
const settled = /** @returns {Promise<void>} */ () =>
  new Promise((resolve) => (document.documentElement.dataset.settled ? resolve() : window.addEventListener("app-settled", () => resolve(), { once: true })));
const idle = () => new Promise((resolve) => ("requestIdleCallback" in globalThis ? requestIdleCallback(resolve, { timeout: 5000 }) : setTimeout(resolve, 200)));

if (sw && !scorm && !cmi5 && window.isSecureContext) {
  const go = () => register().catch((error) => console.warn("offline: the service worker was not registered", error));
  if (sw.controller) loaded().then(go);
  else Promise.all([loaded(), settled()]).then(idle).then(go);
}

// @ts-check
// The cmi5 AU session (README.md, "For schools: cmi5"), loaded by www/school/cmi5.js only when a
// learning platform launched the page: the token, LMS.LaunchData, the statements and the rules
// they follow (www/school/cmi5.js's notes say what is sent when). Pure parts (launchProblem,
// readLaunchData, score, passes, cmi5Statement) and start(launch).

export const CATEGORY = {
  cmi5: "https://w3id.org/xapi/cmi5/context/categories/cmi5",
  moveOn: "https://w3id.org/xapi/cmi5/context/categories/moveon",
};
export const EXTENSION = { masteryScore: "https://w3id.org/xapi/cmi5/context/extensions/masteryscore" };
const ADL = "http://adlnet.gov/expapi/verbs/";
export const VERB_IDS = Object.fromEntries(["initialized", "completed", "passed", "failed", "terminated"].map((v) => [v, ADL + v]));
export const LAUNCH_DATA = "LMS.LaunchData";
export const STATE_ID = "chess-tutor.cmi5";
const MAX_STARS = 3;

/** The launch as cmi5.js reads it from the URL (launchParams); a part may be missing.
 * @typedef {NonNullable<ReturnType<typeof import("./cmi5.js").launchParams>>} LaunchParams */
/** A whole launch (launchProblem found nothing missing).
 * @typedef {{ endpoint: string, fetch: string, actor: string, registration: string, activityId: string, lesson: string | null }} Launch */
/** @typedef {ReturnType<typeof readLaunchData>} LaunchData */
/** A result of a statement (score, success, completion, duration).
 * @typedef {{ score?: ReturnType<typeof score>, success?: boolean, completion?: boolean, duration?: string }} Result */
/** A lesson given up or solved below the mastery score: its best stars, and whether it scored.
 * @typedef {{ stars: number, scored: boolean }} Failed */
/** What this launch keeps in sessionStorage: its token, start, queue's name, and where it is.
 * @typedef {{ auth: string, started: number, session: string, initialized?: boolean, terminated?: boolean, failed?: Failed | null }} Kept */

/** What the launch lacks, as a sentence; null when it is whole. @param {Record<string, unknown> | null} [p] */
export function launchProblem(p) {
  const missing = ["endpoint", "fetch", "actor", "registration", "activityId"].filter((k) => !p?.[k]);
  return missing.length ? `the launch URL lacks ${missing.join(", ")}` : null;
}

/** LMS.LaunchData's parts that the AU uses (throws an Error when contextTemplate is missing).
 * @param {any} data any: the platform's JSON, each part checked here */
export function readLaunchData(data) {
  if (!data || typeof data !== "object" || !data.contextTemplate || typeof data.contextTemplate !== "object")
    throw new Error("LMS.LaunchData has no contextTemplate");
  const mastery = Number(data.masteryScore);
  return {
    contextTemplate: data.contextTemplate,
    launchMode: ["Normal", "Browse", "Review"].includes(data.launchMode) ? data.launchMode : "Normal",
    masteryScore: data.masteryScore != null && Number.isFinite(mastery) && mastery >= 0 && mastery <= 1 ? mastery : null,
    returnURL: typeof data.returnURL === "string" && data.returnURL ? data.returnURL : null,
    moveOn: typeof data.moveOn === "string" ? data.moveOn : null,
  };
}

/** Stars (0..3) as a cmi5 score: { raw, min, max, scaled } (scaled to 4 places). @param {unknown} stars */
export function score(stars) {
  const raw = Math.max(0, Math.min(MAX_STARS, Math.round(Number(stars) || 0)));
  return { raw, min: 0, max: MAX_STARS, scaled: Math.round((raw / MAX_STARS) * 10000) / 10000 };
}

/** Whether STARS pass: at least one star, and at least the mastery score (0..1) when there is one.
 * @param {number} stars @param {number | null} masteryScore */
export const passes = (stars, masteryScore) => stars >= 1 && (masteryScore == null || score(stars).scaled >= masteryScore);

/**
 * A cmi5 defined statement. { verb (a VERB_IDS key), launch (launchParams), launchData
 * (readLaunchData), result, id, timestamp, xapi (xapi.js: parseActor, uuid) }.
 * The context is the template's (copied, nothing of it overwritten) with the registration, the
 * cmi5 category, the moveOn category when the result has success or completion, and the mastery
 * score extension on passed and failed when there is one.
 * @param {{ verb: string, launch: Launch, launchData: LaunchData, result?: Result | null, id?: string, timestamp?: string, xapi: Pick<typeof import("./xapi.js"), "uuid" | "parseActor"> }} parts
 */
export function cmi5Statement({ verb, launch, launchData, result = null, id, timestamp, xapi }) {
  const context = JSON.parse(JSON.stringify(launchData.contextTemplate));
  context.registration = launch.registration;
  const activities = (context.contextActivities ??= {});
  const category = Array.isArray(activities.category) ? activities.category : activities.category ? [activities.category] : [];
  const add = (iri) => category.some((c) => c?.id === iri) || category.push({ objectType: "Activity", id: iri });
  add(CATEGORY.cmi5);
  if (result && ("success" in result || "completion" in result)) add(CATEGORY.moveOn);
  activities.category = category;
  if ((verb === "passed" || verb === "failed") && launchData.masteryScore != null) {
    context.extensions = { ...(context.extensions ?? {}) };
    context.extensions[EXTENSION.masteryScore] ??= launchData.masteryScore;
  }
  const out = {
    id: id ?? xapi.uuid(),
    actor: xapi.parseActor(launch.actor),
    verb: { id: VERB_IDS[verb], display: { "en-US": verb } },
    object: { objectType: "Activity", id: launch.activityId },
    context,
    timestamp,
  };
  if (result) out.result = result;
  return out;
}

/** sessionStorage, or null when the page may not use it. */
function sessionStore() {
  try {
    const s = globalThis.sessionStorage;
    s?.getItem("chess-tutor:probe");
    return s ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs the AU session for LAUNCH (launchParams). Returns a promise of the session
 * ({ launchData, terminate(), sent: [verbs] , queue }) or null when it could not start (said on the
 * console). WIN, FETCH and XAPI can be given (tests).
 * @param {LaunchParams} given
 * @param {{ win?: Window & typeof globalThis, fetch?: (url: string, init: RequestInit) => Promise<Response>, xapi?: typeof import("./xapi.js") | null }} [parts]
 */
export async function start(given, { win = globalThis.window, fetch: send = (...a) => globalThis.fetch(...a), xapi = null } = {}) {
  /** @param {string} text @param {unknown} [error] */
  const say = (text, error) => console.error(`chess-tutor cmi5: ${text}`, error ?? "");
  const problem = launchProblem(given);
  if (problem) return say(problem), null;
  const launch = /** @type {Launch} */ (given); // every part there (launchProblem)
  const x = xapi ?? (await import("./xapi.js"));
  let endpoint;
  try {
    x.parseActor(launch.actor);
    endpoint = x.normalizeEndpoint(launch.endpoint);
  } catch (error) {
    return say(error.message), null;
  }
  const keep = sessionStore();
  const keepKey = `chess-tutor:cmi5:${launch.fetch}`;
  /** @type {Kept | null} */
  let kept = null;
  try {
    kept = JSON.parse(keep?.getItem(keepKey) ?? "null");
  } catch {}
  const remember = () => {
    try {
      keep?.setItem(keepKey, JSON.stringify(kept));
    } catch {}
  };
  // 2. the token (once per launch: the fetch URL answers once)
  if (!kept?.auth) {
    try {
      const r = await send(launch.fetch, { method: "POST", credentials: "omit" });
      const body = await r.json();
      if (!r.ok || typeof body?.["auth-token"] !== "string") throw new Error(body?.["error-text"] ?? `HTTP ${r.status}, no auth-token`);
      kept = { auth: `Basic ${body["auth-token"]}`, started: Date.now(), session: x.uuid() };
      remember();
    } catch (error) {
      return say(`the fetch URL gave no token (${error.message}): nothing is recorded`), null;
    }
  }
  const headers = { Authorization: kept.auth, "X-Experience-API-Version": x.VERSION };
  /** @param {string} stateId */
  const stateUrl = (stateId) => {
    const u = new URL(`${endpoint}activities/state`);
    u.searchParams.set("stateId", stateId);
    u.searchParams.set("activityId", launch.activityId);
    u.searchParams.set("agent", JSON.stringify(x.parseActor(launch.actor)));
    u.searchParams.set("registration", launch.registration);
    return u.href;
  };
  // 3. LMS.LaunchData
  let launchData;
  try {
    const r = await send(stateUrl(LAUNCH_DATA), { headers, credentials: "omit" });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    launchData = readLaunchData(await r.json());
  } catch (error) {
    return say(`LMS.LaunchData could not be read (${error.message}): nothing is recorded`), null;
  }
  // what this registration has passed and completed (our own state document)
  let record = { passed: false, completed: false, stars: 0 };
  try {
    const r = await send(stateUrl(STATE_ID), { headers, credentials: "omit" });
    if (r.ok) record = { ...record, ...(await r.json()) };
  } catch {}
  const saveRecord = () =>
    send(stateUrl(STATE_ID), { method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(record), credentials: "omit" }).catch((error) =>
      say("the state could not be saved", error),
    );

  const queue = x.createQueue({ key: `chess-tutor:cmi5-queue:${launch.registration}:${kept.session}` });
  queue.use(endpoint, kept.auth);
  const normal = launchData.launchMode === "Normal";
  /** @type {string[]} */
  const sent = [];
  let lastAt = 0;
  let terminated = Boolean(kept.terminated);
  let failed = kept.failed ?? null; // { stars } of a lesson given up or solved below the mastery score
  const since = () => x.isoDuration(Date.now() - kept.started);
  /** @param {string} verb @param {Result | null} [result] */
  const emit = (verb, result = null) => {
    const at = Math.max(Date.now(), lastAt + 1); // in order by timestamp too
    lastAt = at;
    const s = cmi5Statement({ verb, launch, launchData, result, timestamp: new Date(at).toISOString(), xapi: x });
    sent.push(verb);
    queue.add(endpoint, s, kept.auth);
    return s;
  };
  if (terminated) return say("this launch was terminated already; launch the lesson again from the platform"), null;
  if (!kept.initialized) {
    emit("initialized");
    kept.initialized = true;
    remember();
  }

  /** @param {Event} e */
  const done = (e) => {
    const d = /** @type {CustomEvent<import("./xapi.js").LessonDetail>} */ (e).detail ?? {};
    if (terminated || !normal || (launch.lesson && d.id !== launch.lesson)) return;
    try {
      const stars = d.gaveUp ? 0 : Math.max(0, Math.min(MAX_STARS, Number(d.stars) || 0));
      let changed = false;
      if (stars >= 1 && !record.completed) {
        emit("completed", { completion: true, duration: since() });
        record.completed = changed = true;
      }
      if (!record.passed && passes(stars, launchData.masteryScore)) {
        emit("passed", { score: score(stars), success: true, duration: since() });
        record.passed = changed = true;
        failed = null;
      } else if (!record.passed) {
        failed = { stars: Math.max(stars, failed?.stars ?? 0), scored: stars >= 1 || Boolean(failed?.scored) };
      }
      if (stars > (record.stars ?? 0)) {
        record.stars = stars;
        changed = true;
      }
      kept.failed = failed;
      remember();
      if (changed) saveRecord();
    } catch (error) {
      say(`no statement for lesson ${d.id}`, error);
    }
  };

  // 5. the end of the session: failed (when it is owed), then terminated; nothing after
  const terminate = ({ unloading = false } = {}) => {
    if (terminated) return null;
    terminated = true;
    kept.terminated = true;
    remember();
    try {
      if (failed && normal && !record.passed) emit("failed", { ...(failed.scored ? { score: score(failed.stars) } : {}), success: false, duration: since() });
      emit("terminated", { duration: since() });
    } catch (error) {
      say("no terminated statement", error);
    }
    win?.document?.removeEventListener("lesson-done", done);
    if (unloading) {
      // the page goes: what waits leaves now, as one request that outlives it (a statement the
      // queue has in flight already is stored once: same id)
      const waiting = queue.pending().filter((p) => !p.refused && p.endpoint === endpoint).map((p) => p.statement);
      if (waiting.length)
        send(`${endpoint}statements`, {
          method: "POST",
          keepalive: true,
          credentials: "omit",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(waiting),
        }).catch(() => {});
      return null;
    }
    return queue.flush();
  };

  win?.document?.addEventListener("lesson-done", done);
  // the last pagehide listener of the page: a lesson left unsolved says so (lesson.js, its own
  // pagehide listener, added when the child presses Start) before the session ends; each click
  // (Start is one) puts this listener back at the end
  const onHide = () => terminate({ unloading: true });
  const last = () => {
    win?.removeEventListener("pagehide", onHide);
    win?.addEventListener("pagehide", onHide);
  };
  last();
  win?.addEventListener("click", last);
  // leaving the lesson inside the app ends the AU: terminated, then the platform's return page
  const left = async () => {
    if (!launch.lesson || win.location.hash === `#/lesson/${launch.lesson}` || terminated) return;
    const flushed = terminate();
    /** @param {number} ms */
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let k = 0; k < 30 && queue.pending().length; k++) await Promise.race([flushed, wait(100)]).then(() => queue.flush());
    if (launchData.returnURL) win.location.assign(launchData.returnURL);
  };
  win?.addEventListener("hashchange", () => void left());
  return { launchData, terminate, sent, queue, record: () => ({ ...record }) };
}


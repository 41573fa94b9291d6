// A cmi5 learning platform for the tests (tests/browser/cmi5.test.mjs): one Node http server that
// serves the course packages (unzipped in memory, under /content/NAME/), launches an AU as a cmi5
// LMS does (a registration, a session, a one-time fetch URL, the LMS.LaunchData state document,
// its own "launched" statement) and is the LRS the AU sends to. It REFUSES (400, with the rule
// broken in the answer, and kept in `refused`) what the cmi5 specification forbids an AU
// (AICC cmi5, "Content Runtime": 9.3 verb ordering, 9.5 result, 9.6 context, 10 State API):
// - any request without the session's token (401), a second use of the fetch URL (an error answer);
// - a change to LMS.LaunchData (403);
// - a statement before `initialized`, a second `initialized`, anything after `terminated`;
// - a statement whose context lacks a value of the context template, the registration of the
//   launch, the cmi5 category; an actor or object that is not the launch's;
// - `passed` twice in a registration, `failed` after `passed`, passed and failed in one session,
//   `completed` twice in a registration; passed at a scaled score below the mastery score, failed
//   at or above it, passed/failed without the mastery score extension when there is one;
// - a score on other verbs than passed/failed, success on others, completion on others than
//   completed, a result with success/completion without the moveOn category (or with it
//   without), passed/failed/completed/terminated without a duration;
// - passed/failed/completed in Browse or Review mode.
// Accepted statements are kept in `statements` (in the order they came).
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";

const CMI5 = "https://w3id.org/xapi/cmi5/context/categories/cmi5";
const MOVE_ON = "https://w3id.org/xapi/cmi5/context/categories/moveon";
const SESSION = "https://w3id.org/xapi/cmi5/context/extensions/sessionid";
const MASTERY = "https://w3id.org/xapi/cmi5/context/extensions/masteryscore";
const ADL = "http://adlnet.gov/expapi/verbs/";
const TYPES = { html: "text/html; charset=utf-8", js: "text/javascript", mjs: "text/javascript", css: "text/css", json: "application/json", wasm: "application/wasm", svg: "image/svg+xml", png: "image/png", webmanifest: "application/manifest+json", xml: "application/xml" };

/** Whether A holds every value of TEMPLATE (objects by key, arrays by each element somewhere). */
export function holds(a, template) {
  if (Array.isArray(template)) return Array.isArray(a) && template.every((t) => a.some((x) => holds(x, t)));
  if (template && typeof template === "object") return a != null && typeof a === "object" && Object.entries(template).every(([k, v]) => holds(a[k], v));
  return a === template;
}

export async function startPlatform() {
  const packages = new Map(); // name -> { path: bytes }
  const sessions = new Map(); // token -> session
  const fetches = new Map(); // fetch id -> { token, used }
  const registrations = new Map(); // registration -> { passed, completed }
  const states = new Map(); // key -> text
  const statements = [];
  const refused = [];
  const ids = new Map(); // statement id -> JSON text
  let url = "";

  const json = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json", "X-Experience-API-Version": "1.0.3" });
    res.end(body == null ? "" : JSON.stringify(body));
  };
  const body = (req) =>
    new Promise((resolve) => {
      const parts = [];
      req.on("data", (c) => parts.push(c));
      req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    });

  /** The rule S (a statement) breaks in SESSION, or null (and then the session's record moves on). */
  function check(s, session) {
    const verb = s?.verb?.id?.startsWith(ADL) ? s.verb.id.slice(ADL.length) : s?.verb?.id;
    const r = s.result ?? {};
    const ctx = s.context ?? {};
    const reg = registrations.get(session.registration);
    if (session.terminated) return `${verb} after terminated`;
    if (!session.verbs.length && verb !== "initialized") return `${verb} before initialized`;
    if (verb === "initialized" && session.verbs.includes("initialized")) return "initialized twice in a session";
    if (ctx.registration !== session.registration) return `context.registration ${ctx.registration} is not the launch's ${session.registration}`;
    if (!holds(ctx, session.launchData.contextTemplate)) return "the context lacks values of the context template";
    if (ctx.extensions?.[SESSION] !== session.id) return "no session id (the context template's)";
    if (!(ctx.contextActivities?.category ?? []).some((c) => c?.id === CMI5)) return "no cmi5 category";
    if (JSON.stringify(s.actor?.account) !== JSON.stringify(session.actor.account)) return "the actor is not the launch's";
    if (s.object?.id !== session.activityId) return "the object is not the launch's activityId";
    const moveOn = (ctx.contextActivities?.category ?? []).some((c) => c?.id === MOVE_ON);
    if (("success" in r || "completion" in r) !== moveOn) return `${verb}: the moveOn category ${moveOn ? "without" : "missing with"} success/completion`;
    if ("score" in r && verb !== "passed" && verb !== "failed") return `${verb} with a score`;
    if ("success" in r && verb !== "passed" && verb !== "failed") return `${verb} with success`;
    if ("completion" in r && verb !== "completed") return `${verb} with completion`;
    if (["passed", "failed", "completed", "terminated"].includes(verb) && !/^P/.test(r.duration ?? "")) return `${verb} without a duration`;
    const judged = ["passed", "failed", "completed"].includes(verb);
    if (judged && session.launchData.launchMode !== "Normal") return `${verb} in ${session.launchData.launchMode} mode`;
    const mastery = session.launchData.masteryScore;
    if (verb === "passed") {
      if (reg.passed) return "passed twice in a registration";
      if (session.verbs.includes("failed")) return "passed and failed in one session";
      if (r.success !== true) return "passed without success true";
      if (mastery != null && !(r.score?.scaled >= mastery)) return `passed at ${r.score?.scaled}, below the mastery score ${mastery}`;
    }
    if (verb === "failed") {
      if (reg.passed) return "failed after passed";
      if (session.verbs.includes("failed") || session.verbs.includes("passed")) return "passed/failed twice in one session";
      if (r.success !== false) return "failed without success false";
      if (mastery != null && r.score?.scaled != null && r.score.scaled >= mastery) return `failed at ${r.score.scaled}, at or above the mastery score ${mastery}`;
    }
    if ((verb === "passed" || verb === "failed") && mastery != null && ctx.extensions?.[MASTERY] !== mastery) return `${verb} without the masteryscore extension`;
    if (verb === "completed") {
      if (reg.completed) return "completed twice in a registration";
      if (r.completion !== true) return "completed without completion true";
    }
    session.verbs.push(verb);
    if (verb === "passed") reg.passed = true;
    if (verb === "completed") reg.completed = true;
    if (verb === "terminated") session.terminated = true;
    return null;
  }

  async function lrs(req, res, path, query) {
    const session = sessions.get((req.headers.authorization ?? "").replace(/^Basic /, ""));
    if (!session) return json(res, 401, { error: "no token of a session" });
    if (path === "activities/state") {
      const key = ["stateId", "activityId", "agent", "registration"].map((k) => query.get(k)).join("|");
      if (query.get("stateId") === "LMS.LaunchData" && req.method !== "GET") {
        refused.push({ rule: "LMS.LaunchData changed" });
        return json(res, 403, { error: "the AU must not change LMS.LaunchData" });
      }
      if (req.method === "GET") return states.has(key) ? json(res, 200, JSON.parse(states.get(key))) : json(res, 404, { error: "no document" });
      if (req.method === "PUT" || req.method === "POST") {
        states.set(key, await body(req));
        return json(res, 204);
      }
      return json(res, 405, {});
    }
    if (path === "statements" && (req.method === "POST" || req.method === "PUT")) {
      let list;
      try {
        const parsed = JSON.parse(await body(req));
        list = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return json(res, 400, { error: "not JSON" });
      }
      if (req.method === "PUT") list[0].id ??= query.get("statementId");
      const stored = [];
      for (const s of list) {
        s.id ??= randomUUID();
        const text = JSON.stringify(s);
        if (ids.has(s.id)) {
          if (ids.get(s.id) !== text) return json(res, 409, { error: `statement ${s.id} differs from the one stored` });
          stored.push(s.id); // the same statement again: stored once
          continue;
        }
        const rule = check(s, session);
        if (rule) {
          refused.push({ rule, verb: s.verb?.id });
          return json(res, 400, { error: rule });
        }
        ids.set(s.id, text);
        statements.push(s);
        stored.push(s.id);
      }
      return json(res, 200, stored);
    }
    return json(res, 404, { error: `no ${path}` });
  }

  const server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url, url);
      const path = decodeURIComponent(u.pathname);
      if (path.startsWith("/fetch/")) {
        const f = fetches.get(path.slice("/fetch/".length));
        if (req.method !== "POST") return json(res, 405, {});
        if (!f) return json(res, 200, { "error-code": "3", "error-text": "no such fetch URL" });
        if (f.used) return json(res, 200, { "error-code": "1", "error-text": "the fetch URL was used already" });
        f.used = true;
        return json(res, 200, { "auth-token": f.token });
      }
      if (path.startsWith("/lrs/")) return await lrs(req, res, path.slice("/lrs/".length), u.searchParams);
      const m = /^\/content\/([^/]+)\/(.*)$/.exec(path);
      if (m && packages.has(m[1])) {
        const file = packages.get(m[1])[m[2] || "index.html"];
        if (!file) return json(res, 404, { error: "no file" });
        res.writeHead(200, { "Content-Type": TYPES[m[2].split(".").pop()] ?? "application/octet-stream" });
        return res.end(file);
      }
      if (path === "/lms.html" || path === "/returned.html") {
        res.writeHead(200, { "Content-Type": TYPES.html });
        return res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${path.slice(1)}</title><link rel="icon" href="data:,"></head><body><p>${path === "/returned.html" ? "Back at the platform" : "The platform"}</p></body></html>`);
      }
      json(res, 404, { error: "not here" });
    } catch (error) {
      json(res, 500, { error: error.message });
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${server.address().port}/`;

  return {
    url,
    statements,
    refused,
    states,
    /** Serves the package FILES ({ path: bytes }, a zip unpacked) at /content/NAME/. */
    serve(name, files) {
      packages.set(name, files);
    },
    /**
     * Launches the AU of package NAME whose cmi5.xml url is AU_URL: a registration (REGISTRATION or a
     * new one), a session, LMS.LaunchData ({ masteryScore, launchMode, returnURL }), the launched
     * statement; returns { url (what the LMS opens), session }.
     */
    launch(name, auUrl, { auId, registration = randomUUID(), masteryScore = null, launchMode = "Normal", returnURL = null, actor = { objectType: "Agent", name: "Pupil", account: { homePage: "https://school.example", name: "pupil-7" } } } = {}) {
      const session = { id: randomUUID(), registration, activityId: `https://school.example/cmi5/${encodeURIComponent(auId)}`, actor, verbs: [], terminated: false };
      const token = Buffer.from(`${session.id}:${randomUUID()}`).toString("base64");
      sessions.set(token, session);
      const fetchId = randomUUID();
      fetches.set(fetchId, { token, used: false });
      if (!registrations.has(registration)) registrations.set(registration, { passed: false, completed: false });
      session.launchData = {
        contextTemplate: {
          contextActivities: { grouping: [{ objectType: "Activity", id: auId }] },
          extensions: { [SESSION]: session.id },
        },
        launchMode,
        launchMethod: "AnyWindow",
        moveOn: "Passed",
        ...(masteryScore != null ? { masteryScore } : {}),
        ...(returnURL ? { returnURL } : {}),
      };
      const agent = JSON.stringify(actor);
      states.set(["LMS.LaunchData", session.activityId, agent, registration].join("|"), JSON.stringify(session.launchData));
      const q = new URLSearchParams({ endpoint: `${url}lrs/`, fetch: `${url}fetch/${fetchId}`, actor: agent, registration, activityId: session.activityId });
      const launchUrl = new URL(auUrl, `${url}content/${name}/`);
      launchUrl.search += `${launchUrl.search ? "&" : "?"}${q}`;
      return { url: launchUrl.href, session };
    },
    /** The verbs (short) of the accepted statements of SESSION. */
    verbs: (session) => statements.filter((s) => s.context?.extensions?.[SESSION] === session.id).map((s) => s.verb.id.slice(ADL.length)),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

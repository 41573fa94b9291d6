// @ts-check
// cmi5 run-time for the app page, when a learning platform launches one of the assignable units
// (AU: one lesson) of the package `npm run package -- cmi5` makes (www/school/package/cmi5.js). README.md,
// "For schools: cmi5".
//
// The platform opens index.html?lesson=ID&endpoint=…&fetch=…&actor=…&registration=…&activityId=….
// Without `endpoint` and `fetch` on the URL nothing here runs (the normal app; xapi.js is not even
// loaded). With them:
// 1. the lesson ID is shown (#/lesson/ID) before app.js routes (this module runs before it);
// 2. the auth token: one POST to the `fetch` URL ({"auth-token": …}), used as "Basic …" for every
//    call to the platform's xAPI endpoint; the launch's state (token, initialized, terminated) is
//    kept in sessionStorage: a reload is a page that went away (terminated), and the page after it
//    sends nothing (the platform refuses anything after terminated) and says to launch again;
// 3. the LMS.LaunchData state document: contextTemplate (the base of every statement's context,
//    never overwritten), launchMode (Normal; Browse and Review record no result), masteryScore
//    (the share of the three stars that passes), returnURL;
// 4. statements, each with the context template, the registration and the cmi5 category:
//    `initialized`; when the lesson is solved (at least one star) `completed` (once per
//    registration) and `passed` with result.score (raw stars of 3, scaled) and success (once per
//    registration, only at or above the mastery score); a lesson given up or solved below the
//    mastery score is `failed` (with its score), said when the child leaves, so that a try after it
//    can still pass in the same session (cmi5 allows one of passed/failed per session); every
//    statement with a result carries the moveOn category, and passed/failed the mastery score
//    extension; durations from `initialized` on;
// 5. `terminated` when the child leaves: the page goes away (`pagehide`: what is still waiting is
//    sent at once as one request that outlives the page, keepalive) or leaves the lesson in the app
//    (then the page goes to the returnURL, when there is one). Nothing is sent after it.
// This file is the launch's boot (it runs on every page of the app, so it is small); the session,
// statements and rules are www/cmi5-au.js, loaded only for a launch.
// Statements go through xapi.js's queue (in order, retried with backoff, kept in the page's memory
// where storage is refused), under a key of this session: a statement left from an ended session
// is never sent with another session's token. What was passed and completed in this registration is
// kept in the platform's state API (stateId chess-tutor.cmi5), so that a later session does not say
// it twice. Nothing here throws at the child: a platform error is logged and the lesson goes on.

const LESSON = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The launch parameters of URL (a URL or its text), or null when it is not a cmi5 launch
 *  (no endpoint or no fetch). { endpoint, fetch, actor (text), registration, activityId, lesson }. */
export function launchParams(url) {
  const q = new URL(url).searchParams;
  if (!q.get("endpoint") || !q.get("fetch")) return null;
  const lesson = q.get("lesson");
  return {
    endpoint: q.get("endpoint"),
    fetch: q.get("fetch"),
    actor: q.get("actor"),
    registration: q.get("registration"),
    activityId: q.get("activityId"),
    lesson: lesson && LESSON.test(lesson) ? lesson : null,
  };
}

/** The session of this page's launch (a promise), or null when the page was not launched by cmi5. */
function boot() {
  if (typeof window === "undefined") return null;
  const launch = launchParams(window.location.href);
  if (!launch) return null;
  // the AU's lesson, before app.js routes (module scripts run in order)
  if (launch.lesson && !window.location.hash) history.replaceState(history.state, "", `#/lesson/${launch.lesson}`);
  // the session itself (cmi5-au.js, and xapi.js) loads only now: a page not launched by cmi5 never does
  return import("./cmi5-au.js")
    .then((m) => m.start(launch))
    .catch((error) => console.error("chess-tutor cmi5:", error));
}

export const session = boot();

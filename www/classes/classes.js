// @ts-check
// The class server's client (README.md "Classes"): the one place that talks to /api/v1/ (the API
// contract: the server's OpenAPI document at /api/v1/openapi.json), and the queue of a pupil's
// attempts. Loaded only when a class server answered (app.js's health check) or a pupil signed
// in on this device has attempts waiting; pupil.js and teacher.js build on it, never the reverse.
//
// The queue (offline first): each finished attempt is kept in localStorage (storage.js: a side
// copy, read back, then replaced) with an id chosen here (a UUID); it is sent when the server
// answers and removed only when the server acknowledged it (a resend of the same id is stored
// once by the server). Sent again on the `online` event, every half minute while any waits, and
// at the next start. Stars shown to the child never wait for any of this.
import { local, read, remove, write } from "../widget/storage.js";

export const API = new URL("api/v1/", document.baseURI);
/** The pupil signed in on this device: { id, name, class: { id, name, code } }. */
export const PUPIL_KEY = "chess-tutor:class-pupil:v1";
/** The attempts waiting to be sent: [{ id, pupil, lesson, moves, answers, hints, ms, at }]. */
export const QUEUE_KEY = "chess-tutor:class-attempts:v1";
/** The twelve pictures of a pupil's picture password (images/pictures.mjs, the server's names). */
export const PICTURES = ["cat", "dog", "fish", "bird", "sun", "moon", "star", "tree", "flower", "apple", "car", "ball"];
export const pictureUrl = (name) => new URL(`images/pictures.svg#${name}`, import.meta.url).href;
const RETRY_MS = 30_000;

/** An answer of the server that is not 2xx: status, the server's code and message, and for a
 *  lesson the checker's problems ([{ place, message }]); 0 when no server answered at all. */
export class ApiError extends Error {
  constructor(status, body, retryAfter = null) {
    super(body?.message ?? (status ? `HTTP ${status}` : "no answer"));
    this.status = status;
    this.code = body?.error ?? null;
    this.field = body?.field ?? null;
    this.problems = Array.isArray(body?.problems) ? body.problems : [];
    // seconds to wait (429): the Retry-After header, or the body's retry_after
    const wait = retryAfter ?? body?.retry_after ?? null;
    this.retryAfter = wait == null ? null : Number(wait);
  }
}

/** One request: JSON in and out; a 204 gives null; anything else than 2xx throws an ApiError. */
export async function api(method, path, body) {
  let r;
  try {
    r = await fetch(new URL(path, API), {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (r.status === 204) return null;
  const json = (r.headers.get("content-type") ?? "").includes("json");
  const data = json ? await r.json().catch(() => null) : await r.text().catch(() => "");
  if (!r.ok) throw new ApiError(r.status, json ? data : null, r.headers.get("retry-after"));
  return data;
}

/** The address of a route (for a download link: the CSV). */
export const url = (path) => new URL(path, API).href;

/** Who is signed in ({ role, id, name, login?, class? }), or null. */
export async function me() {
  try {
    return await api("GET", "me");
  } catch (error) {
    if (error.status === 401 || error.status === 403) return null;
    throw error;
  }
}

// ---- the pupil on this device

const memory = new Map();
const fallback = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, String(v)), removeItem: (k) => void memory.delete(k) };
const storage = () => local() ?? fallback;
const readJson = (key, fallbackValue) => {
  const r = read(storage(), key);
  try {
    return r.ok && r.text ? JSON.parse(r.text) : fallbackValue;
  } catch {
    return fallbackValue;
  }
};

/** The pupil remembered on this device, or null. */
export function pupil() {
  const p = readJson(PUPIL_KEY, null);
  return p && typeof p.id !== "undefined" && typeof p.name === "string" ? p : null;
}

/** Signs a pupil in (pupilSignIn) and remembers her on this device; throws an ApiError (401 wrong
 *  pictures, 423 locked, 404 unknown class). */
export async function pupilSignIn(code, id, pictures) {
  const answer = await api("POST", "sessions/pupil", { code: String(code).toUpperCase(), pupil: id, pictures });
  write(storage(), PUPIL_KEY, JSON.stringify({ id: answer.id, name: answer.name, class: answer.class }));
  flush();
  return answer;
}

/** Signs out (anyone); the pupil on this device is forgotten, her waiting attempts are kept
 *  (sent when she signs in again). */
export async function signOut() {
  remove(storage(), PUPIL_KEY);
  try {
    await api("POST", "sessions/sign-out");
  } catch {
    /* signed out here in any case */
  }
}

// ---- the attempts' queue

export const queued = () => {
  const list = readJson(QUEUE_KEY, []);
  return Array.isArray(list) ? list.filter((a) => a && typeof a.id === "string") : [];
};

/** A v4 UUID (crypto.randomUUID needs a secure context: a school server on http://10.x has none). */
export function uuid() {
  if (typeof globalThis.crypto?.randomUUID === "function") {
    try {
      return crypto.randomUUID();
    } catch {}
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((n) => n.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * A try that ended (lesson.js's `lesson-try` detail: its `end` and `attempt`) for the pupil signed in
 * on this device: queued, then sent. Returns the queued attempt, or null (no pupil, no attempt,
 * a lesson not of the course or the class).
 */
export function recordAttempt(detail) {
  const who = pupil();
  const a = detail?.attempt;
  if (!who || !a || typeof detail.id !== "string") return null;
  const attempt = {
    id: uuid(),
    pupil: who.id,
    lesson: detail.id,
    moves: a.moves.filter((m) => typeof m === "string"),
    answers: a.answers,
    hints: a.hints,
    // after how many moves each hint was asked (for the replay; a server that does not keep it ignores it)
    ...(Array.isArray(a.hintsAt) ? { hintsAt: a.hintsAt } : {}),
    ms: Math.max(0, Math.round(a.ms)),
    // how the try ended (solved, again, left): the server judges its kind from it
    ...(["solved", "again", "left"].includes(detail.end) ? { end: detail.end } : {}),
    at: new Date().toISOString(),
  };
  const saved = write(storage(), QUEUE_KEY, JSON.stringify([...queued(), attempt]));
  if (!saved.ok) memoryQueue.push(attempt); // storage full or blocked: sent from this page only
  flush();
  return attempt;
}

const memoryQueue = [];
/** @type {Promise<{ sent: number, left: number }> | null} */
let sending = null;
let again = false; // an attempt queued while sending: another round after this one
let timer = 0;
/** Answers that will never change on a resend: the attempt is dropped (the server said why). */
const FINAL = new Set([400, 404, 409, 413, 422]);

/** Sends what waits, in order; each is removed once the server acknowledged (or refused it for
 *  good). Stops at the first that cannot go now (no network, signed out, locked, server down).
 *  → { sent, left }. */
export function flush() {
  if (sending) {
    again = true;
    return sending;
  }
  again = false;
  sending = (async () => {
    let sent = 0;
    const who = pupil();
    for (const attempt of [...queued(), ...memoryQueue]) {
      if (!who || attempt.pupil !== who.id) continue; // another pupil's: waits for her
      const { pupil: _, at: __, ...body } = attempt;
      try {
        await api("POST", "attempts", body);
      } catch (error) {
        if (!FINAL.has(error.status)) break;
      }
      sent += 1;
      const k = memoryQueue.indexOf(attempt);
      if (k >= 0) memoryQueue.splice(k, 1);
      else write(storage(), QUEUE_KEY, JSON.stringify(queued().filter((x) => x.id !== attempt.id)));
    }
    const left = queued().length + memoryQueue.length;
    clearTimeout(timer);
    if (left) timer = setTimeout(flush, RETRY_MS);
    document.documentElement.dataset.attemptsWaiting = String(left);
    return { sent, left };
  })().finally(() => {
    sending = null;
    if (again) flush();
  });
  return sending;
}

addEventListener("online", () => flush());

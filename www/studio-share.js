// A lesson carried in a link, with no server: `#/shared/<data>`, where data is the lesson's JSON
// text, deflated (fflate, MIT) and written in base64url. The fragment after `#` never reaches a
// server. Loaded by the studio (to make a link) and by the app for a `#/shared/…` address (to
// open one in the lesson player); the plain widget never loads it.
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";

export const PREFIX = "#/shared/";
/** The longest link the studio offers: longer ones are cut by some messengers and mail programs. */
export const MAX_LINK = 8000;

function toBase64url(bytes) {
  let bin = "";
  for (let k = 0; k < bytes.length; k += 0x8000) bin += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(bin.length);
  for (let k = 0; k < bin.length; k++) bytes[k] = bin.charCodeAt(k);
  return bytes;
}

/** The fragment's data for a lesson's JSON text (compact: the link stays short). */
export function encodeLesson(text) {
  let compact = text;
  try {
    compact = JSON.stringify(JSON.parse(text));
  } catch {
    /* not JSON: sent as written, the player's checker will say what is wrong */
  }
  return toBase64url(deflateSync(strToU8(compact), { level: 9 }));
}

/** A page address (the app's, without its fragment) with the lesson in its fragment. */
export function shareLink(pageUrl, text) {
  return `${String(pageUrl).split("#")[0]}${PREFIX}${encodeLesson(text)}`;
}

/**
 * The lesson's text from a fragment's data: { text } or, when the data cannot be read (cut
 * short, changed by hand), { text: the part that could be read or "", damaged: true }. Never throws.
 */
export function decodeLesson(data) {
  try {
    const clean = decodeURIComponent(String(data)).trim();
    if (!/^[A-Za-z0-9_-]*$/.test(clean) || !clean) return { text: "", damaged: true };
    return { text: strFromU8(inflateSync(fromBase64url(clean))) };
  } catch {
    return { text: "", damaged: true };
  }
}

// @ts-check
// A thrown rules error in words. Every error the WASM throws has `.id` and `.args` (README.md,
// "The front end"); its `.message` is for logs only and never shown: this says the error in the
// reader's words, with the place its args name (the word "place" of messages-core).
import { say } from "../i18n/i18n.js";

/** The error in `words` (which hold messages-core): "FEN, who moves: expected 'w' or 'b'…". An
 *  error with no id (a bug, a failed fetch) is an "internal" one. */
export function sayError(words, error) {
  const msg = error?.id ? error : { id: "internal", args: { detail: String(error?.message ?? error) } };
  const place = words?.place ? say(words, { id: "place", args: msg.args ?? {} }) : "";
  const text = say(words, msg);
  return place ? `${place}: ${text}` : text;
}

/** The same error as an Error whose message is those words (for a webmaster's console); its id and
 *  args kept. */
export const inWords = (words, error) => Object.assign(new Error(sayError(words, error)), { id: error?.id ?? "internal", args: error?.args ?? {} });

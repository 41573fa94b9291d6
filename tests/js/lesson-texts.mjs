// Every text { ru, en } of a lesson file, found by walking it (its audio and position are not
// texts): shared by the tests that read what a child hears and reads (speech-words, no-read-task).

/** @param {unknown} x a lesson (or any part of one) @param {object[]} out @returns {any[]} */
export function texts(x, out = []) {
  if (Array.isArray(x)) for (const y of x) texts(y, out);
  else if (x && typeof x === "object") {
    if (typeof x.ru === "string" || typeof x.en === "string") out.push(x);
    else for (const [k, v] of Object.entries(x)) if (k !== "audio" && k !== "position") texts(v, out);
  }
  return out;
}

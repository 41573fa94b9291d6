// @ts-check
// A class code as a child types it (issue 37): any case, spaces and dashes, and on a Russian
// keyboard the Cyrillic letters that look like a code's Latin ones («вк7нкт» is BK7HKT, as the
// card shows it). The server reads a code the same way (server/src/roster.rs normal_code); new
// codes use no two characters a child could take for each other (server/src/util.rs).
const LOOK_ALIKES = { А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", У: "Y", З: "3" };

/** The code as the server keeps it: upper case, Latin, without spaces or dashes. */
export function normalCode(text) {
  return [...String(text ?? "").replace(/[\s-]/g, "").replace(/б/g, "6").toUpperCase()].map((c) => LOOK_ALIKES[c] ?? c).join("");
}

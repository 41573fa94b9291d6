// Gives the imports of a wasm-bindgen package short names, in its module and in its glue alike
// (scripts/setup.sh build_wasm_package, after wasm-order.mjs): `./chess_tutor_bg.js` becomes `m`,
// `__wbg_set_d2d33b52458e984a` becomes `a`, and so on; and the exports the glue calls
// (`wasm.game_play`) `$a`, `$b`… (`memory`, and any export the glue never names, keep theirs).
// Nothing else changes: the glue hands the same functions over under the new names (its
// `__wbg_get_imports` object) and calls the same exports, and its own API (Game, formulas, …) is
// the same.
//
// Why (issue 34: the plain widget's first load <= 60 KiB gzip): wasm-bindgen names each import
// with a hash of 16 hex digits, once in the module and once in the glue, and a hash does not
// compress; each export's name too is written twice. www/pkg's module 37,241 -> 36,752 bytes
// gzip, its glue about 0.2 KiB less.
// tests/js/wasm-imports.test.mjs holds that a package so renamed still plays.
//
//   node scripts/wasm-imports.mjs DIR   (DIR: a package's folder, chess_tutor_bg.wasm and chess_tutor.js)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The module's name for the glue's imports once shortened. */
const MODULE = "m";

function uleb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}
function encode(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}
const name = (text) => Buffer.concat([encode(Buffer.byteLength(text)), Buffer.from(text)]);
/** The k-th short name: a … z, ba, bb … */
const short = (k) => (k < 26 ? String.fromCharCode(97 + k) : short(Math.floor(k / 26)) + String.fromCharCode(97 + (k % 26)));

/**
 * WASM (a module's bytes) and GLUE (its wasm-bindgen glue's text) with short import names; a
 * package shortened already comes back as it was. Throws when the glue does not name each import
 * once in its imports object (another wasm-bindgen's shape: nothing is written then).
 * @param {Uint8Array} wasm @param {string} glue
 * @returns {{ wasm: Buffer, glue: string, renamed: number, exports?: [string, string][] }} (exports: [old name, new])
 */
export function shortenImports(wasm, glue) {
  const bytes = Buffer.from(wasm);
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a WebAssembly module");
  const parts = [bytes.subarray(0, 8)];
  const renames = [];
  let module = null;
  let exportSection = null;
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [length, start] = uleb(bytes, at + 1);
    const end = start + length;
    if (id === 7) {
      exportSection = { index: parts.length, body: bytes.subarray(start, end) };
      parts.push(null); // (written once the glue's references are known)
      at = end;
      continue;
    }
    if (id !== 2) {
      parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    const body = bytes.subarray(start, end);
    let [count, q] = uleb(body, 0);
    const out = [encode(count)];
    for (let k = 0; k < count; k++) {
      let len;
      [len, q] = uleb(body, q);
      const from = body.subarray(q, q + len).toString();
      q += len;
      [len, q] = uleb(body, q);
      const field = body.subarray(q, q + len).toString();
      q += len;
      // the import's kind and description, copied as they are
      const kind = body[q];
      const described = q;
      q++;
      if (kind === 0) [, q] = uleb(body, q);
      else if (kind === 1 || kind === 2) {
        if (kind === 1) q++; // the table's element type
        const flags = body[q++];
        [, q] = uleb(body, q);
        if (flags & 1) [, q] = uleb(body, q);
      } else if (kind === 3) q += 2;
      else throw new Error(`import ${from} ${field}: a kind (${kind}) this script does not know`);
      if (from === MODULE) return { wasm: bytes, glue, renamed: 0 }; // shortened already
      if (module !== null && from !== module) throw new Error(`imports from two modules (${module}, ${from})`);
      module = from;
      const to = short(k);
      renames.push([field, to]);
      out.push(name(MODULE), name(to), body.subarray(described, q));
    }
    const section = Buffer.concat(out);
    parts.push(Buffer.from([2]), encode(section.length), section);
    at = end;
  }
  if (module === null || exportSection === null) return { wasm: bytes, glue, renamed: 0 };
  // the exports the glue calls (`wasm.game_play(`): short names too, `memory` and those it never
  // names (a caller may ask for them by name) as they were
  const exported = [];
  const body = exportSection.body;
  let [count, q] = uleb(body, 0);
  const section = [encode(count)];
  for (let k = 0; k < count; k++) {
    let len;
    [len, q] = uleb(body, q);
    const field = body.subarray(q, q + len).toString();
    q += len;
    const described = q;
    q++;
    [, q] = uleb(body, q);
    const used = new RegExp(`\\bwasm\\.${field.replace(/\$/g, "\\$")}\\b`, "g");
    const to = field !== "memory" && used.test(glue) ? `$${short(exported.length)}` : field;
    if (to !== field) exported.push([used, to, field]);
    section.push(name(to), body.subarray(described, q));
  }
  const written = Buffer.concat(section);
  parts[exportSection.index] = Buffer.concat([Buffer.from([7]), encode(written.length), written]);
  const once = (text, pattern, what) => {
    const found = text.match(new RegExp(pattern.source, "g"))?.length ?? 0;
    if (found !== 1) throw new Error(`the glue names ${what} ${found} times, not once`);
    return text.replace(pattern, (all, before) => `${before}${what === module ? `"${MODULE}"` : renames.find(([f]) => f === what)[1]}:`);
  };
  let out = once(glue, new RegExp(`(^|[\\s{,])${JSON.stringify(module).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:`), module);
  for (const [field] of renames) out = once(out, new RegExp(`(^|[\\s{,])${field}:`), field);
  for (const [used, to] of exported) out = out.replace(used, `wasm.${to}`);
  return { wasm: Buffer.concat(parts), glue: out, renamed: renames.length + exported.length, exports: exported.map(([, to, from]) => [from, to]) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    console.error("usage: node scripts/wasm-imports.mjs DIR...   (a package's folder)");
    process.exit(2);
  }
  for (const dir of dirs) {
    const [wasmFile, glueFile] = [join(dir, "chess_tutor_bg.wasm"), join(dir, "chess_tutor.js")];
    const { wasm, glue, exports = [] } = shortenImports(readFileSync(wasmFile), readFileSync(glueFile, "utf8"));
    writeFileSync(wasmFile, wasm);
    writeFileSync(glueFile, glue);
    // the declarations of the module's exports (InitOutput, chess_tutor_bg.wasm.d.ts) follow
    for (const types of [join(dir, "chess_tutor.d.ts"), join(dir, "chess_tutor_bg.wasm.d.ts")]) {
      if (!existsSync(types)) continue;
      let text = readFileSync(types, "utf8");
      for (const [from, to] of exports) text = text.replace(new RegExp(`(\\b(?:readonly|export const) )${from}:`, "g"), (all, head) => `${head}${to}:`);
      writeFileSync(types, text);
    }
  }
}

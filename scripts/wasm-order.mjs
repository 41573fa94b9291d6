// Puts the functions of a WebAssembly module in an order that gzip and brotli compress better,
// after wasm-opt (scripts/setup.sh build_wasm_package): functions of one signature side by side,
// within it those with fewer locals first, then the shorter first. Nothing else changes: every
// function keeps its name, body, locals and exports; calls and the table follow the new indices
// (binaryen renumbers them), so the module does the same, only its bytes are in another order.
//
// Why (issue 34: the plain widget's first load <= 60 KiB gzip): a compressor finds its matches
// within a window of the bytes before, and a function's code is most like that of functions of the
// same shape (the same parameters, the same kind of prologue). wasm-opt and rustc put them in the
// order of the crate's modules. Measured (zlib -9): www/pkg 37,816 -> 37,241 bytes, pkg-lessons
// 117,180 -> 114,756, pkg-variant 127,026 -> 125,145; raw bytes about the same (a call's index is
// sometimes one byte shorter). Other orders tried on www/pkg: by signature alone -341 bytes, by
// signature then length -528, most-similar-next (shingles of the text) +267, wasm-opt's
// --reorder-functions (by calls) +700, --reorder-functions-by-name (Rust's paths) -54.
// tests/js/wasm-order.test.mjs holds that a reordered module does what it did.
//
//   node scripts/wasm-order.mjs FILE.wasm...
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import binaryen from "binaryen";

/**
 * BYTES (a module built with the packages' features, scripts/setup.sh) with its defined functions
 * in the compressing order. Returns the new bytes.
 * @param {Uint8Array} bytes
 */
export function orderFunctions(bytes) {
  const mod = binaryen.readBinary(bytes);
  try {
    // the features the packages are built with (scripts/setup.sh's wasm-opt flags), as
    // scripts/wasm-stub.mjs sets them
    const F = binaryen.Features;
    mod.setFeatures(F.MutableGlobals | F.BulkMemory | F.BulkMemoryOpt | F.NontrappingFPToInt | F.ReferenceTypes | F.Multivalue | F.SignExt);
    if (!mod.validate()) throw new Error("the module does not validate with the packages' features");
    const defined = [];
    for (let i = 0; i < mod.getNumFunctions(); i++) {
      const info = binaryen.getFunctionInfo(mod.getFunctionByIndex(i));
      // (an imported function keeps its place: imports come first in any order)
      // (the length of its text with every name the same: a module without names calls its
      // functions by index, which the new order changes)
      if (!info.module) defined.push({ ...info, index: i, length: binaryen.emitText(info.body).replace(/\$[^\s()]+/g, "$").length });
    }
    const shape = (f) => `${f.params}:${f.results}`;
    defined.sort((a, b) => shape(a).localeCompare(shape(b)) || a.vars.length - b.vars.length || a.length - b.length || a.index - b.index);
    // each function taken out and put back at the end, in order: its body is the module's, so it
    // stays as it was
    for (const f of defined) {
      mod.removeFunction(f.name);
      mod.addFunction(f.name, f.params, f.results, f.vars, f.body);
    }
    if (!mod.validate()) throw new Error("the reordered module does not validate");
    return mod.emitBinary();
  } finally {
    mod.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error("usage: node scripts/wasm-order.mjs FILE.wasm...");
    process.exit(2);
  }
  for (const file of files) writeFileSync(file, orderFunctions(readFileSync(file)));
}

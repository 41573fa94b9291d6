// Replaces functions of a WebAssembly module that a package can never run with a stub that returns
// at once, before wasm-opt (scripts/setup.sh build_wasm_package) drops what only they called.
// Run on wasm-bindgen's output, which still has the function names; wasm-opt then strips them.
//
// Why (issue 36; www/pkg-lessons, what a child downloads before the first lesson, and
// www/pkg-variant, a board with a piece set): core's f64 formatter (`<f64 as Display>::fmt`, with
// its Grisu and Dragon tables: about 7.6 KiB gzipped) is in them only because serde's
// `Unexpected` Display has an arm for floats. Each package reaches that Display only through
// serde_json's `JsonUnexpected`, which writes a float itself (with zmij, "floating point `1.5`")
// before it hands every other kind to serde. No code of the lesson player or of pieces as data
// formats a float (their numbers are whole; a float goes to JS as a number). So the formatter is
// dead code the compiler cannot see as dead. tests/js/lesson-packages.test.mjs holds that floats
// where whole numbers belong are still refused as before (by line and column) and pkg-lessons
// plays on; tests/js/wasm-stub.test.mjs the same for pkg-variant, the float written in its message.
// The stub writes nothing and returns Ok (0), so even a call that never happens breaks nothing.
//
//   node scripts/wasm-stub.mjs FILE.wasm [NAME...]   (NAME: a function's name, as demangled;
//   without one: the f64 formatter)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import binaryen from "binaryen";

/** What a package leaves out: the f64 formatter of Rust's core library. */
export const FLOAT_FORMAT = "<f64 as core[c5930c85a12de822]::fmt::Display>::fmt";

/**
 * Replaces each function of BYTES whose name matches one of NAMES (exactly, or up to the hash
 * in brackets that rustc puts after `core`, which changes with the toolchain) by one that returns
 * 0. Returns { bytes, stubbed: [names found], missing: [names not found] }.
 */
export function stubFunctions(bytes, names) {
  const mod = binaryen.readBinary(bytes);
  // the features the packages are built with (scripts/setup.sh's wasm-opt flags); "All" would
  // write imports in encodings browsers do not read yet
  const F = binaryen.Features;
  mod.setFeatures(F.MutableGlobals | F.BulkMemory | F.BulkMemoryOpt | F.NontrappingFPToInt | F.ReferenceTypes | F.Multivalue | F.SignExt);
  if (!mod.validate()) throw new Error("the module does not validate with the packages' features");
  const bare = (name) => name.replace(/\[[0-9a-f]{16}\]/g, "");
  const wanted = new Set(names.map(bare));
  const found = [];
  for (let i = 0; i < mod.getNumFunctions(); i++) {
    const info = binaryen.getFunctionInfo(mod.getFunctionByIndex(i));
    if (!info.module && wanted.has(bare(info.name))) found.push(info);
  }
  for (const info of found) {
    if (info.results !== binaryen.i32) throw new Error(`${info.name}: expected a function that returns an i32 (fmt::Result)`);
    mod.removeFunction(info.name);
    mod.addFunction(info.name, info.params, info.results, [], mod.i32.const(0));
  }
  const stubbed = [...new Set(found.map((f) => bare(f.name)))];
  const out = { bytes: mod.emitBinary(), stubbed, missing: [...wanted].filter((n) => !stubbed.includes(n)) };
  mod.dispose();
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, ...names] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/wasm-stub.mjs FILE.wasm [NAME...]");
    process.exit(2);
  }
  const { bytes, stubbed, missing } = stubFunctions(readFileSync(file), names.length ? names : [FLOAT_FORMAT]);
  writeFileSync(file, bytes);
  for (const n of stubbed) console.log(`  stubbed ${n}`);
  // a toolchain that names it otherwise (or a build without names): the package is only larger
  for (const n of missing) console.warn(`  warning: ${file} has no function ${n} (nothing stubbed; the size bench shows the cost)`);
}

// The widget's package (www/pkg, with lol_alloc's free-list allocator) does not grow its memory
// over many clicks, moves and take-backs: what a click allocates is freed and reused.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const PKG = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www", "pkg");

test("www/pkg: 10,000 clicks, moves and take-backs leave the wasm memory bounded", async () => {
  const pkg = await import(join(PKG, "chess_tutor.js"));
  const wasm = pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
  const game = new pkg.Game();
  const round = (k) => {
    game.targets(1, 4 + (k % 4)); // a pawn's targets, as a click asks them
    game.play("e2", "e4");
    game.targets(6, 4);
    game.play("e7", "e5");
    game.pieces();
    game.status();
    game.history();
    try {
      game.play("e1", "e8"); // a thrown error allocates its message too
    } catch {}
    game.undo();
    game.undo();
    game.redo();
    game.undo();
    game.fen();
  };
  for (let k = 0; k < 200; k++) round(k);
  const before = wasm.memory.buffer.byteLength;
  for (let k = 0; k < 10_000; k++) round(k);
  const after = wasm.memory.buffer.byteLength;
  assert.equal(game.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.ok(after - before <= 64 * 1024, `memory grew from ${before} to ${after} bytes`);
  game.free();
});

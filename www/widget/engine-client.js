// @ts-check
// The page's side of the engine worker (engine-worker.js, a Web Worker with pkg-engine/): one
// worker, started at the first question, and a promise per question answered by its reply. A
// worker that cannot start (or dies) answers every waiting question with an error, and the next
// question starts a fresh one.
import { scriptURL } from "./trusted.js";

const BASE = new URL("./", import.meta.url);

export class EngineClient {
  /** @type {Worker | null} */
  #worker = null;
  #replies = new Map(); // request id -> resolve

  /**
   * Asks the engine (`message.type`: "move", "draw", "pgn" …); `request`: the asker's count, so
   * that a reply is known by its question. An error: its English as the message (logs), its id
   * and args for words (engine-worker.js).
   * @returns {Promise<any>}
   */
  ask(message, request) {
    if (!this.#worker) {
      const worker = (this.#worker = new Worker(scriptURL(new URL("engine-worker.js", BASE)), { type: "module" }));
      worker.onmessage = ({ data }) => {
        const done = this.#replies.get(data.id);
        this.#replies.delete(data.id);
        done?.(data);
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        for (const done of this.#replies.values()) done({ error: e.message || "the engine could not start" });
        this.#replies.clear();
        this.#worker?.terminate();
        this.#worker = null;
      };
    }
    const worker = this.#worker;
    const id = `${request}-${message.type}`;
    return new Promise((resolve, reject) => {
      this.#replies.set(id, (data) => (data.error ? reject(Object.assign(new Error(data.error), data.message)) : resolve(data)));
      worker.postMessage({ id, ...message });
    });
  }

  terminate() {
    this.#worker?.terminate();
  }
}

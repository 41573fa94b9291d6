// @ts-check
// A teacher's voice for a text (Studio methods): recorded in the browser (MediaRecorder), listened
// to, and kept in the lesson's `audio` by file name (model.js audioFile); the recordings go into a
// course's .zip and packages.
import { h } from "../widget/dom.js";
import { audioFile } from "./model.js";

export const recorder = {
  /**
   * The teacher's own voice for one text in one language: Record (the microphone, MediaRecorder),
   * Stop, Listen and Remove. The recording is a file of the lesson (audioFile), named in its
   * `audio` under the text's JSON pointer; the player plays it instead of the device's voice.
   */
  recorder(parent, pointer, g, label) {
    const t = this.t;
    const box = h("div", { class: "studio-rec", role: "group", "aria-label": t.rec.group(label, t.langName[g]) }, parent);
    const rec = this.button(box, "", () => (this.recording?.key === key ? this.stopRecording() : this.record(pointer, g, refresh)), { "data-record": `${pointer}/${g}` });
    const listen = this.button(box, `▶ ${t.rec.listen}`, () => this.listen(this.lesson.audio?.[pointer]?.[g]), { "data-listen": `${pointer}/${g}` });
    const remove = this.button(box, `✕ ${t.rec.remove}`, () => {
      const audio = this.lesson.audio;
      this.recordings.delete(audio?.[pointer]?.[g]);
      if (audio?.[pointer]) delete audio[pointer][g];
      if (audio?.[pointer] && !Object.keys(audio[pointer]).length) delete audio[pointer];
      if (audio && !Object.keys(audio).length) delete this.lesson.audio;
      this.changed({ form: false });
      refresh();
      rec.focus();
    }, { "data-remove-recording": `${pointer}/${g}` });
    const note = h("small", { class: "studio-rec-note", "aria-live": "polite" }, box);
    const key = `${pointer}/${g}`;
    const refresh = () => {
      const file = this.lesson.audio?.[pointer]?.[g];
      const on = this.recording?.key === key;
      rec.textContent = on ? `■ ${t.rec.stop}` : `● ${file ? t.rec.again : t.rec.record}`;
      rec.toggleAttribute("data-recording", on); // its name says Stop (no pressed state: a ✓ in the studio)
      listen.hidden = remove.hidden = !file || on;
      note.textContent = on ? t.rec.recording : file ? t.rec.kept(file) : "";
      box.dataset.recorded = String(Boolean(file));
    };
    refresh();
  },

  /** Records the teacher's voice for a text (the browser asks for the microphone once). */
  async record(pointer, g, refresh) {
    const t = this.t;
    this.stopRecording();
    if (!navigator.mediaDevices?.getUserMedia || !globalThis.MediaRecorder) return this.say(t.rec.noMic);
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return this.say(t.rec.micRefused);
    }
    const recorder = new MediaRecorder(stream);
    const chunks = [];
    const key = `${pointer}/${g}`;
    this.recording = { key, recorder, stream, refresh };
    recorder.ondataavailable = (e) => e.data?.size && chunks.push(e.data);
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (this.recording?.recorder === recorder) this.recording = null;
      const type = recorder.mimeType || "audio/webm";
      const blob = new Blob(chunks, { type });
      if (!blob.size) return refresh();
      const ext = /ogg/.test(type) ? "ogg" : /mp4|aac/.test(type) ? "m4a" : "webm";
      const old = this.lesson.audio?.[pointer]?.[g];
      if (old) this.recordings.delete(old);
      const file = audioFile(this.lesson.id, pointer, g, ext);
      this.recordings.set(file, blob);
      this.lesson.audio = { ...(this.lesson.audio ?? {}), [pointer]: { ...(this.lesson.audio?.[pointer] ?? {}), [g]: file } };
      this.changed({ form: false });
      refresh();
      this.say(t.rec.done(file));
    };
    recorder.start();
    refresh();
  },

  stopRecording() {
    const r = this.recording;
    if (r && r.recorder.state !== "inactive") r.recorder.stop();
  },

  /** Plays a recording: the one made here, else the file beside the lesson in lessons/. */
  listen(file) {
    if (!file) return;
    const blob = this.recordings.get(file);
    const audio = new Audio(blob ? URL.createObjectURL(blob) : new URL(`lessons/${file}`, document.baseURI).href);
    audio.play()?.catch?.(() => this.say(this.t.rec.cannotPlay(file)));
  },

  /** The recordings made here for a lesson's texts, as the player takes them (lessonAudio). @this {any} */
  audioUrls(lesson = this.lesson) {
    const out = {};
    for (const [pointer, files] of Object.entries(lesson.audio ?? {}))
      for (const [g, file] of Object.entries(files ?? {})) {
        const blob = this.recordings.get(file);
        if (blob) (out[pointer] ??= {})[g] = URL.createObjectURL(blob);
      }
    return out;
  },

  /** The recording files of a lesson the studio holds: { "audio/…": bytes }. */
  async audioFiles(lesson) {
    const files = {};
    for (const names of Object.values(lesson.audio ?? {}))
      for (const file of Object.values(names ?? {})) {
        const blob = this.recordings.get(file);
        if (blob) files[file] = new Uint8Array(await blob.arrayBuffer());
      }
    return files;
  },
};

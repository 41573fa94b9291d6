// @ts-check
// A teacher's voice for a text (functions of the studio's state): recorded in the browser (MediaRecorder), listened
// to, and kept in the lesson's `audio` by file name (model.js audioFile); the recordings go into a
// course's .zip and packages.
import { h } from "../widget/dom.js";
import { audioFile } from "./model.js";
import { button, report } from "./ui.js";

/**
 * The teacher's own voice for one text in one language: Record (the microphone, MediaRecorder),
 * Stop, Listen and Remove. The recording is a file of the lesson (audioFile), named in its
 * `audio` under the text's JSON pointer; the player plays it instead of the device's voice.
 */
export function recordField(s, parent, pointer, g, label) {
  const t = s.t;
  const box = h("div", { class: "studio-rec", role: "group", "aria-label": t.rec.group(label, t.langName[g]) }, parent);
  const rec = button(box, "", () => (s.recording?.key === key ? stopRecording(s) : record(s, pointer, g, refresh)), { "data-record": `${pointer}/${g}` });
  const listen = button(box, `▶ ${t.rec.listen}`, () => playRecording(s, s.lesson.audio?.[pointer]?.[g]), { "data-listen": `${pointer}/${g}` });
  const remove = button(box, `✕ ${t.rec.remove}`, () => {
    const audio = s.lesson.audio;
    s.recordings.delete(audio?.[pointer]?.[g]);
    if (audio?.[pointer]) delete audio[pointer][g];
    if (audio?.[pointer] && !Object.keys(audio[pointer]).length) delete audio[pointer];
    if (audio && !Object.keys(audio).length) delete s.lesson.audio;
    s.act.changed({ form: false });
    refresh();
    rec.focus();
  }, { "data-remove-recording": `${pointer}/${g}` });
  const note = h("small", { class: "studio-rec-note", "aria-live": "polite" }, box);
  const key = `${pointer}/${g}`;
  const refresh = () => {
    const file = s.lesson.audio?.[pointer]?.[g];
    const on = s.recording?.key === key;
    rec.textContent = on ? `■ ${t.rec.stop}` : `● ${file ? t.rec.again : t.rec.record}`;
    rec.toggleAttribute("data-recording", on); // its name says Stop (no pressed state: a ✓ in the studio)
    listen.hidden = remove.hidden = !file || on;
    note.textContent = on ? t.rec.recording : file ? t.rec.kept(file) : "";
    box.dataset.recorded = String(Boolean(file));
  };
  refresh();
}

/** Records the teacher's voice for a text (the browser asks for the microphone once). */
export async function record(s, pointer, g, refresh) {
  const t = s.t;
  stopRecording(s);
  if (!navigator.mediaDevices?.getUserMedia || !globalThis.MediaRecorder) return report(s, t.rec.noMic);
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return report(s, t.rec.micRefused);
  }
  const recorder = new MediaRecorder(stream);
  const chunks = [];
  const key = `${pointer}/${g}`;
  s.recording = { key, recorder, stream, refresh };
  recorder.ondataavailable = (e) => e.data?.size && chunks.push(e.data);
  recorder.onstop = () => {
    for (const track of stream.getTracks()) track.stop();
    if (s.recording?.recorder === recorder) s.recording = null;
    const type = recorder.mimeType || "audio/webm";
    const blob = new Blob(chunks, { type });
    if (!blob.size) return refresh();
    const ext = /ogg/.test(type) ? "ogg" : /mp4|aac/.test(type) ? "m4a" : "webm";
    const old = s.lesson.audio?.[pointer]?.[g];
    if (old) s.recordings.delete(old);
    const file = audioFile(s.lesson.id, pointer, g, ext);
    s.recordings.set(file, blob);
    s.lesson.audio = { ...(s.lesson.audio ?? {}), [pointer]: { ...(s.lesson.audio?.[pointer] ?? {}), [g]: file } };
    s.act.changed({ form: false });
    refresh();
    report(s, t.rec.done(file));
  };
  recorder.start(250); // the sound in parts of a quarter second: what was said is kept as it comes
  refresh();
}

export function stopRecording(s) {
  const r = s.recording;
  if (r && r.recorder.state !== "inactive") r.recorder.stop();
}

/** Plays a recording: the one made here, else the file beside the lesson in lessons/. */
export function playRecording(s, file) {
  if (!file) return;
  const blob = s.recordings.get(file);
  const audio = new Audio(blob ? URL.createObjectURL(blob) : new URL(`lessons/${file}`, document.baseURI).href);
  audio.play()?.catch?.(() => report(s, s.t.rec.cannotPlay(file)));
}

/** The recordings made here for a lesson's texts, as the player takes them (lessonAudio). */
export function audioUrls(s, lesson = s.lesson) {
  const out = {};
  for (const [pointer, files] of Object.entries(lesson.audio ?? {}))
    for (const [g, file] of Object.entries(files ?? {})) {
      const blob = s.recordings.get(file);
      if (blob) (out[pointer] ??= {})[g] = URL.createObjectURL(blob);
    }
  return out;
}

/** The recording files of a lesson the studio holds: { "audio/…": bytes }. */
export async function audioFiles(s, lesson) {
  const files = {};
  for (const names of Object.values(lesson.audio ?? {}))
    for (const file of Object.values(names ?? {})) {
      const blob = s.recordings.get(file);
      if (blob) files[file] = new Uint8Array(await blob.arrayBuffer());
    }
  return files;
}

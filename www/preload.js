// The app page's first script (index.html, async: it runs as soon as it arrives, before the page's
// other modules have loaded): on the course or a lesson (the app's default view), asks at once for
// what the course page and its first lesson need beyond the modules, so that a slow school network
// is never idle while the page's code runs. The course and its index (course.js fetches them) at
// the page's priority; the chess lesson package's wasm (lesson.js fetches it) at a low one. Each is
// a <link rel="preload" as="fetch" crossorigin>: the fetch() that asks for the same URL gets it.
// app.js adds the rest (lesson.js, words, the first unfinished lesson's text) once it runs.
if (/^(#\/course|#\/lesson\/[a-z0-9-]*)?$/.test(location.hash)) {
  for (const [href, priority] of [
    ["lessons/course.json", "high"],
    ["course-index.json", "high"],
    ["pkg-lessons/chess_tutor_bg.wasm", "low"],
  ]) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.setAttribute("fetchpriority", priority);
    link.href = new URL(href, document.baseURI).href;
    document.head.append(link);
  }
}

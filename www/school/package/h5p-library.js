// @ts-check
// H5P.ChessTutor's script (the H5P library's preloadedJs; www/school/package/h5p.js puts it in the
// .h5p as H5P.ChessTutor-1.0/h5p-chess-tutor.js). A plain script, no imports: H5P loads it with a
// <script> tag in the frame it gives each content. It builds no page of its own: it imports the
// widget (app/chess-tutor.js, beside it in the library) and puts a <chess-tutor> in the frame, so
// the app keeps its strict-CSP ways (no inline script or style, no eval). The lessons come from
// content.json (the editor's fields) and are given to the widget as text (lessonText); the
// widget's Next goes on to the next lesson of the content. Reports through H5P's xAPI
// (this.trigger, which H5P passes on to H5P.externalDispatcher and the platform):
// - attempted when the first lesson opens;
// - answered per finished lesson, as a child of the content (its object the lesson:
//   ?subContentId=lesson-ID; result.score raw = stars, max 3, success = at least one star);
// - completed once every lesson has been finished (and again when the best stars grow), with
//   result.score raw = the best stars of all lessons, min 0, max 3 per lesson, scaled, and
//   success = the pass mark reached (lessons with a star; default all). getXAPIData gives the
//   same with the lessons as children (Moodle's H5P activity keeps them in its report).
// getCurrentState gives the best stars per lesson, which a platform that keeps H5P state gives
// back (extras.previousState): the child goes on at the first lesson without a star.
// README.md, "For schools".
(function () {
  "use strict";
  // any: H5P's runtime (EventDispatcher, XAPIEvent, getLibraryPath) comes with no types
  var H5P = (/** @type {any} */ (window).H5P = /** @type {any} */ (window).H5P || {});
  var LIBRARY = "H5P.ChessTutor-1.0";
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var MAX = 3;

  /** The library's folder URL, ending in "/". */
  function libraryBase() {
    try {
      if (typeof H5P.getLibraryPath === "function") {
        var path = H5P.getLibraryPath(LIBRARY);
        if (path) return new URL(path.replace(/\/?$/, "/"), document.baseURI).href;
      }
    } catch (e) {
      /* the script's own address below */
    }
    return new URL("./", script && script.src ? script.src : document.baseURI).href;
  }
  var BASE = libraryBase();

  /** H5P's server keeps plain text fields HTML-escaped: the text back (it is never HTML here). */
  function plain(value) {
    return String(value)
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&amp;/g, "&");
  }
  function texts(group) {
    var out = {};
    if (group && typeof group === "object") {
      ["en", "ru"].forEach(function (lang) {
        if (typeof group[lang] === "string" && group[lang]) out[lang] = plain(group[lang]);
      });
    }
    return out;
  }
  /** content.json's lesson as the lesson's JSON text (www/school/package/h5p.js paramsLesson). */
  function lessonText(p) {
    var lesson = {};
    try {
      lesson = JSON.parse(plain(p.data || "{}"));
    } catch (e) {
      lesson = {};
    }
    var out = { id: p.id, title: texts(p.title), intro: texts(p.intro) };
    Object.keys(lesson).forEach(function (k) {
      if (!(k in out)) out[k] = lesson[k];
    });
    var learned = texts(p.learned);
    if (Object.keys(learned).length) out.learned = learned;
    return JSON.stringify(out);
  }
  function pickLang(value) {
    var lang = String(value || "").slice(0, 2).toLowerCase();
    return lang === "ru" ? "ru" : "en";
  }

  /**
   * A lesson of the content: its id, its JSON text, its title per language.
   * @typedef {{ id: string, text: string, title: Record<string, string> }} Lesson
   */
  /**
   * A content's instance: its own fields and methods (below), and what H5P.EventDispatcher and
   * H5P give it (trigger, triggerXAPI, createXAPIEventTemplate, libraryInfo). params and extras
   * are any: content.json (the editor's fields) and H5P's extras, each field read with a check.
   * @typedef {{
   *   params: any, contentId: unknown, extras: any, lessons: Lesson[], pass: number,
   *   results: Record<string, { stars: number, finished: boolean }>, reported: number,
   *   attempted: boolean, current: number, lang: string,
   *   tutor: import("../../widget/dom.js").TutorElement, libraryInfo: unknown,
   *   trigger: (event: unknown) => void, triggerXAPI: (verb: string) => void,
   *   createXAPIEventTemplate: (verb: string) => XAPIEvent,
   *   getTitle: () => string, getScore: () => number, getMaxScore: () => number, done: () => number,
   *   child: (lesson: Lesson) => object, lessonStatement: (lesson: Lesson, verb: string) => XAPIEvent,
   *   courseStatement: (verb: string) => XAPIEvent, finished: (detail: { id?: string, stars?: number }) => void,
   *   address: (k: number) => string, open: (k: number) => void,
   * }} Self
   */
  /** H5P.XAPIEvent (any: H5P's runtime, no types here). @typedef {any} XAPIEvent */

  /** @this {Self} @param {unknown} params @param {unknown} contentId @param {unknown} extras */
  function ChessTutor(params, contentId, extras) {
    H5P.EventDispatcher.call(this);
    this.params = params || {};
    this.contentId = contentId;
    this.extras = extras || {};
    this.lessons = (this.params.lessons || []).map(function (p, k) {
      var id = /^[a-z0-9][a-z0-9-]*$/.test(p.id || "") ? p.id : "lesson-" + (k + 1);
      return { id: id, text: lessonText(Object.assign({}, p, { id: id })), title: texts(p.title) };
    });
    var count = this.lessons.length;
    var pass = Number(this.params.pass);
    this.pass = Number.isInteger(pass) && pass >= 1 && pass <= count ? pass : count;
    this.results = {}; // lesson id -> { stars (best), finished }
    this.reported = -1; // the score of the last completed statement
    // where the child was (getCurrentState, kept by the platform: Moodle, WordPress, Drupal)
    var before = this.extras.previousState;
    if (before && typeof before === "object") {
      var self = this;
      this.lessons.forEach(function (l) {
        var r = before.results && before.results[l.id];
        if (r && typeof r === "object") self.results[l.id] = { stars: Math.max(0, Math.min(MAX, Number(r.stars) || 0)), finished: true };
      });
      if (Number.isInteger(before.reported)) this.reported = before.reported;
    }
    this.attempted = false;
  }
  ChessTutor.prototype = Object.create(H5P.EventDispatcher.prototype);
  ChessTutor.prototype.constructor = ChessTutor;

  /** @this {Self} */
  ChessTutor.prototype.getTitle = function () {
    var meta = this.extras.metadata || {};
    if (meta.title) return meta.title;
    var first = this.lessons[0];
    return first ? first.title.en || first.title.ru || first.id : "Chess tutor";
  };
  /** @this {Self} */
  ChessTutor.prototype.getScore = function () {
    var self = this;
    return this.lessons.reduce(function (sum, l) {
      return sum + (self.results[l.id] ? self.results[l.id].stars : 0);
    }, 0);
  };
  /** @this {Self} */
  ChessTutor.prototype.getMaxScore = function () {
    return MAX * this.lessons.length;
  };
  /** Lessons with at least one star. @this {Self} */
  ChessTutor.prototype.done = function () {
    var self = this;
    return this.lessons.filter(function (l) {
      return self.results[l.id] && self.results[l.id].stars > 0;
    }).length;
  };
  /** What the platform keeps between visits: the best stars per lesson and the last score sent. @this {Self} */
  ChessTutor.prototype.getCurrentState = function () {
    return { results: this.results, reported: this.reported };
  };
  /** @this {Self} */
  ChessTutor.prototype.getAnswerGiven = function () {
    return Object.keys(this.results).length > 0;
  };

  /** The lesson's own object for statements: a child of this content. @this {Self} */
  ChessTutor.prototype.child = function (lesson) {
    var self = this;
    return {
      contentId: this.contentId,
      subContentId: "lesson-" + lesson.id,
      parent: this,
      libraryInfo: this.libraryInfo,
      getTitle: function () {
        return lesson.title[self.lang] || lesson.title.en || lesson.title.ru || lesson.id;
      },
    };
  };
  /** @this {Self} */
  ChessTutor.prototype.lessonStatement = function (lesson, verb) {
    var child = this.child(lesson);
    var result = this.results[lesson.id] || { stars: 0 };
    var event = new H5P.XAPIEvent();
    event.setActor();
    event.setVerb(verb);
    event.setObject(child);
    event.setContext(child);
    event.setScoredResult(result.stars, MAX, child, true, result.stars > 0);
    var def = event.data.statement.object.definition;
    def.type = "http://adlnet.gov/expapi/activities/cmi.interaction";
    def.interactionType = "other";
    return event;
  };
  /** @this {Self} */
  ChessTutor.prototype.courseStatement = function (verb) {
    var event = this.createXAPIEventTemplate(verb);
    var score = this.getScore();
    event.setScoredResult(score, this.getMaxScore(), this, true, this.done() >= this.pass);
    return event;
  };
  /** For platforms that ask (Moodle's H5P activity, H5P's reports): the content and its lessons. @this {Self} */
  ChessTutor.prototype.getXAPIData = function () {
    var self = this;
    return {
      statement: this.courseStatement("answered").data.statement,
      children: this.lessons.map(function (l) {
        return { statement: self.lessonStatement(l, "answered").data.statement };
      }),
    };
  };

  /** @this {Self} */
  ChessTutor.prototype.finished = function (detail) {
    var lesson = this.lessons.filter(function (l) {
      return l.id === detail.id;
    })[0] || this.lessons[this.current];
    if (!lesson) return;
    var stars = Math.max(0, Math.min(MAX, Number(detail.stars) || 0));
    var was = this.results[lesson.id];
    this.results[lesson.id] = { stars: Math.max(stars, was ? was.stars : 0), finished: true };
    this.trigger(this.lessonStatement(lesson, "answered"));
    var self = this;
    var all = this.lessons.every(function (l) {
      return self.results[l.id];
    });
    if (all && this.getScore() !== this.reported) {
      this.reported = this.getScore();
      this.trigger(this.courseStatement("completed"));
    }
  };

  /** The lesson at K as a data: address (the widget plays lessonText and fetches nothing; the
   *  address is the lesson's name for it, and its Next's prefetch reads it without the network). @this {Self} */
  ChessTutor.prototype.address = function (k) {
    return "data:application/json;charset=utf-8," + encodeURIComponent(this.lessons[k].text);
  };
  /** @this {Self} */
  ChessTutor.prototype.open = function (k) {
    var tutor = this.tutor;
    this.current = k;
    tutor.lessonText = this.lessons[k].text;
    if (k + 1 < this.lessons.length) tutor.setAttribute("next", this.address(k + 1));
    else tutor.removeAttribute("next");
    tutor.setAttribute("lesson", this.address(k));
  };

  /** @this {Self} */
  ChessTutor.prototype.attach = function ($container) {
    var self = this;
    var box = $container && $container.jquery ? $container.get(0) : $container;
    box.classList.add("h5p-chess-tutor");
    box.textContent = "";
    this.lang = this.params.lang === "en" || this.params.lang === "ru" ? this.params.lang : pickLang(document.documentElement.lang || navigator.language);
    if (!this.lessons.length) {
      var empty = document.createElement("p");
      empty.className = "h5p-chess-tutor-error";
      empty.textContent = this.lang === "ru" ? "В этом содержимом нет уроков." : "This content has no lessons.";
      box.append(empty);
      return;
    }
    import(BASE + "app/chess-tutor.js").then(
      function () {
        var tutor = (self.tutor = document.createElement("chess-tutor"));
        tutor.setAttribute("lang", self.lang);
        tutor.setAttribute("coordinates", "algebraic");
        var around;
        try {
          around = window.parent.innerHeight; // the page around H5P's frame (same origin on a platform)
        } catch (e) {
          around = 0;
        }
        if (around > 0) box.style.setProperty("--h5p-chess-tutor-fit", Math.max(360, Math.min(900, around - 40)) + "px");
        tutor.addEventListener("lesson-ready", function () {
          if (self.attempted) return;
          self.attempted = true;
          self.triggerXAPI("attempted");
        });
        tutor.addEventListener("lesson-done", function (e) {
          self.finished(/** @type {CustomEvent} */ (e).detail || {});
        });
        // the widget's Next: the next lesson of this content, given as text
        tutor.addEventListener("lesson-next", function (e) {
          e.preventDefault();
          if (self.current + 1 < self.lessons.length) self.open(self.current + 1);
        });
        box.append(tutor);
        // a child who comes back starts at the first lesson without a star
        var next = self.lessons.findIndex(function (l) {
          return !(self.results[l.id] && self.results[l.id].stars > 0);
        });
        self.open(next < 0 ? 0 : next);
        if (typeof ResizeObserver === "function") {
          new ResizeObserver(function () {
            self.trigger("resize");
          }).observe(box);
        }
      },
      function (error) {
        var p = document.createElement("p");
        p.className = "h5p-chess-tutor-error";
        p.setAttribute("role", "alert");
        p.textContent = "chess-tutor: " + (error && error.message ? error.message : error);
        box.append(p);
      },
    );
  };

  H5P.ChessTutor = ChessTutor;
})();

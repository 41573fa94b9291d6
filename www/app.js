// The chess-tutor app page: the <chess-tutor> widget with a language switch, a coordinates
// switch; the widget brings its own game buttons (the controls attribute). Every rule and every
// word on the board come from the widget.
import "./chess-tutor.js";

const TEXT = {
  en: {
    title: "Chess tutor",
    lead: "Click a piece and see where it can go — and why.",
    language: "Language",
    coordinates: "Coordinates",
    none: "none",
    embed: "Put the tutor on your own website",
  },
  ru: {
    title: "Шахматный учитель",
    lead: "Нажми на фигуру — и увидишь, куда она может пойти и почему.",
    language: "Язык",
    coordinates: "Координаты",
    none: "без них",
    embed: "Как поставить учителя на свой сайт",
  },
};

const tutor = document.getElementById("tutor");
const status = document.getElementById("status");
const params = new URLSearchParams(location.search);

function stored(key) {
  try {
    return localStorage.getItem(`chess-tutor.${key}`);
  } catch {
    return null;
  }
}
function store(key, value) {
  try {
    localStorage.setItem(`chess-tutor.${key}`, value);
  } catch {
    /* private mode: nothing to remember */
  }
}

function setLang(lang, remember) {
  document.documentElement.lang = lang;
  tutor.setAttribute("lang", lang);
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = TEXT[lang][node.dataset.text];
  for (const b of document.querySelectorAll("[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
  if (remember) store("lang", lang);
}

function setCoordinates(mode, remember) {
  tutor.setAttribute("coordinates", mode);
  for (const b of document.querySelectorAll("[data-coordinates]")) b.setAttribute("aria-pressed", String(b.dataset.coordinates === mode));
  if (remember) store("coordinates", mode);
}

const browserLang = (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
const lang = [params.get("lang"), stored("lang"), browserLang].find((l) => l === "ru" || l === "en");
setLang(lang, false);
const coordinates = [params.get("coordinates"), stored("coordinates"), "ij"].find((c) => ["ij", "algebraic", "none"].includes(c));
setCoordinates(coordinates, false);
if (params.get("fen")) tutor.setAttribute("fen", params.get("fen"));

for (const b of document.querySelectorAll("[data-lang]")) b.addEventListener("click", () => setLang(b.dataset.lang, true));
for (const b of document.querySelectorAll("[data-coordinates]")) b.addEventListener("click", () => setCoordinates(b.dataset.coordinates, true));
try {
  await tutor.ready;
  status.textContent = `chess-tutor v${tutor.version}`;
  document.body.dataset.ready = "true";
} catch (error) {
  status.textContent = `The chess rules could not be loaded: ${error.message}`;
  document.body.dataset.ready = "error";
  throw error;
}

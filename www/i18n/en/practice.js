// @ts-check
// English words of practice (www/practice/): the child's page, the session, the skill map, the
// practice diary in the settings, and the teacher's Skills view.
import { plural } from "../i18n.js";

const count = plural("en");

export default {
  // the course page
  practice: "Practice",
  practiceLead: "New puzzles every day",
  mySkills: "My skills",
  // the practice page
  title: "Practice",
  start: "Start ▶",
  startLead: "About ten puzzles, made just for you.",
  days: (n) => (n ? `Days of practice: ${n} ★` : "Your first day of practice!"),
  doneToday: "You have practised today. New puzzles tomorrow!",
  mapTitle: "Skills",
  mapLead: "Tap a skill to practise it.",
  skillStars: (n) => (n ? `${count(n, ["star", "stars"])} of 3` : "no stars yet"),
  mastered: "Learned!",
  homework: "Homework from your teacher",
  homeworkSkill: (title) => `Practise: ${title}`,
  homeworkFor: (day) => `For ${day}`,
  gentle: "Gentler puzzles",
  gentleNote: "For grown-ups: puzzles a child solves nine times in ten, instead of four in five.",
  // a session
  loading: "Making puzzles…",
  failed: "The puzzles could not be made. Check the connection and reload the page.",
  puzzleOf: (k, n) => `Puzzle ${k} of ${n}`,
  nextPuzzle: "Next puzzle →",
  finish: "Finish ★",
  easierTitle: "Let’s try an easier one.",
  easier: "Easier puzzle →",
  skillMore: (n) => `Practise: ${count(n, ["puzzle", "puzzles"])} ▶`,
  doneTitle: "Well done!",
  doneCount: (n) => `You solved ${count(n, ["puzzle", "puzzles"])}.`,
  comeBack: "Come back tomorrow: there will be new puzzles.",
  again: "More puzzles ▶",
  toSkills: "My skills ★",
  toLessons: "Lessons",
  back: "← Practice",
  readAloud: "Read aloud",
  notKept: "This browser does not keep the practice diary: it is kept until the page is closed.",
  // the settings: the practice diary
  diary: "Practice diary",
  diaryNote: "For grown-ups: save the diary as a file, or load it on another device.",
  diarySave: "⬇ Save",
  diaryLoad: "⬆ Load",
  diarySaved: (name) => `Saved as ${name}.`,
  diaryLoaded: (n) => (n ? `Loaded: ${count(n, ["answer", "answers"])}.` : "Nothing new in this file."),
  diaryBad: "This file is not a practice diary.",
  diaryTooBig: "This file is too big to be a practice diary.",
  diaryFull: "There is no room left in this browser to keep the diary.",
  // the teacher's Skills view
  skills: "Skills",
  skillsLead: "What each pupil practised, skill by skill: stars, right answers, reviews due.",
  skillsOpen: "★ Each pupil's skills",
  skillsOf: (name) => `Skills: ${name}`,
  skillsNote: "How well each pupil knows each skill, from practice: ★★★ means learned. A skill with “review” is due to be practised again.",
  skillsNone: "No practice yet. Pupils practise from the course page (“Practice”).",
  skillsFailed: "The skills could not be loaded.",
  pupil: "Pupil",
  notTried: "not tried",
  rightOf: (right, attempts) => `${right} of ${attempts} right`,
  due: "review",
  learned: "✔ learned",
  practiseUntil: "Practise until learned",
  practiseNote: "The pupil sees these skills first; each is done when its three stars are earned.",
  practiseList: (titles) => `Practise: ${titles}`,
  practiseNotYet: "not yet",
  practisePupils: (done, all) => `Learned: ${done} of ${all}`,
};

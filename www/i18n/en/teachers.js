// @ts-check
// English words of the "For teachers" page (teachers-home.js): a choice of two.
export default {
  title: "For teachers",
  lead: "What would you like to do?",
  lesson: {
    name: "Make a lesson",
    what: "Set up a position, choose the task and write the words. The checker proves that every answer is right.",
  },
  classes: {
    name: "My classes",
    what: "Your pupils, their homework and every try they made: who is stuck, seen at a glance.",
    needsServer: "Classes need your school's class server. Ask the person who runs your school's website to set it up.",
  },
};

// @ts-check
// English words of the offline prompt (offline.js).
export default {
  updateReady: "A new version of the chess tutor is ready.",
  refresh: "Refresh",
  later: "Later",
};

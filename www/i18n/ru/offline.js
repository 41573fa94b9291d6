// @ts-check
// Русские слова подсказки об обновлении (offline.js).
export default {
  updateReady: "Готова новая версия шахматного учителя.",
  refresh: "Обновить",
  later: "Позже",
};

// @ts-check
// csp.html: says on the page whether the browser reported any Content-Security-Policy violation.
const report = /** @type {HTMLElement} */ (document.getElementById("csp-report"));
/** @type {string[]} */
const violations = [];
const show = () => {
  report.textContent = violations.length
    ? `CSP violations: ${violations.join("; ")}`
    : "No Content-Security-Policy violations so far.";
  document.body.dataset.violations = String(violations.length);
};
document.addEventListener("securitypolicyviolation", (e) => {
  violations.push(`${e.violatedDirective} ${e.blockedURI || "inline"}`);
  show();
});
show();
const tutor = /** @type {HTMLElement & { ready?: Promise<unknown> }} */ (document.getElementById("tutor"));
await customElements.whenDefined("chess-tutor");
await tutor.ready;
document.body.dataset.ready = "true";
export {}; // a module (csp.html loads it as one): its top-level await

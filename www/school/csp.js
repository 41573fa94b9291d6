// csp.html: says on the page whether the browser reported any Content-Security-Policy violation.
const report = document.getElementById("csp-report");
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
const tutor = document.getElementById("tutor");
await customElements.whenDefined("chess-tutor");
await tutor.ready;
document.body.dataset.ready = "true";

// @ts-check
// A QR code as an SVG element (drawn with DOM calls: no markup strings, fine under a strict CSP),
// for the login cards (teacher.js). The code itself: qrcode-generator (MIT, from npm), bundled
// into this file by scripts/build-web.mjs and loaded only when cards are printed.
import qrcode from "qrcode-generator";
import { s } from "../widget/dom.js";

/** An <svg> of the QR code of `text` (error correction M), with a quiet zone of 4 modules. */
export function qrSvg(text, { label = "" } = {}) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 8;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "qr", "shape-rendering": "crispEdges", role: "img", "aria-label": label });
  s("rect", { width: String(size), height: String(size), fill: "#fff" }, svg);
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  s("path", { d, fill: "#000" }, svg);
  return svg;
}

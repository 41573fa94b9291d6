#!/usr/bin/env node
// Packages the built app for other places to run it.
//
//   npm run package -- scorm     dist/chess-tutor-scorm12.zip: a SCORM 1.2 package (one SCO)
//
// The package is dist/ as built (npm run build; brought up to date here), the course (the lessons
// link followed) and imsmanifest.xml: one organization, one item, one SCO launched at index.html.
// In the learning platform's frame the app finds the platform's API (www/scorm.js) and reports
// lesson_status, score.raw and its progress (cmi.suspend_data). Zipped with fflate.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { DIST, buildWeb } from "./build-web.mjs";
import { precacheFiles } from "./precache.mjs";

export const SCORM_ZIP = "chess-tutor-scorm12.zip";

const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The files of the package: every file of dir (links followed) but dot files, source maps,
 *  serve.json and zips (an earlier package); with api/v1/health (a static host's "no class
 *  server here", www/app.js), which the service worker's list leaves out. */
export function packageFiles(dir) {
  const health = existsSync(join(dir, "api", "v1", "health")) ? ["api/v1/health"] : [];
  return [...precacheFiles(dir), "sw.js", ...health].filter((f) => !/\.zip$/.test(f)).sort();
}

/** imsmanifest.xml for a SCORM 1.2 package with one SCO (index.html) holding `files`. */
export function scormManifest({ title, version, files, identifier = "chess-tutor" }) {
  const fileList = files.map((f) => `      <file href="${xml(f)}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(identifier)}" version="${xml(version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="chess-tutor-course">
    <organization identifier="chess-tutor-course">
      <title>${xml(title)}</title>
      <item identifier="course" identifierref="course-sco" isvisible="true">
        <title>${xml(title)}</title>
        <adlcp:masteryscore>100</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/** Builds dist/ when stale and writes dist/chess-tutor-scorm12.zip; returns its path. */
export async function packageScorm(dist = DIST) {
  await buildWeb({ dist });
  const files = packageFiles(dist);
  const course = JSON.parse(readFileSync(join(dist, "lessons", "course.json"), "utf8"));
  const pkg = JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8"));
  // the course's title in every language it has, English first ("Chess / Шахматы")
  const names = Object.entries(course.title ?? {}).sort(([a], [b]) => (b === "en") - (a === "en")).map(([, t]) => t).filter(Boolean);
  const title = names.length ? names.join(" / ") : "Chess tutor";
  const entries = { "imsmanifest.xml": new TextEncoder().encode(scormManifest({ title, version: pkg.version, files })) };
  // already-compressed files (wasm is not, but zips well) are stored; the rest deflated
  for (const f of files) entries[f] = [readFileSync(join(dist, f)), { level: /\.(png|jpe?g|webp|zip)$/.test(f) ? 0 : 9 }];
  const out = join(dist, SCORM_ZIP);
  writeFileSync(out, zipSync(entries, { mtime: new Date("2024-01-01T00:00:00Z") }));
  return out;
}

const KINDS = { scorm: packageScorm };

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "") {
  const kind = process.argv[2];
  if (!KINDS[kind] || process.argv.length > 3) {
    console.error(`Usage: npm run package -- ${Object.keys(KINDS).join("|")}${kind ? ` (not ${process.argv.slice(2).join(" ")})` : ""}`);
    process.exit(2);
  }
  const out = await KINDS[kind]();
  console.log(`✓ ${relative(process.cwd(), out)} (${Math.round(readFileSync(out).length / 1024)} KB)`);
}

// @ts-check
// SCORM 1.2: the built app with the course (lessons/), scorm.json (the package's lessons and pass
// mark, which www/school/scorm.js reads in the platform's frame) and imsmanifest.xml: one organization,
// one item, one SCO launched at index.html. The manifest's adlcp:masteryscore is one a pupil
// reaches: for one lesson the score of one star (33); a course has none, as its pass mark counts
// lessons, not stars (README.md, "For schools"). The format contract: core.js.
import { PackageError, appWithCourse, checkPass, courseLessons, titleText, withPrecache, xml } from "./core.js";

/** The zip's name: chess-tutor-scorm12.zip, or with the slug (a lesson's id, a course's name). */
export const SCORM_ZIP = "chess-tutor-scorm12.zip";

/** The score (0..100, www/school/scorm.js's report) of one star of three: a one-lesson package's mastery score. */
export const ONE_STAR_SCORE = Math.round(100 / 3);

/** imsmanifest.xml for a SCORM 1.2 package with one SCO (index.html) holding `files`; MASTERY
 *  (a score a pupil reaches) and PARAMETERS (appended to the launch URL) only when given. */
export function scormManifest({ title, version, files, identifier = "chess-tutor", mastery = null, parameters = null }) {
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
      <item identifier="course" identifierref="course-sco" isvisible="true"${parameters ? ` parameters="${xml(parameters)}"` : ""}>
        <title>${xml(title)}</title>${mastery == null ? "" : `\n        <adlcp:masteryscore>${xml(mastery)}</adlcp:masteryscore>`}
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

export default {
  id: "scorm",
  label: { en: "SCORM 1.2 package", ru: "Пакет SCORM 1.2" },
  /** A course of one lesson is passed once that lesson has a star (mastery score 33, launched at
   *  #/lesson/ID); a course by PASS lessons with a star (default all), with no mastery score. */
  build({ title = null, course, lessons, appFiles, pass = null, slug = null, version = "1" }) {
    if (!appFiles["index.html"]) throw new PackageError("the built app has no index.html (npm run build)");
    const list = courseLessons(course, lessons);
    const one = list.length === 1 ? list[0] : null;
    if (one && pass != null && pass !== 1) throw new PackageError(`--pass ${pass}: a package of one lesson is passed once that lesson has a star (--pass 1 or none)`);
    const mark = checkPass(pass, list.length);
    const name = titleText(title ?? (one ? one.data.title : course.title), one ? one.id : "Chess tutor");
    const files = appWithCourse(appFiles, course, lessons);
    files["scorm.json"] = `${JSON.stringify({ lessons: list.map((l) => l.id), pass: mark })}\n`;
    withPrecache(files); // the service worker precaches what the package holds
    const manifest = { title: name, version, files: Object.keys(files).sort() };
    files["imsmanifest.xml"] = scormManifest(one ? { ...manifest, identifier: `chess-tutor-${one.id}`, mastery: ONE_STAR_SCORE, parameters: `#/lesson/${one.id}` } : manifest);
    const tag = slug ?? (one ? one.id : null);
    return { name: tag ? SCORM_ZIP.replace(/\.zip$/, `-${tag}.zip`) : SCORM_ZIP, files };
  },
};

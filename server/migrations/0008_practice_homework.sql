-- Homework "practise SKILL until mastered" (issue 35): an assignment's skills of
-- lessons/skills.json, a JSON array of skill ids as `lessons` is (`[]`: none). The server marks
-- a skill done for a pupil once the learner model over her judged practice attempts says
-- mastered (server/src/practice.rs).
ALTER TABLE assignments ADD COLUMN practice TEXT NOT NULL DEFAULT '[]';

-- How each try ended (issue 37): every try a pupil makes is an attempt, sent when the lesson is
-- solved, failed, restarted ("Again") or left; the server judges it and keeps here its kind
-- ('solved', 'failed', 'restarted', 'left'), whether the lesson said "try again" in it (failed,
-- 0/1: a try left after a wrong move is 'left' and failed), and what the child saw after each
-- entry of its moves (a JSON array of {san?, feedback?, failure?}: the move's notation and the
-- lesson's words, for the teacher's replay). Attempts stored before this migration have no row:
-- they read as 'solved' when solved, else 'left' (the app sent only solved and given-up tries).
CREATE TABLE tries (
    id TEXT PRIMARY KEY REFERENCES attempts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    failed BIGINT NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '[]'
);

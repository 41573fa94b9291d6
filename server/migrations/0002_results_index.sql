-- classResults reads a class's attempts grouped by pupil and lesson: a covering index answers it
-- without reading the attempts' rows (their moves).
CREATE INDEX attempts_results ON attempts(class, pupil, lesson, stars, solved, hints, ms, at);
DROP INDEX attempts_class;

-- What bounds a hostile pupil (server/src/limits.rs, server/src/signin.rs).
-- The attempts of a pupil and of a class in the last minutes are counted for the rate limit.
CREATE INDEX attempts_pupil_at ON attempts(pupil, at);
CREATE INDEX attempts_class_at ON attempts(class, at);
-- A class's stored attempts in characters (a running count, made exact again when it says the
-- quota is reached), and when a limit last refused the class's pupils (the teacher's page says
-- it).
CREATE TABLE class_usage (
    class TEXT PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
    bytes BIGINT NOT NULL DEFAULT 0,
    slowed_at BIGINT NOT NULL DEFAULT 0,
    full_at BIGINT NOT NULL DEFAULT 0
);
-- The devices where someone signed in with the right password or pictures: the SHA-256 of the
-- device cookie's random token, and whose sign-in it was (`teacher:<id>`, `pupil:<id>`). A known
-- device is not held back by strangers' wrong tries.
CREATE TABLE known_devices (
    device TEXT NOT NULL,
    subject TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (device, subject)
);
-- Times beyond a day were never a child's: a day at most, so that no sum overflows.
UPDATE attempts SET ms = 86400000 WHERE ms > 86400000 OR ms < 0;
UPDATE attempts SET hints = 1000 WHERE hints > 1000 OR hints < 0;

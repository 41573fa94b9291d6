-- The class server's first schema. Portable SQL: SQLite and PostgreSQL run the same file.
-- Ids are random text; times are milliseconds since 1970 (BIGINT); flags are 0/1 (BIGINT).
-- Append-only: a change of schema is a new file, never an edit of this one.

CREATE TABLE teachers (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    login TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created BIGINT NOT NULL
);

CREATE TABLE classes (
    id TEXT PRIMARY KEY,
    teacher TEXT NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    created BIGINT NOT NULL
);
CREATE INDEX classes_teacher ON classes(teacher);

CREATE TABLE pupils (
    id TEXT PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    pictures TEXT NOT NULL,
    failures BIGINT NOT NULL DEFAULT 0,
    locked_until BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL
);
CREATE INDEX pupils_class ON pupils(class);

-- A teacher's own lessons (sent from the studio), checked before they are stored.
CREATE TABLE lessons (
    teacher TEXT NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (teacher, id)
);

CREATE TABLE assignments (
    id TEXT PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    lessons TEXT NOT NULL,
    due TEXT,
    pass BIGINT,
    created BIGINT NOT NULL
);
CREATE INDEX assignments_class ON assignments(class);

-- Every attempt, under the id its client chose (a resend is stored once).
CREATE TABLE attempts (
    id TEXT PRIMARY KEY,
    pupil TEXT NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
    class TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    lesson TEXT NOT NULL,
    moves TEXT NOT NULL,
    answers TEXT NOT NULL,
    hints BIGINT NOT NULL,
    ms BIGINT NOT NULL,
    stars BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX attempts_class ON attempts(class, pupil, lesson);
CREATE INDEX attempts_pupil ON attempts(pupil, lesson);

-- Sessions: the SHA-256 of the cookie's random token, never the token.
CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    role TEXT NOT NULL,
    subject TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_subject ON sessions(subject);

-- Wrong teacher passwords, per login and per address, for the rate limit (in the database, so
-- that several instances share it).
CREATE TABLE sign_in_failures (
    key TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures(key, at);

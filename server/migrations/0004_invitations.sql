-- Invitations to sign up as a teacher (`--signup invite`): the SHA-256 of the code the admin's
-- `chess-tutor-server invite` printed, never the code; used once (`used`: when, 0 before).
CREATE TABLE invitations (
    code TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    used BIGINT NOT NULL DEFAULT 0
);

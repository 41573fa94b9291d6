-- The replay's marks: what the judge made of each entry of an attempt's moves (a JSON array of
-- "good", "mistake", "reply", "takeback", "refused", "unplayed"), and after how many moves each
-- hint was asked (a JSON array of numbers, as the client sends it). Attempts stored before this
-- migration have neither ('[]'): the replay then says less.
ALTER TABLE attempts ADD COLUMN verdicts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE attempts ADD COLUMN hints_at TEXT NOT NULL DEFAULT '[]';

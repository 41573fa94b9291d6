-- Practice (issue 35): the rating of each practice exercise a pupil tried, by its id
-- (practice/<skill>/<seed>: the same exercise for every pupil), written when the server judges
-- an attempt at it. The class's Skills view replays each pupil's practice attempts with these
-- ratings through the learner model, as the browser does with the pupil's own log.
CREATE TABLE practice_ratings (
    lesson TEXT PRIMARY KEY,
    rating BIGINT NOT NULL
);

//! The English message catalogue, for `Display`, the command line and thrown WASM errors. The
//! English words are written once, in `www/i18n/en/messages-*.js`: a message with an empty
//! template here takes its words from there (crate/build.rs reads them at build time). Only the
//! messages whose English is code there (a function: a capital, a word looked up, a way on the
//! board) have their template here, held equal by tests/js/messages.test.mjs.
//!
//! A template fills `{name}` with the argument `name`, and `{Name}` with it capitalised
//! (`White`). Other braces (`'{'`) stay as they are.

use super::{Arg, Message};

/// Every message: id, English template (empty: the words of `www/i18n/en`), sample arguments
/// (`name=value;…`, a number when the value reads as one). Grouped by the JS file that holds the words (see the comments).
pub static MESSAGES: &[(&str, &str, &str)] = &[
    // ---- messages-core: position, FEN, text board, moves, rules, pieces
    ("position-pawn-on-edge", "", "square=e8"),
    ("position-kings", "", "side=white;count=2"),
    ("position-pawns", "", "side=black;count=9"),
    ("position-pieces", "", "side=white;count=17"),
    ("position-castling-king", "", "side=white;wing=king;square=e1"),
    ("position-castling-rook", "", "side=black;wing=queen;square=a8"),
    ("position-en-passant", "", "square=e3;side=white"),
    ("position-in-check", "", "side=black;square=e8;turn=white"),
    ("fen-empty", "", ""),
    ("input-too-long", "this {what} is {size} bytes long; the tutor reads at most {limit} bytes: is it the right file?", "what=fen;size=300;limit=256"),
    ("fen-too-many-fields", "", "count=7"),
    ("fen-bad-side", "", "found=x"),
    ("fen-bad-castling", "", "letter=X"),
    ("fen-castling-twice", "", "letter=K"),
    ("fen-bad-en-passant", "", "found=e9"),
    ("fen-bad-halfmove", "", "found=-1"),
    ("fen-bad-fullmove", "", "found=0"),
    ("fen-rank-count", "", "count=7"),
    ("fen-bad-digit", "", "rank=8;char=9"),
    ("fen-bad-letter", "", "rank=8;char=x"),
    ("fen-rank-too-long", "", "rank=4"),
    ("fen-bad-rank-length", "", "rank=5;count=7"),
    ("board-line-count", "", "count=7"),
    ("board-line-length", "", "rank=6;count=9"),
    ("board-bad-letter", "", "char=x"),
    ("board-extra-lines", "", ""),
    ("san-cannot-castle", "{Side} cannot castle {wing}'s side now", "side=white;wing=queen"),
    ("san-empty", "", ""),
    ("san-no-target", "", ""),
    ("san-bad-square", "", "found=z9"),
    ("san-not-understood", "", "char=!"),
    ("san-no-move", "no {piece} move to {to} for {Side}", "piece=knight;to=f4;side=white"),
    ("san-no-move-from", "no {piece} move from {from} to {to} for {Side}", "piece=rook;from=a;to=a5;side=black"),
    ("san-no-move-in-check", "no {piece} move to {to} for {Side} (in check)", "piece=bishop;to=c4;side=white"),
    ("san-not-promotion", "", ""),
    ("san-promotion-piece", "", ""),
    ("san-ambiguous", "", "candidates=Nbd2, Nfd2"),
    ("uci-bad", "", ""),
    ("uci-bad-promotion", "", "found=k"),
    ("uci-illegal", "", "side=white"),
    ("pgn-comment-open", "", ""),
    ("pgn-tag-syntax", "", ""),
    ("pgn-tag-value-open", "", "tag_name=Event"),
    ("pgn-tag-not-closed", "", "tag_name=Site"),
    ("pgn-variation-open", "", ""),
    ("pgn-variant", "", "variant=Crazyhouse"),
    ("pgn-setup-no-fen", "", ""),
    ("pgn-close-paren", "", ""),
    ("pgn-unexpected", "", "char=&"),
    ("pgn-result-mismatch", "", "result=1-0;tag_result=0-1"),
    ("pgn-null-move", "", ""),
    ("pgn-no-game", "", ""),
    ("rule-game-over", "", "result=1-0"),
    ("rule-game-over-reason", "the game is already over ({result}, {reason})", "result=1/2-1/2;reason=stalemate"),
    ("rule-no-piece", "", "square=e4"),
    ("rule-not-your-piece", "", "square=e7;side=white"),
    ("rule-not-legal", "", "from=e2;to=e5"),
    ("rule-needs-promotion", "", "from=e7;to=e8"),
    ("rule-bad-promotion", "", "piece=king"),
    ("rule-illegal-move", "", "uci=e2e5"),
    ("rule-no-claim", "", ""),
    ("rule-already-ended", "the game has already ended: {result}, {reason}", "result=1-0;reason=checkmate"),
    ("rule-flag-cannot-mate", "{Side} cannot mate, so a flag fall is a draw", "side=black"),
    ("rule-flag-both-can-mate", "", ""),
    ("rule-not-threefold", "", ""),
    ("rule-not-fifty", "", ""),
    ("rule-not-allowed", "the last position does not allow {reason} ({result})", "reason=stalemate;result=1/2-1/2"),
    ("bad-square", "", "found=i9"),
    ("bad-square-ij", "", "i=8;j=0"),
    ("bad-side", "", "found=red"),
    ("bad-promotion", "", "found=k"),
    ("bad-seed", "", "found=-1"),
    ("bad-reason", "", "found=boredom"),
    ("no-pawn-on", "", "square=e4"),
    ("piece-pawn", "pawn", ""),
    ("piece-knight", "knight", ""),
    ("piece-bishop", "bishop", ""),
    ("piece-rook", "rook", ""),
    ("piece-queen", "queen", ""),
    ("piece-king", "king", ""),
    // ---- messages-lesson: the lesson player, the endgame judge and its ideas
    ("lesson-no-piece", "", ""),
    ("lesson-king-attacked", "", ""),
    ("lesson-in-check", "", ""),
    ("lesson-uncovers-king", "", ""),
    ("lesson-cannot-move-so", "", "piece=knight"),
    ("lesson-no-tables", "", ""),
    ("lesson-not-best", "", ""),
    ("lesson-piece-unprotected", "", "piece=rook"),
    ("lesson-stalemate", "", ""),
    ("lesson-not-mate", "", "n=2"),
    ("lesson-piece-taken", "", ""),
    ("lesson-game-over", "", ""),
    ("lesson-wrong-square", "", "piece=bishop;square=e5"),
    ("lesson-wrong-answer", "", ""),
    ("lesson-hint-piece", "", "piece=rook;square=a3"),
    ("lesson-hint-move", "", "piece=rook;from=a3;to=b3"),
    ("lesson-hint-piece-at", "", "square=a3"),
    ("lesson-hint-move-at", "", "from=a3;to=b3"),
    ("lesson-hint-promote", "", "from=a7;to=a8;becomes=rook"),
    ("lesson-hint-quiz", "", "piece=rook;square=a3"),
    ("lesson-hint-quiz-at", "", "square=a3"),
    ("lesson-not-mate-no-check", "", "n=1"),
    ("lesson-win-to-draw", "", ""),
    ("lesson-win-to-loss", "", ""),
    ("lesson-draw-to-loss", "", ""),
    ("lesson-student-not-to-move", "", "side=white;turn=black"),
    ("lesson-needs-tables", "", "files=kpk.bin"),
    ("lesson-needs-package", "", "package=pkg-lessons-full"),
    ("lesson-unreadable", "", "line=6;col=3"),
    ("lesson-capture-weaker", "", "square=d5;ours=1½;theirs=1½"),
    ("lesson-region", "", "square=e1"),
    ("lesson-piece-cannot-move-so", "", ""),
    ("lesson-piece-wrong-square", "", "square=d5"),
    ("lesson-why-capture", "", "square=d5;ours=3;theirs=1½"),
    ("lesson-why-no-capture", "", "square=d5;ours=1½;theirs=1½"),
    ("lesson-why-white", "", "square=d5;white=3;black=1½"),
    ("lesson-why-black", "", "square=d5;white=1;black=2"),
    ("lesson-why-equal", "", "square=d5;white=1½;black=1½"),
    ("idea-left-square", "", ""),
    ("idea-gave-opposition", "", ""),
    ("idea-king-in-front", "", ""),
    // ---- messages-check: the lesson checker, the doctor, JSON, the solver and the engine
    ("json-syntax", "", "detail=invalid escape"),
    ("json-expected", "", "expected=',' or '}'"),
    ("json-eof", "", ""),
    ("json-trailing-comma", "", ""),
    ("json-trailing-characters", "", ""),
    ("json-unknown-field", "", "field=titel;suggestion=title"),
    ("json-unknown-field-choices", "", "field=foo;choices='id', 'title'"),
    ("json-unknown-value", "", "value=star;suggestion=stars"),
    ("json-unknown-value-choices", "", "value=moon;choices='stars', 'mate'"),
    ("json-missing-field", "this {what} has no '{field}': add \"{field}\": … inside the '{' on line {at_line}", "what=lesson;field=title;at_line=1"),
    ("json-not-object", "a {what} is one JSON object '{ … }'; this file holds {got}", "what=lesson;got=list"),
    ("input-too-deep", "brackets are nested more than {limit} deep on line {at_line}: a {what} never needs that many; look for brackets '[' or '{' that are never closed", "what=lesson;limit=64;at_line=3"),
    ("json-missing-translation", "", "lang=en"),
    ("json-not-position", "", ""),
    ("json-wrong-type", "this should be {want}, not {got}", "got=string;value=three;want=whole-number"),
    ("check-empty-translation", "", "lang=en"),
    ("check-missing-language", "", "lang=ru;shown=en"),
    ("check-empty-text", "", ""),
    ("check-bad-square", "", "found=k9"),
    ("check-bad-id", "", "id=My Lesson"),
    ("check-id-file", "", "id=another-name;file=wrong-id"),
    ("check-student-not-to-move", "", "side=white;turn=black"),
    ("check-game-over", "", ""),
    ("check-no-opponent", "", ""),
    ("check-engine-level", "", "level=9"),
    ("check-no-replies", "", ""),
    ("check-solver-rules", "", ""),
    ("check-solver-goal", "the endgame solver plays the goals 'Promote a pawn', 'Win against the computer' and 'Hold a draw against the computer', not '{goal}'", "goal=mate"),
    ("check-no-stars", "", ""),
    ("check-star-occupied", "", "square=a5"),
    ("check-star-twice", "", "square=c3"),
    ("check-nothing-to-capture", "", ""),
    ("check-reach-own", "", "square=d4"),
    ("check-no-piece-of", "", "side=white;square=h5"),
    ("check-no-pawn", "", "side=black"),
    ("check-mate-range", "", "n=7"),
    ("check-no-enemy-king", "", ""),
    ("check-no-answers", "", ""),
    ("check-targets-empty", "", "square=e4"),
    ("check-targets-theirs", "", "square=e7;side=white"),
    ("check-targets-stuck", "", "square=a1"),
    ("check-two-choices", "", ""),
    ("check-answer-range", "", "answer=3;last=2;answer_no=4;count=3"),
    ("check-results-count", "", "results=2;choices=3"),
    ("check-results-rules", "", ""),
    ("check-needs-computer", "the goal '{goal}' needs the computer to answer: choose 'Endgame solver (king and pawn)' or 'Engine' as who answers", "goal=win"),
    ("check-draw-moves", "", ""),
    ("check-draw-par", "", ""),
    ("check-needs-par", "the goal '{goal}' needs a par: the number of moves for 3 stars", "goal=stars"),
    ("check-par-zero", "", ""),
    ("check-hint-other-piece", "", "square=e2"),
    ("check-section-empty", "", ""),
    ("check-no-lesson-file", "", "file=syntx.json"),
    ("check-no-lesson-file-near", "", "file=syntx.json;suggestion=syntax.json"),
    ("check-listed-twice", "", "file=a.json;first=/sections/0/lessons/0"),
    ("check-skill-unknown", "", "skill=rook-star"),
    ("check-skill-unknown-near", "", "skill=rook-star;suggestion=rook-stars"),
    ("check-skill-not-listed", "", "skill=fork;lesson=tactic-fork"),
    ("check-skill-missing", "", "skill=fork"),
    ("check-in-no-section", "", "file=a.json"),
    ("check-in-other-course", "", "file=a.json;course=course-t1.json"),
    ("courses-empty", "", ""),
    ("courses-bad-name", "", "file=Course 2.json"),
    ("courses-no-file", "", "file=course-t2.json"),
    ("courses-not-listed", "", "file=course-t2.json"),
    ("check-no-piece-set", "", "set=chess-t2"),
    ("check-piece-set-broken", "", "set=my-set"),
    ("check-pieces-no-opponent", "", ""),
    ("check-not-capture-line", "", "from=e5;to=h5"),
    ("check-goal-not-for-pieces", "this piece set has no check or mate, so the goal '{goal}' cannot be played; choose another goal", "goal=mate"),
    ("check-goal-needs-pieces", "the goal '{goal}' counts force, which only a piece set has: choose the pieces 'chess-t1'", "goal=stronger"),
    ("check-pieces-bad-move", "", "found=e5e9"),
    ("doctor-star-unreachable", "", "square=d3"),
    ("doctor-never", "the child can never {task} here (searched {depth} moves ahead)", "task=collect-stars;depth=24"),
    ("doctor-par-too-small", "par is {par} but it takes at least {min} moves to {task}; set par to {min}", "par=1;min=4;task=reach;square=h8"),
    ("doctor-par-too-big", "par is {par} but {min} moves are enough to {task}", "par=6;min=4;task=promote-pawn"),
    ("doctor-mate-timeout", "", "n=5"),
    ("doctor-no-mate", "", "n=1"),
    ("doctor-mate-shorter", "", "k=1;n=2"),
    ("doctor-hint-no-mate", "", "hint=Qh5;n=2"),
    ("doctor-cannot-prove", "the doctor cannot yet prove the goal '{goal}' against this opponent; play it through to check", "goal=stars"),
    ("doctor-no-solver", "", ""),
    ("doctor-holds", "the defender holds this position: perfect play draws, so {side} cannot {task} against the solver", "side=white;task=promote"),
    ("doctor-goal-lost", "{verdict}, so {side} cannot {task} against the solver", "verdict=loses;side=white;distance=9;within=5;task=hold-draw"),
    ("doctor-draw-wins", "{verdict}; make the goal 'Win against the computer' or 'Promote a pawn'", "verdict=wins;side=white;distance=7;within=4"),
    ("doctor-king-alone", "", "side=black"),
    ("doctor-hint-throws", "the hinted move {hint} throws away the {lost}: after it {verdict}", "hint=Kd5;lost=win;verdict=draws"),
    ("doctor-solver-timeout", "the doctor could not find the fewest moves to {task} in time", "task=give-mate"),
    ("doctor-solver-par-too-small", "par is {par} but against the solver's best defence it takes at least {min} moves to {task}; set par to {min}", "par=3;min=5;task=promote"),
    ("doctor-solver-par-too-big", "par is {par} but {min} moves are enough to {task} against the solver's best defence", "par=9;min=5;task=give-mate"),
    ("doctor-answer-throws", "{answer} throws away the {lost}: after it {verdict}", "answer=Kd5;lost=draw;verdict=loses;side=white;distance=5;within=3"),
    ("doctor-every-move-loses", "", "side=black"),
    ("doctor-also-wins", "", "candidates=Kd6, Kc6"),
    ("doctor-also-draws", "", "candidates=Kg7"),
    ("doctor-answer-wrong", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}", "answer=0;answer_no=1;claimed=win;verdict=draws"),
    ("doctor-answer-wrong-set", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}; make choice {right_no} the right one", "answer=0;answer_no=1;claimed=draw;verdict=wins;side=white;distance=7;within=4;right=1;right_no=2"),
    ("doctor-answer-wrong-none", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}; no choice stands for a {truth}", "answer=0;answer_no=1;claimed=draw;verdict=loses;side=black;distance=3;within=2;truth=loss"),
    ("doctor-answer-why", "the right answer (choice {answer_no}) stands for a {claimed}, but {why}", "why=king-helps;attacker=white;defender=black;pawn=e4;answer=0;answer_no=1;claimed=draw;truth=win;verdict=wins;side=white;distance=7;within=4"),
    ("why-outside-square", "", "defender=black;pawn=e4;attacker=white"),
    ("why-key-square", "", "attacker=white;key=d6;pawn=d4;defender=black"),
    ("why-king-helps", "", "attacker=white;pawn=e4;defender=black"),
    ("why-too-far", "", "attacker=white;pawn=e4;defender=black"),
    ("doctor-result-too", "", "choice=2;choice_no=3;result=win"),
    ("endgame-no-king", "", "side=black"),
    ("endgame-outside", "", "side=black;piece=knight;classes=KPK, KPKP, KQKP"),
    ("endgame-too-many", "", "side=white;count=2;classes=KPK, KPKP, KQKP"),
    ("endgame-castling", "", "side=white"),
    ("endgame-illegal-move", "", "uci=e2e5"),
    ("endgame-missing", "", "files=kpk.bin"),
    ("endgame-data", "", "file=kpk.bin;detail=the file is too short"),
    ("engine-level", "", "level=9"),
    ("engine-game-over", "the game is over ({reason}, {result})", "reason=checkmate;result=1-0"),
    ("engine-no-moves", "", "side=white"),
    // ---- messages-variant: piece sets (their checker) and the variant rules (chess-t1)
    ("json-bad-value", "{got} is not allowed here: use {want}", "got=integer;value=2;want=step"),
    ("want-step", "", ""),
    ("want-letter", "", ""),
    ("pieces-bad-id", "", "id=My Piece"),
    ("pieces-id-twice", "", "id=prince;first=/pieces/0"),
    ("pieces-none", "", ""),
    ("pieces-bad-letter", "", "found=1"),
    ("pieces-letter-twice", "", "letter=P;other=prince"),
    ("pieces-bad-image", "", "found=../x.svg"),
    ("pieces-unknown-region", "", "region=castle"),
    ("pieces-unknown-region-near", "", "region=castel;suggestion=castle"),
    ("pieces-no-lines", "", ""),
    ("pieces-empty-deltas", "", "field=di"),
    ("pieces-no-step", "", ""),
    ("pieces-bad-scale", "", "i=0;j=1"),
    ("pieces-bad-n", "", "min=0;max=2"),
    ("pieces-bad-start", "", "found=9;max=1"),
    ("pieces-unknown-set", "", "id=chess-t2"),
    ("variant-bad-letter", "", "rank=8;char=x;letters=PRWN"),
    ("variant-board-bad-letter", "", "char=x;letters=PRWN"),
    ("variant-no-castling", "", "found=KQkq"),
    ("variant-no-en-passant", "", "found=e3"),
    ("variant-cannot-reach", "", "piece=ritter;from=d5;to=c5"),
    ("variant-not-stronger", "", "from=e5;to=d5;side=white;white=1½;black=1½"),
    ("variant-region", "the {piece} may not enter {square}: it is in the {region}", "piece=ritter;square=e1;region=castle"),
    ("variant-nothing-to-undo", "", ""),
    ("variant-nothing-to-redo", "", ""),
    ("variant-target-move", "", "piece=prince;from=e5;to=f6;line=3;n=1;di=1;dj=1"),
    ("variant-target-capture", "", "piece=prince;from=e5;to=d5;line=2;n=1;di=0;dj=-1;white=3;black=1½;side=white"),
    ("variant-target-not-stronger", "", "piece=prince;from=e5;to=d5;line=2;n=1;di=0;dj=-1;white=1½;black=1½;side=white"),
    ("variant-target-region", "{to}: the {piece} may not enter the {region}", "piece=ritter;from=e3;to=e1;line=1;n=2;di=-1;dj=0;region=castle"),
    ("region-castle", "", ""),
    // words that fill other messages: `{task}` with the value `reach` takes the words of
    // `task-reach` (see `render`)
    ("task-collect-stars", "", ""),
    ("task-capture-all", "", ""),
    ("task-reach", "", "square=h8"),
    ("task-promote-pawn", "", ""),
    ("task-promote", "", ""),
    ("task-win", "", ""),
    ("task-hold-draw", "", ""),
    ("task-give-mate", "", ""),
    ("got-string", "", "value=three"),
    ("got-integer", "", "value=3"),
    ("got-float", "", "value=1.5"),
    ("got-boolean", "", "value=true"),
    ("got-null", "", ""),
    ("got-list", "", ""),
    ("got-object", "", ""),
    ("what-lesson", "", ""),
    ("what-course", "", ""),
    ("what-courses", "", ""),
    ("what-glossary", "", ""),
    ("what-piece-set", "", ""),
    ("what-object", "", ""),
    ("what-fen", "", ""),
    ("what-text-board", "", ""),
    ("what-pgn", "", ""),
    ("want-whole-number", "", ""),
    ("want-list", "", ""),
    ("want-object", "", ""),
    ("want-string", "", ""),
    ("want-boolean", "", ""),
    ("verdict-draws", "", ""),
    ("verdict-wins", "", "side=white;distance=7;within=4"),
    ("verdict-loses", "", "side=black;distance=9;within=5"),
    ("reason-checkmate", "", ""),
    ("reason-stalemate", "", ""),
    ("reason-insufficient-material", "", ""),
    ("reason-fivefold", "", ""),
    ("reason-seventy-five-moves", "", ""),
    ("reason-threefold", "", ""),
    ("reason-fifty-moves", "", ""),
    ("reason-resignation", "", ""),
    ("reason-agreement", "", ""),
    ("reason-timeout", "", ""),
    ("reason-timeout-insufficient-material", "", ""),
    ("internal", "", "detail=serialization failed"),
    // ---- messages-core (appended, issue 35): practice
    ("practice-unknown-skill", "", "skill=rook-star"),
    ("practice-bad-id", "", "id=practice/rook-stars"),
    ("practice-no-exercise", "", "skill=fork;seed=12"),
    ("practice-bad-log", "", "line=3;why=missing field `id`"),
    ("practice-bad-time", "", "time=yesterday"),
    // ---- messages-lesson (appended): the king-and-pawn ideas' later words
    ("idea-pushed-too-early", "", "pawn=e3;square=e4;keys=d5 e5 f5;better=d3e4"),
    // ---- messages-check (appended): issue 14's checker and doctor rules
    ("check-explain-count", "", "explain=2;choices=3"),
    ("doctor-engine-no-mate", "", "n=2"),
    ("doctor-engine-answer-worse", "{answer} is not a best move: it {group}, but {best} {than}; {answer} gives away {pawns} pawns", "answer=Ra5;score=-150;best=Rd1;top=320;margin=60;group=balance;than=wins;than_piece=rook;than_net=5;pawns=4.7"),
    ("doctor-feedback-not-worse", "", "played=Nc3;score=320;answer=Rd1;top=310;pawns=3.2;top_pawns=3.1"),
    ("doctor-feedback-no-capture", "", "played=Ra8;piece=knight;reply=Rxa8"),
    ("wording-intro-long", "", "lang=en;words=41;max=35"),
    ("glossary-unknown-lesson", "", "term=zugzwang;lesson=kp-zugzwang"),
    ("wording-synonym", "", "word=guards;preferred=protect;term=protect"),
    ("wording-term-early", "", "term=zugzwang;introduced=kp-opposition-direct"),
    // ---- messages-lesson (appended, issue 14): why a quiz square, a move or an endgame move is wrong
    ("lesson-quiz-stays", "", "piece=rook;square=a1"),
    ("lesson-quiz-own", "", "other=pawn;square=e4"),
    ("lesson-quiz-blocked", "", "piece=rook;other=pawn;square=a4"),
    ("lesson-quiz-pawn-ahead", "", "other=knight;square=e5"),
    ("lesson-quiz-pawn-diagonal", "", "square=d5"),
    ("lesson-quiz-king", "", "piece=bishop;square=d3"),
    ("lesson-quiz-no-line-knight", "", "from=f3;to=e4"),
    ("lesson-quiz-no-line-bishop", "", "from=c1;to=c4"),
    ("lesson-quiz-no-line-rook", "", "from=a1;to=b2"),
    ("lesson-quiz-no-line-queen", "", "from=d1;to=e3"),
    ("lesson-quiz-no-line-king", "", "from=e1;to=e3"),
    ("lesson-quiz-no-line-pawn", "", "from=e2;to=e5"),
    ("lesson-not-best-reply", "That's not the best move: after it, {Side} can play {reply} (see the arrow). Try again!", "side=black;reply=Rxa8"),
    ("lesson-not-best-mate", "That's not the best move: after it, {Side} can mate with {reply} (see the arrow). Try again!", "side=black;reply=Qh2#"),
    ("lesson-win-to-draw-reply", "", "side=black;piece=king;to=e5"),
    ("lesson-win-to-loss-reply", "", "side=black;piece=king;to=e5"),
    ("lesson-draw-to-loss-reply", "", "side=white;piece=pawn;to=e5"),
    ("lesson-quiz-own-piece", "", "square=c3"),
    // ---- messages-check (appended, issue 14): the `show` and `check` goals
    ("check-show-no-steps", "", ""),
    ("check-show-opponent", "", ""),
    ("check-show-par", "", ""),
    ("check-show-reply-alone", "", ""),
    ("check-show-needs-reply", "", ""),
    ("check-show-pieces-move", "", "found=e5d5;side=white"),
    ("wording-step-long", "", "lang=en;words=31;max=25"),
    ("check-check-range", "", "n=7"),
    ("check-no-king-to-check", "", ""),
    ("check-check-opponent", "", ""),
    ("doctor-no-check", "", "n=2"),
    ("doctor-check-shorter", "", "k=1;n=2"),
    ("task-give-check", "", ""),
    ("doctor-check-timeout", "", "n=3"),
    // ---- messages-check (issue 24): the task of every goal, the `escape` goal
    ("task-best-move", "", ""),
    ("task-targets", "", "square=e4"),
    ("task-question", "", ""),
    ("task-can-capture", "", "from=e5;to=d5"),
    ("task-stronger", "", "square=d5"),
    ("task-show", "", ""),
    ("task-escape", "", "square=d4"),
    ("check-escape-opponent", "", ""),
    ("check-escape-king", "", "square=e1"),
    ("check-escape-not-attacked", "", "piece=knight;square=d4"),
    ("check-escape-safe", "", "piece=knight;square=d4"),
    ("doctor-escape-none", "", "square=d4"),
    ("doctor-escape-none-by", "", "square=d4;by=capture"),
    // ---- messages-lesson (issue 24): the `escape` goal
    ("lesson-escape-not-safe", "", "piece=knight;square=d4"),
    ("lesson-escape-by-capture", "", "piece=bishop"),
    ("lesson-escape-by-run", "", "piece=rook"),
    ("lesson-escape-by-protect", "", "piece=knight"),
    // ---- messages-lesson (appended, issue 14): the `show` and `check` goals
    ("lesson-follow-arrow", "", "piece=rook;from=a1;to=a5"),
    ("lesson-follow-arrow-at", "", "from=e5;to=d5"),
    ("lesson-show-next", "", ""),
    ("lesson-no-check", "No check in {n} moves: the king on {square} was never attacked. Try again!", "n=2;square=e8"),
    // ---- messages-lesson (issue 25): a wrong move explained (`lesson-went`: a drill's move that
    // missed a star, a piece to take or the square to reach which the piece's targets held, made
    // by www/lesson/ from the rules' targets). `{aim}` takes the words of `aim-<value>`; `{way}`
    // says where `square` lies from `to` as the child sees the board (the words of the board's
    // `way`, www/i18n/<lang>/board.js; the page turns it for Black)
    ("lesson-went", "The {piece} went to {to}. {aim}.", "piece=rook;to=a6;aim=star;square=a4"),
    ("aim-star", "The star is on {square}: {way} from there", "to=a6;square=a4"),
    ("aim-reach", "The square to reach is {square}: {way} from there", "to=f7;square=h8"),
    ("aim-capture", "A piece to take is on {square}: {way} from there", "to=e3;square=c5"),
    ("lesson-arrow-not", "Not {to}: the arrow goes to {square}, {way} from there.", "to=a6;square=a4"),
    // ---- messages-check (issue 28): every right answer found, what a feedback claims proved, goals by name.
    // `{group}` and `{than}` take the words of `group-<value>` and `than-<value>` (a move's group, the best move's)
    ("doctor-engine-answer-slower", "{answer} is not a best move: it {group}, but {best} {than}", "answer=Qc6+;best=Qc8#;group=mates;in=2;than=mate"),
    ("doctor-accept-solver", "", ""),
    ("doctor-answer-unlisted", "{played} also {group}: add it to the answers, or change the position so that it does not", "played=Rg8#;group=mate"),
    ("doctor-accept-other", "{answer} is not one of the moves the lesson accepts ({accept}): it {group}", "answer=Qd2;accept=wins;accept_piece=queen;group=balance"),
    ("doctor-feedback-result", "the words after {played} teach a {claimed}, but {verdict}", "played=Ke5;claimed=win;verdict=draws"),
    ("doctor-feedback-result-engine", "", "played=Nc3;claimed=win;found=draw;side=white;pawns=0.4"),
    ("doctor-feedback-result-mate", "", "played=Kh1;claimed=draw;found=loss;side=white"),
    ("doctor-feedback-result-undecided", "", "played=Kf3;claimed=draw;found=win;depth=14"),
    ("doctor-undecided", "", "played=Kf3;depth=10"),
    ("group-mate", "", ""),
    ("group-mates", "", "in=2"),
    ("group-wins", "", "piece=queen"),
    ("group-balance", "", ""),
    ("group-gives-away", "", ""),
    ("than-mate", "", ""),
    ("than-mates", "", "than_in=2"),
    ("than-wins", "", "than_piece=queen"),
    ("than-balance", "", ""),
    ("than-gives-away", "", ""),
    ("accept-mate", "", ""),
    ("accept-wins", "", "accept_piece=queen"),
    ("goal-stars", "", ""),
    ("goal-capture-all", "", ""),
    ("goal-reach", "", ""),
    ("goal-promote", "", ""),
    ("goal-mate", "", ""),
    ("goal-best-move", "", ""),
    ("goal-targets", "", ""),
    ("goal-question", "", ""),
    ("goal-win", "", ""),
    ("goal-draw", "", ""),
    ("goal-can-capture", "", ""),
    ("goal-stronger", "", ""),
    ("goal-escape", "", ""),
    ("goal-show", "", ""),
    ("goal-check", "", ""),
    // ---- messages-lesson (issue 28): a right answer of a `best_move` lesson that accepts a group
    ("lesson-right-mate", "", "played=Rg8#"),
    ("lesson-right-wins", "", "played=exd5;piece=queen"),
    // ---- messages-check (issue 29): the `keep_pieces` goal, a whole game against the engine
    ("task-keep-pieces", "", "n=15"),
    ("check-keep-pieces-moves", "", "n=3"),
    ("check-keep-pieces-opponent", "", ""),
    ("check-keep-pieces-par", "", ""),
    ("goal-keep-pieces", "", ""),
    // ---- messages-lesson (issue 29): the `keep_pieces` goal
    ("lesson-keep-pieces-lost", "", "piece=knight;square=d4"),
];

include!(concat!(env!("OUT_DIR"), "/en_words.rs"));

/// The English template of an id: its template here, or when that is empty its words in
/// `www/i18n/en/messages-*.js`.
pub fn template(id: &str) -> Option<&'static str> {
    let own = MESSAGES.iter().find(|(k, _, _)| *k == id).map(|(_, t, _)| *t)?;
    if !own.is_empty() {
        return Some(own);
    }
    JS_WORDS.iter().find(|(k, _)| *k == id).map(|(_, words)| *words)
}

/// Fill a template: `{name}` with the argument, `{Name}` with it capitalised.
fn fill(template: &str, arg: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name = after
            .find('}')
            .map(|close| &after[..close])
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        match name.and_then(|n| {
            let lower = n.to_ascii_lowercase();
            let value = arg(&lower)?;
            Some((
                n.len(),
                if n.starts_with(|c: char| c.is_ascii_uppercase()) {
                    capitalise(&value)
                } else {
                    value
                },
            ))
        }) {
            Some((len, value)) => {
                out.push_str(&value);
                rest = &after[len + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |first| first.to_uppercase().chain(c).collect())
}

/// The English words of a message (an unknown id gives the id itself).
/// An argument whose value names a word of the catalogue (`task` = `reach` → `task-reach`) is
/// filled with that word's English, itself filled from the same arguments.
pub fn render(m: &Message) -> String {
    template(m.id).map_or_else(|| m.id.to_string(), |t| fill(t, |name| word(m, name, true)))
}

fn word(m: &Message, name: &str, deeper: bool) -> Option<String> {
    if name == "way" {
        return way(m);
    }
    let value = m.arg(name)?.to_string();
    // a value with underscores (a goal's JSON name, `best_move`) names the word with hyphens
    match template(&format!("{name}-{}", value.replace('_', "-"))) {
        Some(t) if deeper => Some(fill(t, |n| word(m, n, false))),
        _ => Some(value),
    }
}

/// `{way}`: where `square` lies from `to`, as www/i18n/en/board.js's `way` says it on a board
/// seen from White: `2 steps down`, `1 step up and to the right`.
fn way(m: &Message) -> Option<String> {
    // a square's name: its file a–h and its rank 1–8 (the message module is below the board's)
    let square = |k| -> Option<(i64, i64)> {
        let name = m.arg(k)?.to_string();
        let b = name.as_bytes();
        (b.len() == 2).then(|| (b[1] as i64, b[0] as i64))
    };
    let (from, to) = (square("to")?, square("square")?);
    let (rows, cols) = (to.0 - from.0, to.1 - from.1);
    let (a, b) = (rows.abs(), cols.abs());
    let steps = |n: i64| format!("{n} {}", if n == 1 { "step" } else { "steps" });
    let up = if rows > 0 { "up" } else { "down" };
    let side = if cols > 0 { "to the right" } else { "to the left" };
    Some(match (a, b) {
        (_, 0) => format!("{} {up}", steps(a)),
        (0, _) => format!("{} {side}", steps(b)),
        _ if a == b => format!("{} {up} and {side}", steps(a)),
        _ => format!("{} {up} and {b} {side}", steps(a)),
    })
}

const FEN_FIELDS: [&str; 6] =
    ["placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"];

/// The place a message's arguments name, in English, outermost first: `PGN 2:13: the FEN tag:
/// FEN field 2 (side to move)`, `text board line 3, column 4`, `move 'Nf4'`. Empty when none.
pub fn place(m: &Message) -> String {
    let arg = |name: &str| m.arg(name).map(Arg::to_string);
    let mut parts: Vec<String> = Vec::new();
    if let Some(p) = arg("param") {
        parts.push(match arg("index") {
            Some(k) => format!("{p}[{k}]"),
            None => p,
        });
    }
    if let (Some(l), Some(c)) = (arg("pgn_line"), arg("pgn_column")) {
        parts.push(format!("PGN {l}:{c}"));
    }
    if let Some(t) = arg("tag") {
        parts.push(format!("the {t} tag"));
    }
    if let Some(r) = arg("pgn_result") {
        let said = arg("said").map(|s| format!(" ({s})")).unwrap_or_default();
        parts.push(format!("the result {r}{said}"));
    }
    if let Some(moves) = arg("moves") {
        parts.push(moves);
    }
    let source = arg("source");
    match (arg("line"), arg("column")) {
        (Some(l), Some(c)) => parts.push(format!("text board line {l}, column {c}")),
        (Some(l), None) => parts.push(format!("text board line {l}")),
        _ if source.as_deref() == Some("text-board") => parts.push("text board".into()),
        _ => {}
    }
    match m.arg("field") {
        Some(Arg::Num(n)) if (1..=6).contains(n) => {
            parts.push(format!("FEN field {n} ({})", FEN_FIELDS[*n as usize - 1]))
        }
        _ if source.as_deref() == Some("fen") => parts.push("FEN".into()),
        _ => {}
    }
    if let Some(mv) = arg("move") {
        parts.push(format!("move '{mv}'"));
    }
    parts.join(": ")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_english_words() {
        let missing: Vec<_> = MESSAGES
            .iter()
            .filter(|(id, _, _)| template(id).is_none_or(str::is_empty))
            .map(|(id, _, _)| *id)
            .collect();
        assert!(
            missing.is_empty(),
            "no words in www/i18n/en/messages-*.js (and no template in en.rs) for {missing:?}"
        );
    }

    #[test]
    fn english_words_are_written_once() {
        let twice: Vec<_> = MESSAGES
            .iter()
            .filter(|(id, own, _)| !own.is_empty() && JS_WORDS.iter().any(|(k, _)| k == id))
            .map(|(id, _, _)| *id)
            .collect();
        assert!(
            twice.is_empty(),
            "written in en.rs and in www/i18n/en: leave the template in en.rs empty for {twice:?}"
        );
    }
}

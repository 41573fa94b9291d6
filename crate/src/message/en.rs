//! The English copy of the message catalogue, for `Display`, the command line and thrown WASM
//! errors. It equals `www/i18n/en/messages-*.js` (a test holds them together).
//!
//! A template fills `{name}` with the argument `name`, and `{Name}` with it capitalised
//! (`White`). Other braces (`'{'`) stay as they are.

use super::{Arg, Message};


/// Every message: id, English template, sample arguments (`name=value;…`, a number when the
/// value reads as one). Grouped by the JS file that holds the words (see the comments).
pub static MESSAGES: &[(&str, &str, &str)] = &[
    // ---- messages-core: position, FEN, text board, moves, rules, pieces
    ("position-pawn-on-edge", "a pawn cannot stand on {square}: pawns never stand on rank 1 or rank 8", "square=e8"),
    ("position-kings", "{side} has {count} kings; a side has one king", "side=white;count=2"),
    ("position-pawns", "{side} has {count} pawns; a side has at most 8", "side=black;count=9"),
    ("position-pieces", "{side} has {count} pieces; a side has at most 16", "side=white;count=17"),
    ("position-castling-king", "{side} may not castle on the {wing}'s side: its king is not on {square}", "side=white;wing=king;square=e1"),
    ("position-castling-rook", "{side} may not castle on the {wing}'s side: no rook on {square}", "side=black;wing=queen;square=a8"),
    ("position-en-passant", "{square} is not a square that a {side} pawn has just skipped", "square=e3;side=white"),
    ("position-in-check", "{side} is in check on {square} but it is {turn}'s move", "side=black;square=e8;turn=white"),
    ("fen-empty", "the FEN is empty", ""),
    ("input-too-long", "this {what} is {size} bytes long; the tutor reads at most {limit} bytes: is it the right file?", "what=fen;size=300;limit=256"),
    ("fen-too-many-fields", "a FEN has at most 6 fields, this one has {count}", "count=7"),
    ("fen-bad-side", "expected 'w' or 'b', found '{found}'", "found=x"),
    ("fen-bad-castling", "'{letter}' is not a castling right; use K, Q, k, q or '-'", "letter=X"),
    ("fen-castling-twice", "'{letter}' is written twice", "letter=K"),
    ("fen-bad-en-passant", "'{found}' is not a square; use a square such as e3, or '-'", "found=e9"),
    ("fen-bad-halfmove", "'{found}' is not a number of half-moves", "found=-1"),
    ("fen-bad-fullmove", "'{found}' is not a move number (1 or more)", "found=0"),
    ("fen-rank-count", "expected 8 ranks separated by '/', found {count}", "count=7"),
    ("fen-bad-digit", "rank {rank}: '{char}' is not a count of empty squares (1-8)", "rank=8;char=9"),
    ("fen-bad-letter", "rank {rank}: '{char}' is not a piece letter (PNBRQK, pnbrqk) or a digit", "rank=8;char=x"),
    ("fen-rank-too-long", "rank {rank} has more than 8 squares", "rank=4"),
    ("fen-bad-rank-length", "rank {rank} has {count} squares; a rank has 8", "rank=5;count=7"),
    ("board-line-count", "expected 8 lines of 8 squares, found {count}", "count=7"),
    ("board-line-length", "rank {rank} has {count} squares; write 8 characters", "rank=6;count=9"),
    ("board-bad-letter", "'{char}' is not a piece letter (PNBRQK, pnbrqk) or '.'", "char=x"),
    ("board-extra-lines", "a text board has 8 lines and at most one line of FEN fields", ""),
    ("san-cannot-castle", "{Side} cannot castle {wing}'s side now", "side=white;wing=queen"),
    ("san-empty", "the move is empty", ""),
    ("san-no-target", "expected a target square such as e4", ""),
    ("san-bad-square", "'{found}' is not a square", "found=z9"),
    ("san-not-understood", "'{char}' is not understood; write moves like Nf3, exd5, e8=Q or O-O", "char=!"),
    ("san-no-move", "no {piece} move to {to} for {Side}", "piece=knight;to=f4;side=white"),
    ("san-no-move-from", "no {piece} move from {from} to {to} for {Side}", "piece=rook;from=a;to=a5;side=black"),
    ("san-no-move-in-check", "no {piece} move to {to} for {Side} (in check)", "piece=bishop;to=c4;side=white"),
    ("san-not-promotion", "only a pawn reaching the last rank promotes", ""),
    ("san-promotion-piece", "a promotion needs its piece: =Q, =R, =B or =N", ""),
    ("san-ambiguous", "ambiguous: it could be {candidates}", "candidates=Nbd2, Nfd2"),
    ("uci-bad", "expected a UCI move such as e2e4 or e7e8q", ""),
    ("uci-bad-promotion", "'{found}' is not a promotion piece (q, r, b, n)", "found=k"),
    ("uci-illegal", "not a legal move for {side}", "side=white"),
    ("pgn-comment-open", "this comment '{' is never closed with '}'", ""),
    ("pgn-tag-syntax", "a tag is written [Name \"value\"]", ""),
    ("pgn-tag-value-open", "the value of the tag {tag_name} is never closed with '\"'", "tag_name=Event"),
    ("pgn-tag-not-closed", "the tag {tag_name} is not closed with ']'", "tag_name=Site"),
    ("pgn-variation-open", "this variation '(' is never closed with ')'", ""),
    ("pgn-variant", "the variant '{variant}' is not supported: only standard chess", "variant=Crazyhouse"),
    ("pgn-setup-no-fen", "SetUp is \"1\" but there is no FEN tag", ""),
    ("pgn-close-paren", "')' closes no variation", ""),
    ("pgn-unexpected", "'{char}' is not expected here", "char=&"),
    ("pgn-result-mismatch", "the moves end with {result}, but the Result tag says {tag_result}", "result=1-0;tag_result=0-1"),
    ("pgn-null-move", "a null move is not a move of chess", ""),
    ("pgn-no-game", "there is no game in this text", ""),
    ("rule-game-over", "the game is over ({result})", "result=1-0"),
    ("rule-game-over-reason", "the game is already over ({result}, {reason})", "result=1/2-1/2;reason=stalemate"),
    ("rule-no-piece", "there is no piece on {square}", "square=e4"),
    ("rule-not-your-piece", "the piece on {square} is not {side}'s", "square=e7;side=white"),
    ("rule-not-legal", "{from}-{to} is not a legal move", "from=e2;to=e5"),
    ("rule-needs-promotion", "{from}-{to} promotes: choose q, r, b or n", "from=e7;to=e8"),
    ("rule-bad-promotion", "a pawn cannot promote to {piece} here", "piece=king"),
    ("rule-illegal-move", "{uci} is not a legal move", "uci=e2e5"),
    ("rule-no-claim", "no draw can be claimed: the position has not repeated three times and 50 moves have not passed", ""),
    ("rule-already-ended", "the game has already ended: {result}, {reason}", "result=1-0;reason=checkmate"),
    ("rule-flag-cannot-mate", "{Side} cannot mate, so a flag fall is a draw", "side=black"),
    ("rule-flag-both-can-mate", "both sides could still mate, so a flag fall loses", ""),
    ("rule-not-threefold", "the last position has not stood three times", ""),
    ("rule-not-fifty", "50 moves have not passed without a capture or a pawn move", ""),
    ("rule-not-allowed", "the last position does not allow {reason} ({result})", "reason=stalemate;result=1/2-1/2"),
    ("bad-square", "'{found}' is not a square such as e2", "found=i9"),
    ("bad-square-ij", "({i}, {j}) is off the board", "i=8;j=0"),
    ("bad-side", "'{found}' is not a side; use 'white' or 'black'", "found=red"),
    ("bad-promotion", "'{found}' is not one of q, r, b, n", "found=k"),
    ("bad-seed", "{found} is not a whole number of 0 or more", "found=-1"),
    ("bad-reason", "'{found}' is not a reason such as 'resignation'", "found=boredom"),
    ("no-pawn-on", "there is no pawn on {square}", "square=e4"),
    ("piece-pawn", "pawn", ""),
    ("piece-knight", "knight", ""),
    ("piece-bishop", "bishop", ""),
    ("piece-rook", "rook", ""),
    ("piece-queen", "queen", ""),
    ("piece-king", "king", ""),
    // ---- messages-lesson: the lesson player, the endgame judge and its ideas
    ("lesson-no-piece", "There is no piece there — pick one of your pieces.", ""),
    ("lesson-king-attacked", "You can't go there: the king would be attacked.", ""),
    ("lesson-in-check", "Your king is in check! Protect the king first.", ""),
    ("lesson-uncovers-king", "That move uncovers your king — it would be in check.", ""),
    ("lesson-cannot-move-so", "The {piece} can't move like that. Look at the highlighted squares.", "piece=knight"),
    ("lesson-no-tables", "Wait a moment: the computer is still getting ready.", ""),
    ("lesson-not-best", "That's not the best move. Try again!", ""),
    ("lesson-piece-unprotected", "The {piece} was captured — it was not protected.", "piece=rook"),
    ("lesson-stalemate", "That's stalemate: the king can't move but isn't in check. A draw!", ""),
    ("lesson-not-mate", "That's not mate — the king can escape. You need mate in {n}.", "n=2"),
    ("lesson-piece-taken", "Your piece was captured.", ""),
    ("lesson-game-over", "The game is over. Try again!", ""),
    ("lesson-wrong-square", "The {piece} can't go to {square}. Remember its formula!", "piece=bishop;square=e5"),
    ("lesson-wrong-answer", "Not quite. Think again!", ""),
    ("lesson-hint-piece", "Look at the {piece} on {square}.", "piece=rook;square=a3"),
    ("lesson-hint-move", "Move the {piece} from {from} to {to}.", "piece=rook;from=a3;to=b3"),
    ("lesson-hint-piece-at", "Look at the piece on {square}.", "square=a3"),
    ("lesson-hint-move-at", "Move the piece from {from} to {to}.", "from=a3;to=b3"),
    ("lesson-not-mate-no-check", "That is not mate yet: the king is not even in check. You need mate in {n}.", "n=1"),
    ("lesson-win-to-draw", "The win slipped away: now, if your opponent plays best, it is a draw.", ""),
    ("lesson-win-to-loss", "Oops! Now, if your opponent plays best, you lose.", ""),
    ("lesson-draw-to-loss", "The draw slipped away: now, if your opponent plays best, you lose.", ""),
    ("lesson-student-not-to-move", "the child plays {side} but {turn} is to move", "side=white;turn=black"),
    ("lesson-needs-tables", "load {files} first", "files=kpk.bin"),
    ("lesson-needs-package", "this lesson plays with the package {package}: load that one", "package=pkg-lessons-full"),
    ("lesson-unreadable", "this lesson cannot be read at line {line}, column {col}", "line=6;col=3"),
    ("lesson-capture-weaker", "No capture: on {square} your side has {ours} and the other side {theirs}. You need more force!", "square=d5;ours=1½;theirs=1½"),
    ("lesson-region", "This piece may not step onto {square}.", "square=e1"),
    ("lesson-piece-cannot-move-so", "This piece can't move like that. Look at the highlighted squares.", ""),
    ("lesson-piece-wrong-square", "This piece can't go to {square}. Remember its lines!", "square=d5"),
    ("lesson-why-capture", "Yes! On {square} your side has {ours} and the other side {theirs}: more force, so the capture is allowed.", "square=d5;ours=3;theirs=1½"),
    ("lesson-why-no-capture", "No: on {square} your side has {ours} and the other side {theirs}. That is not more, so no capture.", "square=d5;ours=1½;theirs=1½"),
    ("lesson-why-white", "On {square} White has {white} and Black has {black}: White is stronger.", "square=d5;white=3;black=1½"),
    ("lesson-why-black", "On {square} White has {white} and Black has {black}: Black is stronger.", "square=d5;white=1;black=2"),
    ("lesson-why-equal", "On {square} White has {white} and Black has {black}: the forces are equal.", "square=d5;white=1½;black=1½"),
    ("idea-left-square", "Your king went too far from the pawn's path. Now it cannot catch the pawn!", ""),
    ("idea-gave-opposition", "Now the other king can stand face to face with yours, and yours will have to step aside.", ""),
    ("idea-king-in-front", "Your king should walk in front of its pawn and clear the way, not behind or beside it.", ""),
    // ---- messages-check: the lesson checker, the doctor, JSON, the solver and the engine
    ("json-syntax", "this is not valid JSON: {detail}", "detail=invalid escape"),
    ("json-expected", "this is not valid JSON: expected {expected}", "expected=',' or '}'"),
    ("json-eof", "this is not valid JSON: the text ends too early", ""),
    ("json-trailing-comma", "this is not valid JSON: a comma before a closing bracket", ""),
    ("json-trailing-characters", "this is not valid JSON: there is more text after the end", ""),
    ("json-unknown-field", "unknown field '{field}'; did you mean '{suggestion}'?", "field=titel;suggestion=title"),
    ("json-unknown-field-choices", "unknown field '{field}'; expected one of {choices}", "field=foo;choices='id', 'title'"),
    ("json-unknown-value", "unknown value '{value}'; did you mean '{suggestion}'?", "value=star;suggestion=stars"),
    ("json-unknown-value-choices", "unknown value '{value}'; expected one of {choices}", "value=moon;choices='stars', 'mate'"),
    ("json-missing-field", "this {what} has no '{field}': add \"{field}\": … inside the '{' on line {at_line}", "what=lesson;field=title;at_line=1"),
    ("json-not-object", "a {what} is one JSON object '{ … }'; this file holds {got}", "what=lesson;got=list"),
    ("input-too-deep", "brackets are nested more than {limit} deep on line {at_line}: a {what} never needs that many; look for brackets '[' or '{' that are never closed", "what=lesson;limit=64;at_line=3"),
    ("json-missing-translation", "no words here: write them in one language at least", "lang=en"),
    ("json-not-position", "a position is a FEN string or a list of 8 text-board rows", ""),
    ("json-wrong-type", "this should be {want}, not {got}", "got=string;value=three;want=whole-number"),
    ("check-empty-translation", "missing translation: '{lang}' is empty", "lang=en"),
    ("check-missing-language", "no words in '{lang}' here: a child who reads in '{lang}' sees the words in '{shown}'", "lang=ru;shown=en"),
    ("check-empty-text", "write the words in one language at least", ""),
    ("check-bad-square", "'{found}' is not a square; write a file a-h and a rank 1-8, such as e4", "found=k9"),
    ("check-bad-id", "'{id}' is not a lesson id; use lower-case letters, digits and '-'", "id=My Lesson"),
    ("check-id-file", "the id '{id}' must match the file name '{file}.json'", "id=another-name;file=wrong-id"),
    ("check-student-not-to-move", "the child plays {side} but the position has {turn} to move", "side=white;turn=black"),
    ("check-game-over", "the game is already over in this position", ""),
    ("check-no-opponent", "with no opponent the enemy king would never move; add an opponent or take the king off", ""),
    ("check-engine-level", "level {level} does not exist; levels go from 1 to 8", "level=9"),
    ("check-no-replies", "scripted replies need at least one move", ""),
    ("check-solver-rules", "the endgame solver plays by auto-queen rules: choose the rules 'Pawns become queens by themselves'", ""),
    ("check-solver-goal", "the endgame solver plays the goals 'Promote a pawn', 'Win against the computer' and 'Hold a draw against the computer', not '{goal}'", "goal=mate"),
    ("check-no-stars", "put at least one star on the board", ""),
    ("check-star-occupied", "a star on {square} stands under a piece; stars go on empty squares", "square=a5"),
    ("check-star-twice", "{square} has a star already", "square=c3"),
    ("check-nothing-to-capture", "there is no enemy piece to capture", ""),
    ("check-reach-own", "{square} holds the child's own piece already", "square=d4"),
    ("check-no-piece-of", "there is no {side} piece on {square}", "side=white;square=h5"),
    ("check-no-pawn", "{side} has no pawn to promote", "side=black"),
    ("check-mate-range", "mate in {n}: use 1 to 5 moves", "n=7"),
    ("check-no-enemy-king", "there is no enemy king to mate", ""),
    ("check-no-answers", "give at least one accepted answer", ""),
    ("check-targets-empty", "there is no piece on {square} to ask about", "square=e4"),
    ("check-targets-theirs", "the piece on {square} is not the child's; ask about a {side} piece", "square=e7;side=white"),
    ("check-targets-stuck", "the piece on {square} cannot move at all here", "square=a1"),
    ("check-two-choices", "give at least two choices", ""),
    ("check-answer-range", "the right answer is choice {answer_no}, but there are only {count} choices", "answer=3;last=2;answer_no=4;count=3"),
    ("check-results-count", "give one result per choice: {results} result(s) for {choices} choice(s)", "results=2;choices=3"),
    ("check-results-rules", "results come from the endgame solver, which plays by auto-queen rules: choose the rules 'Pawns become queens by themselves'", ""),
    ("check-needs-computer", "the goal '{goal}' needs the computer to answer: choose 'Endgame solver (king and pawn)' or 'Engine' as who answers", "goal=win"),
    ("check-draw-moves", "hold the draw for at least 1 move", ""),
    ("check-draw-par", "the goal 'Hold a draw against the computer' gives 3 stars whenever the draw is held; par is not used", ""),
    ("check-needs-par", "the goal '{goal}' needs a par: the number of moves for 3 stars", "goal=stars"),
    ("check-par-zero", "par is at least 1", ""),
    ("check-hint-other-piece", "the hinted move does not move the piece on {square}", "square=e2"),
    ("check-section-empty", "a section needs at least one lesson", ""),
    ("check-no-lesson-file", "there is no lesson file '{file}'", "file=syntx.json"),
    ("check-no-lesson-file-near", "there is no lesson file '{file}'; did you mean '{suggestion}'?", "file=syntx.json;suggestion=syntax.json"),
    ("check-listed-twice", "'{file}' is listed twice (first at {first})", "file=a.json;first=/sections/0/lessons/0"),
    ("check-in-no-section", "the lesson file '{file}' is in no section", "file=a.json"),
    ("check-in-other-course", "'{file}' is already in the course {course}: a lesson belongs to one course", "file=a.json;course=course-t1.json"),
    ("courses-empty", "the list of courses needs at least one course", ""),
    ("courses-bad-name", "'{file}': a course file is named course.json or course-<name>.json (lower-case letters, digits, -)", "file=Course 2.json"),
    ("courses-no-file", "there is no course file '{file}' next to courses.json", "file=course-t2.json"),
    ("courses-not-listed", "the course file '{file}' is not in courses.json: the course page does not offer it", "file=course-t2.json"),
    ("check-no-piece-set", "there is no piece set '{set}': use \"chess-t1\", or put a file pieces/{set}.json next to the lesson", "set=chess-t2"),
    ("check-piece-set-broken", "the piece set file pieces/{set}.json has mistakes: check it with `chess-tutor lesson check`", "set=my-set"),
    ("check-pieces-no-opponent", "a lesson with a piece set has no opponent: the child moves again (choose 'No one' as who answers)", ""),
    ("check-not-capture-line", "the piece on {from} cannot reach {to} along any of its lines, so there is nothing to ask", "from=e5;to=h5"),
    ("check-goal-not-for-pieces", "this piece set has no check or mate, so the goal '{goal}' cannot be played; choose another goal", "goal=mate"),
    ("check-goal-needs-pieces", "the goal '{goal}' counts force, which only a piece set has: choose the pieces 'chess-t1'", "goal=stronger"),
    ("check-pieces-bad-move", "'{found}' is not a move of the child's pieces here: write the two squares, such as e5e4", "found=e5e9"),
    ("doctor-star-unreachable", "no piece can ever reach the star on {square}", "square=d3"),
    ("doctor-never", "the child can never {task} here (searched {depth} moves ahead)", "task=collect-stars;depth=24"),
    ("doctor-par-too-small", "par is {par} but it takes at least {min} moves to {task}; set par to {min}", "par=1;min=4;task=reach;square=h8"),
    ("doctor-par-too-big", "par is {par} but {min} moves are enough to {task}", "par=6;min=4;task=promote-pawn"),
    ("doctor-mate-timeout", "the doctor could not prove the mate in {n} in time", "n=5"),
    ("doctor-no-mate", "there is no forced mate in {n} here", "n=1"),
    ("doctor-mate-shorter", "there is a mate in {k} already; the lesson says mate in {n}", "k=1;n=2"),
    ("doctor-hint-no-mate", "the hinted move {hint} does not lead to mate in {n}", "hint=Qh5;n=2"),
    ("doctor-cannot-prove", "the doctor cannot yet prove the goal '{goal}' against this opponent; play it through to check", "goal=stars"),
    ("doctor-no-solver", "the endgame solver is not available here; check the lesson with `chess-tutor lesson check`", ""),
    ("doctor-holds", "the defender holds this position: perfect play draws, so {side} cannot {task} against the solver", "side=white;task=promote"),
    ("doctor-goal-lost", "{verdict}, so {side} cannot {task} against the solver", "verdict=loses;side=white;distance=9;within=5;task=hold-draw"),
    ("doctor-draw-wins", "{verdict}; make the goal 'Win against the computer' or 'Promote a pawn'", "verdict=wins;side=white;distance=7;within=4"),
    ("doctor-king-alone", "{side} has nothing but its king: it can never win, so the draw is held from the start", "side=black"),
    ("doctor-hint-throws", "the hinted move {hint} throws away the {lost}: after it {verdict}", "hint=Kd5;lost=win;verdict=draws"),
    ("doctor-solver-timeout", "the doctor could not find the fewest moves to {task} in time", "task=give-mate"),
    ("doctor-solver-par-too-small", "par is {par} but against the solver's best defence it takes at least {min} moves to {task}; set par to {min}", "par=3;min=5;task=promote"),
    ("doctor-solver-par-too-big", "par is {par} but {min} moves are enough to {task} against the solver's best defence", "par=9;min=5;task=give-mate"),
    ("doctor-answer-throws", "{answer} throws away the {lost}: after it {verdict}", "answer=Kd5;lost=draw;verdict=loses;side=white;distance=5;within=3"),
    ("doctor-every-move-loses", "every move loses here for {side}", "side=black"),
    ("doctor-also-wins", "{candidates} also wins with perfect play; list it in the answers, or the child is told a good move is wrong", "candidates=Kd6, Kc6"),
    ("doctor-also-draws", "{candidates} also draws with perfect play; list it in the answers, or the child is told a good move is wrong", "candidates=Kg7"),
    ("doctor-answer-wrong", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}", "answer=0;answer_no=1;claimed=win;verdict=draws"),
    ("doctor-answer-wrong-set", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}; make choice {right_no} the right one", "answer=0;answer_no=1;claimed=draw;verdict=wins;side=white;distance=7;within=4;right=1;right_no=2"),
    ("doctor-answer-wrong-none", "the right answer (choice {answer_no}) stands for a {claimed} but {verdict}; no choice stands for a {truth}", "answer=0;answer_no=1;claimed=draw;verdict=loses;side=black;distance=3;within=2;truth=loss"),
    ("doctor-answer-why", "the right answer (choice {answer_no}) stands for a {claimed}, but {why}", "why=king-helps;attacker=white;defender=black;pawn=e4;answer=0;answer_no=1;claimed=draw;truth=win;verdict=wins;side=white;distance=7;within=4"),
    ("why-outside-square", "the {defender} king is outside the square of the pawn on {pawn} and cannot catch it: {attacker} wins", "defender=black;pawn=e4;attacker=white"),
    ("why-key-square", "the {attacker} king stands on {key}, a key square of the pawn on {pawn}: {attacker} wins", "attacker=white;key=d6;pawn=d4;defender=black"),
    ("why-king-helps", "the {attacker} king is close enough to help the pawn on {pawn}: {attacker} wins", "attacker=white;pawn=e4;defender=black"),
    ("why-too-far", "the {attacker} king is too far to help the pawn on {pawn}, and the {defender} king catches it: a draw", "attacker=white;pawn=e4;defender=black"),
    ("doctor-result-too", "choice {choice_no} stands for a {result} too, the solver's verdict; only the right answer may", "choice=2;choice_no=3;result=win"),
    ("endgame-no-king", "{side} has no king; the endgame solver needs both kings", "side=black"),
    ("endgame-outside", "a {side} {piece} is outside the king-and-pawn classes ({classes})", "side=black;piece=knight;classes=KPK, KPKP, KQKP"),
    ("endgame-too-many", "{side} has {count} men besides the king; the king-and-pawn classes ({classes}) allow one pawn or queen a side", "side=white;count=2;classes=KPK, KPKP, KQKP"),
    ("endgame-illegal-move", "{uci} is not a legal move here", "uci=e2e5"),
    ("endgame-missing", "tables: load {files} first", "files=kpk.bin"),
    ("endgame-data", "tables: {file}: {detail}", "file=kpk.bin;detail=the file is too short"),
    ("engine-level", "{level} is not a level; the levels are 1 to 8", "level=9"),
    ("engine-game-over", "the game is over ({reason}, {result})", "reason=checkmate;result=1-0"),
    ("engine-no-moves", "{side} has no legal move", "side=white"),
    // ---- messages-variant: piece sets (their checker) and the variant rules (chess-t1)
    ("json-bad-value", "{got} is not allowed here: use {want}", "got=integer;value=2;want=step"),
    ("want-step", "-1, 0 or 1", ""),
    ("want-letter", "one letter", ""),
    ("pieces-bad-id", "'{id}' is not an id; use lower-case letters, digits and '-'", "id=My Piece"),
    ("pieces-id-twice", "the id '{id}' is used twice (first at {first})", "id=prince;first=/pieces/0"),
    ("pieces-none", "a piece set needs at least one piece", ""),
    ("pieces-bad-letter", "'{found}' is not a letter; a piece's letter is one of A-Z", "found=1"),
    ("pieces-letter-twice", "the letter {letter} is taken by the piece '{other}'", "letter=P;other=prince"),
    ("pieces-bad-image", "'{found}' is not an image name; use letters, digits, '-' and '_'", "found=../x.svg"),
    ("pieces-unknown-region", "there is no region '{region}'; declare it in \"regions\"", "region=castle"),
    ("pieces-unknown-region-near", "there is no region '{region}'; did you mean '{suggestion}'?", "region=castel;suggestion=castle"),
    ("pieces-no-lines", "a piece needs at least one line", ""),
    ("pieces-empty-deltas", "{field} needs at least one value: -1, 0 or 1", "field=di"),
    ("pieces-no-step", "ΔI and ΔJ are both 0: this line goes nowhere", ""),
    ("pieces-bad-scale", "a scale is [a, b] with a and b from 1 to 7, found [{i}, {j}]", "i=0;j=1"),
    ("pieces-bad-n", "n is [min, max] with 1 ≤ min ≤ max ≤ 7, found [{min}, {max}]", "min=0;max=2"),
    ("pieces-bad-start", "n_max_from_start is {found}: it must be from {max} (the line's largest n) to 7", "found=9;max=1"),
    ("pieces-unknown-set", "there is no built-in piece set '{id}'; use 'chess-t1' or 'fide'", "id=chess-t2"),
    ("variant-bad-letter", "rank {rank}: '{char}' is not a letter of this piece set ({letters}; lower case for Black) or a digit", "rank=8;char=x;letters=PRWN"),
    ("variant-board-bad-letter", "'{char}' is not a letter of this piece set ({letters}; lower case for Black) or '.'", "char=x;letters=PRWN"),
    ("variant-no-castling", "'{found}': this piece set has no castling; write '-'", "found=KQkq"),
    ("variant-no-en-passant", "'{found}': this piece set has no en passant; write '-'", "found=e3"),
    ("variant-cannot-reach", "the {piece} on {from} cannot go to {to}", "piece=ritter;from=d5;to=c5"),
    ("variant-not-stronger", "no capture on {to}: White has {white} there and Black {black}; {side} needs more force than the other side", "from=e5;to=d5;side=white;white=1½;black=1½"),
    ("variant-region", "the {piece} may not enter {square}: it is in the {region}", "piece=ritter;square=e1;region=castle"),
    ("variant-nothing-to-undo", "there is no move to take back", ""),
    ("variant-nothing-to-redo", "there is no move to play again", ""),
    ("variant-target-move", "{to}: line {line}, n = {n}, ΔI = {di}, ΔJ = {dj}", "piece=prince;from=e5;to=f6;line=3;n=1;di=1;dj=1"),
    ("variant-target-capture", "{to}: capture along line {line}, n = {n}: White has {white} there, Black {black}", "piece=prince;from=e5;to=d5;line=2;n=1;di=0;dj=-1;white=3;black=1½;side=white"),
    ("variant-target-not-stronger", "{to}: no capture: White has {white} there, Black {black}; {side} needs more force", "piece=prince;from=e5;to=d5;line=2;n=1;di=0;dj=-1;white=1½;black=1½;side=white"),
    ("variant-target-region", "{to}: the {piece} may not enter the {region}", "piece=ritter;from=e3;to=e1;line=1;n=2;di=-1;dj=0;region=castle"),
    ("region-castle", "castle", ""),
    // words that fill other messages: `{task}` with the value `reach` takes the words of
    // `task-reach` (see `render`)
    ("task-collect-stars", "collect every star", ""),
    ("task-capture-all", "capture every piece", ""),
    ("task-reach", "reach {square}", "square=h8"),
    ("task-promote-pawn", "promote a pawn", ""),
    ("task-promote", "promote", ""),
    ("task-win", "win", ""),
    ("task-hold-draw", "hold the draw", ""),
    ("task-give-mate", "give mate", ""),
    ("got-string", "the text \"{value}\"", "value=three"),
    ("got-integer", "the number {value}", "value=3"),
    ("got-float", "the number {value}", "value=1.5"),
    ("got-boolean", "{value}", "value=true"),
    ("got-null", "null", ""),
    ("got-list", "a list '[ … ]'", ""),
    ("got-object", "an object '{ … }'", ""),
    ("what-lesson", "lesson", ""),
    ("what-course", "course", ""),
    ("what-courses", "list of courses", ""),
    ("what-glossary", "glossary", ""),
    ("what-piece-set", "piece set", ""),
    ("what-object", "object", ""),
    ("what-fen", "FEN", ""),
    ("what-text-board", "text board", ""),
    ("what-pgn", "PGN", ""),
    ("want-whole-number", "a whole number", ""),
    ("want-list", "a list [ ... ]", ""),
    ("want-object", "an object { ... }", ""),
    ("want-string", "a string", ""),
    ("want-boolean", "true or false", ""),
    ("verdict-draws", "perfect play draws", ""),
    ("verdict-wins", "perfect play wins for {side} (it promotes, captures or mates within {within} move(s))", "side=white;distance=7;within=4"),
    ("verdict-loses", "perfect play loses for {side} (the opponent promotes, captures or mates within {within} move(s))", "side=black;distance=9;within=5"),
    ("reason-checkmate", "checkmate", ""),
    ("reason-stalemate", "stalemate", ""),
    ("reason-insufficient-material", "insufficient material", ""),
    ("reason-fivefold", "fivefold repetition", ""),
    ("reason-seventy-five-moves", "75-move rule", ""),
    ("reason-threefold", "threefold repetition", ""),
    ("reason-fifty-moves", "50-move rule", ""),
    ("reason-resignation", "resignation", ""),
    ("reason-agreement", "draw by agreement", ""),
    ("reason-timeout", "time forfeit", ""),
    ("reason-timeout-insufficient-material", "time forfeit, opponent cannot mate", ""),
    ("internal", "internal error: {detail}", "detail=serialization failed"),
    // ---- messages-core (appended, issue 35): practice
    ("practice-unknown-skill", "there is no skill '{skill}'", "skill=rook-star"),
    ("practice-bad-id", "'{id}' is not an exercise id: it reads practice/<skill>/<seed>", "id=practice/rook-stars"),
    ("practice-no-exercise", "the skill '{skill}' made no exercise for seed {seed}", "skill=fork;seed=12"),
    ("practice-bad-log", "line {line} of the log is not a practice attempt: {why}", "line=3;why=missing field `id`"),
    ("practice-bad-time", "'{time}' is not a time such as 2026-11-28T09:00:00Z", "time=yesterday"),
    // ---- messages-lesson (appended): the king-and-pawn ideas' later words
    ("idea-pushed-too-early", "The pawn hurried to {square}. The king goes first and clears the way; the pawn follows.", "pawn=e3;square=e4;keys=d5 e5 f5;better=d3e4"),
    // ---- messages-check (appended): issue 14's checker and doctor rules
    ("check-explain-count", "give one explanation per choice: {explain} explanation(s) for {choices} choice(s)", "explain=2;choices=3"),
    ("doctor-engine-no-mate", "the engine at full strength finds no mate in {n} here", "n=2"),
    ("doctor-engine-answer-worse", "{answer} is not a best move: it {group}, but {best} {than}; {answer} gives away {pawns} pawns", "answer=Ra5;score=-150;best=Rd1;top=320;margin=60;group=balance;than=wins;than_piece=rook;than_net=5;pawns=4.7"),
    ("doctor-feedback-not-worse", "{played} is not a mistake: the engine at full strength rates it {pawns} pawns, as good as the answer {answer} ({top_pawns}); the child would be told a good move is wrong", "played=Nc3;score=320;answer=Rd1;top=310;pawns=3.2;top_pawns=3.1"),
    ("doctor-feedback-no-capture", "the text says the opponent takes a {piece} after {played}, but no reply takes one; the engine answers {reply}", "played=Ra8;piece=knight;reply=Rxa8"),
    ("wording-intro-long", "the intro has {words} words in {lang}; keep it to {max}", "lang=en;words=41;max=35"),
    ("glossary-unknown-lesson", "the term '{term}' is introduced in '{lesson}', which is no lesson of the course", "term=zugzwang;lesson=kp-zugzwang"),
    ("wording-synonym", "'{word}' says '{preferred}' in other words: write '{preferred}' (one word for one thing: {term})", "word=guards;preferred=protect;term=protect"),
    ("wording-term-early", "'{term}' is used before the lesson that introduces it ({introduced})", "term=zugzwang;introduced=kp-opposition-direct"),
    // ---- messages-lesson (appended, issue 14): why a quiz square, a move or an endgame move is wrong
    ("lesson-quiz-stays", "The {piece} already stands on {square}: a move goes to another square.", "piece=rook;square=a1"),
    ("lesson-quiz-own", "Your own {other} stands on {square}: a piece can't go there.", "other=pawn;square=e4"),
    ("lesson-quiz-blocked", "The {piece} can't jump over the {other} on {square}.", "piece=rook;other=pawn;square=a4"),
    ("lesson-quiz-pawn-ahead", "A pawn can't take straight ahead: the {other} on {square} is in the way.", "other=knight;square=e5"),
    ("lesson-quiz-pawn-diagonal", "A pawn steps to the side only to take a piece, and {square} is empty.", "square=d5"),
    ("lesson-quiz-king", "The {piece} can't go to {square}: it would leave the king in check.", "piece=bishop;square=d3"),
    ("lesson-quiz-no-line-knight", "The knight on {from} can't reach {to}: it moves in an L — two squares one way and one to the side.", "from=f3;to=e4"),
    ("lesson-quiz-no-line-bishop", "The bishop on {from} can't reach {to}: it moves only on diagonals.", "from=c1;to=c4"),
    ("lesson-quiz-no-line-rook", "The rook on {from} can't reach {to}: it moves only straight, along a row or a column.", "from=a1;to=b2"),
    ("lesson-quiz-no-line-queen", "The queen on {from} can't reach {to}: it moves straight or on a diagonal, never like a knight.", "from=d1;to=e3"),
    ("lesson-quiz-no-line-king", "The king on {from} can't reach {to}: it steps only one square.", "from=e1;to=e3"),
    ("lesson-quiz-no-line-pawn", "The pawn on {from} can't reach {to}: it goes straight forward, one square (two from its first row).", "from=e2;to=e5"),
    ("lesson-not-best-reply", "That's not the best move: after it, {Side} can play {reply} (see the arrow). Try again!", "side=black;reply=Rxa8"),
    ("lesson-not-best-mate", "That's not the best move: after it, {Side} can mate with {reply} (see the arrow). Try again!", "side=black;reply=Qh2#"),
    ("lesson-win-to-draw-reply", "Now the {side} {piece} goes to {to} (see the arrow), and the win is gone: it's a draw.", "side=black;piece=king;to=e5"),
    ("lesson-win-to-loss-reply", "Now the {side} {piece} goes to {to} (see the arrow), and you lose.", "side=black;piece=king;to=e5"),
    ("lesson-draw-to-loss-reply", "Now the {side} {piece} goes to {to} (see the arrow), and the draw is gone.", "side=white;piece=pawn;to=e5"),
    ("lesson-quiz-own-piece", "Your own piece stands on {square}: a piece can't go there.", "square=c3"),
    // ---- messages-check (appended, issue 14): the `show` and `check` goals
    ("check-show-no-steps", "the goal 'Follow the steps' needs at least one step", ""),
    ("check-show-opponent", "a lesson that follows steps has no opponent: the replies are written in its steps (choose 'No one' as who answers)", ""),
    ("check-show-par", "a lesson that follows steps always gives 3 stars; par is not used", ""),
    ("check-show-reply-alone", "a step without a move has no reply: add the child's \"move\" or remove \"reply\"", ""),
    ("check-show-needs-reply", "this move gives check, so the opponent must answer before the child moves again: add a \"reply\"", ""),
    ("check-show-pieces-move", "'{found}' is not a move of a {side} piece here: write the two squares, such as e5d5 (a capture needs more force on the square)", "found=e5d5;side=white"),
    ("wording-step-long", "the step has {words} words in {lang}; keep it to {max}", "lang=en;words=31;max=25"),
    ("check-check-range", "check in {n}: use 1 to 5 moves", "n=7"),
    ("check-no-king-to-check", "there is no enemy king to give check to", ""),
    ("check-check-opponent", "the goal 'Give check' plays with no one answering (the enemy stands still) or with 'The best defence'", ""),
    ("doctor-no-check", "there is no check within {n} moves here", "n=2"),
    ("doctor-check-shorter", "there is a check in {k} already; the lesson says check in {n}", "k=1;n=2"),
    ("task-give-check", "give check", ""),
    ("doctor-check-timeout", "the doctor could not prove the check in {n} in time", "n=3"),
    // ---- messages-check (issue 24): the task of every goal, the `escape` goal
    ("task-best-move", "find the best move", ""),
    ("task-targets", "find every square of the piece on {square}", "square=e4"),
    ("task-question", "answer the question", ""),
    ("task-can-capture", "say whether the piece on {from} can capture on {to}", "from=e5;to=d5"),
    ("task-stronger", "say who is stronger on {square}", "square=d5"),
    ("task-show", "follow the steps", ""),
    ("task-escape", "save the piece on {square}", "square=d4"),
    ("check-escape-opponent", "the goal 'Save an attacked piece' plays with no opponent: the enemy does not answer, the exchange decides", ""),
    ("check-escape-king", "the piece on {square} is the king: to save the king from check, write a lesson where the king is in check", "square=e1"),
    ("check-escape-not-attacked", "the {piece} on {square} is not attacked: there is nothing to save it from", "piece=knight;square=d4"),
    ("check-escape-safe", "the {piece} on {square} cannot be won: it is safe already (defended well enough)", "piece=knight;square=d4"),
    ("doctor-escape-none", "no move saves the piece on {square}: after every move a piece can still be won", "square=d4"),
    ("doctor-escape-none-by", "no move of the lesson's way ({by}) saves the piece on {square}: change the position or the way", "square=d4;by=capture"),
    // ---- messages-lesson (issue 24): the `escape` goal
    ("lesson-escape-not-safe", "The {piece} on {square} can still be won! Look at the arrow.", "piece=knight;square=d4"),
    ("lesson-escape-by-capture", "Your {piece} is safe. But here, capture the attacker!", "piece=bishop"),
    ("lesson-escape-by-run", "Your {piece} is safe. But here, move it away!", "piece=rook"),
    ("lesson-escape-by-protect", "Your {piece} is safe. But here, protect it!", "piece=knight"),
    // ---- messages-lesson (appended, issue 14): the `show` and `check` goals
    ("lesson-follow-arrow", "Follow the arrow: the {piece} from {from} to {to}.", "piece=rook;from=a1;to=a5"),
    ("lesson-follow-arrow-at", "Follow the arrow: the piece from {from} to {to}.", "from=e5;to=d5"),
    ("lesson-show-next", "Read the words, then press Next.", ""),
    ("lesson-no-check", "No check in {n} moves: the king on {square} was never attacked. Try again!", "n=2;square=e8"),
    // ---- messages-lesson (issue 25): a wrong move explained (`lesson-went`: a drill's move that
    // missed a star, a piece to take or the square to reach which the piece's targets held, made
    // by www/lesson.js from the rules' targets). `{aim}` takes the words of `aim-<value>`; `{way}`
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
    ("doctor-accept-solver", "in a king-and-pawn position the endgame solver judges the answers: list the moves that keep the best result, without a group to accept", ""),
    ("doctor-answer-unlisted", "{played} also {group}: add it to the answers, or change the position so that it does not", "played=Rg8#;group=mate"),
    ("doctor-accept-other", "{answer} is not one of the moves the lesson accepts ({accept}): it {group}", "answer=Qd2;accept=wins;accept_piece=queen;group=balance"),
    ("doctor-feedback-result", "the words after {played} teach a {claimed}, but {verdict}", "played=Ke5;claimed=win;verdict=draws"),
    ("doctor-feedback-result-engine", "the words after {played} teach a {claimed}, but the engine at full strength sees a {found} ({pawns} pawns for {side})", "played=Nc3;claimed=win;found=draw;side=white;pawns=0.4"),
    ("doctor-feedback-result-mate", "the words after {played} teach a {claimed}, but the engine at full strength finds a forced mate: a {found}", "played=Kh1;claimed=draw;found=loss;side=white"),
    ("doctor-feedback-result-undecided", "the words after {played} teach a {claimed}, but the engine cannot prove it: up to {depth} plies its verdict still changes (last: a {found}); choose a clearer position or leave the result out", "played=Kf3;claimed=draw;found=win;depth=14"),
    ("doctor-undecided", "the engine cannot decide what {played} leads to: up to {depth} plies its verdict still changes; choose a position where the answer is clear", "played=Kf3;depth=10"),
    ("group-mate", "mates", ""),
    ("group-mates", "mates in {in} moves", "in=2"),
    ("group-wins", "wins the {piece}", "piece=queen"),
    ("group-balance", "keeps the balance", ""),
    ("group-gives-away", "gives material away", ""),
    ("than-mate", "mates", ""),
    ("than-mates", "mates in {than_in} moves", "than_in=2"),
    ("than-wins", "wins the {than_piece}", "than_piece=queen"),
    ("than-balance", "keeps the balance better", ""),
    ("than-gives-away", "gives less away", ""),
    ("accept-mate", "every move that mates", ""),
    ("accept-wins", "every move that wins the {accept_piece}", "accept_piece=queen"),
    ("goal-stars", "Collect the stars", ""),
    ("goal-capture-all", "Capture every piece", ""),
    ("goal-reach", "Bring a piece to a square", ""),
    ("goal-promote", "Promote a pawn", ""),
    ("goal-mate", "Give mate", ""),
    ("goal-best-move", "Find the best move", ""),
    ("goal-targets", "Click every square a piece can go to", ""),
    ("goal-question", "Answer a question", ""),
    ("goal-win", "Win against the computer", ""),
    ("goal-draw", "Hold a draw against the computer", ""),
    ("goal-can-capture", "Can it capture? (piece sets)", ""),
    ("goal-stronger", "Who is stronger on a square? (piece sets)", ""),
    ("goal-escape", "Save an attacked piece", ""),
    ("goal-show", "Watch an idea, then play it", ""),
    ("goal-check", "Give check", ""),
    // ---- messages-lesson (issue 28): a right answer of a `best_move` lesson that accepts a group
    ("lesson-right-mate", "Right! {played} gives mate.", "played=Rg8#"),
    ("lesson-right-wins", "Right! {played} wins the {piece}.", "played=exd5;piece=queen"),
    // ---- messages-check (issue 29): the `keep_pieces` goal, a whole game against the engine
    ("task-keep-pieces", "play {n} moves without losing a piece", "n=15"),
    ("check-keep-pieces-moves", "play {n} moves: use 5 to 40 moves", "n=3"),
    ("check-keep-pieces-opponent", "the goal 'Keep your pieces' plays against the engine at level 1 or 2", ""),
    ("check-keep-pieces-par", "the goal 'Keep your pieces' gives 3 stars whenever the moves are played; par is not used", ""),
    ("goal-keep-pieces", "Keep your pieces (a whole game)", ""),
    // ---- messages-lesson (issue 29): the `keep_pieces` goal
    ("lesson-keep-pieces-lost", "Your {piece} on {square} was captured, and you could not capture as much back. Try again!", "piece=knight;square=d4"),
];

/// The English template of an id.
pub fn template(id: &str) -> Option<&'static str> {
    MESSAGES.iter().find(|(k, _, _)| *k == id).map(|(_, t, _)| *t)
}

/// Fill a template: `{name}` with the argument, `{Name}` with it capitalised.
fn fill(template: &str, arg: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name = after.find('}').map(|close| &after[..close]).filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        match name.and_then(|n| {
            let lower = n.to_ascii_lowercase();
            let value = arg(&lower)?;
            Some((n.len(), if n.starts_with(|c: char| c.is_ascii_uppercase()) { capitalise(&value) } else { value }))
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

const FEN_FIELDS: [&str; 6] = ["placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"];

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
        Some(Arg::Num(n)) if (1..=6).contains(n) => parts.push(format!("FEN field {n} ({})", FEN_FIELDS[*n as usize - 1])),
        _ if source.as_deref() == Some("fen") => parts.push("FEN".into()),
        _ => {}
    }
    if let Some(mv) = arg("move") {
        parts.push(format!("move '{mv}'"));
    }
    parts.join(": ")
}

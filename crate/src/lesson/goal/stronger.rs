//! `stronger` (lessons with a piece set): who has more force on `square`? The child answers
//! White (0), Black (1) or equal (2); the set's rules count the force.

use super::kind::GoalType;
use crate::lesson::board::LessonBoard;
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stronger {
    pub square: String,
}

impl GoalType for Stronger {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { square: Some(&self.square), ask: Some(super::kind::Ask::Force), ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-stronger", square = self.square.as_str())
    }
    fn is_played(&self) -> bool {
        false
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        super::kind::square(cx.report, "/goal/square", &self.square);
    }
    fn answer(&self, board: &dyn LessonBoard) -> Option<(usize, Option<Message>)> {
        #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
        {
            use crate::variant::halves_text;
            let pos = board.pieces()?;
            let sq = crate::board::Square::parse(&self.square)?;
            let f = pos.force(sq);
            let k = match f.white.cmp(&f.black) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => 2,
            };
            let id = ["lesson-why-white", "lesson-why-black", "lesson-why-equal"][k];
            Some((k, Some(Message::new(id).with("square", sq).with("white", halves_text(f.white)).with("black", halves_text(f.black)))))
        }
        #[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
        {
            let _ = board;
            None
        }
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Stronger {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Stronger { square: f.square.take()? })
    }
}

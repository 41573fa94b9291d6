//! `show`: an idea lesson, step by step ([`crate::lesson::show`] walks and shows the steps). A
//! step without a move waits for Next; a step with a move draws its arrow and the child plays it
//! (another move is refused kindly, never a failure), then the opponent plays its `reply`. The
//! last step done, the lesson is done with 3 stars. Opponent `none` only.

use super::kind::{ChessCx, GoalType, Report};
use crate::lesson::data::{Opponent, ShowStep};
use crate::lesson::show::{check_steps, ChessSteps};
use crate::message::located::check_text;
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Show {
    pub steps: Vec<ShowStep>,
}

/// The most words a step of a `show` goal may have, per language.
pub const STEP_WORDS: usize = 25;

impl GoalType for Show {
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-show")
    }
    fn is_played(&self) -> bool {
        false
    }
    fn takes_moves(&self) -> bool {
        true
    }
    fn check_words(&self, report: &mut Report, par: Option<u32>) {
        if self.steps.is_empty() {
            report.error("/goal/steps", msg!("check-show-no-steps"));
        }
        if par.is_some() {
            report.warning("/par", msg!("check-show-par"));
        }
        for (k, step) in self.steps.iter().enumerate() {
            let at = format!("/goal/steps/{k}");
            check_text(report, &format!("{at}/text"), &step.text);
            for (lang, text) in step.text.iter() {
                let words = crate::lesson::data::word_count(text);
                if words > STEP_WORDS {
                    report.warning(&format!("{at}/text/{lang}"), msg!("wording-step-long", lang = lang, words = words, max = STEP_WORDS));
                }
            }
            crate::lesson::data::check_shapes(report, &format!("{at}/shapes"), &step.shapes);
        }
    }
    // the glossary is checked by the command line only
    #[cfg(not(target_arch = "wasm32"))]
    fn texts(&self) -> Vec<(String, &crate::lesson::data::Text)> {
        self.steps.iter().enumerate().map(|(k, s)| (format!("/goal/steps/{k}/text"), &s.text)).collect()
    }
    fn check(&self, cx: &mut ChessCx) {
        if !matches!(cx.setting.opponent, Opponent::None) {
            cx.report.error("/opponent", msg!("check-show-opponent"));
        }
        check_steps(cx.report, &self.steps, ChessSteps(*cx.pos, cx.rules), cx.student);
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        check_steps(cx.report, &self.steps, cx.pos.clone(), cx.student);
    }
    fn steps(&self) -> Option<&[ShowStep]> {
        Some(&self.steps)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Show {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Show { steps: f.steps.take()? })
    }
}

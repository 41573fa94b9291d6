//! `question`: a question about the position, answered by choosing. King-and-pawn questions may
//! say the result each choice stands for: the solver proves the answer.

use super::kind::{ChessCx, GoalType, Report};
use crate::lesson::data::{EndResult, RulesName, Text};
use crate::lesson::doctor::{solver_covers, solver_question, with_solver};
use crate::message::located::check_text;
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub question: Text,
    /// The choices, e.g. yes and no.
    pub choices: Vec<Text>,
    /// The index of the right choice, from 0.
    pub answer: usize,
    /// King-and-pawn questions (rules `auto_queen`): the result each choice stands for, for
    /// the side to move (`win`, `draw` or `loss`), one per choice. The doctor checks with the
    /// endgame solver that the answer's result is the true one and no other choice's is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<EndResult>>,
    /// Why each choice is right or wrong, one per choice in the same order: the child reads
    /// the chosen one after answering.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<Text>>,
}

impl Question {
    /// The question's texts, at least two choices, and an answer among them.
    fn check_question(&self, report: &mut Report) {
        check_text(report, "/goal/question", &self.question);
        if self.choices.len() < 2 {
            report.error("/goal/choices", msg!("check-two-choices"));
        }
        for (k, c) in self.choices.iter().enumerate() {
            check_text(report, &format!("/goal/choices/{k}"), c);
        }
        if self.answer >= self.choices.len() {
            report.error("/goal/answer", msg!("check-answer-range", answer = self.answer, last = self.choices.len().saturating_sub(1), answer_no = self.answer + 1, count = self.choices.len()));
        }
    }
}

impl GoalType for Question {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { ask: Some(super::kind::Ask::Written), ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-question")
    }
    fn is_played(&self) -> bool {
        false
    }
    fn check_words(&self, report: &mut Report, _par: Option<u32>) {
        if let Some(explain) = &self.explain {
            for (k, t) in explain.iter().enumerate() {
                check_text(report, &format!("/goal/explain/{k}"), t);
            }
            if explain.len() != self.choices.len() {
                report.error("/goal/explain", msg!("check-explain-count", explain = explain.len(), choices = self.choices.len()));
            }
        }
    }
    // the glossary is checked by the command line only
    #[cfg(not(target_arch = "wasm32"))]
    fn texts(&self) -> Vec<(String, &Text)> {
        let mut out = vec![("/goal/question".to_string(), &self.question)];
        out.extend(self.choices.iter().enumerate().map(|(k, c)| (format!("/goal/choices/{k}"), c)));
        out.extend(self.explain.iter().flatten().enumerate().map(|(k, c)| (format!("/goal/explain/{k}"), c)));
        out
    }
    fn check(&self, cx: &mut ChessCx) {
        self.check_question(cx.report);
        if let Some(results) = &self.results {
            if results.len() != self.choices.len() {
                cx.report.error("/goal/results", msg!("check-results-count", results = results.len(), choices = self.choices.len()));
            }
            if cx.setting.rules != RulesName::AutoQueen {
                cx.report.error("/goal/results", msg!("check-results-rules"));
            }
            solver_covers(cx.report, cx.pos);
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if let Some(results) = &self.results {
            let (setting, pos) = (cx.setting, cx.pos);
            with_solver(cx.report, |eg, r| solver_question(self.answer, results, setting, pos, eg, r));
        }
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        self.check_question(cx.report);
        if self.results.is_some() {
            cx.report.error("/goal/results", msg!("check-results-rules"));
        }
    }
    fn answer(&self, _board: &dyn crate::lesson::board::LessonBoard) -> Option<(usize, Option<Message>)> {
        Some((self.answer, None))
    }
    fn explain(&self, choice: usize) -> Option<Text> {
        self.explain.as_ref()?.get(choice).cloned()
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Question {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Question { question: f.question.take()?, choices: f.choices.take()?, answer: f.answer.take()?, results: f.results.take(), explain: f.explain.take() })
    }
}

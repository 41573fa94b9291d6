//! Getting in (issue 37): a class code as a child types it (any case, on a Russian keyboard: the
//! Cyrillic letters that look like the code's Latin ones), and pupils' names that tell the
//! children of a class apart (a name twice is refused, with an initial suggested).

use crate::error::{ApiError, Problem};
use axum::http::StatusCode;

/// A class code as the database keeps it: upper case, spaces and dashes dropped, each Cyrillic
/// letter that looks like a Latin one of a code read as that one («вк7нкт» is BK7HKT).
pub fn normal_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c {
            'б' => '6', // a small б looks like 6
            _ => c,
        })
        .flat_map(char::to_uppercase)
        .map(|c| match c {
            'А' => 'A',
            'В' => 'B',
            'Е' => 'E',
            'К' => 'K',
            'М' => 'M',
            'Н' => 'H',
            'О' => 'O',
            'Р' => 'P',
            'С' => 'C',
            'Т' => 'T',
            'Х' => 'X',
            'У' => 'Y',
            'З' => '3',
            _ => c,
        })
        .collect()
}

/// A name as two children's names are compared: case, spaces and ё/е do not tell them apart.
fn name_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase().replace('ё', "е")
}

/// The first name among `new` that a pupil of the class (`existing`) or an earlier one of `new`
/// has already: refused (422 `duplicate-name`, field `names`), with an initial suggested.
pub fn refuse_repeats<'a>(
    existing: impl IntoIterator<Item = &'a str>,
    new: &[String],
) -> Result<(), ApiError> {
    let mut seen: std::collections::HashSet<String> = existing.into_iter().map(name_key).collect();
    for (k, name) in new.iter().enumerate() {
        if seen.insert(name_key(name)) {
            continue;
        }
        let cyrillic = name.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
        let suggestion = format!("{name} {}.", if cyrillic { 'А' } else { 'A' });
        let message = format!(
            "Two pupils of the class would be called \"{name}\": add the first letter of a surname, e.g. \"{suggestion}\"."
        );
        let mut e =
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "duplicate-name", message.clone())
                .field("names");
        e.body.problems = Some(vec![Problem {
            place: format!("names/{k}"),
            message,
            id: "duplicate-name".into(),
            args: serde_json::json!({ "name": name, "suggestion": suggestion }),
        }]);
        return Err(e);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_typed_on_a_russian_keyboard() {
        assert_eq!(normal_code("вк7нкт"), "BK7HKT");
        assert_eq!(normal_code(" bk7-hkt "), "BK7HKT");
        assert_eq!(normal_code("АВЕКМНОРСТХУ"), "ABEKMHOPCTXY");
        assert_eq!(normal_code("з4б"), "346");
        assert_eq!(normal_code("Жук"), "ЖYK"); // no look-alike: left as it is (no such class)
    }

    #[test]
    fn repeated_names_are_refused() {
        assert!(refuse_repeats(["Маша"], &["Саша".into(), "Петя".into()]).is_ok());
        let e = refuse_repeats(["Саша"], &["саша".into()]).unwrap_err();
        assert_eq!(e.body.error, "duplicate-name");
        let p = &e.body.problems.as_ref().unwrap()[0];
        assert_eq!(p.args["suggestion"], "саша А.");
        assert!(refuse_repeats([], &["Алёна".into(), "АЛЕНА".into()]).is_err());
        assert!(refuse_repeats([], &["Саша К.".into(), "Саша М.".into()]).is_ok());
    }
}

//! The results as a spreadsheet file (`exportResults`), in the teacher's language (issue 37):
//! headers and words in her language, lesson titles (never ids), the time as h:mm:ss (a duration
//! a spreadsheet reads), the last try's date in her time zone, and the separator her spreadsheet
//! expects: `;` with a `sep=;` first line in Russian (a Russian Excel's list separator), `,` in
//! English. RFC 4180: a cell with the separator, a quote or a line break is quoted; CRLF lines;
//! UTF-8 with a byte-order mark; a cell a spreadsheet would read as a formula gets a `'` first.

use crate::api::ClassResults;
use crate::tries::title_in;
use crate::util::iso;
use serde::Deserialize;

/// `?lang=ru&tz=-180`: the page's language and `Date.getTimezoneOffset()` (minutes, UTC − local).
#[derive(Deserialize, Default, utoipa::IntoParams)]
pub struct CsvQuery {
    /// `en` or `ru` (another: English).
    pub lang: Option<String>,
    /// Minutes, as `Date.getTimezoneOffset()` gives them (−840 to 840; another: UTC).
    pub tz: Option<i64>,
}

struct Words {
    sep: char,
    head: [&'static str; 11],
    yes: &'static str,
    no: &'static str,
    kinds: fn(&str) -> &'static str,
}

const RU: Words = Words {
    sep: ';',
    head: [
        "Ученик",
        "Урок",
        "Лучшие звёзды",
        "Попыток",
        "Решено",
        "Неудачных попыток",
        "Начато заново",
        "Брошено",
        "Нужна помощь",
        "Подсказок",
        "Время (ч:мм:сс)",
    ],
    yes: "да",
    no: "нет",
    kinds: |k| match k {
        "solved" => "решено",
        "failed" => "не получилось",
        "restarted" => "начато заново",
        "left" => "брошено",
        _ => "",
    },
};

const EN: Words = Words {
    sep: ',',
    head: [
        "Pupil",
        "Lesson",
        "Best stars",
        "Tries",
        "Solved",
        "Failed tries",
        "Restarted",
        "Left",
        "Needs help",
        "Hints",
        "Time (h:mm:ss)",
    ],
    yes: "yes",
    no: "no",
    kinds: |k| match k {
        "solved" => "solved",
        "failed" => "failed",
        "restarted" => "restarted",
        "left" => "left",
        _ => "",
    },
};

/// One cell (RFC 4180 with `sep`): a formula's first character defused with `'`.
pub fn cell(text: &str, sep: char) -> String {
    let t = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if t.contains([sep, '"', '\n', '\r']) {
        format!("\"{}\"", t.replace('"', "\"\""))
    } else {
        t
    }
}

/// Milliseconds as `h:mm:ss`.
fn duration(ms: i64) -> String {
    let s = (ms.max(0) + 500) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A time in the teacher's zone: `28.11.2026 11:30` in Russian, `2026-11-28 11:30` in English.
fn local(ms: i64, tz: i64, lang: &str) -> String {
    let t = iso(ms - tz * 60_000); // 2026-11-28T11:30:00Z
    let (y, mo, d, hm) = (&t[0..4], &t[5..7], &t[8..10], &t[11..16]);
    if lang == "ru" {
        format!("{d}.{mo}.{y} {hm}")
    } else {
        format!("{y}-{mo}-{d} {hm}")
    }
}

/// The file: a row per pupil × lesson (the lessons given, then any other a pupil tried).
pub fn results_csv(r: &ClassResults, q: &CsvQuery) -> String {
    let lang = if q.lang.as_deref() == Some("ru") { "ru" } else { "en" };
    let w = if lang == "ru" { &RU } else { &EN };
    let tz = q.tz.filter(|t| t.abs() <= 840).unwrap_or(0);
    let sep = w.sep.to_string();
    let mut out = String::from("\u{feff}");
    if w.sep == ';' {
        out.push_str("sep=;\r\n");
    }
    let last_head = if lang == "ru" { "Последняя попытка" } else { "Last try" };
    let how_head = if lang == "ru" { "Чем кончилась" } else { "How it ended" };
    let head: Vec<String> =
        w.head.iter().copied().chain([last_head, how_head]).map(|h| cell(h, w.sep)).collect();
    out.push_str(&head.join(&sep));
    out.push_str("\r\n");
    for p in &r.pupils {
        let mut lessons: Vec<&String> = r.lessons.iter().collect();
        lessons.extend(p.lessons.keys().filter(|l| !r.lessons.contains(l)));
        for l in lessons {
            let title = title_in(r.titles.get(l), lang, l);
            let cells: Vec<String> = match p.lessons.get(l) {
                Some(x) => vec![
                    x.stars.to_string(),
                    x.attempts.to_string(),
                    (if x.solved { w.yes } else { w.no }).into(),
                    x.tries.failed.to_string(),
                    x.tries.restarted.to_string(),
                    x.tries.left.to_string(),
                    (if x.tries.help { w.yes } else { w.no }).into(),
                    x.hints.to_string(),
                    duration(x.ms),
                    local(x.last_ms, tz, lang),
                    (w.kinds)(&x.tries.last_kind).into(),
                ],
                None => vec![
                    String::new(),
                    "0".into(),
                    w.no.into(),
                    "0".into(),
                    "0".into(),
                    "0".into(),
                    w.no.into(),
                    "0".into(),
                    String::new(),
                    String::new(),
                    String::new(),
                ],
            };
            let line: Vec<String> = [p.name.as_str(), title.as_str()]
                .into_iter()
                .map(str::to_string)
                .chain(cells)
                .map(|c| cell(&c, w.sep))
                .collect();
            out.push_str(&line.join(&sep));
            out.push_str("\r\n");
        }
    }
    out
}

/// The practised skills, after the lessons: an empty line, a header of their own, then one line
/// per pupil and skill (the skill's title in her language, its stars of 3, tries, right ones, and
/// the day its review is due). Nothing when no pupil has practised.
pub fn skills_csv(out: &mut String, skills: &crate::practice::ClassSkills, q: &CsvQuery) {
    if skills.pupils.iter().all(|p| p.skills.is_empty()) {
        return;
    }
    let lang = if q.lang.as_deref() == Some("ru") { "ru" } else { "en" };
    let w = if lang == "ru" { &RU } else { &EN };
    let sep = w.sep.to_string();
    let head: [&str; 6] = if lang == "ru" {
        ["Ученик", "Навык", "Звёзды навыка", "Задач решено", "Верно", "Повторить"]
    } else {
        ["Pupil", "Skill", "Skill stars", "Puzzles tried", "Right", "Review due"]
    };
    out.push_str("\r\n");
    out.push_str(&head.iter().map(|h| cell(h, w.sep)).collect::<Vec<_>>().join(&sep));
    out.push_str("\r\n");
    for p in &skills.pupils {
        for (id, k) in &p.skills {
            let title = chess_tutor::practice::skill(id)
                .and_then(|s| s.title.get(lang).or_else(|| s.title.get("en")).map(str::to_string))
                .unwrap_or_else(|| id.clone());
            let line = [
                p.name.clone(),
                title,
                k.mastery.to_string(),
                k.attempts.to_string(),
                k.right.to_string(),
                k.due.clone().unwrap_or_default(),
            ];
            out.push_str(&line.iter().map(|c| cell(c, w.sep)).collect::<Vec<_>>().join(&sep));
            out.push_str("\r\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_times_and_dates() {
        assert_eq!(cell("a;b", ';'), "\"a;b\"");
        assert_eq!(cell("a,b", ';'), "a,b");
        assert_eq!(cell("say \"hi\"", ','), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("=1+1", ','), "'=1+1");
        assert_eq!(duration(245_400), "0:04:05");
        assert_eq!(duration(3_600_000), "1:00:00");
        // 2026-11-26T01:30:00Z in Moscow (UTC+3: getTimezoneOffset -180)
        assert_eq!(local(1_795_656_600_000, -180, "ru"), "26.11.2026 04:30");
        assert_eq!(local(1_795_656_600_000, 300, "en"), "2026-11-25 20:30");
    }
}

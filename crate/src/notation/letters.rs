//! A move written with the piece letters of a language of the tutor, in English letters.

use crate::board::PieceKind;

/// A move written with the piece letters of a language of the tutor (`Крe2`, `e8=Ф`) in SAN's
/// English letters (`Ke2`, `e8=Q`). The letters come from the language's word file
/// (`www/i18n/<lang>/language.js`, its `letter-<kind>`), the longest first (the king's Кр before
/// the knight's К); the letters it names as look-alikes of Latin ones (`look-alikes`: the "с"
/// a Russian keyboard types for "c") are read as those. Other characters stay as they are.
pub fn to_english(text: &str, lang: &str) -> String {
    let words = crate::message::language_words(lang);
    let letters: Vec<(&str, char)> = words
        .iter()
        .filter(|(_, l)| !l.is_empty())
        .filter_map(|(id, l)| {
            Some((
                *l,
                PieceKind::ALL
                    .into_iter()
                    .find(|k| Some(k.name()) == id.strip_prefix("letter-"))?
                    .letter(),
            ))
        })
        .collect();
    let alike = words.iter().find(|(id, _)| *id == "look-alikes").map_or("", |(_, v)| *v);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some((l, latin)) =
            letters.iter().filter(|(l, _)| rest.starts_with(l)).max_by_key(|(l, _)| l.len())
        {
            out.push(*latin);
            rest = &rest[l.len()..];
            continue;
        }
        let mut pairs = alike.split_whitespace().filter_map(|p| {
            let mut cs = p.chars();
            Some((cs.next()?, cs.next()?))
        });
        out.push(pairs.find(|(a, _)| *a == c).map_or(c, |(_, b)| b));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A move written in the letters of some language of the tutor, in English letters: the first
/// language (of `message::LANGS`) whose letters make it plain ASCII; the text itself otherwise.
pub fn in_any_language(text: &str) -> String {
    crate::message::LANGS
        .iter()
        .map(|lang| to_english(text, lang))
        .find(|s| s.is_ascii())
        .unwrap_or_else(|| text.to_string())
}
